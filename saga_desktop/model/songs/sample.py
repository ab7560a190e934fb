"""The built-in sample campaign a newcomer sees on first start.

It is played through real operations with a seeded generator and a fixed clock, so the shipped
file (``resources/sample/``) can be rebuilt exactly: ``python -m saga_desktop.storage.sample``.
Every word of it is ours.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import ChartRegion, DropD20, Travel
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.creation import QuickCharacter
from saga_desktop.model.songs.ops.enemies import AddEnemy, EnemyStats
from saga_desktop.model.songs.ops.play import AskOracle
from saga_desktop.model.songs.ops.rolls import BeginTrial, ResolveTrial
from saga_desktop.model.songs.ops.sheet import EditDetails
from saga_desktop.rules import songs
from saga_desktop.rules.hexgrid import Hex

SEED = 1013
START = datetime(2026, 10, 3, 18, 0, tzinfo=UTC)
SAMPLE_ID = "sample-shattered-coast"

REGIONS = [
    (
        "The Glass Strand",
        "A beach of green glass pebbles that chime under every step. The longship is drawn up "
        "here, its keel scratched silver.",
        "The chiming carries far inland: anything listening knows where the crew landed.",
        "glass shore",
    ),
    (
        "Copperwood",
        "Trees with bark like hammered copper and leaves that turn to face whoever passes. "
        "A path of flat stones runs between them, too regular to be natural.",
        "The stones are the roof of a buried road; it leads to the Sunken Bell.",
        "metal forest",
    ),
    (
        "The Listening Fen",
        "Reed beds taller than a rider, still water, and a hum like a held note. The mist "
        "parts around the crew as if making way.",
        "The fen is one creature, asleep. Loud noises stir it.",
        "fen",
    ),
    (
        "Gate-Shadow Ridge",
        "A bare ridge where the light of the radiant gate still bends the horizon. Cairns of "
        "white stone, some old, some very new.",
        "The newest cairn marks the grave of another crew's scout.",
        "ridge",
    ),
]


class _Clock:
    """A clock that moves three minutes forward at each reading."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=3)
        return self.now


def build_sample() -> Session:
    """Play the sample campaign's opening into a session."""
    campaign = new_campaign(
        "The Shattered Coast",
        "A crew of two rows through a radiant gate and lands on a coast of broken glass. "
        "Somewhere inland, the lights that called them keep flickering.",
        rng=random.Random(SEED),
        now=START,
    )
    campaign.id = SAMPLE_ID
    s = Session(campaign, clock=_Clock())
    astrid = s.apply(QuickCharacter("Astrid Ulfsdottir", "Bearded axe", "bear", player="Ren"))
    ivar = s.apply(QuickCharacter("Ivar the Quiet", "Yew bow", "raven", player="Sam"))
    for cid, pronouns in ((astrid.character.id, "she/her"), (ivar.character.id, "he/him")):
        s.apply(EditDetails(cid, pronouns=pronouns))
    s.apply(
        AddNote(
            "We came through the gate at dawn. The keel scraped glass, not sand, and the sky "
            "hums faintly where the light bends."
        )
    )
    drop = s.apply(DropD20())
    start = Hex(drop.q, drop.r)
    title, notes, gm, terrain = REGIONS[0]
    s.apply(ChartRegion(start.q, start.r, title, notes, gm, terrain))
    # Head east along the buried road, charting each new region on the way.
    here = start
    for title, notes, gm, terrain in REGIONS[1:]:
        nxt = here.neighbour(0 if title != "The Listening Fen" else 5)
        s.apply(Travel(((nxt.q, nxt.r),)))
        s.apply(ChartRegion(nxt.q, nxt.r, title, notes, gm, terrain))
        here = nxt
    roll = s.apply(BeginTrial(ivar.character.id, songs.Attribute.WILLPOWER, dr=12))
    s.apply(ResolveTrial(consequence="" if roll.success else "The ridge wind snatches the map"))
    s.apply(AskOracle("Is the other crew's camp still on the ridge?", factors=1))
    s.apply(
        AddEnemy(
            EnemyStats(
                "Glass-wing swarm",
                6,
                weapon=4,
                count=12,
                notes="Finger-long birds of living glass. They fly at whatever sings.",
            )
        )
    )
    s.mark_saved()
    return s


def sample_campaign() -> Campaign:
    """The sample campaign, ready to save."""
    return build_sample().export()
