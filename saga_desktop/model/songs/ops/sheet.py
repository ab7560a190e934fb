"""Operations on a Songs & Sagas character sheet: every edit a player makes at the table.

Each operation borrows the character as a rules-engine sheet (:func:`songs_character`), lets the
engine check and make the change, and journals the engine's own explanation under the character.
Inventory entries are named by their position in the inventory (``entry``: 0 for the first), so
two entries with the same name are never confused. Tending wounds is
:class:`saga_desktop.model.songs.ops.combat.TendWounds`, shared with the combat panel.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import options, songs_character
from saga_desktop.model.songs.ops.creation import VanoriSpec
from saga_desktop.model.songs.table import songs_deck
from saga_desktop.model.types import NAME_MAX, TEXT_MAX
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.character import MAX_RESILIENCE_LIMIT
from saga_desktop.rules.songs.inventory import clean_name, gear_of, repair_gear

__all__ = [
    "AddCondition",
    "AddItem",
    "AddWeapon",
    "ClearCondition",
    "ClearXp",
    "DamageGear",
    "DropEntry",
    "EditDetails",
    "EditEntry",
    "EditNotes",
    "EquipArmor",
    "MarkXp",
    "RepairGear",
    "SetAttribute",
    "SetMaxResilience",
    "SetResilience",
    "SetVanori",
    "VanoriSpec",
]


def log_record(ctx: Context, character_id: str, kind: str, record: Record) -> None:
    """Journal an engine record under a character: ``"<name>: <explanation>"``."""
    name = ctx.character(character_id).name
    ctx.log(kind, f"{name}: {record.explain()}", record.to_data(), character=character_id)


def _attribute(name: str) -> songs.Attribute:
    try:
        return songs.Attribute(name)
    except ValueError:
        raise OperationError(words("'{name}' is not an attribute", name=name)) from None


def _die(size: int, allowed: tuple[Die, ...], what: str) -> Die:
    if size not in allowed:
        raise OperationError(
            words("{what} is rated {value}", what=what, value=", ".join(d.label for d in allowed))
        )
    return Die(size)


def _entry(sc: songs.SongsCharacter, index: int) -> songs.InventoryEntry:
    if not 0 <= index < len(sc.inventory):
        raise OperationError(
            words("{name}'s inventory has no entry {value}", name=sc.name, value=index + 1)
        )
    return sc.inventory[index]


@contextmanager
def _first(sc: songs.SongsCharacter, index: int) -> Iterator[songs.InventoryEntry]:
    """Put one entry first while the engine looks it up by name, then back in its place.

    The engine finds entries by name; moving the chosen one to the front makes it the one found
    even when another entry has the same name.
    """
    entry = _entry(sc, index)
    sc.inventory.remove(entry)
    sc.inventory.insert(0, entry)
    try:
        yield entry
    finally:
        if entry in sc.inventory:
            sc.inventory.remove(entry)
            sc.inventory.insert(index, entry)


# -- identity and notes -------------------------------------------------------------------------


@dataclass(frozen=True)
class EditDetails(Operation):
    """Change a character's name, player or pronouns (``None`` leaves a field as it is)."""

    character: str
    name: str | None = None
    player: str | None = None
    pronouns: str | None = None

    @property
    @override
    def label(self) -> str:
        return "Edit character details"

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        changes: list[str] = []
        if self.name is not None:
            name = clean_name(self.name, "A character")
            if name != c.name:
                changes.append(f"now called {name} (was {c.name})")
                c.name = name
        for field, value in (("player", self.player), ("pronouns", self.pronouns)):
            if value is None:
                continue
            value = " ".join(value.split())
            if len(value) > NAME_MAX:
                raise OperationError(
                    words(
                        "The {field} field has at most {name_max} characters",
                        field=field,
                        name_max=NAME_MAX,
                    )
                )
            target = c if field == "player" else c.sheet
            if value != getattr(target, field):
                setattr(target, field, value)
                changes.append(f"{field} {value or '(none)'}")
        if not changes:
            raise OperationError(words("Nothing to change"))
        ctx.log("sheet", f"{c.name}: {'; '.join(changes)}", character=c.id)


