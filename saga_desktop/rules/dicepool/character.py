"""Character cards: attributes, skills, proficiencies, vocations, weapons, armor and injuries.

A :class:`CharacterCard` is a frozen record: every change makes a new card. Monsters use the same
card. :func:`check_character` checks a card against the ranges of the rulings and
:func:`create_character` also checks the budget of a new card; both raise
:class:`~saga_desktop.rules.errors.RulesError` with a message a player can read.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, words
from saga_desktop.rules.dicepool.options import DEFAULT_OPTIONS, DicePoolOptions
from saga_desktop.rules.dicepool.rulings import (
    ARMOR_LEVEL_MAX,
    INJURY_MAX,
    PROFICIENCY_MAX,
    SHIELD_LEVEL_MAX,
    VOCATION_MAX,
    WEAPON_BONUS_MAX,
)
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record

NAME_LIMIT = 60


class Attribute(enum.Enum):
    """The three attributes."""

    STR = "str"
    REF = "ref"
    INT = "int"

    @property
    def label(self) -> str:
        """``"STR"``, ``"REF"`` or ``"INT"``."""
        return self.name


class TraitKind(enum.Enum):
    """What a check adds to its pool beside the attribute."""

    SKILL = "skill"
    PROFICIENCY = "proficiency"
    VOCATION = "vocation"


@dataclass(frozen=True, slots=True)
class Weapon(Record):
    """A weapon or a magic focus: its bonus dice and the proficiency it is used with."""

    name: str
    bonus: int
    proficiency: str
    ranged: bool = False
    focus: bool = False

    def explain(self) -> str:
        """E.g. ``"Longsword (+2D6, Blades)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The weapon as words (its name and proficiency as typed)."""
        values: dict[str, Value] = {
            "name": self.name,
            "bonus": self.bonus,
            "proficiency": self.proficiency,
        }
        if self.focus:
            return words("{name} (+{bonus}D6, {proficiency}, focus)", **values)
        if self.ranged:
            return words("{name} (+{bonus}D6, {proficiency}, ranged)", **values)
        return words("{name} (+{bonus}D6, {proficiency})", **values)


@dataclass(frozen=True, slots=True)
class Armor(Record):
    """Worn armor or a shield with its armor level."""

    name: str
    level: int

    def explain(self) -> str:
        """E.g. ``"Mail (armor 2)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The armor as words."""
        return words("{name} (armor {level})", name=self.name, level=self.level)


@dataclass(frozen=True, slots=True)
class Injury(Record):
    """An injury that stuck, after armor, with what caused it."""

    level: int
    note: str = ""

    def explain(self) -> str:
        """E.g. ``"level 2 injury (hound's bite)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The injury as words (its note as typed)."""
        if self.note:
            return words("level {level} injury ({note})", level=self.level, note=self.note)
        return words("level {level} injury", level=self.level)


Traits = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class CharacterCard(Record):
    """A character (or a monster): attributes, traits by name, gear and injuries."""

    id: str
    name: str
    strength: int = 0
    reflexes: int = 0
    intellect: int = 0
    skills: Traits = ()
    proficiencies: Traits = ()
    vocations: Traits = ()
    weapons: tuple[Weapon, ...] = ()
    armor: Armor | None = None
    shield: Armor | None = None
    injuries: tuple[Injury, ...] = ()

    def attribute(self, attribute: Attribute) -> int:
        """The value of one attribute."""
        return {Attribute.STR: self.strength, Attribute.REF: self.reflexes}.get(
            attribute, self.intellect
        )

    def trait(self, kind: TraitKind, name: str) -> int:
        """A skill, proficiency or vocation by name (case does not matter); 0 when absent."""
        table = {
            TraitKind.SKILL: self.skills,
            TraitKind.PROFICIENCY: self.proficiencies,
            TraitKind.VOCATION: self.vocations,
        }[kind]
        key = name.strip().casefold()
        return next((v for n, v in table if n.casefold() == key), 0)

    def weapon(self, name: str) -> Weapon:
        """A weapon on the card by name; raises RulesError when it is not there."""
        key = name.strip().casefold()
        for weapon in self.weapons:
            if weapon.name.casefold() == key:
                return weapon
        raise RulesError(
            words("{name} carries no weapon called '{name2}'", name=self.name, name2=name)
        )

    @property
    def armor_level(self) -> int:
        """Worn armor and shield together."""
        return sum(a.level for a in (self.armor, self.shield) if a is not None)

    @property
    def incapacitated(self) -> bool:
        """A fatal (level 4) injury stuck."""
        return any(i.level >= INJURY_MAX for i in self.injuries)

    def explain(self) -> str:
        """E.g. ``"Mara: STR 2, REF 3, INT 1, armor 2"``."""
        return english(self.words())

    def words(self) -> Words:
        """The card in one line of words."""
        values: dict[str, Value] = {
            "name": self.name,
            "str": self.strength,
            "ref": self.reflexes,
            "int": self.intellect,
            "armor": self.armor_level,
        }
        if self.incapacitated:
            return words(
                "{name}: STR {str}, REF {ref}, INT {int}, armor {armor}, incapacitated", **values
            )
        return words("{name}: STR {str}, REF {ref}, INT {int}, armor {armor}", **values)


