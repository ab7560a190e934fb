"""The dice-pool sample campaign, *The Drowned Mill*, played through real operations.

A seeded generator and a fixed clock make the shipped file (``resources/sample/``) exact to
rebuild: ``python -m saga_desktop.storage.sample``. Every word of it is ours.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.access import encounter_of
from saga_desktop.model.dicepool.ops.cards import CardSpec, CreateCharacter
from saga_desktop.model.dicepool.ops.checks import AssistSpec, PromptCheck, ResolvePrompt
from saga_desktop.model.dicepool.ops.combat import (
    ApplyOutcome,
    Declare,
    EndRound,
    Resolve,
    StartEncounter,
    UseStrength,
)
from saga_desktop.model.dicepool.ops.monsters import AddMonster
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import ChartRegion, DropD20, Travel
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.hexgrid import Hex

SEED = 43
START = datetime(2026, 11, 14, 19, 0, tzinfo=UTC)
SAMPLE_ID = "sample-drowned-mill"

REGIONS = [
    ("Millbrook Ford", "A stone ford below a mill whose wheel still turns, though the race is dry.",
     "The wheel is turned from inside, by something that does not want to be seen.", "ford"),
    ("The Sluice Woods", "Alders with roots in black water; every path ends at a sluice gate.",
     "The gates were shut on purpose: the miller flooded the woods to drown a debt.", "marsh"),
    ("Grindstone Hill", "A bald hill crowned with broken millstones set in a ring.",
     "Under the ring lies the miller's strongroom.", "hill"),
]  # fmt: skip

MARA = CardSpec(
    strength=1, reflexes=3, intellect=2,
    skills=(("Survival", 2), ("Athletics", 1)), proficiencies=(("Blades", 2),),
    vocations=(("Hunter", 2),), weapons=(dp.Weapon("Short sword", 1, "Blades"),),
    armor=dp.Armor("Leather", 1),
)  # fmt: skip
OSWIN = CardSpec(
    strength=3, reflexes=1, intellect=2,
    skills=(("Lore", 2), ("Survival", 1)), proficiencies=(("Hafted", 2),),
    vocations=(("Millwright", 3),), weapons=(dp.Weapon("Woodcutter's axe", 2, "Hafted"),),
    armor=dp.Armor("Mail", 2), shield=dp.Armor("Buckler", 1),
)  # fmt: skip
RAT = CardSpec(
    strength=1, reflexes=3, intellect=0, proficiencies=(("Unarmed", 2),),
    weapons=(dp.Weapon("Teeth", 1, "Unarmed"),),
)  # fmt: skip
WARDEN = CardSpec(
    strength=3, reflexes=2, intellect=1, proficiencies=(("Hafted", 1),),
    weapons=(dp.Weapon("Mill pole", 1, "Hafted"),), armor=dp.Armor("Padded", 1),
)  # fmt: skip


class _Clock:
    """A clock that moves two minutes forward at each reading."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=2)
        return self.now


def build_sample() -> Session:
    """Play the sample campaign's opening into a session."""
    campaign = new_campaign(
        "The Drowned Mill",
        "Two travellers reach a valley where the river has been stopped. The mill at the ford "
        "still grinds, and nobody in the village will say for whom.",
        ruleset="dice-pool",
        rng=random.Random(SEED),
        now=START,
    )
    campaign.id = SAMPLE_ID
    s = Session(campaign, clock=_Clock())
    mara = s.apply(CreateCharacter("Mara Fenwick", MARA, player="Ren"))
    oswin = s.apply(CreateCharacter("Oswin Hale", OSWIN, player="Sam"))
    s.apply(AddNote("We came down the valley road at dusk. The river bed is dry stone."))
    drop = s.apply(DropD20())
    here = Hex(drop.q, drop.r)
    for n, (title, notes, gm, terrain) in enumerate(REGIONS):
        if n:
            here = here.neighbour(0)
            s.apply(Travel(((here.q, here.r),)))
        s.apply(ChartRegion(here.q, here.r, title, notes, gm, terrain))
    rat = s.apply(AddMonster("Sluice rat", RAT, notes="Dog-sized; they flee from fire."))
    warden = s.apply(
        AddMonster("Mill warden", WARDEN, notes="The miller's son. He would rather talk.")
    )
    prompt = s.apply(PromptCheck(mara, "int", "Survival", cl=4, reason="Find the dry path"))
    s.apply(ResolvePrompt(prompt, (AssistSpec(oswin, "int", "Millwright", "vocation"),)))
    s.apply(StartEncounter((mara, oswin, rat, warden)))
    for cid in dp.declaration_order(encounter_of(s.campaign)):
        target = {mara: rat, oswin: warden, rat: mara, warden: oswin}[cid]
        s.apply(Declare(cid, "attack", target))
    s.apply(Resolve())
    fight = encounter_of(s.campaign)
    for i, e in enumerate(fight.exchanges):
        if not e.victory:
            continue
        loser = fight.combatant(e.loser_id)
        if loser.card.strength and not loser.strength_used and e.victory > 1:
            s.apply(UseStrength(i, loser.id))
            fight = encounter_of(s.campaign)
        if fight.exchanges[i].final_victory:
            level = min(fight.exchanges[i].final_victory, 2)
            s.apply(ApplyOutcome(i, e.winner_id, "injury", level, "a hard blow"))
            fight = encounter_of(s.campaign)
    s.apply(EndRound())
    s.mark_saved()
    return s


def sample_campaign() -> Campaign:
    """The sample campaign, ready to save."""
    return build_sample().export()
