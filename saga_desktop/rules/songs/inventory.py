"""Inventory, gear and resilience changes of a character, with their limits.

Six slots: an item or a weapon takes one, a condition one or more, and there is never a seventh.
Gear ruling: armor runs d6 → d4 → broken, a weapon d12 → ... → d4 → broken; a repair (on a long
rest) brings it back to the die it had before any damage. Every function validates first and
changes the character only when the request is legal.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from saga_desktop.i18n.words import Words, english, words, words_n
from saga_desktop.rules.dice import ARMOR_DICE, DAMAGE_DICE, Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.character import (
    INVENTORY_SLOTS,
    EntryKind,
    Gear,
    GearKind,
    InventoryEntry,
    SongsCharacter,
)
from saga_desktop.rules.songs.inventory_words import gear_words, inventory_words, resilience_words
from saga_desktop.rules.songs.sheet_data import (  # the sheet's plain form, re-exported
    character_from_data as character_from_data,
)
from saga_desktop.rules.songs.sheet_data import (
    character_to_data as character_to_data,
)
from saga_desktop.rules.songs.sheet_data import (
    check_character as check_character,
)

NAME_LIMIT = 120


class InventoryAction(enum.Enum):
    """What happened to the inventory."""

    ADDED = "added"
    DROPPED = "dropped"
    CLEARED = "cleared"
    EQUIPPED = "equipped"


@dataclass(frozen=True, slots=True)
class InventoryRecord(Record):
    """An inventory change."""

    character_id: str
    action: InventoryAction
    kind: EntryKind | None
    name: str
    slots: int
    free_slots: int

    def explain(self) -> str:
        """E.g. ``"added item Rope (1 slot); 3 slots free"``."""
        return english(self.words())

    def words(self) -> Words:
        """The change as words each reader words in their own language."""
        return inventory_words(self)


@dataclass(frozen=True, slots=True)
class GearRecord(Record):
    """Gear damaged or repaired."""

    owner_id: str
    name: str
    kind: GearKind
    before: Die | None
    after: Die | None
    repaired: bool = False

    def explain(self) -> str:
        """E.g. ``"armor damaged: d4 → broken"``."""
        return english(self.words())

    def words(self) -> Words:
        """The change as words."""
        return gear_words(self)


@dataclass(frozen=True, slots=True)
class ResilienceRecord(Record):
    """Resilience lost or recovered outside a rest or an attack."""

    character_id: str
    before: int
    after: int
    reason: str = ""

    @property
    def reached_zero(self) -> bool:
        """True when this change brought resilience down to 0 (a resilience trial is due)."""
        return self.after == 0 < self.before

    def explain(self) -> str:
        """E.g. ``"resilience 5 → 2 (fell off a cliff)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The change as words."""
        return resilience_words(self)


def clean_name(name: str, what: Words | str = "It") -> str:
    """A stripped, non-empty name of reasonable length, or RulesError."""
    name = " ".join(name.split())
    if not name:
        raise RulesError(words("{what} needs a name", what=what))
    if len(name) > NAME_LIMIT:
        raise RulesError(
            words(
                "{what}'s name is too long (at most {name_limit} characters)",
                what=what,
                name_limit=NAME_LIMIT,
            )
        )
    return name


def check_room(character: SongsCharacter, slots: int) -> None:
    """Raise RulesError unless ``slots`` more inventory slots are free."""
    if slots > character.free_slots:
        free = character.free_slots
        raise RulesError(
            words_n(
                "{name} has {n} free slot of {inventory_slots}; drop something or clear a "
                "condition first",
                "{name} has {n} free slots of {inventory_slots}; drop something or clear a "
                "condition first",
                free,
                name=character.name,
                inventory_slots=INVENTORY_SLOTS,
            )
        )


def _added(character: SongsCharacter, entry: InventoryEntry) -> InventoryRecord:
    check_room(character, entry.slots)
    character.inventory.append(entry)
    return InventoryRecord(
        character.id,
        InventoryAction.ADDED,
        entry.kind,
        entry.name,
        entry.slots,
        character.free_slots,
    )


def add_item(character: SongsCharacter, name: str, note: str = "") -> InventoryRecord:
    """Put an item in a free slot."""
    return _added(
        character, InventoryEntry(EntryKind.ITEM, clean_name(name, words("An item")), 1, None, note)
    )


