"""Enemies and mobs: resilience, an armor die and a weapon die, exactly like a character's.

A mob (several foes fought as one) is one :class:`Enemy` with ``count`` above 1; the count is for
the story and the display, the numbers are the mob's as a whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from saga_desktop.i18n.words import Words, english, words, words_c
from saga_desktop.rules.dice import ARMOR_DICE, DAMAGE_DICE, Die, step_damage
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs.character import MAX_RESILIENCE_LIMIT, Gear, GearKind
from saga_desktop.rules.songs.inventory import GearRecord, clean_name, damage_gear
from saga_desktop.rules.songs.inventory_words import gear_state_words

MOB_LIMIT = 999


@dataclass(slots=True)
class Enemy:
    """One enemy or a mob fought as a single entity.

    ``weakened`` counts the steps a Raven has forced the damage die down for this fight. A broken
    weapon leaves the enemy fighting with whatever is at hand: a d4 (see the rulings).
    """

    id: str
    name: str
    max_resilience: int
    resilience: int
    weapon: Gear
    armor: Gear | None = None
    count: int = 1
    weakened: int = 0

    @classmethod
    def new(
        cls,
        id: str,
        name: str,
        resilience: int,
        weapon: Die = Die.D6,
        armor: Die | None = None,
        count: int = 1,
    ) -> Enemy:
        """A fresh enemy; raises RulesError for dice or numbers the rules do not allow."""
        enemy = cls(
            id.strip(),
            clean_name(name, "An enemy"),
            resilience,
            resilience,
            Gear(GearKind.WEAPON, weapon),
            Gear(GearKind.ARMOR, armor) if armor is not None else None,
            count,
        )
        enemy.check()
        return enemy

    def check(self) -> None:
        """Raise RulesError when a number or die is out of bounds."""
        if not self.id:
            raise RulesError(words("An enemy needs an id"))
        if not 1 <= self.max_resilience <= MAX_RESILIENCE_LIMIT:
            raise RulesError(
                words(
                    "An enemy's resilience lies between 1 and {max_resilience_limit}",
                    max_resilience_limit=MAX_RESILIENCE_LIMIT,
                )
            )
        if not 0 <= self.resilience <= self.max_resilience:
            raise RulesError(words("An enemy's resilience lies between 0 and its maximum"))
        if self.weapon.kind is not GearKind.WEAPON or self.weapon.die not in DAMAGE_DICE:
            raise RulesError(words("An enemy's weapon is rated d4 to d12"))
        if self.armor is not None and (
            self.armor.kind is not GearKind.ARMOR or self.armor.die not in ARMOR_DICE
        ):
            raise RulesError(words("An enemy's armor is rated d4 or d6"))
        if not 1 <= self.count <= MOB_LIMIT:
            raise RulesError(words("A mob counts from 1 to {mob_limit} foes", mob_limit=MOB_LIMIT))
        if not 0 <= self.weakened <= len(DAMAGE_DICE):
            raise RulesError(words("An enemy's damage die cannot be weakened that far"))

    @property
    def damage_die(self) -> Die:
        """The die this enemy hits with now (weapon after damage and any Raven steps)."""
        base = self.weapon.current or Die.D4
        return step_damage(base, -self.weakened)

    @property
    def armor_die(self) -> Die | None:
        """The armor die it rolls against damage, or ``None`` (no armor, or broken)."""
        return self.armor.current if self.armor is not None else None

    @property
    def defeated(self) -> bool:
        """True once its resilience is 0."""
        return self.resilience == 0

    @property
    def label(self) -> str:
        """The name, with the count for a mob: ``"Wolves (x5)"``."""
        return f"{self.name} (x{self.count})" if self.count > 1 else self.name

    def describe(self) -> str:
        """E.g. ``"Wolves (x5): resilience 8/12, d8 damage, armor d4"``."""
        return english(self.describe_words())

    def describe_words(self) -> Words:
        """The stat block in one line, as words each reader words in their own language."""
        return words(
            "{label}: resilience {resilience}/{max}, {die} damage, armor {armor}",
            label=self.label,
            resilience=self.resilience,
            max=self.max_resilience,
            die=self.damage_die.label,
            armor=gear_state_words(self.armor) if self.armor is not None else _NO_ARMOR,
        )


_NO_ARMOR = words_c("an enemy without armor", "none")


def damage_enemy_gear(enemy: Enemy, kind: GearKind) -> GearRecord:
    """A successful trial roll damaged the enemy's armor or weapon: it steps down once."""
    if kind is GearKind.ARMOR:
        if enemy.armor is None:
            raise RulesError(words("{name} wears no armor", name=enemy.name))
        return damage_gear(enemy.id, f"{enemy.name} armor", enemy.armor)
    return damage_gear(enemy.id, f"{enemy.name} weapon", enemy.weapon)
