"""Sheet operations: every edit validated by the rules, journaled, refused cleanly, undoable."""

from __future__ import annotations

import pytest

from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.session import Session
from saga_desktop.model.songs.access import to_rules_character
from saga_desktop.model.songs.ops.combat import TendWounds
from saga_desktop.model.songs.ops.creation import QuickCharacter, VanoriSpec
from saga_desktop.model.songs.ops.play import OwlInsight
from saga_desktop.model.songs.ops.sheet import (
    AddCondition,
    AddItem,
    AddWeapon,
    ClearCondition,
    ClearXp,
    DamageGear,
    DropEntry,
    EditDetails,
    EditEntry,
    EditNotes,
    EquipArmor,
    MarkXp,
    RepairGear,
    SetAttribute,
    SetMaxResilience,
    SetResilience,
    SetVanori,
)
from saga_desktop.model.songs.state import SongsSheet
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import FULL_DECK
from saga_desktop.rules.dice import Die


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


def cards_on_table(session: Session) -> list[str]:
    t = table_of(session.campaign)
    return t.draw + t.discard + t.revealed + [c for h in t.hands.values() for c in h]


def assert_52(session: Session) -> None:
    cards = cards_on_table(session)
    assert len(cards) == 52 and set(cards) == {c.code for c in FULL_DECK}


def deal(session: Session, cid: str, n: int) -> list[str]:
    """Test set-up: move the top ``n`` cards of the draw pile into a hand."""
    p = session.campaign.piles
    dealt = p["draw"][-n:]
    p["draw"] = p["draw"][:-n]
    p[f"hand:{cid}"] = p[f"hand:{cid}"] + dealt
    return dealt


@pytest.fixture
def hero(session: Session) -> str:
    record = session.apply(QuickCharacter("Astrid", weapon="Axe", vanori="bear", player="Ren"))
    return str(record.character.id)


def sheet(session: Session, cid: str) -> SongsSheet:
    return session.campaign.character(cid).sheet


def refused(session: Session, op: Operation, match: str) -> None:
    before = dump(session)
    undo = session.undo_label
    with pytest.raises(OperationError, match=match):
        session.apply(op)
    assert dump(session) == before
    assert session.undo_label == undo


# -- identity, notes, attributes ------------------------------------------------------------------


def test_details_and_notes_are_journaled(session: Session, hero: str) -> None:
    session.apply(EditDetails(hero, name="Astrid Ulfsdottir", pronouns="she/her"))
    c = session.campaign.character(hero)
    assert c.name == "Astrid Ulfsdottir" and c.sheet.pronouns == "she/her" and c.player == "Ren"
    assert session.campaign.journal[-1].text.startswith("Astrid Ulfsdottir: now called")
    session.apply(EditNotes(hero, "Owes Ivar a ship.\nFears deep water."))
    assert c.notes == "Owes Ivar a ship.\nFears deep water."
    assert session.campaign.journal[-1].character == hero


def test_bad_details_are_refused_and_change_nothing(session: Session, hero: str) -> None:
    refused(session, EditDetails(hero, name="   "), "A character needs a name")
    refused(session, EditDetails(hero, name="x" * 121), "too long")
    refused(session, EditDetails(hero, player="y" * 121), "at most 120")
    refused(session, EditDetails(hero, name="Astrid"), "Nothing to change")
    refused(session, EditDetails("nobody", name="Bo"), "not in this campaign")
    refused(session, EditNotes(hero, "bell\x07"), "control characters")


def test_attributes_stay_within_range(session: Session, hero: str) -> None:
    session.apply(SetAttribute(hero, "dexterity", 10))
    assert sheet(session, hero).attributes.dexterity == 10
    refused(session, SetAttribute(hero, "dexterity", 11), r"Dexterity lies between -5 and \+10")
    refused(session, SetAttribute(hero, "heart", -6), "between -5 and")
    refused(session, SetAttribute(hero, "luck", 1), "'luck' is not an attribute")
    session.apply(SetAttribute(hero, "heart", -5))
    assert "Heart" in session.campaign.journal[-1].text


def test_vanori_can_change_and_be_invented(session: Session, hero: str) -> None:
    before = sheet(session, hero).attributes.model_copy()
    session.apply(SetVanori(hero, VanoriSpec("owl")))
    assert sheet(session, hero).vanori == "owl"
    assert sheet(session, hero).attributes == before
    session.apply(SetVanori(hero, VanoriSpec.custom("Salmon", "heart", "dexterity", 8, "Swim.")))
    s = sheet(session, hero)
    assert s.vanori == "custom" and s.custom_vanori is not None
    assert s.custom_vanori.name == "Salmon" and s.custom_vanori.resilience_die == 8
    refused(session, SetVanori(hero, VanoriSpec.custom("Eel", "heart", "heart", 6, "")), "two")
    refused(session, SetVanori(hero, VanoriSpec("dragon")), "no Vanori called 'dragon'")


