"""A character the GM sent back is made again from its own cards and rolls; the GM sees changes."""

from __future__ import annotations

import pytest

from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.characters import AcceptCharacter, SendBackCharacter
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.drafts import CreationMove, FinishCreation
from saga_desktop.model.songs.ops.remake import RemakeCreation, creation_record, what_changed
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.visibility import visible_journal


def made(s: Session) -> str:
    for move in ("reveal", "roll_vanori", "roll_resilience"):
        s.apply(CreationMove("Kari", move))
    record = s.apply(FinishCreation("Kari", "Sigrun", "Spear", submit=True))
    return str(record.character.id)


def test_a_remade_character_keeps_its_cards_and_rolls_and_says_what_changed() -> None:
    s = build_sample()
    cid = made(s)
    with pytest.raises(OperationError, match="was not sent back"):
        s.apply(RemakeCreation("Kari", cid))
    s.apply(SendBackCharacter(cid, "Another weapon, please"))
    with pytest.raises(OperationError, match="is not Ren's character"):
        s.apply(RemakeCreation("Ren", cid))
    piles, state = s.campaign.model_dump()["piles"], s.rng.getstate()
    draft = s.apply(RemakeCreation("kari", cid))
    assert draft.moves == ["reveal", "roll_vanori", "choose_vanori", "roll_resilience"]
    with pytest.raises(OperationError, match="already rolled"):
        s.apply(CreationMove("Kari", "roll_vanori"))
    with pytest.raises(OperationError, match="already has a character in the making"):
        s.apply(RemakeCreation("Kari", cid))
    s.apply(FinishCreation("Kari", "Sigrun", "Bow", submit=True, replaces=cid))
    assert s.campaign.model_dump()["piles"] == piles and s.rng.getstate() == state
    details = creation_record(s.campaign, cid)
    assert details is not None and details["was"]["reason"] == "Another weapon, please"  # type: ignore[index]
    assert what_changed(details) == ["Weapon: Spear → Bow"]
    assert s.undo() and s.undo()  # the GM rewinds: sent back again, no draft
    assert s.campaign.character(cid).status == "returned"


def test_a_character_sent_back_and_started_afresh_is_still_compared() -> None:
    s = build_sample()
    cid = made(s)
    s.apply(SendBackCharacter(cid, "Start again, please"))
    s.apply(CreationMove("Kari", "reveal"))  # afresh: new cards
    s.apply(CreationMove("Kari", "choose_vanori", vanori="elk"))
    s.apply(CreationMove("Kari", "roll_resilience"))
    s.apply(FinishCreation("Kari", "Sigrun", "Spear", submit=True, replaces=cid))
    details = creation_record(s.campaign, cid)
    assert details is not None
    changed = what_changed(details)
    assert changed  # compared with the version sent back (None: not compared at all)


def test_no_line_about_a_character_before_the_gms_yes_reaches_another_viewer() -> None:
    s = build_sample()
    cid = made(s)
    s.apply(SendBackCharacter(cid, "Another weapon, please"))
    s.apply(RemakeCreation("Kari", cid))
    s.apply(FinishCreation("Kari", "Sigrun", "Bow", submit=True, replaces=cid))
    others = [e.said for e in visible_journal(s.campaign, Viewer.TABLE)]
    assert not [t for t in others if "Sigrun" in t]  # made, sent back, withdrawn, made again
    mine = [e.said for e in visible_journal(s.campaign, Viewer.player(cid))]
    assert any("withdrawn" in t for t in mine) and any("sends Sigrun back" in t for t in mine)
    s.apply(AcceptCharacter(cid))
    others = [e.said for e in visible_journal(s.campaign, Viewer.TABLE)]
    assert [t for t in others if "Sigrun" in t] == ["The GM accepts Sigrun: they join the party."]
