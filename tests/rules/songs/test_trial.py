from __future__ import annotations

import json
import random

import pytest

from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Adjustment
from saga_desktop.rules.songs import (
    VANORI,
    Attribute,
    RollKind,
    RollPurpose,
    SongsOptions,
    TrialRequest,
    TrialResult,
    TrialRoll,
    add_burn,
    aid_an_ally,
    begin_trial,
    call_the_gods,
    come_prepared,
    conjure_vanori,
    resolve_trial,
    turn_the_table,
)

from .helpers import cards, hero, small_table, snapshot

STR = Attribute.STRENGTH
RNG = random.Random(0)


def card(code: str) -> Card:
    return Card.from_code(code)


def test_worked_example_line() -> None:
    deck = small_table("9H KC 7S")  # the top card is the last one: 7♠ comes first
    sigrid = hero(strength=1)
    sigrid.name = "Sigrid"
    request = TrialRequest(STR, 12, 3, bonuses=(Adjustment(2, "a rope"),))
    roll = begin_trial(request, sigrid, deck, RNG, d20=14)
    assert roll.revealed == tuple(cards("7S KC 9H"))
    assert (roll.score, roll.dr, roll.success) == (17, 16, True)
    result = resolve_trial(roll, sigrid, deck, RNG)
    assert result.explain() == (
        "Sigrid (Strength trial): d20 14 + 1 Strength + 2 a rope = 17 "
        "vs DR 12 + 4 (7♠, K♣, 9♥) = 16: success, took 9♥"
    )
    assert deck.hands["hero"] == cards("9H")
    assert sorted(deck.discard) == sorted(cards("7S KC"))
    deck.check()


def test_a_tie_is_a_setback_and_marks_xp() -> None:
    deck = small_table("2H 3H")
    c = hero(strength=0)
    roll = begin_trial(TrialRequest(STR, 12, 1), c, deck, RNG, d20=12)
    assert not roll.success
    result = resolve_trial(roll, c, deck, RNG, consequence="the rope snaps")
    assert c.xp == 1 and result.xp is not None and result.kept is None
    assert "marked XP: 0 → 1/8" in result.explain() and "the rope snaps" in result.explain()
    assert deck.revealed == [] and deck.hands["hero"] == []


def test_red_must_be_taken_over_black() -> None:
    deck = small_table("2S 3H 4S")
    c = hero()
    roll = begin_trial(TrialRequest(STR, 5, 3), c, deck, RNG, d20=15)
    with pytest.raises(RulesError, match="red card must be taken"):
        resolve_trial(roll, c, deck, RNG, keep=card("4S"))
    with pytest.raises(RulesError, match="not revealed"):
        resolve_trial(roll, c, deck, RNG, keep=card("KH"))
    result = resolve_trial(roll, c, deck, RNG, keep=card("3H"))
    assert result.kept == card("3H")


def test_all_black_gives_a_black_card() -> None:
    deck = small_table("2S 3C")
    c = hero()
    roll = begin_trial(TrialRequest(STR, 5, 2), c, deck, RNG, d20=15)
    assert resolve_trial(roll, c, deck, RNG).kept == card("3C")


def test_no_card_when_a_card_was_burned() -> None:
    deck = small_table("2H 3H", extra_hands={"hero": "KS"})
    c = hero()
    roll = begin_trial(
        TrialRequest(STR, 12, 2, burns=(call_the_gods(c, card("KS")),)), c, deck, RNG, d20=11
    )
    assert roll.score == 11 + 1 + 2 and roll.success
    with pytest.raises(RulesError, match="No card"):
        resolve_trial(roll, c, deck, RNG, keep=card("3H"))
    result = resolve_trial(roll, c, deck, RNG)
    assert result.kept is None and "no card (a card was burned" in result.explain()
    assert "+ 2 Call the Gods" in result.explain()
    assert deck.hands["hero"] == [] and deck.holder_of(card("KS")) is None


def test_fate_roll_reveals_nothing_and_gives_nothing() -> None:
    deck = small_table("2H 3H")
    c = hero()
    for d20 in (20, 1):
        roll = begin_trial(TrialRequest(STR, 12, 3, kind=RollKind.FATE), c, deck, RNG, d20=d20)
        assert roll.revealed == ()
        result = resolve_trial(roll, c, deck, RNG)
        assert result.kept is None and result.xp is None and c.xp == 0
    assert deck.draw_pile == cards("2H 3H")


def test_natural_results_are_reported_and_optional() -> None:
    c = hero(strength=-5)
    deck = small_table("2H")
    roll = begin_trial(TrialRequest(STR, 30, 0), c, deck, RNG, d20=20)
    assert roll.natural_20 and not roll.success
    assert "(natural 20)" in roll.explain()
    strict = SongsOptions(natural_20_succeeds=True, natural_1_fails=True)
    assert begin_trial(TrialRequest(STR, 30, 0), c, deck, RNG, strict, d20=20).success
    c.attributes[STR] = 10
    assert begin_trial(TrialRequest(STR, 5, 0), c, deck, RNG, d20=1).success
    assert not begin_trial(TrialRequest(STR, 5, 0), c, deck, RNG, strict, d20=1).success


