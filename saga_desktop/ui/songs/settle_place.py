"""Which dock settles the roll that waits: one roll is settled in one place, the other says where.

During a fight the Combat dock settles every roll (attacks, defences, trials to change the
fiction and the resilience trial), with the fight's own outcome and journal entry. Outside a
fight a trial or fate roll, the resilience trial included, is settled in the Roll dock.
"""

from __future__ import annotations

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.songs.combat_queries import combat_of, pending
from saga_desktop.rules import songs
from saga_desktop.rules.records import Record

COMBAT_DOCK = "combat"
"""The object name of the Combat dock (the Roll dock's button raises it)."""


def settled_in_combat(campaign: Campaign, record: Record | None = None) -> bool:
    """True when the roll waiting (or ``record``) is settled in the Combat dock."""
    record = pending(campaign) if record is None else record
    if isinstance(record, songs.AttackRoll | songs.DefenceRoll):
        return True
    return isinstance(record, songs.TrialRoll) and combat_of(campaign) is not None


def waiting_words(record: Record | None) -> str:
    """The waiting roll in a few words: ``"Bjorn's resilience trial"``, ``"Sigrid's attack"``."""
    if isinstance(record, songs.AttackRoll | songs.DefenceRoll):
        trial = record.trial
        what = "attack" if isinstance(record, songs.AttackRoll) else "defence"
    elif isinstance(record, songs.TrialRoll):
        trial = record
        if record.purpose is songs.RollPurpose.RESILIENCE:
            what = "resilience trial"
        else:
            what = "fate roll" if record.kind is songs.RollKind.FATE else "trial roll"
    else:
        return "A roll"
    name = trial.character_name
    return f"{name}' {what}" if name.endswith("s") else f"{name}'s {what}"