# -- resilience -----------------------------------------------------------------------------------


def test_resilience_limits_and_the_trial_at_zero(session: Session, hero: str) -> None:
    top = sheet(session, hero).max_resilience
    refused(session, SetResilience(hero, top + 1), f"between 0 and {top}")
    refused(session, SetResilience(hero, -1), "between 0")
    record = session.apply(SetResilience(hero, 0, "fell from the cliff"))
    assert isinstance(record, songs.ResilienceRecord) and record.reached_zero
    assert "resilience trial is due" in session.campaign.journal[-1].text
    session.apply(SetResilience(hero, 2))
    session.apply(SetMaxResilience(hero, 1))
    assert (sheet(session, hero).max_resilience, sheet(session, hero).resilience) == (1, 1)
    refused(session, SetMaxResilience(hero, 0), "between 1 and 99")
    refused(session, SetMaxResilience(hero, 100), "between 1 and 99")


def test_tending_wounds_needs_incapacitation_and_room(session: Session, hero: str) -> None:
    refused(session, TendWounds(hero, "Scar"), "not incapacitated")
    session.apply(SetResilience(hero, 0))
    session.campaign.character(hero).sheet.incapacitated = True  # a failed resilience trial
    refused(session, SetResilience(hero, 3), "tend their wounds first")
    refused(session, TendWounds(hero, "Shattered", 6), "free slot")
    record = session.apply(TendWounds(hero, "Limp", 2))
    assert isinstance(record, songs.TendRecord)
    s = sheet(session, hero)
    assert (s.resilience, s.incapacitated) == (1, False)
    assert s.inventory[-1].name == "Limp" and s.inventory[-1].slots == 2


# -- armor, weapons and inventory -----------------------------------------------------------------


def test_armor_steps_down_breaks_and_repairs(session: Session, hero: str) -> None:
    session.apply(EquipArmor(hero, 6))
    refused(session, EquipArmor(hero, 6), "already wears undamaged d6")
    refused(session, EquipArmor(hero, 8), "The armor is rated d4, d6")
    refused(session, RepairGear(hero), "not damaged")
    record = session.apply(DamageGear(hero))
    assert (record.before, record.after) == (Die.D6, Die.D4)
    session.apply(DamageGear(hero))
    assert sheet(session, hero).armor.damage == 2
    refused(session, DamageGear(hero), "already broken")
    record = session.apply(RepairGear(hero))
    assert record.repaired and sheet(session, hero).armor.damage == 0


def test_weapons_by_position_even_with_twin_names(session: Session, hero: str) -> None:
    session.apply(AddWeapon(hero, "Knife", 4))
    session.apply(AddWeapon(hero, "Knife", 8))
    session.apply(DamageGear(hero, 2))  # the second knife, not the first
    inv = sheet(session, hero).inventory
    assert [(e.name, e.weapon.die, e.weapon.damage) for e in inv if e.weapon] == [
        ("Axe", 6, 0),
        ("Knife", 4, 0),
        ("Knife", 8, 1),
    ]
    session.apply(RepairGear(hero, 2))
    session.apply(EditEntry(hero, 1, name="Skinning knife", note="bone handle"))
    session.apply(DropEntry(hero, 2))
    inv = sheet(session, hero).inventory
    assert [(e.name, e.note) for e in inv] == [("Axe", ""), ("Skinning knife", "bone handle")]
    refused(session, AddWeapon(hero, "Greatsword", 20), "d4, d6, d8, d10, d12")
    refused(session, DamageGear(hero, 7), "has no entry 8")


def test_six_slots_and_never_a_seventh(session: Session, hero: str) -> None:
    session.apply(AddCondition(hero, "Broken arm", 3, "splinted"))
    session.apply(AddItem(hero, "Rope"))
    session.apply(AddItem(hero, "Lantern"))
    inv = sheet(session, hero).inventory
    assert sum(e.slots for e in inv) == 6
    refused(session, AddItem(hero, "Bread"), "0 free slots of 6")
    refused(session, AddCondition(hero, "Fever"), "drop something or clear a condition")
    refused(session, AddCondition(hero, "Doom", 7), "from 1 to 6 slots")
    refused(session, DropEntry(hero, 1), "is a condition")
    refused(session, ClearCondition(hero, 2), "not a condition: drop it instead")
    refused(session, AddItem(hero, "  "), "needs a name")
    session.apply(ClearCondition(hero, 1))
    assert [e.name for e in sheet(session, hero).inventory] == ["Axe", "Rope", "Lantern"]
    assert "cleared condition Broken arm (3 slots)" in session.campaign.journal[-1].text


