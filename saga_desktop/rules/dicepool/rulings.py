"""The dice-pool rulings as data: fixed limits, named gear levels and the table of rulings.

The rules text leaves several questions open. Each answer the engine gives is one row of
:data:`RULINGS`, in the same order as the table in the dice-pool help page; a row naming an
``option`` is a field of :class:`~saga_desktop.rules.dicepool.options.DicePoolOptions` and the
text gives its default.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import dataclass

BASE_DICE = 3
"""Every check and combat roll starts from 3D6."""

WIN_FACE = 4
"""A die showing this or more is one win."""

MIN_POOL = 1
"""However many dice are taken away, at least this many are rolled."""

CL_MIN, CL_MAX = 1, 8
ASSIST_CL = 3
"""An assist is always rolled against this Challenge Level."""

PROFICIENCY_MAX = 2
VOCATION_MAX = 4
WEAPON_BONUS_MAX = 3
ARMOR_LEVEL_MAX = 3
SHIELD_LEVEL_MAX = 2
INJURY_MAX = 4
"""A level 4 injury is fatal: the character is incapacitated."""

DEFEND_BONUS = 2
PRONE_PENALTY = 4
STAGGER_PENALTY = 1

CHALLENGE_LEVELS: Mapping[int, str] = types.MappingProxyType(
    {
        1: "trivial",
        2: "easy",
        3: "moderate",
        4: "challenging",
        5: "hard",
        6: "very hard",
        7: "heroic",
        8: "nearly impossible",
    }
)
"""The words for each Challenge Level."""

ARMORS: Mapping[str, int] = types.MappingProxyType(
    {"padded": 1, "leather": 1, "mail": 2, "scale": 2, "plate": 3}
)
"""Worn armor by name and its armor level (a custom armor may take any level 0-3)."""

SHIELDS: Mapping[str, int] = types.MappingProxyType({"buckler": 1, "shield": 1, "tower": 2})
"""Shields by name and the armor level they add."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """One open question of the rules text and the engine's answer."""

    topic: str
    answer: str
    option: str = ""


RULINGS: Mapping[str, Ruling] = types.MappingProxyType(
    {
        r.topic: r
        for r in (
            Ruling("Attribute range", "STR, REF and INT run from 0 to 4.", "attribute_max"),
            Ruling("Skill range", "A skill value runs from 0 to 4; a skill not on the card is 0.",
                   "skill_max"),
            Ruling("New character budget",
                   "6 attribute points, and 10 points for skills, proficiencies and vocations.",
                   "creation_attribute_points, creation_trait_points"),
            Ruling("Weapon bonus", "A weapon or focus item adds 0 to 3 dice."),
            Ruling("Armor levels", "Padded or leather 1, mail or scale 2, plate 3."),
            Ruling("Shield levels", "Buckler or shield 1, tower shield 2, added to the armor."),
            Ruling("Armor penalty", "One die off the combat roll per two armor levels worn.",
                   "armor_penalty"),
            Ruling("Armor across the encounter",
                   "The armor level is a budget of injury levels spent over the encounter.",
                   "armor_soak"),
            Ruling("Armor in close combat",
                   "Armor does not lower injuries taken in close combat, as the text says; "
                   "it does against a charge or a ranged attack.",
                   "armor_in_close_combat"),
            Ruling("Dual-wield bonus", "The offhand weapon adds its own bonus dice.",
                   "offhand_bonus"),
            Ruling("Manoeuvres", "Stagger needs victory level 1, trip and disarm level 2.",
                   "stagger_level, trip_level, disarm_level"),
            Ruling("Injuries", "An injury's level is at most the victory level, and at most 4."),
            Ruling("One outcome", "The winner of an exchange applies one outcome to the loser."),
            Ruling("Unused outcomes", "An outcome not applied when the round ends is given up."),
            Ruling("Same moment", "A fighter taken down this round still applies the outcome of "
                   "an exchange they won."),
            Ruling("Injury effects", "Injuries cost no dice; one of level 4 that sticks "
                   "incapacitates."),
            Ruling("Stagger", "The staggered fighter rolls 1D6 less in the next round."),
            Ruling("Strength reduction",
                   "The loser may spend their whole STR once per encounter, before the outcome."),
            Ruling("Exchanges", "One per attack or charge; two fighters aiming at each other "
                   "share one."),
            Ruling("Threatened", "Targeted by an attack or charge this round, or in close combat "
                   "with a foe still standing."),
            Ruling("Close combat", "An attack or charge with a weapon that is not ranged starts "
                   "it; flee or disengage ends it."),
            Ruling("Charge", "An attack made from outside close combat with the target."),
            Ruling("Unarmed", "Without a weapon in hand, a fighter rolls the 'Unarmed' "
                   "proficiency, if any."),
            Ruling("Busy fighters", "Someone moving, readying or standing up rolls normally and "
                   "can win an exchange."),
            Ruling("Prone", "-4D6 whenever lying down; standing up clears it at the end of the "
                   "round, unless tripped again."),
            Ruling("Disarm and ready", "Disarmed, the offhand weapon becomes primary; readying a "
                   "weapon makes it primary again."),
            Ruling("Flight", "Fleeing when nobody threatens rolls normally; it ends close combat "
                   "either way."),
            Ruling("REF ties", "Equal REF declares by INT, then by name; resolution is the "
                   "declaration order backwards."),
            Ruling("Assist", "The assist adds its wins minus 3; final wins never drop below 0."),
            Ruling("Secret declarations", "A declaration stays hidden from the players until "
                   "all are in; a player sees what the combatants slower than their character "
                   "declared."),
            Ruling("Who applies an outcome", "The winner's player applies it and the loser's "
                   "sets STR; the GM does so for the monsters."),
        )
    }
)  # fmt: skip
"""Every ruling, in the order of the help page's table."""
