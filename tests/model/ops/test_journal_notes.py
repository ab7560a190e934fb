"""Editing and deleting a note finds it by id, not by a walk of the journal."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops import journal as journal_ops
from saga_desktop.model.ops.journal import DeleteNote, EditNote
from saga_desktop.model.session import Session
from tests.model.conftest import make_session


def _with_notes(ids: list[int]) -> Session:
    session = make_session()
    at = datetime(2026, 1, 1, tzinfo=UTC)
    session.campaign.journal = [
        JournalEntry(id=i, at=at, kind="note", text=f"Note {i}", day=0) for i in ids
    ]
    return Session(session.campaign)


def _refuse_walks(monkeypatch: pytest.MonkeyPatch) -> None:
    def walk(*_args: object) -> object:
        raise AssertionError("the journal was walked to find one entry")

    monkeypatch.setattr(journal_ops, "enumerate", walk, raising=False)


def test_a_note_of_a_long_journal_is_found_without_a_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    session = _with_notes(list(range(1, 3001)))
    _refuse_walks(monkeypatch)
    session.apply(EditNote(1234, "The bells ring twice."))
    assert session.campaign.journal[1233].text == "The bells ring twice."
    session.apply(DeleteNote(17))
    assert [e.id for e in session.campaign.journal[15:17]] == [16, 18]
    with pytest.raises(OperationError, match="no longer exists"):
        session.apply(EditNote(17, "gone"))
    session.undo()
    assert session.campaign.journal[16].id == 17


def test_a_journal_out_of_id_order_still_finds_its_notes() -> None:
    session = _with_notes([5, 2, 9, 1, 7])
    session.apply(EditNote(1, "First, but fourth."))
    assert session.campaign.journal[3].text == "First, but fourth."
    session.apply(DeleteNote(9))
    assert [e.id for e in session.campaign.journal] == [5, 2, 1, 7]
    with pytest.raises(OperationError, match="no longer exists"):
        session.apply(DeleteNote(3))
