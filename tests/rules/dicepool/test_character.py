from __future__ import annotations

import dataclasses
import json

import pytest

from saga_desktop.rules.dicepool import (
    ARMORS,
    SHIELDS,
    Armor,
    Attribute,
    CharacterCard,
    DicePoolOptions,
    Injury,
    TraitKind,
    Weapon,
    check_character,
    create_character,
)
from saga_desktop.rules.errors import RulesError

from .helpers import bren, hound, mara


def test_card_values() -> None:
    card = mara(shield=Armor("Buckler", SHIELDS["buckler"]))
    assert card.attribute(Attribute.STR) == 1
    assert card.attribute(Attribute.REF) == 3
    assert card.attribute(Attribute.INT) == 2
    assert card.trait(TraitKind.SKILL, " survival ") == 2
    assert card.trait(TraitKind.SKILL, "Climbing") == 0
    assert card.trait(TraitKind.VOCATION, "herbalist") == 2
    assert card.weapon("sword").name == "Sword"
    assert card.armor_level == 3
    assert not card.incapacitated
    assert dataclasses.replace(card, injuries=(Injury(4),)).incapacitated
    assert card.explain() == "Mara: STR 1, REF 3, INT 2, armor 3"
    with pytest.raises(RulesError, match="no weapon called 'Axe'"):
        card.weapon("Axe")


def test_creation_accepts_the_examples() -> None:
    for card in (mara(), bren(), hound()):
        assert create_character(card) is card


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"proficiencies": (("Blades", 3),)}, "proficiency 'Blades' of Mara cannot go past 2"),
        ({"vocations": (("Sailor", 5),)}, "vocation 'Sailor' of Mara cannot go past 4"),
        ({"skills": (("Stealth", 5),)}, "skill 'Stealth' of Mara cannot go past 4"),
        ({"skills": (("Stealth", 1), ("stealth", 2))}, "has the skill 'stealth' twice"),
        ({"strength": 5}, "STR must lie between 0 and 4"),
        ({"reflexes": -1}, "REF must lie between 0 and 4"),
        ({"name": " "}, "needs a name"),
        ({"weapons": (Weapon("Club", 4, "Maces"),)}, "bonus runs from 0 to 3"),
        ({"weapons": (Weapon("Club", 1, "Maces"), Weapon("club", 1, "Maces"))}, "two weapons"),
        ({"armor": Armor("Plate", 4)}, "armor level runs from 0 to 3"),
        ({"shield": Armor("Tower", 3)}, "armor level runs from 0 to 2"),
        ({"injuries": (Injury(5),)}, "injury's level runs from 1 to 4"),
    ],
)
def test_check_refuses_out_of_range(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        check_character(mara(**changes))


def test_creation_budget() -> None:
    rich = mara(strength=3, reflexes=3, intellect=1)
    check_character(rich)
    with pytest.raises(RulesError, match="spends 7 attribute points; a new character has 6"):
        create_character(rich)
    many = mara(skills=(("Survival", 4), ("Stealth", 4)))
    with pytest.raises(RulesError, match="spends 11 points on skills"):
        create_character(many)
    assert create_character(many, DicePoolOptions(creation_trait_points=11)) == many
    with pytest.raises(RulesError, match="without injuries"):
        create_character(mara(injuries=(Injury(1),)))


def test_wider_ranges_by_option() -> None:
    strong = mara(strength=6)
    with pytest.raises(RulesError):
        check_character(strong)
    check_character(strong, DicePoolOptions(attribute_max=6))


def test_gear_tables() -> None:
    assert ARMORS["plate"] == 3 and ARMORS["leather"] == 1
    assert SHIELDS["tower"] == 2
    assert (
        Weapon("Staff", 2, "Fire Magic", focus=True).explain() == "Staff (+2D6, Fire Magic, focus)"
    )


def test_card_round_trip() -> None:
    card = mara(shield=Armor("Shield", 1), injuries=(Injury(2, "bite"),))
    data = json.loads(json.dumps(card.to_data()))
    assert CharacterCard.from_data(data) == card
    with pytest.raises(RulesError, match="strength"):
        CharacterCard.from_data({**data, "strength": "two"})
