from __future__ import annotations

import random

import pytest

from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import (
    RestKind,
    RestRecord,
    Trouble,
    add_condition,
    damage_character_gear,
    full_rest,
    long_rest,
    short_rest,
)

from .helpers import hero, small_table, snapshot

RNG = random.Random(0)


@pytest.mark.parametrize(
    ("code", "short", "trouble"),
    [
        ("9H", 5, Trouble.NONE),
        ("9D", 3, Trouble.NONE),
        ("9C", 2, Trouble.AHEAD),
        ("9S", 1, Trouble.HERE),
    ],
)
def test_short_and_long_rest_by_suit(code: str, short: int, trouble: Trouble) -> None:
    c = hero(resilience=20)
    c.resilience = 5
    record = short_rest(c, small_table(code), RNG)
    assert record.recovered == short and record.trouble is trouble and c.resilience == 5 + short
    c.resilience = 5
    record = long_rest(c, small_table(code), RNG)
    assert record.recovered == 2 * short and record.multiplier == 2 and record.trouble is trouble


def test_never_above_max() -> None:
    c = hero(resilience=10)
    c.resilience = 8
    record = long_rest(c, small_table("9H"), RNG)
    assert c.resilience == 10 and record.recovered == 2
    assert record.explain() == "long rest: 9♥ recover 5 x 2 = 10, resilience 8 → 10"
    assert RestRecord.from_data(record.to_data()) == record


def test_long_rest_spent_on_repairs_heals_as_short() -> None:
    c = hero(resilience=20)
    c.resilience = 5
    damage_character_gear(c, "Axe")
    damage_character_gear(c, "Axe")
    assert c.inventory[0].weapon is not None and c.inventory[0].weapon.broken
    record = long_rest(c, small_table("9D"), RNG, repair_weapon="axe")
    assert c.resilience == 8 and record.multiplier == 1
    assert c.inventory[0].weapon.current is Die.D6
    assert "spent on repairs (Axe repaired: broken → d6)" in record.explain()


def test_repair_refusals_change_nothing() -> None:
    c = hero()
    deck = small_table("9D")
    before = snapshot(deck, c)
    with pytest.raises(RulesError, match="not damaged"):
        long_rest(c, deck, RNG, repair_armor=True)
    with pytest.raises(RulesError, match="one piece"):
        long_rest(c, deck, RNG, repair_armor=True, repair_weapon="Axe")
    with pytest.raises(RulesError, match="long rest"):
        short_rest(c, deck, RNG, repair_armor=True)
    with pytest.raises(RulesError, match="no weapon"):
        long_rest(c, deck, RNG, repair_weapon="Sword")
    assert snapshot(deck, c) == before


def test_ox_turns_a_short_rest_long() -> None:
    c = hero("ox", resilience=20)
    c.resilience = 1
    deck = small_table("9C", extra_hands={"hero": "KS"})
    record = short_rest(c, deck, RNG, ox_card=Card.from_code("KS"))
    assert record.kind is RestKind.SHORT and record.multiplier == 2 and c.resilience == 5
    assert "made long by the Ox (K♠ burned)" in record.explain()
    with pytest.raises(RulesError, match="Bear"):
        short_rest(
            hero("bear"),
            small_table("9C", extra_hands={"hero": "KS"}),
            RNG,
            ox_card=Card.from_code("KS"),
        )


def test_ox_short_rest_may_repair() -> None:
    c = hero("ox", resilience=20)
    c.resilience = 1
    damage_character_gear(c)
    deck = small_table("9C", extra_hands={"hero": "KS"})
    record = short_rest(c, deck, RNG, ox_card=Card.from_code("KS"), repair_armor=True)
    assert record.repaired is not None and c.resilience == 3 and not c.armor.damaged


def test_full_rest_restores_all_and_may_clear_a_condition() -> None:
    c = hero(resilience=12)
    c.resilience = 1
    add_condition(c, "Exhausted", 2)
    record = full_rest(c, clear="exhausted")
    assert c.resilience == 12 and c.conditions == [] and record.cleared is not None
    assert (
        record.explain() == "full rest: all resilience back, resilience 1 → 12; cleared Exhausted"
    )
    with pytest.raises(RulesError, match="no condition"):
        full_rest(c, clear="Axe")


def test_incapacitated_characters_cannot_rest() -> None:
    c = hero()
    c.incapacitated = True
    for rest in (lambda: short_rest(c, small_table("9C"), RNG), lambda: full_rest(c)):
        with pytest.raises(RulesError, match="tend"):
            rest()


def test_rest_needs_a_card() -> None:
    with pytest.raises(RulesError):
        short_rest(hero(), small_table(""), RNG)


@pytest.mark.parametrize(
    "rest",
    [
        lambda c, deck: short_rest(c, deck, RNG),
        lambda c, deck: long_rest(c, deck, RNG),
        lambda c, deck: full_rest(c),
    ],
)
def test_no_rest_at_zero_the_resilience_trial_comes_first(rest) -> None:  # type: ignore[no-untyped-def]
    c = hero(resilience=10)
    c.resilience = 0
    deck = small_table("9H")
    before = snapshot(c, deck)
    with pytest.raises(RulesError, match="0 resilience: make the resilience trial"):
        rest(c, deck)
    assert snapshot(c, deck) == before
