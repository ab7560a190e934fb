"""Exact odds, as fractions, for checks, assists and the exchanges of a combat round.

Each die wins with chance 1/2 (faces 4, 5 and 6), so a pool of ``n`` dice has ``k`` wins in
``comb(n, k)`` of its ``2 ** n`` equally likely win patterns. Everything here is binomial
counting with integer weights, turned into fractions at the end; the tests check it against
enumerating every face of every die.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from saga_desktop.i18n.words import Words, english, words
from saga_desktop.rules.dicepool.character import CharacterCard
from saga_desktop.rules.dicepool.checks import (
    AssistRequest,
    CheckRequest,
    assist_pool,
    check_pool,
    describe_cl,
)
from saga_desktop.rules.dicepool.rulings import ASSIST_CL
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record


def percent(p: Fraction) -> str:
    """A probability as a rounded percentage: ``"57.5%"``."""
    return f"{float(p) * 100:.1f}%".replace(".0%", "%")


@functools.cache
def win_counts(dice: int) -> tuple[int, ...]:
    """``result[k]`` counts the win patterns of ``dice`` dice with ``k`` wins (of ``2**dice``)."""
    return tuple(comb(dice, k) for k in range(dice + 1))


def _shifted(weights: Sequence[int], shift: int, other: Sequence[int]) -> dict[int, int]:
    """Weights of the sum ``a + b + shift`` for ``a`` from ``weights`` and ``b`` from ``other``."""
    out: dict[int, int] = {}
    for a, wa in enumerate(weights):
        for b, wb in enumerate(other):
            out[a + b + shift] = out.get(a + b + shift, 0) + wa * wb
    return out


@dataclass(frozen=True, slots=True)
class CheckOdds(Record):
    """The chances of a check: ``wins[k]`` is P(k final wins), ``degrees[d]`` P(success by d)."""

    cl: int
    success: Fraction
    wins: tuple[Fraction, ...]
    degrees: tuple[Fraction, ...]

    @property
    def failure(self) -> Fraction:
        """The chance of falling short of the CL."""
        return 1 - self.success

    def explain(self) -> str:
        """E.g. ``"CL 3: success 50%, 2+ degrees 11%"``."""
        return english(self.words())

    def words(self) -> Words:
        """The chances as words (each percentage as the code writes it)."""
        best = sum(self.degrees[2:], Fraction(0))
        return words(
            "CL {cl}: success {success}, 2+ degrees {best}",
            cl=self.cl,
            success=percent(self.success),
            best=percent(best),
        )


def _final_wins(main: int, helpers: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """Final-win weights of a main pool and assist pools (floor 0), and their denominator."""
    dist = dict(enumerate(win_counts(main)))
    for dice in helpers:
        base = [dist.get(k, 0) for k in range(min(dist), max(dist) + 1)]
        moved = _shifted(base, min(dist) - ASSIST_CL, win_counts(dice))
        dist = moved
    top = max(max(dist), 0)
    weights = [0] * (top + 1)
    for k, w in dist.items():
        weights[max(0, k)] += w
    return tuple(weights), 2 ** (main + sum(helpers))


def _check_odds(cl: int, weights: Sequence[int], denominator: int) -> CheckOdds:
    wins = tuple(Fraction(w, denominator) for w in weights)
    degrees = wins[cl:] if cl < len(wins) else ()
    return CheckOdds(cl, sum(degrees, Fraction(0)), wins, degrees)


def check_odds(
    request: CheckRequest, card: CharacterCard, assists: Sequence[AssistRequest] = ()
) -> CheckOdds:
    """The chance of success of a check and of each degree, with the planned assists."""
    describe_cl(request.cl)
    if any(a.helper.id == card.id for a in assists):
        raise RulesError(words("{name} cannot assist their own roll", name=card.name))
    pool = check_pool(card, request.attribute, request.kind, request.trait, request.modifiers)
    helpers = [assist_pool(a).size for a in assists]
    return _check_odds(request.cl, *_final_wins(pool.size, helpers))


@dataclass(frozen=True, slots=True)
class AssistOdds(Record):
    """What an assist does: its own success, its expected effect, and the check with and without.

    ``effects`` pairs each possible change of the main roll's wins with its chance.
    """

    success: Fraction
    expected_effect: Fraction
    effects: tuple[tuple[int, Fraction], ...]
    unassisted: CheckOdds
    assisted: CheckOdds

    def explain(self) -> str:
        """E.g. ``"assist succeeds 50%, expected +0.5 wins; the check 50% → 61%"``."""
        return english(self.words())

    def words(self) -> Words:
        """The assist's odds as words."""
        effect = format(float(self.expected_effect), "+.2f")
        return words(
            "assist succeeds {success}, expected {effect} wins; the check {before} → {after}",
            success=percent(self.success),
            effect=effect,
            before=percent(self.unassisted.success),
            after=percent(self.assisted.success),
        )


def assist_odds(request: CheckRequest, card: CharacterCard, assist: AssistRequest) -> AssistOdds:
    """An assist's effect on the main roll, exactly."""
    dice = assist_pool(assist).size
    den = 2**dice
    counts = win_counts(dice)
    effects = tuple((k - ASSIST_CL, Fraction(w, den)) for k, w in enumerate(counts))
    return AssistOdds(
        success=Fraction(sum(counts[ASSIST_CL:]), den),
        expected_effect=Fraction(dice, 2) - ASSIST_CL,
        effects=effects,
        unassisted=check_odds(request, card),
        assisted=check_odds(request, card, (assist,)),
    )


@functools.cache
def victory_weights(
    own: int, other: int, scoring: bool, strength: int
) -> tuple[tuple[int, ...], int]:
    """Weights of each final victory level of a pool of ``own`` dice over ``other`` dice.

    ``result[0][v]`` (out of ``result[1]``) is P(victory level ``v`` after ``strength`` is set
    against it); level 0 gathers ties, losses, a non-scoring roll and victories STR cancels.
    """
    a, b = win_counts(own), win_counts(other)
    weights = [0] * (own + 1)
    for i, wa in enumerate(a):
        for j, wb in enumerate(b):
            level = max(0, i - j - strength) if scoring else 0
            weights[level] += wa * wb
    while len(weights) > 1 and weights[-1] == 0:
        weights.pop()
    return tuple(weights), 2 ** (own + other)
