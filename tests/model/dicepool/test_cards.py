"""Character cards and monsters: creation within the budget, edits within the ranges."""

from __future__ import annotations

import pytest

from saga_desktop.model.dicepool.access import card_of
from saga_desktop.model.dicepool.ops.cards import (
    AddInjury,
    CardSpec,
    CreateCharacter,
    HealInjury,
    SetArmor,
    SetAttribute,
    SetTrait,
    SetWeapon,
)
from saga_desktop.model.dicepool.ops.monsters import AddMonster, EditMonster, RemoveMonster
from saga_desktop.model.dicepool.ops.options import SetOptions
from saga_desktop.model.dicepool.state import play_of, sheet_of
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.characters import RemoveCharacter
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from tests.model.dicepool.conftest import MARA, blank_session, dump


def refused(session: Session, op: object, words: str) -> None:
    before = dump(session)
    with pytest.raises(OperationError, match=words):
        session.apply(op)  # type: ignore[arg-type]
    assert dump(session) == before


def test_a_new_character_is_the_engines_card(party: Session) -> None:
    card = card_of(party.campaign, "pc1")
    assert card == MARA.card("pc1", "Mara")
    sheet = sheet_of(party.campaign.character("pc1"))
    assert sheet.proficiencies[0].name == "Blades" and sheet.armor is not None
    assert party.campaign.piles == {}
    kinds = [e.kind for e in party.campaign.journal]
    assert kinds.count("card") == 2 and kinds.count("monster") == 2


def test_creation_keeps_to_the_budget() -> None:
    s = blank_session()
    refused(s, CreateCharacter("Greedy", CardSpec(strength=4, reflexes=3)), "spends 7 attribute")
    too_many = CardSpec(skills=(("A", 4), ("B", 4), ("C", 3)))
    refused(s, CreateCharacter("Scholar", too_many), "spends 11 points")
    refused(s, CreateCharacter("Duelist", CardSpec(proficiencies=(("Blades", 3),))), "past 2")
    refused(s, CreateCharacter("Monk", CardSpec(vocations=(("Monk", 5),))), "past 4")
    refused(s, CreateCharacter("  ", CardSpec()), "needs a name")
    refused(s, CreateCharacter("Mule", CardSpec(shield=dp.Armor("Tower", 3))), "0 to 2")


def test_edits_change_one_thing_and_say_so(party: Session) -> None:
    party.apply(SetAttribute("pc1", "ref", 4))
    party.apply(SetTrait("pc1", "skill", "stealth", 3))
    party.apply(SetTrait("pc1", "skill", "Survival", 4))
    party.apply(SetTrait("pc1", "vocation", "hunter", remove=True))
    party.apply(SetWeapon("pc1", dp.Weapon("Bow", 2, "Bows", ranged=True)))
    party.apply(SetArmor("pc1", "shield", dp.Armor("Buckler", 1)))
    party.apply(AddInjury("pc1", 2, "a fall"))
    card = card_of(party.campaign, "pc1")
    assert card.reflexes == 4 and card.skills == (("Survival", 4), ("stealth", 3))
    assert card.vocations == () and card.weapon("bow").ranged and card.armor_level == 2
    assert card.injuries == (dp.Injury(2, "a fall"),)
    party.apply(HealInjury("pc1", 0))
    assert card_of(party.campaign, "pc1").injuries == ()
    assert party.campaign.journal[-1].text == "Mara: level 2 injury (a fall) healed"


def test_edits_refuse_what_breaks_a_range(party: Session) -> None:
    refused(party, SetAttribute("pc1", "str", 5), "between 0 and 4")
    refused(party, SetAttribute("pc1", "luck", 1), "STR, REF or INT")
    refused(party, SetAttribute("pc1", "ref", 3), "Nothing to change")
    refused(party, SetTrait("pc1", "proficiency", "Blades", 3), "past 2")
    refused(party, SetTrait("pc1", "vocation", "Hunter", 5), "past 4")
    refused(party, SetTrait("pc1", "skill", "Lore", remove=True), "no skill called")
    refused(party, SetTrait("pc1", "talent", "x"), "skill, a proficiency or a vocation")
    refused(party, SetWeapon("pc1", dp.Weapon("Lance", 4, "Polearms")), "0 to 3")
    refused(party, SetArmor("pc1", "armor", dp.Armor("Plate+", 4)), "0 to 3")
    refused(party, AddInjury("pc1", 5), "1 to 4")
    refused(party, HealInjury("pc1", 0), "no such injury")
    refused(party, SetAttribute("nobody", "str", 1), "no character or monster")


def test_a_fatal_injury_incapacitates(party: Session) -> None:
    party.apply(AddInjury("pc2", 4, "the mill wheel"))
    assert sheet_of(party.campaign.character("pc2")).incapacitated


def test_monsters_keep_secret_notes(party: Session) -> None:
    party.apply(EditMonster("m1", name="Old hound", notes="Blind in one eye"))
    play = play_of(party.campaign)
    assert play.monsters[0].name == "Old hound" and play.monsters[0].notes == "Blind in one eye"
    party.apply(SetAttribute("m1", "str", 3))  # the card operations work on monsters too
    assert card_of(party.campaign, "m1").strength == 3
    refused(party, EditMonster("m1"), "Nothing to change")
    refused(party, AddMonster("Giant", CardSpec(strength=11)), "between 0 and 4")
    party.apply(RemoveMonster("m2"))
    assert [m.id for m in play_of(party.campaign).monsters] == ["m1"]
    refused(party, RemoveMonster("m2"), "not in this campaign")


def test_options_change_the_ranges(party: Session) -> None:
    refused(party, SetOptions((("attribute_max", 2),)), "between 0 and 2")  # Bren has STR 3
    refused(party, SetOptions((("luck", 1),)), "no ruling called")
    party.apply(SetOptions((("attribute_max", 6), ("armor_penalty", "full"))))
    party.apply(SetAttribute("pc1", "str", 6))
    assert play_of(party.campaign).options.to_rules().armor_penalty is dp.ArmorPenalty.FULL


def test_removing_a_character_withdraws_their_prompts(party: Session) -> None:
    from saga_desktop.model.dicepool.ops.checks import PromptCheck

    party.apply(PromptCheck("pc1", "int", "Survival", cl=2))
    party.apply(RemoveCharacter("pc1"))
    assert play_of(party.campaign).prompts == []
    assert "withdrawn (1)" in party.campaign.journal[-1].text
