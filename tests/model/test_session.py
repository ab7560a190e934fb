"""The one change path: apply, refuse, undo, redo, reports, the saved marker."""

from __future__ import annotations

import pytest

from saga_desktop.i18n.words import english
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.campaign import EditCampaign
from saga_desktop.model.ops.characters import AddCharacter, EditCharacter, RemoveCharacter
from saga_desktop.model.ops.journal import AddNote, DeleteNote, EditNote
from saga_desktop.model.session import Session
from saga_desktop.model.songs.table import table_of


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


def test_apply_reports_what_changed(session: Session) -> None:
    reports: list[Changes] = []
    session.subscribe(reports.append)
    cid = session.apply(AddCharacter("Astrid", "Ren"))
    assert cid == "pc1"
    [report] = reports
    assert report.cause is Cause.APPLY
    assert english(report.label or "") == "Add Astrid"
    assert Aspect.CHARACTERS in report and Aspect.TABLE in report and Aspect.JOURNAL in report
    assert Aspect.REGIONS not in report
    assert report.characters == {"pc1"}
    assert session.campaign.journal[-1].text == "Astrid joins the party."


def test_refused_operation_changes_nothing(session: Session) -> None:
    session.apply(AddCharacter("Astrid"))
    before = dump(session)
    with pytest.raises(OperationError, match="at most 120 characters"):
        session.apply(EditCharacter("pc1", name="x" * 121))
    with pytest.raises(OperationError, match="not in this campaign"):
        session.apply(RemoveCharacter("nobody"))
    with pytest.raises(OperationError, match="needs some text"):
        session.apply(AddNote("   "))
    assert dump(session) == before
    assert english(session.undo_label or "") == "Add Astrid"


def test_safety_net_catches_invalid_state(session: Session) -> None:
    """An operation that slips an invalid value past its own checks is still refused."""
    from dataclasses import dataclass

    from saga_desktop.model.operation import Context, Operation

    @dataclass(frozen=True)
    class Sneaky(Operation):
        label = "Sneaky"  # type: ignore[assignment]

        def apply(self, ctx: Context) -> None:
            ctx.campaign.characters[0].sheet.xp = 9

    session.apply(AddCharacter("Astrid"))
    before = dump(session)
    with pytest.raises(OperationError, match=r"xp"):
        session.apply(Sneaky())
    assert dump(session) == before


def test_undo_redo_exact(session: Session) -> None:
    start = dump(session)
    session.apply(AddCharacter("Astrid"))
    first = dump(session)
    session.apply(AddNote("We land at dawn."))
    middle = dump(session)
    session.apply(EditCampaign("Renamed", "new words"))
    end = dump(session)
    assert english(session.undo_label or "") == "Edit campaign details"
    assert session.undo() and session.undo() is True
    assert dump(session) == first
    assert english(session.redo_label or "") == "Add journal note"
    assert session.undo() is True
    assert dump(session) == start
    assert session.undo() is False
    session.redo()
    session.redo()
    assert dump(session) == middle
    session.redo()
    assert dump(session) == end
    assert session.redo() is False


def test_redo_replays_the_same_outcome(session: Session) -> None:
    """Undo is no way to reroll: the generator's state is part of the snapshot."""
    session.apply(AddCharacter("Astrid"))
    session.rng.random()
    session.undo()
    session.redo()
    after_redo = dump(session)
    session.undo()
    session.redo()
    assert dump(session) == after_redo


def test_modified_follows_the_saved_state(session: Session) -> None:
    assert not session.modified
    session.apply(AddNote("one"))
    assert session.modified
    session.mark_saved()
    assert not session.modified
    session.apply(AddNote("two"))
    assert session.modified
    session.undo()
    assert not session.modified
    session.undo()
    assert session.modified
    session.redo()
    assert not session.modified
    session.undo()
    session.apply(AddNote("branch"))  # the saved state is gone from history now
    assert session.modified
    session.undo()
    assert session.modified


def test_notes_can_be_edited_and_deleted_but_not_events(session: Session) -> None:
    session.apply(AddCharacter("Astrid"))
    session.apply(AddNote("first words"))
    note = session.campaign.journal[-1]
    session.apply(EditNote(note.id, "better words"))
    assert session.campaign.journal[-1].text == "better words"
    event = session.campaign.journal[0]
    with pytest.raises(OperationError, match="Only notes"):
        session.apply(EditNote(event.id, "rewrite history"))
    session.apply(DeleteNote(note.id))
    assert all(e.id != note.id for e in session.campaign.journal)
    session.undo()
    assert session.campaign.journal[-1].text == "better words"


def test_remove_character_returns_cards(session: Session) -> None:
    session.apply(AddCharacter("Astrid"))
    piles = session.campaign.piles
    piles["hand:pc1"] = [piles["draw"].pop(), piles["draw"].pop()]  # a hand won earlier
    held = list(piles["hand:pc1"])
    session.apply(RemoveCharacter("pc1"))
    assert "pc1" not in table_of(session.campaign).hands
    assert table_of(session.campaign).discard[-2:] == held
    session.undo()
    assert table_of(session.campaign).hands["pc1"] == held


def test_unsubscribe(session: Session) -> None:
    seen: list[Changes] = []
    stop = session.subscribe(seen.append)
    session.apply(AddNote("a"))
    stop()
    session.apply(AddNote("b"))
    assert len(seen) == 1


def test_edited_notes_are_checked_like_new_ones(session: Session) -> None:
    session.apply(AddNote("plain words"))
    entry = session.campaign.journal[-1]
    before = dump(session)
    with pytest.raises(OperationError, match="control characters"):
        session.apply(EditNote(entry.id, "escape \x1b sequence"))
    assert dump(session) == before


def test_reports_carry_a_revision_and_who_made_the_change(session: Session) -> None:
    seen: list[Changes] = []
    session.subscribe(seen.append)
    session.apply(AddCharacter("Astrid"))
    session.apply(AddCharacter("Bjorn"), author="seat-2")
    session.undo()
    session.redo()
    assert [c.revision for c in seen] == [1, 2, 3, 4] and session.revision == 4
    assert [c.author for c in seen[:2]] == ["gm", "seat-2"]
    with pytest.raises(OperationError):
        session.apply(RemoveCharacter("nobody"))
    assert session.revision == 4, "a refused operation is no change"