@dataclass(frozen=True)
class EditNotes(Operation):
    """Replace a character's notes."""

    character: str
    notes: str

    @property
    @override
    def label(self) -> str:
        return "Edit notes"

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        if len(self.notes) > TEXT_MAX:
            raise OperationError(
                words("Notes hold at most {text_max} characters", text_max=TEXT_MAX)
            )
        if self.notes == c.notes:
            raise OperationError(words("Nothing to change"))
        c.notes = self.notes
        ctx.log("sheet", f"{c.name}: notes edited", character=c.id)


# -- attributes, Vanori, resilience -------------------------------------------------------------


@dataclass(frozen=True)
class SetAttribute(Operation):
    """Set one attribute modifier (from -5 to +10)."""

    character: str
    attribute: str
    value: int

    @property
    @override
    def label(self) -> str:
        return f"Set {self.attribute.capitalize()}"

    @override
    def apply(self, ctx: Context) -> None:
        attribute = _attribute(self.attribute)
        sc = songs_character(ctx, self.character)
        if not songs.ATTRIBUTE_MIN <= self.value <= songs.ATTRIBUTE_MAX:
            raise OperationError(
                words(
                    "{title} lies between {attribute_min} and {attribute_max}",
                    title=attribute.title,
                    attribute_min=format(songs.ATTRIBUTE_MIN, "+d"),
                    attribute_max=format(songs.ATTRIBUTE_MAX, "+d"),
                )
            )
        before = sc.attributes[attribute]
        if before == self.value:
            raise OperationError(words("Nothing to change"))
        sc.attributes[attribute] = self.value
        ctx.log(
            "sheet",
            f"{sc.name}: {attribute.title} {before:+d} → {self.value:+d}",
            {"attribute": attribute.value, "before": before, "after": self.value},
            character=sc.id,
        )


@dataclass(frozen=True)
class SetVanori(Operation):
    """Change the guardian spirit (attributes and max resilience stay as they are)."""

    character: str
    vanori: VanoriSpec

    @property
    @override
    def label(self) -> str:
        return "Change Vanori"

    @override
    def apply(self, ctx: Context) -> None:
        sc = songs_character(ctx, self.character)
        vanori = self.vanori.to_rules()
        if vanori == sc.vanori:
            raise OperationError(words("Nothing to change"))
        before = sc.vanori.name
        sc.vanori = vanori
        ctx.log(
            "sheet",
            f"{sc.name} is now guarded by the {vanori.name} (was the {before}); attributes and "
            "max resilience are unchanged",
            {"vanori": self.vanori.to_data()},
            character=sc.id,
        )


@dataclass(frozen=True)
class SetResilience(Operation):
    """Set current resilience (0 to max). At 0 the resilience trial is due (see the record)."""

    character: str
    value: int
    reason: str = ""

    @property
    @override
    def label(self) -> str:
        return "Change resilience"

    @override
    def apply(self, ctx: Context) -> songs.ResilienceRecord:
        sc = songs_character(ctx, self.character)
        if sc.incapacitated:
            raise OperationError(
                words("{name} is incapacitated: tend their wounds first", name=sc.name)
            )
        if not 0 <= self.value <= sc.max_resilience:
            raise OperationError(
                words(
                    "Resilience lies between 0 and {max_resilience} (the max)",
                    max_resilience=sc.max_resilience,
                )
            )
        if self.value == sc.resilience:
            raise OperationError(words("Nothing to change"))
        record = songs.change_resilience(sc, self.value - sc.resilience, self.reason[:NAME_MAX])
        log_record(ctx, sc.id, "sheet", record)
        return record


@dataclass(frozen=True)
class SetMaxResilience(Operation):
    """Set max resilience (1 to 99); current resilience comes down with it if it was higher."""

    character: str
    value: int

    @property
    @override
    def label(self) -> str:
        return "Change max resilience"

    @override
    def apply(self, ctx: Context) -> None:
        sc = songs_character(ctx, self.character)
        if not 1 <= self.value <= MAX_RESILIENCE_LIMIT:
            raise OperationError(
                words(
                    "Max resilience lies between 1 and {max_resilience_limit}",
                    max_resilience_limit=MAX_RESILIENCE_LIMIT,
                )
            )
        before = sc.max_resilience
        if before == self.value:
            raise OperationError(words("Nothing to change"))
        sc.max_resilience = self.value
        text = f"{sc.name}: max resilience {before} → {self.value}"
        if sc.resilience > self.value:
            text += f" (resilience {sc.resilience} → {self.value})"
            sc.resilience = self.value
        ctx.log("sheet", text, {"before": before, "after": self.value}, character=sc.id)


