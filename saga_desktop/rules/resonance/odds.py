"""Exact odds, as fractions, from what is left in each character's deck (its order unknown).

Every way the deck can lie is equally likely. A check draws the top cards; when the deck runs
short, the campaign's ``empty_deck`` ruling applies exactly as the draw does (draw what is left,
refill from the shuffled fatigue pile, or draw nothing). The odds assume each player plays their
best card: the highest effective value, and in an opposed check among equal values the one that
wins the campaign's last tie-break. Each draw is counted with hypergeometric weights:
P(best <= t) is C(cards <= t, k) / C(cards, k) for each part of the deck drawn from.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import Record
from saga_desktop.rules.resonance.character import CharacterDeck, ResonanceCharacter
from saga_desktop.rules.resonance.check import (
    CheckRequest,
    check_can_draw,
)
from saga_desktop.rules.resonance.contest import Side, tie_key
from saga_desktop.rules.resonance.extended import ExtendedState, progress_of
from saga_desktop.rules.resonance.options import DEFAULT_OPTIONS, EmptyDeck, ResonanceOptions
from saga_desktop.rules.resonance.values import Degree, Stat, degree_of, effective_value

Key = tuple[int, ...]
NO_CARD: Key = (0, 0)


def percent(p: Fraction) -> str:
    """A probability as a rounded percentage: ``"57.5%"``."""
    return f"{float(p) * 100:.1f}%".replace(".0%", "%")


def _stages(
    cards: CharacterDeck, count: int, options: ResonanceOptions
) -> list[tuple[list[Card], int]]:
    """The parts of the deck a draw takes cards from, and how many from each."""
    deck, fatigue = cards.deck, cards.fatigue
    if count <= len(deck):
        return [(deck, count)]
    if options.empty_deck is EmptyDeck.FAIL:
        return []
    stages = [(deck, len(deck))] if deck else []
    if options.empty_deck is EmptyDeck.RESHUFFLE and fatigue:
        stages.append((fatigue, min(count - len(deck), len(fatigue))))
    return stages


def cards_to_draw(cards: CharacterDeck, count: int, options: ResonanceOptions) -> int:
    """How many cards a draw of ``count`` takes under the empty-deck ruling (0: none at all)."""
    return sum(k for _, k in _stages(cards, count, options))


def best_weights(
    cards: CharacterDeck, count: int, key: Callable[[Card], Key], options: ResonanceOptions
) -> tuple[dict[Key, int], int]:
    """``weights[k] / denominator`` is the chance that the best drawn card has key ``k``."""
    stages = _stages(cards, count, options)
    if not stages:
        return {NO_CARD: 1}, 1
    keyed = [(sorted(key(c) for c in part), k) for part, k in stages]
    denominator = 1
    for part, k in keyed:
        denominator *= comb(len(part), k)
    weights: dict[Key, int] = {}
    below = 0
    for threshold in sorted({k for part, _ in keyed for k in part}):
        at_most = 1
        for part, k in keyed:
            at_most *= comb(bisect_right(part, threshold), k)
        if at_most != below:
            weights[threshold] = at_most - below
        below = at_most
    return weights, denominator


@dataclass(frozen=True, slots=True)
class CheckOdds(Record):
    """The chances of a check before the draw, playing the best card.

    ``cards`` is how many cards the draw will take, ``asked`` how many the stat calls for: fewer
    when the deck runs short (and the ruling does not refill it).
    """

    cards: int
    success: Fraction
    best: tuple[tuple[int, Fraction], ...]
    expected_progress: Fraction
    degrees: tuple[tuple[Degree, Fraction], ...]
    asked: int

    @property
    def short(self) -> bool:
        """True when the deck cannot give every card the stat calls for."""
        return self.cards < self.asked

    def explain(self) -> str:
        """E.g. ``"draws 3 cards: success 57.5%"`` or ``"draws 2 of 4 cards: ..."``."""
        drawn = f"{self.cards} of {self.asked}" if self.short else str(self.cards)
        return f"draws {drawn} cards: success {percent(self.success)}"


def _check_weights(
    request: CheckRequest, character: ResonanceCharacter, options: ResonanceOptions
) -> tuple[list[tuple[int, int]], int, tuple[int, int]]:
    """``(value, weight)`` of the best card (0: no card), the denominator, (asked, drawn)."""
    check_can_draw(character, request.stat)
    value = character.stat(request.stat)
    count = options.draw_count(value)
    weights, den = best_weights(
        character.cards, count, lambda c: (effective_value(c, request.stat, value), 0), options
    )
    drawn = (count, cards_to_draw(character.cards, count, options))
    return sorted((k[0], w) for k, w in weights.items()), den, drawn


def _gain(value: int, dc: int, options: ResonanceOptions) -> int:
    return progress_of(value - dc, bool(value) and value >= dc, options)


def check_odds(
    request: CheckRequest,
    character: ResonanceCharacter,
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> CheckOdds:
    """The chance that at least one drawn card reaches the DC, and what the best card gives."""
    return _odds_of(*_check_weights(request, character, options), request, options)


def _odds_of(
    best: list[tuple[int, int]],
    den: int,
    count: tuple[int, int],
    request: CheckRequest,
    options: ResonanceOptions,
) -> CheckOdds:
    win = sum(w for v, w in best if v and v >= request.dc)
    gain = sum(w * _gain(v, request.dc, options) for v, w in best)
    degrees: dict[Degree, int] = {}
    for v, w in best:
        degree = degree_of(v - request.dc) if v else Degree.CLEAR_FAILURE
        degrees[degree] = degrees.get(degree, 0) + w
    return CheckOdds(
        count[1],
        Fraction(win, den),
        tuple((v, Fraction(w, den)) for v, w in best),
        Fraction(gain, den),
        tuple((d, Fraction(degrees[d], den)) for d in Degree if d in degrees),
        count[0],
    )


@dataclass(frozen=True, slots=True)
class OpposedOdds(Record):
    """The chances of each side winning an opposed check, each playing its best card."""

    first: Fraction
    second: Fraction
    standoff: Fraction

    def explain(self) -> str:
        """E.g. ``"first side 41.2%, second side 58.8%, standoff 0%"``."""
        return (
            f"first side {percent(self.first)}, second side {percent(self.second)}, "
            f"standoff {percent(self.standoff)}"
        )


def _side_weights(
    character: ResonanceCharacter, stat: Stat, options: ResonanceOptions
) -> tuple[dict[Key, int], int]:
    check_can_draw(character, stat)
    value = character.stat(stat)
    count = options.draw_count(value)

    def key(card: Card) -> Key:
        return effective_value(card, stat, value), tie_key(card, stat, options.tie_break)

    return best_weights(character.cards, count, key, options)


def opposed_odds(
    first: ResonanceCharacter,
    first_stat: Stat,
    second: ResonanceCharacter,
    second_stat: Stat,
    *,
    defender: Side | None = None,
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> OpposedOdds:
    """The chances of an opposed check, with the tie rules of ``contest.decide``."""
    one, den1 = _side_weights(first, first_stat, options)
    two, den2 = _side_weights(second, second_stat, options)
    fatigue = (len(first.cards.fatigue), len(second.cards.fatigue))
    full = defender is None and fatigue[0] == fatigue[1]
    size = 2 if full else 1
    other: dict[Key, int] = {}
    for k, w in two.items():
        other[k[:size]] = other.get(k[:size], 0) + w
    keys = sorted(other)
    cumulative = [0]
    for k in keys:
        cumulative.append(cumulative[-1] + other[k])
    wins = losses = ties = 0
    for k, w in one.items():
        i = bisect_right(keys, k[:size])
        equal = other[keys[i - 1]] if i and keys[i - 1] == k[:size] else 0
        below = cumulative[i] - equal
        wins += w * below
        ties += w * equal
        losses += w * (den2 - below - equal)
    if defender is None and not full:
        defender = Side.FIRST if fatigue[0] < fatigue[1] else Side.SECOND
    if defender is Side.FIRST:
        wins, ties = wins + ties, 0
    elif defender is Side.SECOND:
        losses, ties = losses + ties, 0
    den = den1 * den2
    return OpposedOdds(Fraction(wins, den), Fraction(losses, den), Fraction(ties, den))


@dataclass(frozen=True, slots=True)
class GroupOdds(Record):
    """The chance the group succeeds (at least half its members), and each member's chance."""

    success: Fraction
    members: tuple[tuple[str, Fraction], ...]

    def explain(self) -> str:
        """E.g. ``"group 72.1% (Kael 80%, Mira 64.3%)"``."""
        each = ", ".join(f"{name} {percent(p)}" for name, p in self.members)
        return f"group {percent(self.success)} ({each})"


