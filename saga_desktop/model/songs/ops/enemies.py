"""Operations on the campaign's enemies and mobs: stat blocks the GM adds, edits and removes.

An enemy is resilience, an armor die (or none) and a weapon die, like a character; a mob is one
entry with a head count. Ready examples are plain data (:func:`examples_from_data` reads and
checks them) that :class:`AddEnemy` copies into the campaign. Damaging an enemy's gear is
:class:`saga_desktop.model.songs.ops.combat.DamageEnemyGear`, shared with the combat panel.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import (
    enemy_from_rules,
    songs_enemy,
    songs_play,
    to_rules_enemy,
)
from saga_desktop.model.songs.state import Enemy as SavedEnemy
from saga_desktop.model.types import TEXT_MAX
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs.inventory import repair_gear

EXAMPLE_LIMIT = 200


@dataclass(frozen=True, slots=True)
class EnemyStats:
    """A stat block: name, resilience, weapon die, armor die (``None``: no armor), count, notes."""

    name: str
    resilience: int
    weapon: int = 6
    armor: int | None = None
    count: int = 1
    notes: str = ""

    def to_rules(self, enemy_id: str) -> songs.Enemy:
        """The engine's enemy; OperationError with the rule it breaks."""
        try:
            weapon = Die(self.weapon)
            armor = Die(self.armor) if self.armor is not None else None
        except ValueError:
            raise OperationError(words("Weapons are rated d4 to d12 and armor d4 or d6")) from None
        try:
            return songs.Enemy.new(enemy_id, self.name, self.resilience, weapon, armor, self.count)
        except RulesError as exc:
            raise OperationError(str(exc)) from None


def examples_from_data(data: Any) -> list[EnemyStats]:
    """Read ready-made stat blocks: ``{"enemies": [{"name", "resilience", ...}, ...]}``.

    Raises ValueError naming the first bad entry; every block is checked against the rules.
    """
    items = data.get("enemies") if isinstance(data, Mapping) else None
    if not isinstance(items, list) or len(items) > EXAMPLE_LIMIT:
        raise ValueError(f"expected 'enemies': a list of at most {EXAMPLE_LIMIT} stat blocks")
    out: list[EnemyStats] = []
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise ValueError(f"enemies[{i}] is not a stat block")
        try:
            stats = EnemyStats(
                name=_typed(item.get("name"), str),
                resilience=_typed(item.get("resilience"), int),
                weapon=_typed(item.get("weapon", 6), int),
                armor=None if item.get("armor") is None else _typed(item.get("armor"), int),
                count=_typed(item.get("count", 1), int),
                notes=_typed(item.get("notes", ""), str),
            )
            stats.to_rules("example")
        except (OperationError, TypeError) as exc:
            raise ValueError(f"enemies[{i}]: {exc}") from None
        out.append(stats)
    return out


def _typed(value: Any, kind: type[Any]) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TypeError(f"expected {kind.__name__}, found {value!r}")
    return value


def _next_id(ctx: Context) -> str:
    used = {e.id for e in songs_play(ctx).enemies}
    n = 1
    while f"e{n}" in used:
        n += 1
    return f"e{n}"


def _find(ctx: Context, enemy_id: str) -> tuple[int, SavedEnemy]:
    for i, e in enumerate(songs_play(ctx).enemies):
        if e.id == enemy_id:
            return i, e
    raise OperationError(words("That enemy is not in this campaign"))


def _notes(notes: str) -> str:
    if len(notes) > TEXT_MAX:
        raise OperationError(words("Notes hold at most {text_max} characters", text_max=TEXT_MAX))
    return notes


@dataclass(frozen=True)
class AddEnemy(Operation):
    """Add an enemy or a mob (``count`` above 1) from a stat block; returns its id."""

    stats: EnemyStats

    @property
    @override
    def label(self) -> Words | str:
        name = " ".join(self.stats.name.split())
        return words("Add {name}", name=name) if name else words("Add enemy")

    @override
    def apply(self, ctx: Context) -> str:
        play = songs_play(ctx)
        enemy_id = _next_id(ctx)
        enemy = self.stats.to_rules(enemy_id)
        play.enemies.append(enemy_from_rules(enemy, _notes(self.stats.notes)))
        said = words("Enemy added: {enemy}", enemy=enemy.describe_words())
        ctx.log("enemy", said, {"enemy": enemy_id})
        return enemy_id


