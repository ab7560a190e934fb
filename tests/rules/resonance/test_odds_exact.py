"""Exact odds equal a brute-force enumeration of every way the real procedures can go.

Each test runs the engine (draw, play, the reshuffles of an empty deck) on small decks once for
every order the deck's cards can lie in (and every way a reshuffled fatigue pile can come up),
each with its exact probability, playing the best card, and compares with the odds.
"""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from saga_desktop.rules.cards import FULL_DECK, Card
from saga_desktop.rules.resonance import (
    CheckRequest,
    CheckResult,
    EmptyDeck,
    ExtendedChallenge,
    ExtendedStatus,
    ResonanceCharacter,
    ResonanceOptions,
    Side,
    Stat,
    TieBreak,
    add_round,
    card_value,
    check_odds,
    draw_check,
    draw_group,
    draw_opposed,
    extended_odds,
    group_odds,
    opposed_odds,
    play_check,
    play_group,
    play_opposed,
    start_extended,
)
from saga_desktop.rules.resonance.extended import ExtendedRound, ExtendedState, ProgressEntry

from .helpers import cards, enumerate_outcomes, person

BODY = Stat.BODY


def decks(low: int, high: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(FULL_DECK), min_size=low, max_size=high, unique=True)


def hero(name: str, cards: list[Card], stat: int) -> ResonanceCharacter:
    return person(name, heart=stat, body=stat, mind=stat, deck=" ".join(c.code for c in cards))


def best(cards: tuple[Card, ...], value: int, stat: Stat, tie: TieBreak) -> Card | None:
    """The card a careful player plays: the highest value, then what wins the last tie-break."""

    def key(card: Card) -> tuple[int, int]:
        ev = card_value(card) + (value if card.suit is stat.suit else 0)
        second = {
            TieBreak.HIGHER_CARD: card_value(card),
            TieBreak.RESONANCE: int(card.suit is stat.suit),
        }
        return ev, second.get(tie, 0)

    return max(cards, key=key, default=None)


def depth(character: ResonanceCharacter, options: ResonanceOptions, stat: Stat) -> list[int]:
    """How deep each shuffle matters: the draw from the deck, then from the fatigue pile."""
    count = options.draw_count(character.stat(stat))
    size = len(character.cards.deck)
    return [min(count, size), max(0, count - size)]


def one_check(
    c: ResonanceCharacter, request: CheckRequest, rng: random.Random, options: ResonanceOptions
) -> CheckResult:
    c.cards.check()
    pending = draw_check(request, c, rng, options)
    card = best(pending.draw.cards, c.stat(request.stat), request.stat, options.tie_break)
    result = play_check(pending, c, card, options=options)
    c.cards.check()
    return result


modes = st.sampled_from(list(EmptyDeck))


@settings(max_examples=40, deadline=None)
@given(decks(0, 8), st.integers(1, 5), st.integers(2, 20), modes, st.booleans(), st.integers(0, 2))
def test_check_odds_equal_enumeration(
    cards: list[Card], stat: int, dc: int, mode: EmptyDeck, one: bool, bare: int
) -> None:
    options = ResonanceOptions(stat_one_draws_one=one, empty_deck=mode, bare_success_progress=bare)
    character = hero("Hero", cards, stat)
    shuffles = depth(character, options, BODY)
    assume(
        shuffles[1] <= (2 if mode is EmptyDeck.RESHUFFLE else 0) or mode is not EmptyDeck.RESHUFFLE
    )
    assume(shuffles[0] <= 4)
    request = CheckRequest(BODY, dc)

    def run(rng: random.Random) -> CheckResult:
        c = character.copy()
        rng.shuffle(c.cards.deck)  # the order of the deck is unknown: every order counts
        return one_check(c, request, rng, options)

    values: dict[int, Fraction] = defaultdict(Fraction)
    success = progress = Fraction(0)
    for weight, result in enumerate_outcomes(run, shuffles):
        values[result.effective] += weight
        success += weight * result.success
        if result.success:
            progress += weight * (result.margin or bare)
    odds = check_odds(request, character, options)
    assert odds.success == success
    assert dict(odds.best) == dict(values)
    assert odds.expected_progress == progress
    assert sum(p for _, p in odds.degrees) == 1


@settings(max_examples=25, deadline=None)
@given(
    decks(1, 5),
    decks(1, 5),
    st.integers(1, 3),
    st.integers(1, 3),
    st.sampled_from([None, Side.FIRST, Side.SECOND]),
    st.sampled_from(list(TieBreak)),
    st.sampled_from([EmptyDeck.SHORT, EmptyDeck.FAIL]),
)
def test_opposed_odds_equal_enumeration(
    first_cards: list[Card],
    second_cards: list[Card],
    first_stat: int,
    second_stat: int,
    defender: Side | None,
    tie: TieBreak,
    mode: EmptyDeck,
) -> None:
    compare_opposed(first_cards, second_cards, first_stat, second_stat, defender, tie, mode)


