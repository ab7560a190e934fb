"""A roll is settled once: the engine refuses a settled roll, or one from before a burn."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import (
    OPEN_ROLLS_LIMIT,
    AttackRoll,
    Attribute,
    DefenceRoll,
    Enemy,
    SongsOptions,
    TrialRequest,
    TrialRoll,
    add_burn,
    begin_attack,
    begin_defence,
    begin_trial,
    call_the_gods,
    character_from_data,
    character_to_data,
    resolve_attack,
    resolve_defence,
    resolve_trial,
)

from .helpers import hero, small_table, snapshot

STR = Attribute.STRENGTH
RNG = random.Random(0)
LOOSE = SongsOptions(hold_revealed=False)
SETTLED = "settled already"


def test_a_risk_0_setback_marks_xp_once() -> None:
    deck, c = small_table("2H 3H"), hero()
    roll = begin_trial(TrialRequest(STR, 12, 0), c, deck, RNG, d20=2)
    resolve_trial(roll, c, deck, RNG)
    assert c.xp == 1
    before = snapshot(c, deck)
    with pytest.raises(RulesError, match=SETTLED):
        resolve_trial(roll, c, deck, RNG)
    assert snapshot(c, deck) == before and c.xp == 1


def test_a_loose_attack_deals_its_damage_once() -> None:
    deck, c = small_table("2H 3H 4H"), hero()
    ogre = Enemy.new("o", "Ogre", 15, Die.D8)
    attack = begin_attack(TrialRequest(STR, 5, 1), c, ogre, deck, RNG, LOOSE, weapon="Axe", d20=15)
    resolve_attack(attack, c, ogre, deck, RNG, LOOSE, damage_roll=4)
    assert ogre.resilience == 11
    before = snapshot(c, ogre, deck)
    with pytest.raises(RulesError, match=SETTLED):
        resolve_attack(attack, c, ogre, deck, RNG, LOOSE, damage_roll=4)
    assert snapshot(c, ogre, deck) == before


def test_a_defence_at_risk_0_takes_its_hit_once() -> None:
    deck, c = small_table("2H 3H"), hero()
    ogre = Enemy.new("o", "Ogre", 15, Die.D8)
    defence = begin_defence(TrialRequest(STR, 12, 0), c, ogre, deck, RNG, d20=3)
    resolve_defence(defence, c, ogre, deck, RNG, damage_roll=5, armor_roll=1)
    assert c.resilience == 6 and c.xp == 1
    with pytest.raises(RulesError, match=SETTLED):
        resolve_defence(defence, c, ogre, deck, RNG, damage_roll=5, armor_roll=1)
    assert c.resilience == 6 and c.xp == 1


def test_a_roll_from_before_a_burn_is_out_of_date() -> None:
    deck, c = small_table("2H 3H", extra_hands={"hero": "KS"}), hero()
    old = begin_trial(TrialRequest(STR, 12, 0), c, deck, RNG, d20=10)
    new = add_burn(old, call_the_gods(c, Card.from_code("KS")), c, deck)
    assert new.serial != old.serial and not old.success and new.success
    before = snapshot(c, deck)
    with pytest.raises(RulesError, match="out of date"):
        resolve_trial(old, c, deck, RNG)
    with pytest.raises(RulesError, match="out of date"):
        add_burn(old, call_the_gods(c, Card.from_code("KS")), c, deck)
    assert snapshot(c, deck) == before
    result = resolve_trial(new, c, deck, RNG)
    assert result.success and c.xp == 0


def test_an_earlier_roll_of_another_kind_can_still_be_settled() -> None:
    deck, c = small_table("2H 3H"), hero()
    first = begin_trial(TrialRequest(STR, 12, 0), c, deck, RNG, d20=2)
    second = begin_trial(TrialRequest(STR, 12, 0), c, deck, RNG, d20=2)
    resolve_trial(second, c, deck, RNG)
    resolve_trial(first, c, deck, RNG)
    assert c.xp == 2
    with pytest.raises(RulesError, match=SETTLED):
        resolve_trial(first, c, deck, RNG)


def test_only_the_newest_rolls_stay_open() -> None:
    deck, c = small_table("2H 3H"), hero()
    rolls = [
        begin_trial(TrialRequest(STR, 12, 0), c, deck, RNG, d20=15)
        for _ in range(OPEN_ROLLS_LIMIT + 1)
    ]
    assert c.open_rolls is not None and len(c.open_rolls) == OPEN_ROLLS_LIMIT
    with pytest.raises(RulesError, match="out of date"):
        resolve_trial(rolls[0], c, deck, RNG)
    resolve_trial(rolls[-1], c, deck, RNG)


@pytest.mark.parametrize("kind", [TrialRoll, AttackRoll, DefenceRoll])
def test_rolls_round_trip_and_old_rolls_without_a_serial_still_settle(kind: type) -> None:
    deck, c = small_table("2H 3H 4H"), hero()
    ogre = Enemy.new("o", "Ogre", 15, Die.D8)
    request = TrialRequest(STR, 5, 1)
    if kind is TrialRoll:
        record: TrialRoll | AttackRoll | DefenceRoll = begin_trial(request, c, deck, RNG, d20=15)
    elif kind is AttackRoll:
        record = begin_attack(request, c, ogre, deck, RNG, weapon="Axe", d20=15)
    else:
        record = begin_defence(request, c, ogre, deck, RNG, d20=15)
    data = json.loads(json.dumps(record.to_data()))
    assert kind.from_data(data) == record
    trial = record if isinstance(record, TrialRoll) else record.trial
    assert trial.serial == 1
    # A roll saved before serials existed reads back with serial 0 and settles on a sheet
    # that was rebuilt from saved data (which does not track open rolls).
    old = data if kind is TrialRoll else data["trial"]
    del old["serial"]
    legacy = kind.from_data(data)
    fresh = character_from_data({k: v for k, v in character_to_data(c).items() if "roll" not in k})
    assert fresh.open_rolls is None
    assert (legacy if isinstance(legacy, TrialRoll) else legacy.trial).serial == 0

    def settle() -> None:
        if isinstance(legacy, TrialRoll):
            resolve_trial(legacy, fresh, deck, RNG)
        elif isinstance(legacy, AttackRoll):
            resolve_attack(legacy, fresh, ogre, deck, RNG, damage_roll=1)
        else:
            resolve_defence(legacy, fresh, ogre, deck, RNG)

    settle()
    with pytest.raises(RulesError, match=SETTLED):
        settle()


def test_the_sheet_keeps_its_open_rolls() -> None:
    deck, c = small_table("2H 3H"), hero()
    roll = begin_trial(TrialRequest(STR, 12, 0), c, deck, RNG, d20=2)
    copy = character_from_data(json.loads(json.dumps(character_to_data(c))))
    assert (copy.rolls_begun, copy.open_rolls) == (1, [1])
    resolve_trial(roll, copy, deck, RNG)
    with pytest.raises(RulesError, match=SETTLED):
        resolve_trial(roll, copy, deck, RNG)
    bad = {**character_to_data(c), "open_rolls": [2]}
    with pytest.raises(RulesError, match="open rolls"):
        character_from_data(bad)


@given(
    risk=st.integers(0, 2),
    d20=st.integers(1, 20),
    hold=st.booleans(),
    attempts=st.lists(st.booleans(), min_size=2, max_size=5),
)
def test_whatever_is_tried_a_roll_changes_the_table_once(
    risk: int, d20: int, hold: bool, attempts: list[bool]
) -> None:
    options = SongsOptions(hold_revealed=hold)
    deck, c = small_table("2H 3S 4H 5S 6H"), hero()
    ogre = Enemy.new("o", "Ogre", 15, Die.D8)
    attack = begin_attack(
        TrialRequest(STR, 10, risk), c, ogre, deck, RNG, options, weapon="Axe", d20=d20
    )
    settled = 0
    after = None
    for deal in attempts:
        try:
            resolve_attack(attack, c, ogre, deck, RNG, options, deal_damage=deal)
        except RulesError:
            assert snapshot(c, ogre, deck) == after
        else:
            settled += 1
            after = snapshot(c, ogre, deck)
    assert settled == 1
