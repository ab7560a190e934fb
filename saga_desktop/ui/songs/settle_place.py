"""Which dock settles the roll that waits: one roll is settled in one place, the other says where.

During a fight the Combat dock settles every roll (attacks, defences, trials to change the
fiction and the resilience trial), with the fight's own outcome and journal entry. Outside a
fight a trial or fate roll, the resilience trial included, is settled in the Roll dock.
"""

from __future__ import annotations

from saga_desktop.i18n import tr, tr_noop
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
        what = tr_noop("attack") if isinstance(record, songs.AttackRoll) else tr_noop("defence")
    elif isinstance(record, songs.TrialRoll):
        trial = record
        if record.purpose is songs.RollPurpose.RESILIENCE:
            what = tr_noop("resilience trial")
        else:
            fate = record.kind is songs.RollKind.FATE
            what = tr_noop("fate roll") if fate else tr_noop("trial roll")
    else:
        return tr("A roll")
    name = trial.character_name
    if name.endswith("s"):
        return tr("{name}' {roll}", name=name, roll=tr(what))
    return tr("{name}'s {roll}", name=name, roll=tr(what))