def add_weapon(
    character: SongsCharacter, name: str, die: Die = Die.D6, note: str = ""
) -> InventoryRecord:
    """Put a weapon (d4-d12) in a free slot."""
    if die not in DAMAGE_DICE:
        raise RulesError(words("A weapon is rated d4, d6, d8, d10 or d12"))
    entry = InventoryEntry(
        EntryKind.WEAPON, clean_name(name, words("A weapon")), 1, Gear(GearKind.WEAPON, die), note
    )
    return _added(character, entry)


def add_condition(
    character: SongsCharacter, name: str, slots: int = 1, note: str = ""
) -> InventoryRecord:
    """Give the character a condition taking one or more slots."""
    if not 1 <= slots <= INVENTORY_SLOTS:
        raise RulesError(
            words(
                "A condition takes from 1 to {inventory_slots} slots",
                inventory_slots=INVENTORY_SLOTS,
            )
        )
    entry = InventoryEntry(EntryKind.CONDITION, clean_name(name, "A condition"), slots, None, note)
    return _added(character, entry)


def find_entry(
    character: SongsCharacter, name: str, kind: EntryKind | None = None
) -> InventoryEntry:
    """The first entry with this name (any case), optionally of one kind; else RulesError."""
    wanted = " ".join(name.split()).casefold()
    for entry in character.inventory:
        if entry.name.casefold() == wanted and (kind is None or entry.kind is kind):
            return entry
    what = kind.value if kind else "entry"
    raise RulesError(
        words(
            "{name} has no {what} called '{value}'",
            name=character.name,
            what=what,
            value=name.strip(),
        )
    )


def drop_entry(character: SongsCharacter, name: str) -> InventoryRecord:
    """Drop an item or weapon (conditions are cleared, not dropped)."""
    entry = find_entry(character, name)
    if entry.kind is EntryKind.CONDITION:
        raise RulesError(
            words(
                "'{name}' is a condition: it clears with a full rest or the fiction",
                name=entry.name,
            )
        )
    character.inventory.remove(entry)
    return InventoryRecord(
        character.id,
        InventoryAction.DROPPED,
        entry.kind,
        entry.name,
        entry.slots,
        character.free_slots,
    )


def clear_condition(character: SongsCharacter, name: str) -> InventoryRecord:
    """Clear a condition that has become irrelevant (a full rest also clears one)."""
    entry = find_entry(character, name, EntryKind.CONDITION)
    character.inventory.remove(entry)
    return InventoryRecord(
        character.id,
        InventoryAction.CLEARED,
        entry.kind,
        entry.name,
        entry.slots,
        character.free_slots,
    )


def equip_armor(character: SongsCharacter, die: Die) -> InventoryRecord:
    """Put on a new, undamaged armor set (d4 or d6); armor takes no inventory slot."""
    if die not in ARMOR_DICE:
        raise RulesError(words("Armor is rated d4 or d6"))
    character.armor = Gear(GearKind.ARMOR, die)
    return InventoryRecord(
        character.id, InventoryAction.EQUIPPED, None, f"{die.label} armor", 0, character.free_slots
    )


def gear_of(character: SongsCharacter, weapon: str | None) -> tuple[str, Gear]:
    """The armor (``weapon=None``) or the named weapon, with its display name."""
    if weapon is None:
        return "armor", character.armor
    entry = find_entry(character, weapon, EntryKind.WEAPON)
    assert entry.weapon is not None
    return entry.name, entry.weapon


def damage_gear(owner_id: str, name: str, gear: Gear) -> GearRecord:
    """Step a piece of gear down once; RulesError when it is already broken."""
    if gear.broken:
        raise RulesError(words("The {name} is already broken", name=name))
    before = gear.current
    gear.damage += 1
    return GearRecord(owner_id, name, gear.kind, before, gear.current)


def repair_gear(owner_id: str, name: str, gear: Gear) -> GearRecord:
    """Bring gear back to its undamaged die; RulesError when it is not damaged."""
    if not gear.damaged:
        raise RulesError(words("The {name} is not damaged", name=name))
    before = gear.current
    gear.damage = 0
    return GearRecord(owner_id, name, gear.kind, before, gear.current, repaired=True)


def damage_character_gear(character: SongsCharacter, weapon: str | None = None) -> GearRecord:
    """A GM consequence: the armor (no weapon named) or a weapon steps down."""
    name, gear = gear_of(character, weapon)
    return damage_gear(character.id, name, gear)


def change_resilience(character: SongsCharacter, amount: int, reason: str = "") -> ResilienceRecord:
    """Lose (negative) or recover resilience, staying within 0 and max."""
    before = character.resilience
    character.resilience = max(0, min(character.max_resilience, before + amount))
    return ResilienceRecord(character.id, before, character.resilience, reason.strip())
