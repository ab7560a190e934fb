"""Inventory, gear and resilience changes as words each reader words in their own language.

The English of these words is exactly the line the records' ``explain()`` has always given; the
names a player typed (a weapon, a condition) stay as typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saga_desktop.i18n.words import Value, Words, words, words_c, words_n
from saga_desktop.rules.dice import Die
from saga_desktop.rules.songs.character import EntryKind, Gear, GearKind

if TYPE_CHECKING:
    from saga_desktop.rules.songs.inventory import GearRecord, InventoryRecord, ResilienceRecord

_ACTIONS = {
    "added": words_c("an inventory change", "added"),
    "dropped": words_c("an inventory change", "dropped"),
    "cleared": words_c("an inventory change", "cleared"),
    "equipped": words_c("an inventory change", "equipped"),
}
_KINDS = {
    EntryKind.ITEM: words_c("an inventory entry", "item"),
    EntryKind.WEAPON: words_c("an inventory entry", "weapon"),
    EntryKind.CONDITION: words_c("an inventory entry", "condition"),
}


def gear_name_words(name: str) -> Words | str:
    """``"armor"`` and ``"d6 armor"`` as words; a weapon's name as typed."""
    if name == "armor":
        return words_c("a character's gear", "armor")
    die, _, rest = name.partition(" ")
    if rest == "armor" and die.startswith("d") and die[1:].isdigit():
        return words("{die} armor", die=die)
    return name


def owned_gear_words(name: str, kind: GearKind) -> Words | str:
    """A gear record's name: ``"armor"``, an enemy's ``"Wolves armor"``, a weapon as typed."""
    if kind is GearKind.ARMOR:
        if name.endswith(" armor"):
            return words("{owner} armor", owner=name.removesuffix(" armor"))
        return gear_name_words(name)
    if name.endswith(" weapon"):
        return words("{owner} weapon", owner=name.removesuffix(" weapon"))
    return name


def gear_state_words(gear: Gear) -> Words | str:
    """E.g. ``"d6"``, ``"d4 (damaged from d6)"`` or ``"broken (was d4)"``."""
    current = gear.current
    if current is None:
        return words("broken (was {die})", die=gear.die.label)
    if gear.damage:
        return words("{current} (damaged from {die})", current=current.label, die=gear.die.label)
    return current.label


def die_or_broken(die: Die | None) -> Words | str:
    """A gear's die (``"d6"``), or that it is broken."""
    return die.label if die is not None else words_c("a gear's die", "broken")


def inventory_words(record: InventoryRecord) -> Words:
    """E.g. ``"added item Rope (1 slot); 3 slots free"``."""
    values: dict[str, Value] = {
        "action": _ACTIONS[record.action.value],
        "name": gear_name_words(record.name),
        "size": words_n(" ({n} slot)", " ({n} slots)", record.slots) if record.slots else "",
        "free": words_n("{n} slots free", "{n} slots free", record.free_slots),
    }
    if record.kind is not None:
        return words("{action} {kind} {name}{size}; {free}", kind=_KINDS[record.kind], **values)
    return words("{action} {name}{size}; {free}", **values)


def gear_words(record: GearRecord) -> Words:
    """E.g. ``"armor damaged: d4 → broken"``."""
    values: dict[str, Value] = {
        "name": owned_gear_words(record.name, record.kind),
        "old": die_or_broken(record.before),
        "new": die_or_broken(record.after),
    }
    if record.repaired:
        return words("{name} repaired: {old} → {new}", **values)
    return words("{name} damaged: {old} → {new}", **values)


def resilience_words(record: ResilienceRecord) -> Words:
    """E.g. ``"resilience 5 → 2 (fell off a cliff)"``, with the trial due at 0."""
    values: dict[str, Value] = {"before": record.before, "after": record.after}
    if record.reason and record.reached_zero:
        return words(
            "resilience {before} → {after} ({reason}); at 0, a resilience trial is due",
            reason=record.reason,
            **values,
        )
    if record.reason:
        return words("resilience {before} → {after} ({reason})", reason=record.reason, **values)
    if record.reached_zero:
        return words("resilience {before} → {after}; at 0, a resilience trial is due", **values)
    return words("resilience {before} → {after}", **values)