def test_turn_the_table() -> None:
    deck = small_table("2H 3S", extra_hands={"hero": "QD"})
    c = hero()
    roll = begin_trial(TrialRequest(STR, 15, 2), c, deck, RNG, d20=3)
    with pytest.raises(RulesError):
        resolve_trial(roll, c, deck, RNG, turn_the_table=call_the_gods(c, card("QD")))
    result = resolve_trial(roll, c, deck, RNG, turn_the_table=turn_the_table(c, card("QD")))
    assert result.success and result.turned and result.kept is None and result.xp is None
    assert c.xp == 0 and "the GM adds a consequence" in result.explain()
    assert card("QD") in deck.discard


def test_turn_the_table_only_on_a_setback() -> None:
    deck = small_table("2H", extra_hands={"hero": "QD"})
    c = hero()
    roll = begin_trial(TrialRequest(STR, 5, 1), c, deck, RNG, d20=15)
    with pytest.raises(RulesError, match="Only a setback"):
        resolve_trial(roll, c, deck, RNG, turn_the_table=turn_the_table(c, card("QD")))


def test_one_roll_at_a_time_and_no_double_resolution() -> None:
    deck = small_table("2H 3H 4H")
    c = hero()
    roll = begin_trial(TrialRequest(STR, 12, 1), c, deck, RNG, d20=15)
    assert deck.revealed == cards("4H")
    with pytest.raises(RulesError, match="still wait"):
        begin_trial(TrialRequest(STR, 12, 1), c, deck, RNG)
    begin_trial(
        TrialRequest(STR, 12, 1, kind=RollKind.FATE), c, deck, RNG
    )  # fate rolls reveal nothing
    resolve_trial(roll, c, deck, RNG)
    with pytest.raises(RulesError, match="settled already"):
        resolve_trial(roll, c, deck, RNG)


def test_loose_cards_go_to_the_discard_and_can_still_be_won() -> None:
    loose = SongsOptions(hold_revealed=False)
    deck = small_table("2H", discard="3S")
    c = hero()
    roll = begin_trial(TrialRequest(STR, 5, 3), c, deck, RNG, loose, d20=15)
    assert len(roll.revealed) == 3 and deck.revealed == []
    assert "shuffled back mid-reveal" in roll.explain()
    result = resolve_trial(roll, c, deck, RNG, loose)
    assert result.kept == card("2H") and deck.hands["hero"] == cards("2H")
    deck.check()


def test_short_reveal_is_explained() -> None:
    deck = small_table("2H")
    roll = begin_trial(TrialRequest(STR, 12, 3), hero(), deck, RNG, d20=10)
    assert "only 1 of 3 risk cards" in roll.explain()


def test_burns_after_the_roll() -> None:
    deck = small_table("2H", extra_hands={"hero": "KS QS", "ally": "JD"})
    c, ally = hero(), hero("elk", char_id="ally")
    roll = begin_trial(TrialRequest(STR, 14, 1), c, deck, RNG, d20=12)
    assert not roll.success
    roll = add_burn(roll, aid_an_ally(ally, card("JD")), c, deck)
    assert roll.score == 12 + 1 + 3 and roll.success
    assert "+ 3 aid from Ally (Elk)" in roll.explain()
    roll = add_burn(roll, conjure_vanori(c, card("KS")), c, deck)
    assert roll.dr == 14 - 2
    with pytest.raises(RulesError, match="once per roll"):
        add_burn(roll, conjure_vanori(c, card("QS")), c, deck)
    with pytest.raises(RulesError, match="cannot be added"):
        add_burn(roll, come_prepared(c, card("QS"), "rope"), c, deck)
    with pytest.raises(RulesError, match="before the d20"):
        add_burn(roll, call_the_gods(c, card("QS")), c, deck, SongsOptions(burns_after_roll=False))
    assert resolve_trial(roll, c, deck, RNG).kept is None


def test_aid_comes_from_another_hand() -> None:
    deck = small_table("2H", extra_hands={"hero": "KS"})
    c = hero()
    with pytest.raises(RulesError, match="another character"):
        begin_trial(TrialRequest(STR, 12, 1, burns=(aid_an_ally(c, card("KS")),)), c, deck, RNG)
    assert aid_an_ally(hero("wolf"), card("KS")).score_bonus == 2


