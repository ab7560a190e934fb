"""The Resonance sample campaign, *The Hollow Choir*.

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
from saga_desktop.model.resonance.ops.adversaries import AddAdversary
from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.ops.checks import BeginCheck, PlayCard
from saga_desktop.model.resonance.ops.contests import BeginOpposed, PlayOpposed
from saga_desktop.model.resonance.state import RULESET_ID
from saga_desktop.model.resonance.table import rules_character
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance
from saga_desktop.rules.hexgrid import Hex

SEED = 2027
START = datetime(2026, 11, 14, 19, 0, tzinfo=UTC)
SAMPLE_ID = "sample-hollow-choir"

REGIONS = [
    (
        "Lantern Quay",
        "A harbour of black water where every mooring post holds a lantern that nobody lights. "
        "They glow anyway, a little brighter whenever someone lies.",
        "The harbourmaster keeps the lanterns' old keeper locked in the customs house.",
        "harbour",
    ),
    (
        "The Bellwright's Row",
        "A street of foundries gone cold, bells half-cast in their moulds. A low hum rises from "
        "the sand pits when the wind turns.",
        "One bell is finished. It was cast around something still alive.",
        "town",
    ),
    (
        "Choir Hill",
        "A grassy rise crowned by a roofless chapel. Its pews face outwards, towards the sea.",
        "The choir that sang here walked into the sea singing, forty years ago tonight.",
        "hill",
    ),
]


class _Clock:
    """A clock that moves four minutes forward at each reading."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=4)
        return self.now


def _best(options: tuple[resonance.PlayOption, ...]) -> resonance.PlayOption:
    """The passing card worth least (keeping the high ones), else the best there is."""
    passing = [o for o in options if o.choice.passes]
    if passing:
        return min(passing, key=lambda o: o.choice.effective)
    return max(options, key=lambda o: o.choice.effective)


def build_sample() -> Session:
    """Play the sample campaign's opening into a session."""
    campaign = new_campaign(
        "The Hollow Choir",
        "A harbour town hums at night, and the lanterns on its quay glow for liars. Three "
        "strangers arrive on the evening ferry, each with a reason to listen.",
        RULESET_ID,
        rng=random.Random(SEED),
        now=START,
    )
    campaign.id = SAMPLE_ID
    s = Session(campaign, clock=_Clock())
    wren = s.apply(CreateCharacter("Wren Calloway", (4, 2, 3, 3), "Ren", "she/her", "Fence"))
    oskar = s.apply(CreateCharacter("Oskar Vell", (2, 5, 2, 3), "Sam", "he/him", "Dockhand"))
    sister = s.apply(
        CreateCharacter("Sister Ainé", (3, 1, 3, 5), "Ada", "she/her", "Lapsed chorister")
    )
    s.apply(
        AddNote(
            "The ferry docked after dark. The lanterns along the quay brightened as the "
            "harbourmaster welcomed us."
        )
    )
    drop = s.apply(DropD20())
    here = Hex(drop.q, drop.r)
    title, notes, gm, terrain = REGIONS[0]
    s.apply(ChartRegion(here.q, here.r, title, notes, gm, terrain))
    for title, notes, gm, terrain in REGIONS[1:]:
        here = here.neighbour(0)
        s.apply(Travel(((here.q, here.r),)))
        s.apply(ChartRegion(here.q, here.r, title, notes, gm, terrain))
    s.apply(
        AddAdversary(
            "Harbourmaster Quell",
            guard=9,
            resolve=13,
            notes="Knows the bell's secret and will trade it for the keeper's silence.",
        )
    )
    pending = s.apply(BeginCheck(oskar, resonance.Stat.BODY, dc=int(resonance.Tier.EASY)))

    who = rules_character(s.campaign, oskar)
    s.apply(PlayCard(_best(resonance.play_options(pending, who)).choice.card))
    opposed = s.apply(
        BeginOpposed(wren, resonance.Stat.HEART, sister, resonance.Stat.MIND, defender="second")
    )
    for draw in (opposed.first, opposed.second):
        side = rules_character(s.campaign, draw.character_id)
        best = max(resonance.card_options(draw, side), key=lambda o: o.choice.effective)
        s.apply(PlayOpposed(draw.character_id, best.choice.card))
    s.mark_saved()
    return s


def sample_campaign() -> Campaign:
    """The sample campaign, ready to save."""
    return build_sample().export()
