"""The GM's consequences after a roll, morale checks and the Vanori's gifts in a fight."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import (
    options,
    songs_character,
    songs_enemy,
)
from saga_desktop.model.songs.ops.combat.setup import (
    GearPart,
    _card,
    _fighting_enemy,
    _record_data,
    _why,
    combat_of,
)
from saga_desktop.model.songs.state import Combat
from saga_desktop.model.songs.table import songs_deck
from saga_desktop.rules import songs

# -- consequences ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DamageCharacterGear(Operation):
    """A GM's consequence: a character's armor (no ``weapon``) or a named weapon steps down."""

    character: str
    weapon: str | None = None
    reason: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Damage armor") if self.weapon is None else words("Damage weapon")

    @override
    def apply(self, ctx: Context) -> songs.GearRecord:
        sheet = songs_character(ctx, self.character)
        record = songs.damage_character_gear(sheet, self.weapon)
        said = _consequence(sheet.name, record.words(), self.reason)
        ctx.log("consequence", said, _record_data(record), character=sheet.id)
        return record


@dataclass(frozen=True)
class AddCondition(Operation):
    """A GM's consequence: a character gains a condition taking one or more slots."""

    op_kind: ClassVar[str] = "songs.ConsequenceCondition"  # the sheet has its own AddCondition
    character: str
    name: str
    slots: int = 1

    @property
    @override
    def label(self) -> Words | str:
        return words("Add condition")

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        sheet = songs_character(ctx, self.character)
        record = songs.add_condition(sheet, self.name, self.slots)
        said = _consequence(sheet.name, record.words())
        ctx.log("consequence", said, _record_data(record), character=sheet.id)
        return record


@dataclass(frozen=True)
class DamageEnemyGear(Operation):
    """An enemy's weapon or armor steps down (a successful trial roll, or the fiction)."""

    enemy: str
    part: GearPart
    reason: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Damage enemy armor") if self.part == "armor" else words("Damage enemy weapon")

    @override
    def apply(self, ctx: Context) -> songs.GearRecord:
        enemy = songs_enemy(ctx, self.enemy)
        kind = songs.GearKind.ARMOR if self.part == "armor" else songs.GearKind.WEAPON
        record = songs.damage_enemy_gear(enemy, kind)
        said = _consequence(enemy.label, record.words(), self.reason)
        ctx.log("consequence", said, _record_data(record))
        return record


def _consequence(name: str, what: Words, reason: str = "") -> Words:
    why = _why(reason)
    if why:
        return words("Consequence for {name}: {what} ({why}).", name=name, what=what, why=why)
    return words("Consequence for {name}: {what}.", name=name, what=what)


# -- morale and the Vanori's gifts in a fight -----------------------------------------------------


def _note_morale(combat: Combat, record: songs.MoraleRecord) -> None:
    combat.morale[record.enemy_id] = record.morale.value


@dataclass(frozen=True)
class CheckMorale(Operation):
    """Enemies feel outnumbered or saw their leader fall: a card decides (flee, surrender, ...)."""

    enemy: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Check morale")

    @override
    def apply(self, ctx: Context) -> songs.MoraleRecord:
        combat = combat_of(ctx)
        enemy = _fighting_enemy(ctx, combat, self.enemy)
        if enemy.defeated:
            raise OperationError(
                words("{label} is down: no morale left to check", label=enemy.label)
            )
        record = songs.check_morale(enemy, songs_deck(ctx), ctx.rng, options(ctx))
        _note_morale(combat, record)
        ctx.log("morale", words("{morale}.", morale=record.words()), _record_data(record))
        return record


@dataclass(frozen=True)
class WolfMorale(Operation):
    """The Wolf's gift: a character burns a card and an enemy checks its morale at once."""

    character: str
    enemy: str
    card: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Wolf: force a morale check")

    @override
    def apply(self, ctx: Context) -> songs.BurnRecord:
        combat = combat_of(ctx)
        enemy = _fighting_enemy(ctx, combat, self.enemy)
        if enemy.defeated:
            raise OperationError(
                words("{label} is down: no morale left to check", label=enemy.label)
            )
        sheet = songs_character(ctx, self.character)
        record = songs.wolf_morale(
            sheet, enemy, songs_deck(ctx), ctx.rng, _card(self.card), options(ctx)
        )
        assert record.morale is not None
        _note_morale(combat, record.morale)
        said = words("{burn}.", burn=record.words())
        ctx.log("morale", said, _record_data(record), character=sheet.id)
        return record


@dataclass(frozen=True)
class RavenWeaken(Operation):
    """The Raven's gift: a character burns a card and an enemy's damage die drops for the fight."""

    character: str
    enemy: str
    card: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Raven: weaken an enemy")

    @override
    def apply(self, ctx: Context) -> songs.BurnRecord:
        combat = combat_of(ctx)
        enemy = _fighting_enemy(ctx, combat, self.enemy)
        sheet = songs_character(ctx, self.character)
        record = songs.raven_weaken(sheet, enemy, songs_deck(ctx), _card(self.card))
        said = words("{burn}.", burn=record.words())
        ctx.log("burn", said, _record_data(record), character=sheet.id)
        return record
