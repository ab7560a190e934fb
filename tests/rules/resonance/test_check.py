from __future__ import annotations

import json
import random

import pytest

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.resonance import (
    Adversary,
    CheckRequest,
    CheckResult,
    Degree,
    EmptyDeck,
    PendingCheck,
    ResonanceOptions,
    Stat,
    against_guard,
    against_resolve,
    draw_check,
    play_check,
)

from .helpers import card, cards, person, snapshot

RNG = random.Random(0)
BODY = Stat.BODY


def test_kael_climbs_the_cliff() -> None:
    kael = person("Kael", body=3, top="5C 9D QS")
    pending = draw_check(CheckRequest(BODY, 9), kael, RNG)
    assert pending.draw.cards == tuple(cards("5C 9D QS"))
    assert [(c.card.code, c.effective, c.passes) for c in pending.choices] == [
        ("5C", 8, False),
        ("9D", 9, True),
        ("QS", 12, True),
    ]
    assert kael.cards.drawn == cards("5C 9D QS")
    result = play_check(pending, kael, card("9D"))
    assert (result.effective, result.success, result.margin) == (9, True, 0)
    assert result.degree is Degree.BARE
    assert kael.cards.fatigue == [card("9D")]
    assert kael.cards.drawn == []
    assert kael.cards.deck[:2] == cards("QS 5C")  # 5♣ comes back up first, Q♠ is the bottom
    assert result.explain() == (
        "Kael (Body check, DC 9): plays 9♦ 9 vs 9: bare success; 5♣, Q♠ to the bottom"
    )
    kael.cards.check()


def test_dran_plays_the_jack() -> None:
    dran = person("Dran", body=3, top="4C JD 8H")
    pending = draw_check(CheckRequest(BODY, 10), dran, RNG)
    assert [c.effective for c in pending.choices] == [7, 11, 8]
    assert [c.passes for c in pending.choices] == [False, True, False]
    result = play_check(pending, dran, card("JD"))
    assert result.success and result.effective == 11 and result.degree is Degree.SOLID
    assert card("4C") in dran.cards.deck and dran.cards.fatigue == [card("JD")]


def test_mira_resonates_on_spirit() -> None:
    mira = person("Mira", spirit=4, top="7S 7H 5S 9H")
    pending = draw_check(CheckRequest(Stat.SPIRIT, 10), mira, RNG)
    assert [c.effective for c in pending.choices] == [11, 7, 9, 9]
    assert [c.resonates for c in pending.choices] == [True, False, True, False]


def test_chosen_bottom_order() -> None:
    kael = person("Kael", body=3, top="5C 9D QS")
    pending = draw_check(CheckRequest(BODY, 9), kael, RNG)
    play_check(pending, kael, card("9D"), order=cards("QS 5C"))
    assert kael.cards.deck[:2] == cards("5C QS")  # the Queen comes back up first
    again = draw_check(CheckRequest(BODY, 4), kael, RNG)
    assert card("QS") not in again.draw.cards  # the rest of the deck comes first


def test_failure_and_degrees_option() -> None:
    kael = person("Kael", body=3, top="2H 3D 4S")
    pending = draw_check(CheckRequest(BODY, 7), kael, RNG)
    options = ResonanceOptions(degrees_of_success=False)
    result = play_check(pending, kael, card("4S"), options=options)
    assert not result.success and result.margin == -3
    assert result.degree is Degree.CLEAR_FAILURE
    assert result.explain().endswith("4♠ 4 vs 7: failure; 2♥, 3♦ to the bottom")


def test_draw_count_minimum_and_stat_one_option() -> None:
    lone = person("Lone", heart=1, top="2H 3H 4H")
    assert len(draw_check(CheckRequest(Stat.HEART, 4), lone, RNG).draw.cards) == 2
    one = person("One", heart=1, top="2H 3H 4H")
    options = ResonanceOptions(stat_one_draws_one=True)
    pending = draw_check(CheckRequest(Stat.HEART, 4), one, RNG, options)
    assert pending.draw.cards == (card("2H"),)
    assert person("Five", body=5).stat(BODY) == 5
    five = person("Five", body=5)
    assert len(draw_check(CheckRequest(BODY, 4), five, RNG).draw.cards) == 5


