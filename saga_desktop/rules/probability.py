"""Exact counting for reveals and dice, shared by every ruleset's odds.

All results are integer weights over a common denominator, so callers can combine them quickly
and build :class:`fractions.Fraction` values only at the end.

A reveal follows the Songs & Sagas table deck (``rules.songs.deck.TableDeck.reveal``) exactly, with
the order of the draw pile unknown (every order equally likely, as after a shuffle):

* the top cards come from the draw pile;
* when the pile runs out the discard is shuffled back and revealing goes on. When revealed cards
  are *held*, the discard holds only the cards that were there before; when they are not held,
  it also holds the cards just revealed, so the whole reachable deck cycles through again;
* when nothing is left to reach (every card in hands or held on the table) the reveal stops short.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from math import comb

from saga_desktop.rules.dice import Die


@dataclass(frozen=True, slots=True)
class RevealCounts:
    """Black-card counts of a reveal: ``weights[b] / denominator`` is P(b black cards).

    ``total`` is how many cards the reveal shows (fewer than asked when it stops short).
    """

    weights: tuple[int, ...]
    denominator: int
    total: int

    def red_weights(self) -> tuple[int, ...]:
        """``result[r] / denominator`` is P(r red cards)."""
        reds = [0] * (self.total + 1)
        for black, weight in enumerate(self.weights):
            reds[self.total - black] += weight
        return tuple(reds)


def _hypergeometric(red: int, black: int, draws: int) -> list[int]:
    """Weights of drawing b black cards in ``draws`` cards without replacement (b = 0..draws)."""
    return [comb(black, b) * comb(red, draws - b) for b in range(draws + 1)]


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def reveal_counts(
    pile_red: int, pile_black: int, discard_red: int, discard_black: int, count: int, hold: bool
) -> RevealCounts:
    """The black-card distribution of revealing ``count`` cards (see the module notes)."""
    if min(pile_red, pile_black, discard_red, discard_black, count) < 0:
        raise ValueError("counts cannot be negative")
    pile = pile_red + pile_black
    first = min(count, pile)
    weights = _hypergeometric(pile_red, pile_black, first)
    denominator = comb(pile, first)
    rest = count - first
    if rest == 0:
        return RevealCounts(tuple(weights), denominator, first)
    if hold:
        second = min(rest, discard_red + discard_black)
        more = _hypergeometric(discard_red, discard_black, second)
        denominator *= comb(discard_red + discard_black, second)
        return RevealCounts(tuple(_convolve(weights, more)), denominator, first + second)
    red, black = pile_red + discard_red, pile_black + discard_black
    reachable = red + black
    if reachable == 0:
        return RevealCounts(tuple(weights), denominator, first)
    cycles, part = divmod(rest, reachable)
    more = [0] * (cycles * black) + _hypergeometric(red, black, part)
    denominator *= comb(reachable, part)
    return RevealCounts(tuple(_convolve(weights, more)), denominator, count)


def sum_counts(dice: tuple[Die, ...]) -> tuple[int, ...]:
    """``result[s]`` counts the ways the dice sum to ``s`` (all dice rolled together)."""
    return _sum_counts(tuple(sorted(dice)))


@functools.cache
def _sum_counts(dice: tuple[Die, ...]) -> tuple[int, ...]:
    counts = [1]
    for die in dice:
        counts = _convolve(counts, [0] + [1] * int(die))
    return tuple(counts)


@functools.cache
def damage_counts(die: Die, armor: tuple[Die, ...] = ()) -> tuple[int, ...]:
    """``result[d]`` counts the outcomes where ``die`` minus the armor dice is ``d`` (floor 0).

    The outcomes number ``die`` times the product of the armor dice.
    """
    soak = sum_counts(armor)
    out = [0] * (int(die) + 1)
    for hit in range(1, int(die) + 1):
        for total, ways in enumerate(soak):
            if ways:
                out[max(0, hit - total)] += ways
    return tuple(out)