def _check_name(text: str, what: str) -> None:
    if not text.strip():
        raise RulesError(words("{what} needs a name", what=what))
    if len(text) > NAME_LIMIT:
        raise RulesError(
            words(
                "{what} has a name longer than {name_limit} characters",
                what=what,
                name_limit=NAME_LIMIT,
            )
        )


def _check_traits(traits: Traits, what: str, top: int, card: str) -> None:
    seen: set[str] = set()
    for name, value in traits:
        _check_name(name, f"Each {what} of {card}")
        if name.strip().casefold() in seen:
            raise RulesError(
                words("{card} has the {what} '{name}' twice", card=card, what=what, name=name)
            )
        seen.add(name.strip().casefold())
        if not 0 <= value <= top:
            raise RulesError(
                words(
                    "The {what} '{name}' of {card} cannot go past {top} (it is {value})",
                    what=what,
                    name=name,
                    card=card,
                    top=top,
                    value=value,
                )
            )


def check_character(card: CharacterCard, options: DicePoolOptions = DEFAULT_OPTIONS) -> None:
    """Raise RulesError unless every value of the card lies within the rulings' ranges."""
    _check_name(card.id, "A character card's id")
    _check_name(card.name, "A character card")
    for attribute in Attribute:
        value = card.attribute(attribute)
        if not 0 <= value <= options.attribute_max:
            raise RulesError(
                words(
                    "{name}'s {label} must lie between 0 and {attribute_max}",
                    name=card.name,
                    label=attribute.label,
                    attribute_max=options.attribute_max,
                )
            )
    _check_traits(card.skills, "skill", options.skill_max, card.name)
    _check_traits(card.proficiencies, "proficiency", PROFICIENCY_MAX, card.name)
    _check_traits(card.vocations, "vocation", VOCATION_MAX, card.name)
    names: set[str] = set()
    for weapon in card.weapons:
        _check_name(weapon.name, f"Each weapon of {card.name}")
        _check_name(weapon.proficiency, f"The proficiency of {weapon.name}")
        if weapon.name.casefold() in names:
            raise RulesError(
                words(
                    "{name} carries two weapons called '{name2}'", name=card.name, name2=weapon.name
                )
            )
        names.add(weapon.name.casefold())
        if not 0 <= weapon.bonus <= WEAPON_BONUS_MAX:
            raise RulesError(
                words(
                    "A weapon's bonus runs from 0 to {weapon_bonus_max} dice",
                    weapon_bonus_max=WEAPON_BONUS_MAX,
                )
            )
    for gear, top in ((card.armor, ARMOR_LEVEL_MAX), (card.shield, SHIELD_LEVEL_MAX)):
        if gear is not None:
            _check_name(gear.name, "Armor or a shield")
            if not 0 <= gear.level <= top:
                raise RulesError(
                    words("The {name}'s armor level runs from 0 to {top}", name=gear.name, top=top)
                )
    for injury in card.injuries:
        if not 1 <= injury.level <= INJURY_MAX:
            raise RulesError(
                words("An injury's level runs from 1 to {injury_max}", injury_max=INJURY_MAX)
            )


def create_character(
    card: CharacterCard, options: DicePoolOptions = DEFAULT_OPTIONS
) -> CharacterCard:
    """Check a new card, including the creation budget; returns it unchanged when legal."""
    check_character(card, options)
    spent = card.strength + card.reflexes + card.intellect
    if spent > options.creation_attribute_points:
        raise RulesError(
            words(
                "{name} spends {spent} attribute points; a new character has "
                "{creation_attribute_points}",
                name=card.name,
                spent=spent,
                creation_attribute_points=options.creation_attribute_points,
            )
        )
    traits = sum(v for _, v in card.skills + card.proficiencies + card.vocations)
    if traits > options.creation_trait_points:
        raise RulesError(
            words(
                "{name} spends {traits} points on skills, proficiencies and vocations; a new "
                "character has {creation_trait_points}",
                name=card.name,
                traits=traits,
                creation_trait_points=options.creation_trait_points,
            )
        )
    if card.injuries:
        raise RulesError(words("A new character starts without injuries"))
    return card
