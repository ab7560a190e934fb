"""The journal list follows each change from the entries the report names, not the whole journal."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.changes import Changes
from saga_desktop.model.ops.journal import AddNote, DeleteNote, EditNote
from saga_desktop.model.session import Session
from saga_desktop.ui.journal import rows
from saga_desktop.ui.journal.model import JournalModel, Sync
from tests.model.conftest import make_session


def _session(ids: list[int]) -> Session:
    session = make_session()
    at = datetime(2026, 1, 1, tzinfo=UTC)
    session.campaign.journal = [
        JournalEntry(id=i, at=at + timedelta(minutes=i), kind="note", text=f"Note {i}", day=0)
        for i in ids
    ]
    return Session(session.campaign)


def _play(session: Session, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for n in range(steps):
        notes = [e for e in session.campaign.journal if e.kind == "note"]
        roll = rng.random()
        if roll < 0.3 or not notes:
            session.apply(AddNote(f"Step {n}"))
        elif roll < 0.5:
            session.apply(EditNote(rng.choice(notes).id, f"Edited at {n}"))
        elif roll < 0.65:
            session.apply(DeleteNote(rng.choice(notes).id))
        elif roll < 0.85:
            session.undo()
        else:
            session.redo()


@pytest.mark.parametrize("ids", [list(range(1, 41)), [5, 2, 9, 1, 7, 30, 12]])
def test_following_the_reports_matches_comparing_the_whole_journal(
    qtbot: QtBot, ids: list[int]
) -> None:
    session = _session(ids)
    followed, compared = JournalModel(), JournalModel()
    for model in (followed, compared):
        model.reset(session.campaign)
    syncs: list[tuple[Sync, Sync]] = []

    def follow(changes: Changes) -> None:
        syncs.append((followed.sync(session.campaign, changes), compared.sync(session.campaign)))
        assert list(followed.entries) == list(session.campaign.journal)
        assert followed.kinds() == compared.kinds()

    session.subscribe(follow)
    _play(session, 150, seed=len(ids))
    assert len(syncs) > 100
    for mine, whole in syncs:
        assert mine == whole
    assert all(a is b for a, b in zip(followed.entries, compared.entries, strict=True))


def test_a_change_to_a_long_journal_compares_nothing_whole(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _session(list(range(1, 5001)))
    model = JournalModel()
    model.reset(session.campaign)
    session.subscribe(lambda changes: model.sync(session.campaign, changes))

    def whole(*_args: object) -> tuple[int, int]:
        raise AssertionError("the whole journal was compared")

    monkeypatch.setattr(rows, "common_ends", whole)
    session.apply(AddNote("A new line"))
    session.apply(EditNote(2500, "The middle, rewritten"))
    session.apply(DeleteNote(40))
    session.undo()
    session.undo()
    session.redo()
    assert list(model.entries) == list(session.campaign.journal)
    assert model.entry(2499).text == "The middle, rewritten"
    assert model.row_of(40) == 39 and model.row_of(5001) == 5000
    session.redo()  # the note is deleted again
    assert model.row_of(40) is None and model.row_of(41) == 39


def test_a_long_journal_shows_its_newest_line_once_laid_out(qtbot: QtBot) -> None:
    """The list lays a long journal out a batch at a time; the scroll waits for the last batch."""
    from PySide6.QtWidgets import QMainWindow

    from saga_desktop.ui.bridge import SessionBridge
    from saga_desktop.ui.journal import install_journal

    session = _session(list(range(1, 3001)))
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_journal(window, SessionBridge(session))
    window.resize(520, 700)
    window.show()
    qtbot.waitExposed(window)
    panel = feature.panel
    bar = panel.view.verticalScrollBar()

    def newest_shown() -> bool:
        last = panel.proxy.index(panel.proxy.rowCount() - 1, 0)
        rect = panel.view.visualRect(last)
        return rect.isValid() and panel.view.viewport().rect().intersects(rect)

    qtbot.waitUntil(newest_shown)  # after opening, the list starts at its end
    session.apply(AddNote("The newest line, far below the first batch"))

    def laid_out() -> bool:
        last = panel.proxy.index(panel.proxy.rowCount() - 1, 0)
        return panel.view.rectForIndex(last).isValid()

    qtbot.waitUntil(laid_out)
    assert bar.maximum() > 100_000 and bar.value() == bar.maximum()
    assert newest_shown()
