"""A Songs & Sagas sheet as plain data, and the limits a sheet read back must keep."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saga_desktop.i18n.words import words
from saga_desktop.rules.dice import ARMOR_DICE
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import from_plain, to_plain
from saga_desktop.rules.songs.character import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    INVENTORY_SLOTS,
    MAX_RESILIENCE_LIMIT,
    OPEN_ROLLS_LIMIT,
    XP_BOXES,
    EntryKind,
    GearKind,
    SongsCharacter,
)


def character_to_data(character: SongsCharacter) -> dict[str, Any]:
    """The sheet as plain JSON-able data (the inverse of :func:`character_from_data`)."""
    data: dict[str, Any] = to_plain(character)
    return data


def character_from_data(data: Mapping[str, Any]) -> SongsCharacter:
    """Read a sheet back from plain data; RulesError names a malformed field or broken limit."""
    character: SongsCharacter = from_plain(SongsCharacter, dict(data), "character")
    check_character(character)
    return character


def check_character(character: SongsCharacter) -> None:
    """Raise RulesError when a sheet breaks a limit (useful after loading stored data)."""
    for attribute, value in character.attributes.items():
        if not ATTRIBUTE_MIN <= value <= ATTRIBUTE_MAX:
            raise RulesError(
                words(
                    "{title} must lie between {attribute_min} and {attribute_max}",
                    title=attribute.title,
                    attribute_min=ATTRIBUTE_MIN,
                    attribute_max=ATTRIBUTE_MAX,
                )
            )
    if not 1 <= character.max_resilience <= MAX_RESILIENCE_LIMIT:
        raise RulesError(
            words(
                "Max resilience must lie between 1 and {max_resilience_limit}",
                max_resilience_limit=MAX_RESILIENCE_LIMIT,
            )
        )
    if not 0 <= character.resilience <= character.max_resilience:
        raise RulesError(words("Resilience must lie between 0 and max resilience"))
    if not 0 <= character.xp <= XP_BOXES:
        raise RulesError(words("The XP track has {xp_boxes} boxes", xp_boxes=XP_BOXES))
    if character.used_slots > INVENTORY_SLOTS or any(e.slots < 1 for e in character.inventory):
        raise RulesError(
            words("The inventory has {inventory_slots} slots", inventory_slots=INVENTORY_SLOTS)
        )
    if character.armor.kind is not GearKind.ARMOR or character.armor.die not in ARMOR_DICE:
        raise RulesError(words("Armor is rated d4 or d6"))
    for entry in character.inventory:
        if (entry.kind is EntryKind.WEAPON) != (entry.weapon is not None):
            raise RulesError(words("'{name}': only weapons carry a weapon die", name=entry.name))
        if entry.kind is not EntryKind.CONDITION and entry.slots != 1:
            raise RulesError(words("'{name}': items and weapons take one slot", name=entry.name))
        if entry.weapon is not None and (
            entry.weapon.damage < 0 or entry.weapon.kind is GearKind.ARMOR
        ):
            raise RulesError(
                words("'{name}': a weapon's damage count cannot be negative", name=entry.name)
            )
    if character.armor.damage < 0 or character.next_roll_dr_reduction < 0:
        raise RulesError(words("Damage counts and DR reductions cannot be negative"))
    open_rolls = character.open_rolls or []
    if (
        character.rolls_begun < 0
        or len(open_rolls) > OPEN_ROLLS_LIMIT
        or len(set(open_rolls)) != len(open_rolls)
        or not all(1 <= serial <= character.rolls_begun for serial in open_rolls)
    ):
        raise RulesError(words("The open rolls must be distinct rolls among those begun"))