def test_come_prepared_for_a_roll() -> None:
    deck = small_table("2H", extra_hands={"hero": "KS"})
    c = hero()
    burn = come_prepared(c, card("KS"), "grappling hook", dr_reduction=3)
    roll = begin_trial(TrialRequest(STR, 12, 1, burns=(burn,)), c, deck, RNG, d20=10)
    assert roll.dr == 12 - 3 + 2 * roll.black_count
    assert [e.name for e in c.inventory] == ["Axe", "grappling hook"]
    assert "- 3 Come Prepared: grappling hook" in roll.explain()


def test_carried_reduction_is_used_once() -> None:
    deck = small_table("2H 3H")
    c = hero()
    c.next_roll_dr_reduction = 2
    roll = begin_trial(TrialRequest(STR, 12, 1), c, deck, RNG, d20=10)
    assert roll.dr == 10 and "- 2 natural 20 on defence" in roll.explain()
    resolve_trial(roll, c, deck, RNG)
    assert c.next_roll_dr_reduction == 0


def test_resilience_trial() -> None:
    deck = small_table("2H 3H 4H")
    c = hero()
    with pytest.raises(RulesError, match="no resilience trial"):
        begin_trial(TrialRequest(STR, 12, 1, purpose=RollPurpose.RESILIENCE), c, deck, RNG)
    c.resilience = 0
    with pytest.raises(RulesError, match="resilience trial first"):
        begin_trial(TrialRequest(STR, 12, 1), c, deck, RNG)
    request = TrialRequest(STR, 12, 1, purpose=RollPurpose.RESILIENCE)
    result = resolve_trial(begin_trial(request, c, deck, RNG, d20=15), c, deck, RNG)
    assert c.resilience == 1 and "stands with 1 resilience" in result.explain()
    c.resilience = 0
    result = resolve_trial(begin_trial(request, c, deck, RNG, d20=2), c, deck, RNG)
    assert c.incapacitated and result.incapacitated and c.xp == 1
    with pytest.raises(RulesError, match="incapacitated"):
        begin_trial(request, c, deck, RNG)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r, c: TrialRequest(STR, -1, 1),
        lambda r, c: TrialRequest(STR, 12, 99),
        lambda r, c: TrialRequest(STR, 12, 1, bonuses=(Adjustment(2, " "),)),
        lambda r, c: TrialRequest(STR, 12, 1, burns=(call_the_gods(c, card("AH")),)),
        lambda r, c: TrialRequest(STR, 12, 1, burns=(call_the_gods(c, card("KS")),) * 2),
        lambda r, c: TrialRequest(
            STR, 12, 1, burns=(come_prepared(c, card("KS"), "a"), come_prepared(c, card("QS"), "b"))
        ),
    ],
)
def test_illegal_requests_change_nothing(mutate) -> None:  # type: ignore[no-untyped-def]
    deck = small_table("2H 3H", extra_hands={"hero": "KS QS"})
    c = hero()
    from saga_desktop.rules.songs import add_condition

    add_condition(c, "Wounded", 4)  # one slot left
    request = mutate(None, c)
    before = snapshot(deck, c)
    with pytest.raises(RulesError):
        begin_trial(request, c, deck, RNG)
    assert snapshot(deck, c) == before


def test_bad_d20_and_other_roller_change_nothing() -> None:
    deck = small_table("2H 3H", extra_hands={"hero": "KS"})
    c, other = hero(), hero(char_id="ally")
    before = snapshot(deck, c)
    with pytest.raises(RulesError, match="d20"):
        begin_trial(
            TrialRequest(STR, 12, 1, burns=(call_the_gods(c, card("KS")),)), c, deck, RNG, d20=21
        )
    assert snapshot(deck, c) == before
    roll = begin_trial(TrialRequest(STR, 12, 1), c, deck, RNG, d20=2)
    with pytest.raises(RulesError, match="Hero's"):
        resolve_trial(roll, other, deck, RNG)


def test_records_round_trip_through_json() -> None:
    deck = small_table("2H 3S", extra_hands={"hero": "KS", "ally": "QD"})
    c = hero()
    burns = (call_the_gods(c, card("KS")), aid_an_ally(hero("elk", char_id="ally"), card("QD")))
    roll = begin_trial(TrialRequest(STR, 12, 2, burns=burns), c, deck, RNG, d20=9)
    result = resolve_trial(roll, c, deck, RNG)
    assert TrialRoll.from_data(json.loads(json.dumps(roll.to_data()))) == roll
    assert TrialResult.from_data(json.loads(json.dumps(result.to_data()))) == result
    assert TrialRequest.from_data(TrialRequest(STR, burns=burns).to_data()).burns == burns


def test_request_explain() -> None:
    assert TrialRequest(STR, 12, 2).explain() == "Strength trial vs DR 12, risk 2"
    assert TrialRequest(Attribute.HEART, 9, kind=RollKind.FATE).explain() == "Heart fate vs DR 9"
    assert VANORI["elk"].name == "Elk"
