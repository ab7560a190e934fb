"""A sheet's armor, weapons and inventory entries."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import songs_character
from saga_desktop.model.songs.ops.sheet.common import _die, _entry, _first, _parts, log_record
from saga_desktop.model.types import TEXT_MAX
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die
from saga_desktop.rules.songs.inventory import clean_name, gear_of, repair_gear

# -- armor and weapons --------------------------------------------------------------------------


@dataclass(frozen=True)
class EquipArmor(Operation):
    """Put on a new, undamaged armor set (``die`` 4 or 6)."""

    character: str
    die: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Wear d{size} armor", size=self.die)

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        die = _die(self.die, (Die.D4, Die.D6), words("The armor"))
        sc = songs_character(ctx, self.character)
        if sc.armor.die is die and not sc.armor.damaged:
            raise OperationError(
                words("{name} already wears undamaged {label} armor", name=sc.name, label=die.label)
            )
        record = songs.equip_armor(sc, die)
        log_record(ctx, sc.id, "sheet", record)
        return record


@dataclass(frozen=True)
class DamageGear(Operation):
    """Step the armor (``entry=None``) or the weapon at ``entry`` down a die."""

    character: str
    entry: int | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Damage armor") if self.entry is None else words("Damage weapon")

    @override
    def apply(self, ctx: Context) -> songs.GearRecord:
        sc = songs_character(ctx, self.character)
        if self.entry is None:
            record = songs.damage_character_gear(sc)
        else:
            with _first(sc, self.entry) as entry:
                if entry.kind is not songs.EntryKind.WEAPON:
                    raise OperationError(words("'{name}' is not a weapon", name=entry.name))
                record = songs.damage_character_gear(sc, entry.name)
        log_record(ctx, sc.id, "sheet", record)
        return record


@dataclass(frozen=True)
class RepairGear(Operation):
    """Repair the armor (``entry=None``) or a weapon to the die it had before any damage.

    The rules repair on a long rest (the rest panel does that); this is the sheet's own edit, for
    a smith's work or a correction.
    """

    character: str
    entry: int | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Repair armor") if self.entry is None else words("Repair weapon")

    @override
    def apply(self, ctx: Context) -> songs.GearRecord:
        sc = songs_character(ctx, self.character)
        if self.entry is None:
            name, gear = gear_of(sc, None)
            record = repair_gear(sc.id, name, gear)
        else:
            with _first(sc, self.entry) as entry:
                if entry.kind is not songs.EntryKind.WEAPON:
                    raise OperationError(words("'{name}' is not a weapon", name=entry.name))
                name, gear = gear_of(sc, entry.name)
                record = repair_gear(sc.id, name, gear)
        log_record(ctx, sc.id, "sheet", record)
        return record


# -- the inventory ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AddWeapon(Operation):
    """Put a weapon (d4-d12) in a free slot."""

    character: str
    name: str
    die: int = 6
    note: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Add weapon")

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        sc = songs_character(ctx, self.character)
        die = _die(self.die, (Die.D4, Die.D6, Die.D8, Die.D10, Die.D12), words("A weapon"))
        record = songs.add_weapon(sc, self.name, die, self.note.strip()[:TEXT_MAX])
        log_record(ctx, sc.id, "sheet", record)
        return record


@dataclass(frozen=True)
class AddItem(Operation):
    """Put an item in a free slot."""

    character: str
    name: str
    note: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Add item")

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        sc = songs_character(ctx, self.character)
        record = songs.add_item(sc, self.name, self.note.strip()[:TEXT_MAX])
        log_record(ctx, sc.id, "sheet", record)
        return record


@dataclass(frozen=True)
class AddCondition(Operation):
    """Give the character a condition taking ``slots`` free slots."""

    character: str
    name: str
    slots: int = 1
    note: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Add condition")

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        sc = songs_character(ctx, self.character)
        record = songs.add_condition(sc, self.name, self.slots, self.note.strip()[:TEXT_MAX])
        log_record(ctx, sc.id, "sheet", record)
        return record


@dataclass(frozen=True)
class EditEntry(Operation):
    """Rename an inventory entry or change its note (``None`` leaves a field as it is)."""

    character: str
    entry: int
    name: str | None = None
    note: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit inventory entry")

    @override
    def apply(self, ctx: Context) -> None:
        sc = songs_character(ctx, self.character)
        entry = _entry(sc, self.entry)
        what = {
            "item": words("An item"),
            "weapon": words("A weapon"),
            "condition": words("A condition"),
        }
        old = entry.name
        changes: list[Words] = []
        if self.name is not None:
            name = clean_name(self.name, what[entry.kind.value])
            if name != entry.name:
                entry.name = name
                changes.append(words("{old} is now called {name}", old=old, name=name))
        if self.note is not None and self.note.strip() != entry.note:
            if len(self.note) > TEXT_MAX:
                raise OperationError(
                    words("A note holds at most {text_max} characters", text_max=TEXT_MAX)
                )
            entry.note = self.note.strip()
            changes.append(words("note on {name} edited", name=entry.name))
        if not changes:
            raise OperationError(words("Nothing to change"))
        said = words("{name}: {changes}", name=sc.name, changes=_parts(changes))
        ctx.log("sheet", said, character=sc.id)


@dataclass(frozen=True)
class DropEntry(Operation):
    """Drop the item or weapon at ``entry`` (conditions are cleared, not dropped)."""

    character: str
    entry: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Drop from inventory")

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        sc = songs_character(ctx, self.character)
        with _first(sc, self.entry) as entry:
            record = songs.drop_entry(sc, entry.name)
        log_record(ctx, sc.id, "sheet", record)
        return record


@dataclass(frozen=True)
class ClearCondition(Operation):
    """Clear the condition at ``entry`` (a full rest, or the fiction made it irrelevant)."""

    character: str
    entry: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Clear condition")

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        sc = songs_character(ctx, self.character)
        with _first(sc, self.entry) as entry:
            if entry.kind is not songs.EntryKind.CONDITION:
                raise OperationError(
                    words("'{name}' is not a condition: drop it instead", name=entry.name)
                )
            record = songs.clear_condition(sc, entry.name)
        log_record(ctx, sc.id, "sheet", record)
        return record