# -- experience -----------------------------------------------------------------------------------


def test_full_track_brings_the_blessing_from_the_shared_deck(session: Session, hero: str) -> None:
    for _ in range(7):
        session.apply(MarkXp(hero))
    before = to_rules_character(session.campaign.character(hero))
    discard = list(table_of(session.campaign).discard)
    record = session.apply(MarkXp(hero))
    assert isinstance(record, songs.XpRecord) and record.after == 0
    [blessing] = record.blessings
    cards = [c.code for c in blessing.reveal.cards]
    assert len(cards) == 5 and table_of(session.campaign).discard[-5:] == cards
    assert table_of(session.campaign).discard[: len(discard)] == discard
    after = sheet(session, hero)
    for change in blessing.attributes:
        gain = {"H": 2, "D": 1}.get(change.card.code[-1], 0)
        assert getattr(after.attributes, change.attribute.value) == min(
            10, before.attributes[change.attribute] + gain
        )
    assert after.max_resilience == blessing.max_after and after.xp == 0
    assert "Blessing of the Bear" in session.campaign.journal[-1].text
    assert_52(session)


def test_clearing_xp_and_no_ninth_box(session: Session, hero: str) -> None:
    refused(session, ClearXp(hero), "already empty")
    session.apply(MarkXp(hero, 3))
    refused(session, ClearXp(hero, 4), "Only 3 XP boxes are marked")
    refused(session, MarkXp(hero, 9), "between 1 and 8")
    session.apply(ClearXp(hero, 2))
    assert sheet(session, hero).xp == 1


def test_owl_insight_burns_a_card_once_a_session(session: Session) -> None:
    cid = session.apply(QuickCharacter("Oda", vanori="owl")).character.id
    hand = deal(session, cid, 2)
    refused(session, OwlInsight(cid, "ZZ"), "not a playing card")
    other = next(c.code for c in FULL_DECK if c.code not in hand)
    refused(session, OwlInsight(cid, other), "not in")
    session.apply(OwlInsight(cid, hand[0]))
    assert sheet(session, cid).xp == 2 and sheet(session, cid).owl_used_this_session
    assert table_of(session.campaign).hands[cid] == hand[1:]
    assert table_of(session.campaign).discard[-1] == hand[0]
    refused(session, OwlInsight(cid, hand[1]), "already used the Owl's gift")
    assert_52(session)


def test_only_an_owl_has_the_owls_gift(session: Session, hero: str) -> None:
    [card] = deal(session, hero, 1)
    refused(session, OwlInsight(hero, card), "Vanori is the Bear, which has no such gift")


# -- undo and redo --------------------------------------------------------------------------------


def test_undo_and_redo_of_every_edit_are_exact(session: Session, hero: str) -> None:
    deal(session, hero, 1)
    ops: list[Operation] = [
        EditDetails(hero, name="Astrid U.", player="Ren", pronouns="she/her"),
        EditNotes(hero, "notes"),
        SetAttribute(hero, "strength", 4),
        SetVanori(hero, VanoriSpec("ox")),
        SetResilience(hero, 1),
        SetMaxResilience(hero, 20),
        EquipArmor(hero, 6),
        DamageGear(hero),
        RepairGear(hero),
        AddWeapon(hero, "Bow", 8),
        DamageGear(hero, 1),
        AddItem(hero, "Rope"),
        AddCondition(hero, "Cold", 2),
        EditEntry(hero, 2, name="Walrus rope"),
        DropEntry(hero, 2),
        ClearCondition(hero, 2),
        MarkXp(hero, 8),
        MarkXp(hero, 2),
        ClearXp(hero, 1),
    ]
    states = [dump(session)]
    for op in ops:
        session.apply(op)
        states.append(dump(session))
        assert_52(session)
    for state in reversed(states[:-1]):
        assert session.undo()
        assert dump(session) == state
    for state in states[1:]:
        assert session.redo()
        assert dump(session) == state


def test_blessing_redo_reveals_the_same_cards(session: Session, hero: str) -> None:
    session.apply(MarkXp(hero, 7))
    first = session.apply(MarkXp(hero))
    session.undo()
    again = session.apply(MarkXp(hero))  # same generator state: the same cards come up
    assert [c.code for c in again.blessings[0].reveal.cards] == [
        c.code for c in first.blessings[0].reveal.cards
    ]


def test_engine_agrees_on_a_sheet_after_edits(session: Session, hero: str) -> None:
    session.apply(AddCondition(hero, "Cold", 2))
    session.apply(DamageGear(hero, 0))
    sc = to_rules_character(session.campaign.character(hero))
    songs.check_character(sc)
    assert sc.free_slots == 3
    weapon = sc.weapons[0].weapon
    assert weapon is not None and weapon.current is Die.D4 and weapon.damaged