def test_combat_checks_use_guard_and_resolve() -> None:
    bandit = Adversary("bandit", "Bandit", guard=11, resolve=8)
    assert against_guard(BODY, bandit) == CheckRequest(BODY, 11, "Bandit's Guard")
    request = against_resolve(Stat.HEART, bandit)
    assert request.dc == 8 and request.explain() == "Heart check, against Bandit's Resolve 8"
    with pytest.raises(RulesError, match="Guard"):
        Adversary("x", "X", guard=-1, resolve=3)
    assert Adversary.from_data(bandit.to_data()) == bandit


def test_refusals_change_nothing() -> None:
    kael = person("Kael", body=3, top="5C 9D QS")
    mira = person("Mira", spirit=4)
    pending = draw_check(CheckRequest(BODY, 9), kael, RNG)
    before = snapshot(kael, mira)
    refusals = [
        lambda: draw_check(CheckRequest(BODY, 9), kael, RNG),  # cards still waiting
        lambda: play_check(pending, kael, card("AH")),  # not drawn
        lambda: play_check(pending, kael, card("9D"), order=cards("QS")),  # one missing
        lambda: play_check(pending, kael, card("9D"), order=cards("QS 9D")),
        lambda: play_check(pending, kael, None),
        lambda: play_check(pending, mira, card("9D")),  # someone else's cards
    ]
    for refused in refusals:
        with pytest.raises(RulesError):
            refused()
        assert snapshot(kael, mira) == before
    play_check(pending, kael, card("9D"))
    settled = snapshot(kael)
    with pytest.raises(RulesError, match="already settled or out of date"):
        play_check(pending, kael, card("QS"))
    assert snapshot(kael) == settled


def test_out_of_date_draw_is_refused() -> None:
    kael = person("Kael", body=3, top="5C 9D QS")
    copy = kael.copy()
    pending = draw_check(CheckRequest(BODY, 9), kael, RNG)
    play_check(pending, kael, card("5C"))
    # The same cards drawn again later are a new draw: the old record does not settle it.
    kael.cards = copy.cards.copy()
    kael.cards.revision = 5
    newer = draw_check(CheckRequest(BODY, 9), kael, RNG)
    assert newer.draw.cards == pending.draw.cards
    with pytest.raises(RulesError, match="out of date"):
        play_check(pending, kael, card("9D"))
    assert play_check(newer, kael, card("9D")).success


def test_bad_requests() -> None:
    for dc in (-1, 41, True):
        with pytest.raises(RulesError):
            CheckRequest(BODY, dc)  # type: ignore[arg-type]
    bad = person("Bad", body=7)
    with pytest.raises(RulesError, match="Body must lie between 1 and 5"):
        draw_check(CheckRequest(BODY, 9), bad, RNG)


@pytest.mark.parametrize("mode", list(EmptyDeck))
def test_running_out_of_cards(mode: EmptyDeck) -> None:
    options = ResonanceOptions(empty_deck=mode)
    kael = person("Kael", body=3, deck="KC 2H")  # two cards left, 50 in fatigue
    rng = random.Random(7)
    pending = draw_check(CheckRequest(BODY, 9), kael, rng, options)
    kael.cards.check()
    if mode is EmptyDeck.SHORT:
        assert pending.draw.cards == tuple(cards("2H KC")) and pending.draw.short
        assert "2 of 3 cards could be drawn" in pending.draw.explain()
    elif mode is EmptyDeck.RESHUFFLE:
        assert len(pending.draw.cards) == 3 and pending.draw.reshuffled_before == (2,)
        assert len(kael.cards.deck) == 49 and kael.cards.fatigue == []
    else:
        assert pending.draw.cards == () and len(kael.cards.deck) == 2
        result = play_check(pending, kael, None, options=options)
        assert not result.success and "no card to play" in result.explain()
        kael.cards.check()


def test_empty_deck_fails_when_nothing_is_left() -> None:
    empty = person("Empty", body=3, deck="")
    pending = draw_check(CheckRequest(BODY, 2), empty, RNG)
    assert pending.draw.cards == ()
    result = play_check(pending, empty, None)
    assert not result.success and result.degree is Degree.CLEAR_FAILURE


def test_records_round_trip_through_json() -> None:
    kael = person("Kael", body=3, top="5C 9D QS")
    pending = draw_check(CheckRequest(BODY, 9, "the cliff"), kael, RNG)
    result = play_check(pending, kael, card("QS"), order=cards("9D 5C"))
    for record, kind in ((pending, PendingCheck), (result, CheckResult)):
        data = json.loads(json.dumps(record.to_data()))
        assert kind.from_data(data) == record
        assert "explain" not in data
