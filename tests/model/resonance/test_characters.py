"""Creation, stats, rests, adversaries and scenes; the saved file and its invariants."""

from __future__ import annotations

import pytest

from saga_desktop.model.campaign import Campaign, check_campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.resonance.ops.adversaries import (
    AddAdversary,
    EditAdversary,
    RemoveAdversary,
)
from saga_desktop.model.resonance.ops.characters import (
    CreateCharacter,
    EditDetails,
    EditStats,
    NewScene,
    Rest,
)
from saga_desktop.model.resonance.ops.checks import BeginCheck, PlayCard
from saga_desktop.model.resonance.state import ResonanceOptions, play_of, sheet_of
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import view_for
from saga_desktop.rules import resonance
from tests.model.resonance.helpers import cards, dump, make_session


def test_creation_spends_exactly_the_budget() -> None:
    s = make_session(characters=0)
    before = dump(s)
    for bad in ((5, 5, 1, 2), (6, 2, 2, 2), (3, 3, 3, 2)):
        with pytest.raises(OperationError, match=r"add up|between"):
            s.apply(CreateCharacter("Mira", bad))
        assert dump(s) == before
    cid = s.apply(CreateCharacter("Mira", (5, 3, 2, 2), pronouns="she/her"))
    sheet = sheet_of(s.campaign.character(cid))
    assert (sheet.heart, sheet.body, sheet.mind, sheet.spirit) == (5, 3, 2, 2)
    assert len(cards(s, cid)[0]) == 52


def test_options_are_checked_by_the_engine_and_explained() -> None:
    with pytest.raises(ValueError):
        ResonanceOptions(creation_points=21)
    for name, info in ResonanceOptions.model_fields.items():
        assert info.description and len(info.description) > 30, name


def test_edit_stats_and_details() -> None:
    s = make_session()
    s.apply(EditStats("pc1", (5, 3, 3, 3)))
    assert sheet_of(s.campaign.character("pc1")).heart == 5
    with pytest.raises(OperationError, match="between"):
        s.apply(EditStats("pc1", (6, 3, 3, 3)))
    with pytest.raises(OperationError, match="Nothing"):
        s.apply(EditStats("pc1", (5, 3, 3, 3)))
    s.apply(EditDetails("pc1", concept="Bell-ringer"))
    assert sheet_of(s.campaign.character("pc1")).concept == "Bell-ringer"
    s.apply(BeginCheck("pc1", resonance.Stat.BODY, dc=5))
    with pytest.raises(OperationError, match="waiting"):
        s.apply(EditStats("pc1", (4, 3, 3, 3)))


def test_rest_shuffles_fatigue_back() -> None:
    s = make_session()
    with pytest.raises(OperationError, match="no fatigue"):
        s.apply(Rest("pc1"))
    p = s.apply(BeginCheck("pc1", resonance.Stat.BODY, dc=5))
    s.apply(PlayCard(p.draw.cards[0]))
    record = s.apply(Rest("pc1"))
    assert record.recovered == 1 and len(cards(s, "pc1")[0]) == 52


def test_adversaries_and_their_secret_notes() -> None:
    s = make_session()
    foe = s.apply(AddAdversary("Quell", 9, 13, notes="owes the keeper"))
    with pytest.raises(OperationError):
        s.apply(AddAdversary("Giant", 50))
    s.apply(EditAdversary(foe, guard=11))
    assert play_of(s.campaign).adversaries[0].guard == 11
    table = view_for(s.campaign, Viewer.TABLE).play
    assert table["adversaries"][0]["notes"] == ""  # type: ignore[index]
    assert view_for(s.campaign, Viewer.GM).play["adversaries"][0]["notes"]  # type: ignore[index]
    s.apply(RemoveAdversary(foe))
    assert play_of(s.campaign).adversaries == []


def test_scene_counters() -> None:
    s = make_session()
    assert s.apply(NewScene()) == 2
    s.apply(NewScene(session=True))
    play = play_of(s.campaign)
    assert (play.session_number, play.scene_number) == (2, 1)


def test_save_and_load_round_trip_with_a_check_waiting() -> None:
    from saga_desktop.storage import decode, encode

    s = make_session()
    s.apply(BeginCheck("pc2", resonance.Stat.SPIRIT, dc=10))
    assert decode(encode(s.export()))[0] == s.export()


def test_loading_checks_that_the_waiting_check_matches_the_piles() -> None:
    s = make_session()
    s.apply(BeginCheck("pc1", resonance.Stat.BODY, dc=10))
    data = s.export().model_dump(mode="json")
    deck, drawn = data["piles"]["deck:pc1"], data["piles"]["drawn:pc1"]
    deck.append(drawn.pop())
    with pytest.raises(ValueError, match="drawn cards do not match"):
        check_campaign(Campaign.model_validate(data))
    data = s.export().model_dump(mode="json")
    data["play"]["pending"]["draw"]["stat_value"] = 1
    with pytest.raises(ValueError):
        check_campaign(Campaign.model_validate(data))
    data = s.export().model_dump(mode="json")
    data["characters"][0]["sheet"]["heart"] = 6
    with pytest.raises(ValueError):
        Campaign.model_validate(data)