# -- armor and weapons --------------------------------------------------------------------------


@dataclass(frozen=True)
class EquipArmor(Operation):
    """Put on a new, undamaged armor set (``die`` 4 or 6)."""

    character: str
    die: int

    @property
    @override
    def label(self) -> str:
        return f"Wear d{self.die} armor"

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        die = _die(self.die, (Die.D4, Die.D6), "Armor")
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
    def label(self) -> str:
        return "Damage armor" if self.entry is None else "Damage weapon"

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
    def label(self) -> str:
        return "Repair armor" if self.entry is None else "Repair weapon"

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
    def label(self) -> str:
        return "Add weapon"

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        sc = songs_character(ctx, self.character)
        die = _die(self.die, (Die.D4, Die.D6, Die.D8, Die.D10, Die.D12), "A weapon")
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
    def label(self) -> str:
        return "Add item"

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
    def label(self) -> str:
        return "Add condition"

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
    def label(self) -> str:
        return "Edit inventory entry"

    @override
    def apply(self, ctx: Context) -> None:
        sc = songs_character(ctx, self.character)
        entry = _entry(sc, self.entry)
        what = {"item": "An item", "weapon": "A weapon", "condition": "A condition"}
        old = entry.name
        changes = []
        if self.name is not None:
            name = clean_name(self.name, what[entry.kind.value])
            if name != entry.name:
                entry.name = name
                changes.append(f"{old} is now called {name}")
        if self.note is not None and self.note.strip() != entry.note:
            if len(self.note) > TEXT_MAX:
                raise OperationError(
                    words("A note holds at most {text_max} characters", text_max=TEXT_MAX)
                )
            entry.note = self.note.strip()
            changes.append(f"note on {entry.name} edited")
        if not changes:
            raise OperationError(words("Nothing to change"))
        ctx.log("sheet", f"{sc.name}: {'; '.join(changes)}", character=sc.id)


@dataclass(frozen=True)
class DropEntry(Operation):
    """Drop the item or weapon at ``entry`` (conditions are cleared, not dropped)."""

    character: str
    entry: int

    @property
    @override
    def label(self) -> str:
        return "Drop from inventory"

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
    def label(self) -> str:
        return "Clear condition"

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


# -- experience ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MarkXp(Operation):
    """Mark XP; filling the eighth box clears the track and brings the Vanori's blessing.

    The blessing's five cards come from the shared deck and go to its discard; the returned
    :class:`~saga_desktop.rules.songs.XpRecord` holds them (``record.blessings``) to show.
    """

    character: str
    marks: int = 1

    @property
    @override
    def label(self) -> str:
        return "Mark XP"

    @override
    def apply(self, ctx: Context) -> songs.XpRecord:
        sc = songs_character(ctx, self.character)
        record = songs.mark_xp(sc, songs_deck(ctx), ctx.rng, self.marks, options(ctx))
        log_record(ctx, sc.id, "xp", record)
        return record


@dataclass(frozen=True)
class ClearXp(Operation):
    """Clear marked XP boxes (a mark made by mistake)."""

    character: str
    boxes: int = 1

    @property
    @override
    def label(self) -> str:
        return "Clear XP"

    @override
    def apply(self, ctx: Context) -> None:
        sc = songs_character(ctx, self.character)
        if sc.xp == 0:
            raise OperationError(words("The XP track is already empty"))
        if not 1 <= self.boxes <= sc.xp:
            raise OperationError(
                words(
                    "Only {xp} XP box{value} marked",
                    xp=sc.xp,
                    value="es are" if sc.xp > 1 else " is",
                )
            )
        before = sc.xp
        sc.xp -= self.boxes
        ctx.log(
            "xp",
            f"{sc.name}: XP cleared {before} → {sc.xp}/{songs.XP_BOXES}",
            {"before": before, "after": sc.xp},
            character=sc.id,
        )
