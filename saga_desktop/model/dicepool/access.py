"""Dice-pool state in rules-engine form: cards, options and the fight, both ways.

The saved models (:mod:`~saga_desktop.model.dicepool.state`) are the file's shape; operations
work on the engine's frozen records and write the result back::

    card = card_of(campaign, "pc1")            # a rules CharacterCard (character or monster)
    fight = encounter_of(campaign)             # a rules Encounter
    fight, record = dp.declare(fight, ...)
    store_encounter(campaign, fight)
"""

from __future__ import annotations

from typing import Any

from saga_desktop.i18n.words import words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.state import (
    ArmorModel,
    CardFields,
    DicePoolPlay,
    InjuryModel,
    Monster,
    Trait,
    WeaponModel,
    known_encounter,
    play_of,
    sheet_of,
)
from saga_desktop.model.operation import OperationError
from saga_desktop.rules import dicepool as dp


def dicepool_play(campaign: Campaign) -> DicePoolPlay:
    """The play state, or an OperationError for a campaign of another game."""
    try:
        return play_of(campaign)
    except TypeError:
        raise OperationError(words("This campaign does not play dice pool")) from None


def options(campaign: Campaign) -> dp.DicePoolOptions:
    """The campaign's rulings as the engine's options."""
    return dicepool_play(campaign).options.to_rules()


def _traits(traits: list[Trait]) -> tuple[tuple[str, int], ...]:
    return tuple((t.name, t.value) for t in traits)


def _armor(armor: ArmorModel | None) -> dp.Armor | None:
    return dp.Armor(armor.name, armor.level) if armor is not None else None


def card_from_fields(card_id: str, name: str, fields: CardFields) -> dp.CharacterCard:
    """A saved card as the engine's record."""
    return dp.CharacterCard(
        card_id,
        name,
        fields.strength,
        fields.reflexes,
        fields.intellect,
        _traits(fields.skills),
        _traits(fields.proficiencies),
        _traits(fields.vocations),
        tuple(dp.Weapon(w.name, w.bonus, w.proficiency, w.ranged, w.focus) for w in fields.weapons),
        _armor(fields.armor),
        _armor(fields.shield),
        tuple(dp.Injury(i.level, i.note) for i in fields.injuries),
    )


def fields_from_card(card: dp.CharacterCard) -> dict[str, Any]:
    """The saved fields of an engine card (without id and name)."""

    def armor(a: dp.Armor | None) -> ArmorModel | None:
        return ArmorModel(name=a.name, level=a.level) if a is not None else None

    return {
        "strength": card.strength,
        "reflexes": card.reflexes,
        "intellect": card.intellect,
        "skills": [Trait(name=n, value=v) for n, v in card.skills],
        "proficiencies": [Trait(name=n, value=v) for n, v in card.proficiencies],
        "vocations": [Trait(name=n, value=v) for n, v in card.vocations],
        "weapons": [
            WeaponModel(
                name=w.name,
                bonus=w.bonus,
                proficiency=w.proficiency,
                ranged=w.ranged,
                focus=w.focus,
            )
            for w in card.weapons
        ],
        "armor": armor(card.armor),
        "shield": armor(card.shield),
        "injuries": [InjuryModel(level=i.level, note=i.note) for i in card.injuries],
        "incapacitated": card.incapacitated,
    }


def is_monster(campaign: Campaign, card_id: str) -> bool:
    """True when the id names one of the campaign's monsters."""
    return dicepool_play(campaign).monster(card_id) is not None


def card_of(campaign: Campaign, card_id: str) -> dp.CharacterCard:
    """A character's or a monster's card as the engine's record (OperationError if unknown)."""
    monster = dicepool_play(campaign).monster(card_id)
    if monster is not None:
        return card_from_fields(monster.id, monster.name, monster)
    for c in campaign.characters:
        if c.id == card_id:
            return card_from_fields(c.id, c.name, sheet_of(c))
    raise OperationError(words("There is no character or monster with that id in this campaign"))


def side_of(campaign: Campaign, card_id: str) -> dp.Side:
    """Characters are the players' side; monsters the GM's."""
    return dp.Side.MONSTER if is_monster(campaign, card_id) else dp.Side.PLAYER


def store_card(campaign: Campaign, card: dp.CharacterCard) -> None:
    """Write an engine card back to its character's sheet or its monster (the name stays)."""
    fields = fields_from_card(card)
    play = dicepool_play(campaign)
    for i, m in enumerate(play.monsters):
        if m.id == card.id:
            play.monsters[i] = Monster.model_validate(
                {**m.model_dump(), **{k: _dump(v) for k, v in fields.items()}}
            )
            return
    for c in campaign.characters:
        if c.id == card.id:
            sheet = sheet_of(c)
            c.sheet = type(sheet).model_validate(
                {**sheet.model_dump(), **{k: _dump(v) for k, v in fields.items()}}
            )
            return
    raise OperationError(words("There is no character or monster with that id in this campaign"))


def _dump(value: Any) -> Any:
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if hasattr(value, "model_dump"):
        return value.model_dump()
    return value


def encounter_of(campaign: Campaign) -> dp.Encounter:
    """The fight in progress (OperationError when there is none).

    At a player's seat, without the declarations the seat may not read yet (``known_encounter``).
    """
    play = dicepool_play(campaign)
    if play.encounter is None:
        raise OperationError(words("No fight is in progress"))
    return dp.encounter_from_data(known_encounter(play.encounter), play.options.to_rules())


def store_encounter(campaign: Campaign, encounter: dp.Encounter | None) -> None:
    """Save the fight (None: it is over)."""
    dicepool_play(campaign).encounter = encounter.to_data() if encounter is not None else None


def name_of(campaign: Campaign, card_id: str) -> str:
    """A character's or a monster's name, or the id when it is gone."""
    monster = dicepool_play(campaign).monster(card_id)
    if monster is not None:
        return monster.name
    return next((c.name for c in campaign.characters if c.id == card_id), card_id)
