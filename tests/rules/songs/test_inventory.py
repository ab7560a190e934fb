from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import from_plain, to_plain
from saga_desktop.rules.songs import (
    INVENTORY_SLOTS,
    EntryKind,
    GearKind,
    InventoryEntry,
    InventoryRecord,
    SongsCharacter,
    add_condition,
    add_item,
    add_weapon,
    change_resilience,
    character_from_data,
    character_to_data,
    check_character,
    clear_condition,
    damage_character_gear,
    drop_entry,
    equip_armor,
)
from saga_desktop.rules.songs.inventory import repair_gear

from .helpers import hero, snapshot


def test_six_slots_and_no_seventh() -> None:
    c = hero()  # the Axe takes a slot
    for i in range(5):
        add_item(c, f"thing {i}")
    assert c.free_slots == 0 and c.used_slots == INVENTORY_SLOTS
    before = snapshot(c)
    for add in (lambda: add_item(c, "rope"), lambda: add_weapon(c, "Knife", Die.D4)):
        with pytest.raises(RulesError, match="0 free slots of 6"):
            add()
    with pytest.raises(RulesError):
        add_condition(c, "Tired")
    assert snapshot(c) == before


def test_conditions_take_one_or_more_slots() -> None:
    c = hero()
    record = add_condition(c, "Broken arm", 3)
    assert c.free_slots == 2 and record.slots == 3
    assert record.explain() == "added condition Broken arm (3 slots); 2 slots free"
    assert InventoryRecord.from_data(record.to_data()) == record
    for slots in (0, 7):
        with pytest.raises(RulesError):
            add_condition(c, "Odd", slots)
    with pytest.raises(RulesError, match="clears with a full rest"):
        drop_entry(c, "broken arm")
    clear_condition(c, "BROKEN ARM")
    assert c.conditions == [] and c.free_slots == 5


def test_items_weapons_and_names() -> None:
    c = hero()
    add_weapon(c, "  Great   sword ", Die.D10)
    assert c.weapons[-1].name == "Great sword" and c.weapons[-1].weapon is not None
    with pytest.raises(RulesError):
        add_weapon(c, "Pike", Die.D20)
    with pytest.raises(RulesError):
        add_item(c, "x" * 500)
    with pytest.raises(RulesError, match="no entry"):
        drop_entry(c, "Shield")
    drop_entry(c, "great sword")
    assert [e.name for e in c.inventory] == ["Axe"]


def test_gear_ruling() -> None:
    c = hero()
    equip_armor(c, Die.D6)
    assert damage_character_gear(c).explain() == "armor damaged: d6 → d4"
    assert damage_character_gear(c).after is None and c.armor.broken
    with pytest.raises(RulesError, match="already broken"):
        damage_character_gear(c)
    assert c.armor.describe() == "broken (was d6)"
    assert repair_gear(c.id, "armor", c.armor).after is Die.D6
    with pytest.raises(RulesError):
        equip_armor(c, Die.D8)
    add_weapon(c, "Hammer", Die.D12)
    steps = []
    while True:
        try:
            steps.append(damage_character_gear(c, "Hammer").after)
        except RulesError:
            break
    assert steps == [Die.D10, Die.D8, Die.D6, Die.D4, None]
    hammer = c.weapons[-1].weapon
    assert (
        hammer is not None
        and hammer.kind is GearKind.WEAPON
        and hammer.describe() == "broken (was d12)"
    )


def test_resilience_stays_between_zero_and_max() -> None:
    c = hero(resilience=8)
    record = change_resilience(c, -20, "rockslide")
    assert c.resilience == 0 and record.reached_zero
    assert record.explain() == "resilience 8 → 0 (rockslide); at 0, a resilience trial is due"
    change_resilience(c, 50)
    assert c.resilience == 8


def _break_xp(c: SongsCharacter) -> None:
    c.xp = 9


def _break_resilience(c: SongsCharacter) -> None:
    c.resilience = 99


def _break_attribute(c: SongsCharacter) -> None:
    c.attributes[next(iter(c.attributes))] = 11


def _break_slots(c: SongsCharacter) -> None:
    c.inventory.append(InventoryEntry(EntryKind.ITEM, "big", 2))


@pytest.mark.parametrize("breaking", [_break_xp, _break_resilience, _break_attribute, _break_slots])
def test_check_character(breaking) -> None:  # type: ignore[no-untyped-def]
    c = hero()
    check_character(c)
    assert from_plain(SongsCharacter, to_plain(c)) == c
    breaking(c)
    with pytest.raises(RulesError):
        check_character(c)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["item", "weapon", "condition", "drop", "clear", "hurt"]),
            st.integers(0, 7),
        ),
        max_size=30,
    )
)
def test_inventory_limits_hold_under_any_sequence(ops: list[tuple[str, int]]) -> None:
    c = hero()
    for op, n in ops:
        before = snapshot(c)
        try:
            if op == "item":
                add_item(c, f"item {n}")
            elif op == "weapon":
                add_weapon(c, f"weapon {n}", Die.D8)
            elif op == "condition":
                add_condition(c, f"condition {n}", n)
            elif op == "drop":
                drop_entry(c, f"item {n}")
            elif op == "clear":
                clear_condition(c, f"condition {n}")
            else:
                change_resilience(c, n - 4)
        except RulesError:
            assert snapshot(c) == before
        check_character(c)
        assert 0 <= c.free_slots <= INVENTORY_SLOTS


def test_character_data_round_trip() -> None:
    c = hero("raven")
    add_condition(c, "Haunted", 2)
    damage_character_gear(c, "Axe")
    data = json.loads(json.dumps(character_to_data(c)))
    assert data["vanori"]["name"] == "Raven" and data["attributes"]["strength"] == 1
    assert character_from_data(data) == c
    data["xp"] = 12
    with pytest.raises(RulesError, match="XP"):
        character_from_data(data)
    data["xp"] = "two"
    with pytest.raises(RulesError, match=r"character\.xp"):
        character_from_data(data)
