"""A dice-pool session: two characters and two monsters, on a seeded generator."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from saga_desktop.model.dicepool.ops.cards import CardSpec, CreateCharacter
from saga_desktop.model.dicepool.ops.monsters import AddMonster
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from tests.model.conftest import StepClock

MARA = CardSpec(
    strength=1, reflexes=3, intellect=2, skills=(("Survival", 2),),
    proficiencies=(("Blades", 2),), vocations=(("Hunter", 2),),
    weapons=(dp.Weapon("Sword", 1, "Blades"),), armor=dp.Armor("Leather", 1),
)  # fmt: skip
BREN = CardSpec(
    strength=3, reflexes=1, intellect=2, skills=(("Lore", 2),),
    proficiencies=(("Hafted", 2),), vocations=(("Herbalist", 3),),
    weapons=(dp.Weapon("Axe", 2, "Hafted"),), armor=dp.Armor("Mail", 2),
)  # fmt: skip
HOUND = CardSpec(strength=2, reflexes=2, proficiencies=(("Unarmed", 1),))
BRUTE = CardSpec(
    strength=3, reflexes=1, proficiencies=(("Hafted", 1),),
    weapons=(dp.Weapon("Club", 1, "Hafted"),), armor=dp.Armor("Padded", 1),
)  # fmt: skip


def blank_session(seed: int = 7) -> Session:
    """A dice-pool campaign without anyone in it."""
    campaign = new_campaign(
        "Test pool", ruleset="dice-pool", rng=random.Random(seed),
        now=datetime(2026, 1, 1, tzinfo=UTC),
    )  # fmt: skip
    return Session(campaign, clock=StepClock())


def party_session(seed: int = 7) -> Session:
    """Mara (pc1) and Bren (pc2), a hound (m1) and a brute (m2)."""
    s = blank_session(seed)
    assert s.apply(CreateCharacter("Mara", MARA)) == "pc1"
    assert s.apply(CreateCharacter("Bren", BREN)) == "pc2"
    assert s.apply(AddMonster("Hound", HOUND, notes="Afraid of fire")) == "m1"
    assert s.apply(AddMonster("Brute", BRUTE)) == "m2"
    s.mark_saved()
    return s


def dump(session: Session) -> dict[str, object]:
    """The whole campaign as plain data."""
    return session.export().model_dump(mode="json")


@pytest.fixture
def party() -> Session:
    return party_session()
