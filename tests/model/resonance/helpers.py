"""A Resonance session for the model tests, and ways to look at it."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.table import pile_names
from saga_desktop.model.session import Session
from tests.model.conftest import StepClock


def make_session(seed: int = 11, characters: int = 3) -> Session:
    """A campaign of Resonance with a few characters (pc1, pc2, ...)."""
    campaign = new_campaign(
        "Resonance test", ruleset="resonance", rng=random.Random(seed),
        now=datetime(2026, 1, 1, tzinfo=UTC),
    )  # fmt: skip
    session = Session(campaign, clock=StepClock())
    spreads = [(3, 3, 3, 3), (2, 5, 2, 3), (4, 1, 4, 3)]
    for i in range(characters):
        session.apply(CreateCharacter(f"Hero {i + 1}", spreads[i % 3]))
    return session


def dump(session: Session) -> dict[str, object]:
    """The whole campaign as plain data."""
    return session.export().model_dump(mode="json")


def cards(session: Session, cid: str) -> tuple[list[str], list[str], list[str]]:
    """A character's deck, drawn and fatigue piles."""
    deck, drawn, fatigue = (list(session.campaign.piles[n]) for n in pile_names(cid))
    return deck, drawn, fatigue


def conserved(session: Session) -> None:
    """Every character's three piles hold each of the 52 cards once."""
    for c in session.campaign.characters:
        every = [x for pile in cards(session, c.id) for x in pile]
        assert len(every) == 52 and len(set(every)) == 52
