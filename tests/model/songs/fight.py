"""A seeded fight shared by the combat and journal tests: Sigrid and Bjorn against wolves and
a draugr. No Qt here, so model tests and UI tests can both use it."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.session import Session
from saga_desktop.model.songs.state import (
    Attributes,
    Enemy,
    Gear,
    InventoryEntry,
    SongsPlay,
    SongsSheet,
)
from tests.model.conftest import StepClock


def sheet(vanori: str, weapon: str, die: int, resilience: int = 10, **attrs: int) -> SongsSheet:
    """A sheet with one weapon and the given attributes."""
    return SongsSheet(
        attributes=Attributes(**attrs),
        vanori=vanori,  # type: ignore[arg-type]
        max_resilience=resilience,
        resilience=resilience,
        inventory=[InventoryEntry(kind="weapon", name=weapon, weapon=Gear(die=die))],  # type: ignore[arg-type]
    )


def fight_session(seed: int = 7) -> Session:
    """Sigrid (Bear, axe d8) and Bjorn (Raven, bow d6) against wolves and a draugr."""
    campaign = new_campaign("Fight", rng=random.Random(seed), now=datetime(2026, 1, 1, tzinfo=UTC))
    play = campaign.play
    assert isinstance(play, SongsPlay)
    play.enemies = [
        Enemy(
            id="wolves",
            name="Wolves",
            max_resilience=9,
            resilience=9,
            weapon=Gear(die=6),
            armor=Gear(die=4),
            count=3,
        ),
        Enemy(id="draugr", name="Draugr", max_resilience=12, resilience=12, weapon=Gear(die=8)),
    ]
    session = Session(campaign, clock=StepClock())
    session.apply(AddCharacter("Sigrid", sheet=sheet("bear", "Axe", 8, strength=3, dexterity=1)))
    session.apply(AddCharacter("Bjorn", sheet=sheet("raven", "Bow", 6, dexterity=2, willpower=2)))
    return session
