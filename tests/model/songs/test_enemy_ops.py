"""Enemies and mobs: stat blocks added, edited, damaged and removed through operations."""

from __future__ import annotations

import json

import pytest

from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.session import Session
from saga_desktop.model.songs.access import to_rules_enemy
from saga_desktop.model.songs.ops.combat import DamageEnemyGear
from saga_desktop.model.songs.ops.enemies import (
    AddEnemy,
    EditEnemy,
    EnemyStats,
    RemoveEnemy,
    RepairEnemyGear,
    examples_from_data,
)
from saga_desktop.model.songs.state import Enemy
from saga_desktop.resources import resource

WOLVES = EnemyStats("Ash-hounds", 10, 6, None, 3, "They circle first.")
WARDEN = EnemyStats("Rootbound warden", 14, 10, 6)


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


def enemies(session: Session) -> list[Enemy]:
    return list(session.campaign.play.enemies)


def refused(session: Session, op: Operation, match: str) -> None:
    before = dump(session)
    with pytest.raises(OperationError, match=match):
        session.apply(op)
    assert dump(session) == before


def test_add_a_mob_and_an_enemy(session: Session) -> None:
    assert session.apply(AddEnemy(WOLVES)) == "e1"
    assert session.apply(AddEnemy(WARDEN)) == "e2"
    mob, warden = enemies(session)
    assert (mob.name, mob.count, mob.resilience, mob.weapon.die, mob.armor) == (
        "Ash-hounds",
        3,
        10,
        6,
        None,
    )
    assert mob.notes == "They circle first."
    assert warden.armor is not None and warden.armor.die == 6
    assert session.campaign.journal[-1].text == (
        "Enemy added: Rootbound warden: resilience 14/14, d10 damage, armor d6"
    )
    assert to_rules_enemy(mob).label == "Ash-hounds (x3)"


def test_bad_stat_blocks_are_refused(session: Session) -> None:
    refused(session, AddEnemy(EnemyStats(" ", 5)), "An enemy needs a name")
    refused(session, AddEnemy(EnemyStats("Gnat", 0)), "between 1 and 99")
    refused(session, AddEnemy(EnemyStats("Titan", 100)), "between 1 and 99")
    refused(session, AddEnemy(EnemyStats("Orc", 5, weapon=20)), "d4 to d12")
    refused(session, AddEnemy(EnemyStats("Orc", 5, armor=8)), "armor is rated d4 or d6")
    refused(session, AddEnemy(EnemyStats("Orc", 5, count=0)), "from 1 to 999")
    session.apply(AddEnemy(WOLVES))
    refused(session, EditEnemy("e1", resilience=11), "between 0 and its maximum")
    refused(session, EditEnemy("e1", weapon=3), "Weapons are rated d4 to d12")
    refused(session, EditEnemy("e1", count=1000), "from 1 to 999")
    refused(session, EditEnemy("e1", name="Ash-hounds"), "Nothing to change")
    refused(session, EditEnemy("e9", name="Ghost"), "not in this campaign")
    refused(session, RemoveEnemy("e9"), "not in this campaign")
    refused(session, DamageEnemyGear("e1", "armor"), "wears no armor")
    refused(session, RepairEnemyGear("e1", "shield"), "'armor' or 'weapon'")
    refused(session, RepairEnemyGear("e1", "weapon"), "not damaged")


def test_edits_damage_and_repairs(session: Session) -> None:
    session.apply(AddEnemy(WARDEN))
    session.apply(EditEnemy("e1", name="Old warden", resilience=9, count=2, notes="Mossy."))
    session.apply(DamageEnemyGear("e1", "weapon"))
    session.apply(DamageEnemyGear("e1", "armor"))
    [e] = enemies(session)
    assert (e.name, e.resilience, e.count, e.notes) == ("Old warden", 9, 2, "Mossy.")
    assert to_rules_enemy(e).damage_die.label == "d8" and e.armor is not None
    assert e.armor.damage == 1
    session.apply(RepairEnemyGear("e1", "weapon"))
    session.apply(EditEnemy("e1", max_resilience=5))
    session.apply(EditEnemy("e1", armor=0, weapon=12))
    [e] = enemies(session)
    assert (e.max_resilience, e.resilience, e.armor, e.weapon.die) == (5, 5, None, 12)
    assert e.notes == "Mossy."


def test_undo_redo_and_remove(session: Session) -> None:
    start = dump(session)
    ops: list[Operation] = [
        AddEnemy(WOLVES),
        AddEnemy(WARDEN),
        EditEnemy("e2", resilience=3),
        DamageEnemyGear("e2", "armor"),
        RemoveEnemy("e1"),
        AddEnemy(WOLVES),
    ]
    states = [start]
    for op in ops:
        session.apply(op)
        states.append(dump(session))
    assert [e.id for e in enemies(session)] == ["e2", "e1"]
    for state in reversed(states[:-1]):
        session.undo()
        assert dump(session) == state
    for state in states[1:]:
        session.redo()
        assert dump(session) == state


def test_the_shipped_examples_are_valid_and_our_own() -> None:
    data = json.loads(resource("enemies", "examples.json").read_text(encoding="utf-8"))
    examples = examples_from_data(data)
    assert len(examples) >= 5
    assert any(e.count > 1 for e in examples) and any(e.armor for e in examples)
    assert all(e.notes for e in examples)


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ({}, "expected 'enemies'"),
        ({"enemies": "x"}, "expected 'enemies'"),
        ({"enemies": [3]}, r"enemies\[0\] is not a stat block"),
        ({"enemies": [{"name": "A", "resilience": "9"}]}, r"enemies\[0\]: expected int"),
        ({"enemies": [{"name": "A", "resilience": True}]}, "expected int"),
        ({"enemies": [{"name": "A", "resilience": 9, "armor": 12}]}, "armor"),
    ],
)
def test_bad_example_files_name_the_entry(data: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        examples_from_data(data)