def _at_least(chances: Sequence[Fraction], needed: int) -> Fraction:
    counts = [Fraction(1)]  # counts[s] = P(s successes so far)
    for p in chances:
        counts = [
            (counts[s] if s < len(counts) else 0) * (1 - p) + (counts[s - 1] * p if s else 0)
            for s in range(len(counts) + 1)
        ]
    return sum(counts[needed:], Fraction(0))


def group_odds(
    request: CheckRequest,
    characters: Sequence[ResonanceCharacter],
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> GroupOdds:
    """The chance a group check succeeds; each character draws from their own deck."""
    chances = [check_odds(request, c, options).success for c in characters]
    needed = (len(characters) + 1) // 2
    return GroupOdds(
        _at_least(chances, needed),
        tuple((c.name, p) for c, p in zip(characters, chances, strict=True)),
    )


@dataclass(frozen=True, slots=True)
class ExtendedOdds(Record):
    """This round of an extended check: each member's odds, and the chance it ends the check."""

    members: tuple[tuple[str, CheckOdds], ...]
    expected_progress: Fraction
    finishes_this_round: Fraction

    def explain(self) -> str:
        """E.g. ``"this round: +4.2 progress expected, 12.5% to finish"``."""
        return (
            f"this round: +{float(self.expected_progress):.1f} progress expected, "
            f"{percent(self.finishes_this_round)} to finish"
        )


def extended_odds(
    state: ExtendedState,
    characters: Sequence[ResonanceCharacter],
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> ExtendedOdds:
    """Each character's chance and expected progress this round, and the chance to finish now."""
    request = state.challenge.request()
    needed = max(0, state.challenge.threshold - state.pool)
    totals, den = {0: 1}, 1  # integer weights of the round's progress so far (capped at needed)
    members = []
    for character in characters:
        best, size, count = _check_weights(request, character, options)
        members.append((character.name, _odds_of(best, size, count, request, options)))
        gains: dict[int, int] = {}
        for v, w in best:
            g = min(needed, _gain(v, request.dc, options))
            gains[g] = gains.get(g, 0) + w
        merged: dict[int, int] = {}
        for t, p in totals.items():
            for g, q in gains.items():
                merged[min(needed, t + g)] = merged.get(min(needed, t + g), 0) + p * q
        totals, den = merged, den * size
    expected = sum((odds.expected_progress for _, odds in members), Fraction(0))
    finish = Fraction(totals.get(needed, 0), den) if needed else Fraction(1)
    return ExtendedOdds(tuple(members), expected, finish)