@dataclass(frozen=True)
class EditEnemy(Operation):
    """Change a stat block (``None`` leaves a field as it is; ``armor=0`` takes the armor off).

    A new weapon or armor die is fresh gear (no damage). Lowering max resilience brings current
    resilience down with it.
    """

    enemy: str
    name: str | None = None
    max_resilience: int | None = None
    resilience: int | None = None
    weapon: int | None = None
    armor: int | None = None
    count: int | None = None
    notes: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit enemy")

    @override
    def apply(self, ctx: Context) -> None:
        index, saved = _find(ctx, self.enemy)
        enemy = to_rules_enemy(saved)
        if self.name is not None:
            enemy.name = self.name
        if self.max_resilience is not None:
            enemy.max_resilience = self.max_resilience
            enemy.resilience = min(enemy.resilience, self.max_resilience)
        if self.resilience is not None:
            enemy.resilience = self.resilience
        if self.count is not None:
            enemy.count = self.count
        stats = EnemyStats(
            enemy.name,
            enemy.max_resilience,
            self.weapon if self.weapon is not None else int(enemy.weapon.die),
            (self.armor or None) if self.armor is not None else _armor(enemy),
            enemy.count,
        )
        fresh = stats.to_rules(enemy.id)  # checks the name, the dice and the numbers
        if self.weapon is not None and self.weapon != enemy.weapon.die:
            enemy.weapon = fresh.weapon
        if self.armor is not None and self.armor != _armor(enemy):
            enemy.armor = fresh.armor
        enemy.name = fresh.name
        try:
            enemy.check()
        except RulesError as exc:
            raise OperationError(str(exc)) from None
        notes = _notes(self.notes) if self.notes is not None else saved.notes
        updated = enemy_from_rules(enemy, notes)
        if updated == saved:
            raise OperationError(words("Nothing to change"))
        songs_play(ctx).enemies[index] = updated
        said = words("Enemy edited: {enemy}", enemy=enemy.describe_words())
        ctx.log("enemy", said, {"enemy": enemy.id})


def _armor(enemy: songs.Enemy) -> int | None:
    return int(enemy.armor.die) if enemy.armor is not None else None


@dataclass(frozen=True)
class RemoveEnemy(Operation):
    """Remove an enemy or mob from the campaign."""

    enemy: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Remove enemy")

    @override
    def apply(self, ctx: Context) -> None:
        index, saved = _find(ctx, self.enemy)
        del songs_play(ctx).enemies[index]
        ctx.log("enemy", words("Enemy removed: {name}", name=saved.name), {"enemy": saved.id})


@dataclass(frozen=True)
class RepairEnemyGear(Operation):
    """Bring an enemy's damaged armor or weapon back to its undamaged die."""

    enemy: str
    gear: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Repair enemy armor") if self.gear == "armor" else words("Repair enemy weapon")

    @override
    def apply(self, ctx: Context) -> songs.GearRecord:
        kind = _gear_kind(self.gear)
        enemy = songs_enemy(ctx, self.enemy)
        gear = enemy.weapon if kind is songs.GearKind.WEAPON else enemy.armor
        if gear is None:
            raise OperationError(words("{name} wears no armor", name=enemy.name))
        try:
            record = repair_gear(enemy.id, f"{enemy.name} {self.gear}", gear)
        except RulesError as exc:
            raise OperationError(str(exc)) from None
        ctx.log("enemy", record.words(), record.to_data())
        return record


def _gear_kind(name: str) -> songs.GearKind:
    try:
        return songs.GearKind(name)
    except ValueError:
        raise OperationError(words("Name the enemy's 'armor' or 'weapon'")) from None