@pytest.mark.parametrize("tie", list(TieBreak))
@pytest.mark.parametrize("defender", [None, Side.FIRST, Side.SECOND])
@pytest.mark.parametrize(
    ("first", "second"),
    [("10H KD 3C", "KS 10D 4C"), ("10H KD", "KS 10D 4C JH"), ("9H 2S 3S KH", "JD 9D")],
)
def test_opposed_ties_equal_enumeration(
    first: str, second: str, defender: Side | None, tie: TieBreak
) -> None:
    compare_opposed(cards(first), cards(second), 2, 2, defender, tie, EmptyDeck.SHORT)


def compare_opposed(
    first_cards: list[Card],
    second_cards: list[Card],
    first_stat: int,
    second_stat: int,
    defender: Side | None,
    tie: TieBreak,
    mode: EmptyDeck,
) -> None:
    options = ResonanceOptions(tie_break=tie, empty_deck=mode)
    a = hero("Ann", first_cards, first_stat)
    b = hero("Bo", second_cards, second_stat)
    shuffles = [depth(a, options, Stat.HEART)[0], depth(b, options, Stat.MIND)[0]]

    def run(rng: random.Random) -> Side | None:
        x, y = a.copy(), b.copy()
        rng.shuffle(x.cards.deck)
        rng.shuffle(y.cards.deck)
        pending = draw_opposed(x, Stat.HEART, y, Stat.MIND, rng, defender=defender, options=options)
        one = best(pending.first.cards, x.stat(Stat.HEART), Stat.HEART, tie)
        two = best(pending.second.cards, y.stat(Stat.MIND), Stat.MIND, tie)
        return play_opposed(pending, x, one, y, two, options=options).winner

    outcome: dict[Side | None, Fraction] = defaultdict(Fraction)
    for weight, winner in enumerate_outcomes(run, shuffles):
        outcome[winner] += weight
    odds = opposed_odds(a, Stat.HEART, b, Stat.MIND, defender=defender, options=options)
    assert (odds.first, odds.second, odds.standoff) == (
        outcome[Side.FIRST],
        outcome[Side.SECOND],
        outcome[None],
    )


@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.tuples(decks(1, 4), st.integers(1, 2)), min_size=1, max_size=3), st.integers(4, 16)
)
def test_group_odds_equal_enumeration(members: list[tuple[list[Card], int]], dc: int) -> None:
    party = [hero(f"M{i}", cards, stat) for i, (cards, stat) in enumerate(members)]
    request = CheckRequest(BODY, dc)
    shuffles = [depth(c, ResonanceOptions(), BODY)[0] for c in party]

    def run(rng: random.Random) -> bool:
        group = [c.copy() for c in party]
        for c in group:
            rng.shuffle(c.cards.deck)
        pending = draw_group(request, group, rng)
        plays = {
            d.character_id: best(d.cards, d.stat_value, BODY, TieBreak.HIGHER_CARD)
            for d in pending.draws
        }
        return play_group(pending, group, plays).success

    chance = sum((w for w, ok in enumerate_outcomes(run, shuffles) if ok), Fraction(0))
    assert group_odds(request, party).success == chance


@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.tuples(decks(1, 4), st.integers(1, 3)), min_size=1, max_size=2),
    st.integers(4, 14),
    st.integers(0, 12),
)
def test_extended_odds_equal_enumeration(
    members: list[tuple[list[Card], int]], dc: int, pool: int
) -> None:
    party = [hero(f"M{i}", cards, stat) for i, (cards, stat) in enumerate(members)]
    challenge = ExtendedChallenge("Chase", BODY, dc, threshold=12, rounds=3)
    entry = ProgressEntry("x", "X", None, dc + pool, True, pool, 0)
    state = (
        start_extended(challenge)
        if not pool
        else ExtendedState(challenge, (ExtendedRound(1, (entry,)),))
    )
    assume(state.status is ExtendedStatus.UNDER_WAY)
    shuffles = [depth(c, ResonanceOptions(), BODY)[0] for c in party]

    def run(rng: random.Random) -> tuple[bool, int]:
        group = [c.copy() for c in party]
        for c in group:
            rng.shuffle(c.cards.deck)
        results = [one_check(c, challenge.request(), rng, ResonanceOptions()) for c in group]
        after = add_round(state, results)
        return after.status is ExtendedStatus.SUCCEEDED, after.pool - state.pool

    done = gained = Fraction(0)
    for weight, (finished, gain) in enumerate_outcomes(run, shuffles):
        done += weight * finished
        gained += weight * gain
    odds = extended_odds(state, party)
    assert odds.finishes_this_round == done
    assert odds.expected_progress == gained
