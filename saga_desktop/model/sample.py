"""The built-in sample campaign a newcomer sees on first start.

It is played through real operations with a seeded generator and a fixed clock, so the shipped
file (``resources/sample/``) can be rebuilt exactly: ``python -m saga_desktop.storage.sample``.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.session import Session
from saga_desktop.model.songs import Attributes, Gear, InventoryEntry, SongsSheet

SEED = 1013
START = datetime(2026, 10, 3, 18, 0, tzinfo=UTC)
SAMPLE_ID = "sample-shattered-coast"


class _Clock:
    """A clock that moves a minute forward at each reading."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def _sheet(
    attrs: Attributes, vanori: str, max_res: int, weapon: str, die: int, items: list[str]
) -> SongsSheet:
    inventory = [InventoryEntry(kind="weapon", name=weapon, weapon=Gear(die=die))]
    inventory += [InventoryEntry(kind="item", name=i) for i in items]
    return SongsSheet(
        attributes=attrs,
        vanori=vanori,
        max_resilience=max_res,
        resilience=max_res,
        inventory=inventory,
    )


def build_sample() -> Session:
    """Play the sample campaign's opening into a session."""
    campaign = new_campaign(
        "The Shattered Coast",
        "A crew of three rows through a radiant gate and lands on a coast of broken glass "
        "cliffs. Somewhere inland, the lights that called them keep flickering.",
        rng=random.Random(SEED),
        now=START,
    )
    campaign.id = SAMPLE_ID
    session = Session(campaign, clock=_Clock())
    session.apply(
        AddCharacter(
            "Astrid Ulfsdottir",
            "Ren",
            _sheet(
                Attributes(strength=3, dexterity=0, willpower=1, heart=2),
                "bear",
                11,
                "Bearded axe",
                6,
                ["Coil of walrus-hide rope", "Smoked fish"],
            ),
        )
    )
    session.apply(
        AddCharacter(
            "Ivar the Quiet",
            "Sam",
            _sheet(
                Attributes(strength=0, dexterity=1, willpower=3, heart=0),
                "raven",
                7,
                "Yew bow",
                6,
                ["Sealskin map case"],
            ),
        )
    )
    session.apply(
        AddNote(
            "We came through the gate at dawn. The longship's keel scraped glass, not sand, "
            "and the sky hums faintly where the light bends."
        )
    )
    session.mark_saved()
    return session


def sample_campaign() -> Campaign:
    """The sample campaign, ready to save."""
    return build_sample().export()
