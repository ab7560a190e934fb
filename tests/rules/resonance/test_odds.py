from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.resonance import (
    CheckRequest,
    Degree,
    ExtendedChallenge,
    Side,
    Stat,
    card_options,
    check_odds,
    draw_check,
    draw_opposed,
    extended_odds,
    group_odds,
    opposed_odds,
    play_check,
    play_options,
    start_extended,
)

from .helpers import card, person

BODY = Stat.BODY


def test_kael_on_a_fresh_deck() -> None:
    kael = person("Kael", body=3)
    odds = check_odds(CheckRequest(BODY, 9), kael)
    # 24 cards of 9 or more, and the 6♣ 7♣ 8♣ that resonate up to 9: 25 cards fail.
    assert odds.success == 1 - Fraction(comb(25, 3), comb(52, 3))
    assert odds.cards == 3 and odds.explain() == "draws 3 cards: success 89.6%"
    assert sum(p for _, p in odds.best) == 1
    assert max(v for v, _ in odds.best) == 17  # A♣ + 3
    assert dict(odds.degrees)[Degree.EXCEPTIONAL] > 0


def test_odds_follow_the_deck_as_it_is() -> None:
    sure = person("Sure", body=2, deck="AS KS")
    assert check_odds(CheckRequest(BODY, 13), sure).success == 1
    hopeless = person("Hopeless", body=2, deck="2H 3H 4H")
    assert check_odds(CheckRequest(BODY, 5), hopeless).success == 0
    half = person("Half", body=2, deck="2H 3H 4H KS")
    assert check_odds(CheckRequest(BODY, 13), half).success == Fraction(1, 2)


def test_odds_refused_while_cards_wait() -> None:
    kael = person("Kael", body=3)
    draw_check(CheckRequest(BODY, 9), kael, random.Random(1))
    with pytest.raises(RulesError, match="play one of them first"):
        check_odds(CheckRequest(BODY, 9), kael)


def test_play_options_show_what_is_left() -> None:
    kael = person("Kael", body=3, top="5C 9D QS")
    pending = draw_check(CheckRequest(BODY, 9), kael, random.Random(1))
    options = play_options(pending, kael)
    assert [(o.choice.card.code, o.choice.effective, o.choice.passes) for o in options] == [
        ("5C", 8, False),
        ("9D", 9, True),
        ("QS", 12, True),
    ]
    for option in options:
        trial = kael.copy()
        result = play_check(pending, trial, option.choice.card)
        assert trial.cards.meter(BODY) == option.meter
        assert result.effective == option.choice.effective
        assert result.success == option.choice.passes
    nine = options[1].meter
    assert (nine.deck, nine.fatigue, nine.matching) == (51, 1, 13)
    assert nine.high == 20  # the 10, J, Q, K and A of each suit all stay in the deck
    assert options[2].meter.high == nine.high - 1
    play_check(pending, kael, card("9D"))
    with pytest.raises(RulesError, match="out of date"):
        play_options(pending, kael)


def test_opposed_and_group_odds_explain() -> None:
    spy = person("Spy", heart=3)
    magistrate = person("Magistrate", mind=4)
    odds = opposed_odds(spy, Stat.HEART, magistrate, Stat.MIND, defender=Side.SECOND)
    assert odds.first + odds.second + odds.standoff == 1 and odds.standoff == 0
    assert odds.second > odds.first
    party = [person("Kael", body=3), person("Mira", body=2)]
    group = group_odds(CheckRequest(BODY, 10), party)
    each = [p for _, p in group.members]
    assert group.success == 1 - (1 - each[0]) * (1 - each[1])  # one of two is half
    assert group.explain().startswith("group ")
    pending = draw_opposed(spy, Stat.HEART, magistrate, Stat.MIND, random.Random(1))
    assert len(card_options(pending.first, spy)) == 3


def test_extended_odds() -> None:
    mine = ExtendedChallenge("Mine", BODY, dc=9, threshold=15, rounds=4)
    party = [person("Kael", body=3), person("Mira", body=2)]
    odds = extended_odds(start_extended(mine), party)
    assert odds.expected_progress == sum(o.expected_progress for _, o in odds.members)
    assert 0 < odds.finishes_this_round < Fraction(1, 10)
    assert "progress expected" in odds.explain()


def test_the_odds_count_the_cards_a_short_deck_really_gives() -> None:
    from saga_desktop.rules.resonance import EmptyDeck, ResonanceOptions

    three = person("Kael", body=4, deck="2H 3H 4H")  # three cards left, Body 4 asks for four
    odds = check_odds(CheckRequest(BODY, 9), three)
    assert (odds.cards, odds.asked, odds.short) == (3, 4, True)
    assert odds.explain() == "draws 3 of 4 cards: success 0%"
    refill = ResonanceOptions(empty_deck=EmptyDeck.RESHUFFLE)
    assert check_odds(CheckRequest(BODY, 9), three, refill).cards == 4
    strict = ResonanceOptions(empty_deck=EmptyDeck.FAIL)
    assert check_odds(CheckRequest(BODY, 9), three, strict).cards == 0
    empty = person("Mira", body=2, deck="")
    assert check_odds(CheckRequest(BODY, 9), empty).cards == 0
