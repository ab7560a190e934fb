"""The Journal dock: new entries, filters, search, notes, undo and redo, Markdown, long journals."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.combat import Attack, ResolveAttack, RollSetup, StartCombat
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.journal import JournalFeature, install_journal, journal_markdown
from saga_desktop.ui.journal.markdown import escape
from saga_desktop.ui.journal.model import ENTRY_ROLE, HIGHLIGHT_ROLE, META_ROLE
from saga_desktop.ui.journal.note_dialog import NoteDialog
from tests.model.conftest import StepClock as Clock


def texts(feature: JournalFeature) -> list[str]:
    proxy = feature.panel.proxy
    return [str(proxy.index(r, 0).data()) for r in range(proxy.rowCount())]


def fight(session: Session) -> None:
    """Start a fight and make one attack (the party acts first or not: any order works here)."""
    session.apply(StartCombat(("wolves", "draugr")))
    combat = session.campaign.play.combat
    assert combat is not None
    if combat.turn == "enemies":
        from saga_desktop.model.songs.ops.combat import EndTurn

        session.apply(EndTurn())
    session.apply(Attack("pc1", "wolves", RollSetup("strength", risk=2), weapon="Axe"))
    session.apply(ResolveAttack())


def test_new_entries_appear_highlighted(
    qtbot: QtBot, journal: JournalFeature, session: Session
) -> None:
    panel = journal.panel
    assert journal.dock.objectName() == "journal"
    assert texts(journal) == ["Sigrid joins the party.", "Bjorn joins the party."]
    fight(session)
    rows = texts(journal)
    assert rows[-1] == session.campaign.journal[-1].text
    assert "Initiative" in rows[2]
    last = panel.proxy.index(len(rows) - 1, 0)
    assert last.data(HIGHLIGHT_ROLE) is True
    assert panel.proxy.index(0, 0).data(HIGHLIGHT_ROLE) is False
    meta = str(last.data(META_ROLE))
    assert meta.startswith("Day 0") and "Sigrid" in meta and "Attack" in meta
    assert "1 new entry" in panel.status.text()


def test_filters_and_search(qtbot: QtBot, journal: JournalFeature, session: Session) -> None:
    panel = journal.panel
    fight(session)
    session.apply(AddNote("Bjorn swears the draugr <b>smiled</b>.", "pc2"))
    kinds = [panel.kind.itemData(i) for i in range(panel.kind.count())]
    assert {"attack", "combat", "note", "character"} <= set(kinds)
    panel.set_filters(kind="attack")
    assert all("attack" in t for t in texts(journal)) and len(texts(journal)) == 2
    assert "2 of" in panel.status.text()
    panel.set_filters(character="pc2")
    assert texts(journal) == ["Bjorn joins the party.", "Bjorn swears the draugr <b>smiled</b>."]
    panel.set_filters()
    qtbot.keyClicks(panel.search, "draugr smiled")
    assert texts(journal) == ["Bjorn swears the draugr <b>smiled</b>."]
    panel.search.clear()
    assert len(texts(journal)) == len(session.campaign.journal)


def test_undo_and_redo_move_through_the_journal(
    qtbot: QtBot, journal: JournalFeature, session: Session
) -> None:
    panel = journal.panel
    fight(session)
    count = len(session.campaign.journal)
    removed: list[object] = []
    panel.model.rowsRemoved.connect(lambda *_a: removed.append(1))
    resets: list[object] = []
    panel.model.modelReset.connect(lambda: resets.append(1))
    session.undo()
    assert len(texts(journal)) == count - 1
    assert removed and "Undid Settle attack: 1 entry removed" in panel.status.text()
    highlighted = [
        r for r in range(panel.proxy.rowCount()) if panel.proxy.index(r, 0).data(HIGHLIGHT_ROLE)
    ]
    assert highlighted == [count - 2]
    session.redo()
    assert texts(journal)[-1] == session.campaign.journal[-1].text
    assert "Redid Settle attack: 1 new entry" in panel.status.text()
    assert not resets  # incremental, never a reset


def test_notes_are_added_edited_and_deleted(
    qtbot: QtBot, journal: JournalFeature, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel = journal.panel

    def fill(self: NoteDialog) -> int:
        self.text.setPlainText("The ford is guarded by *two* watchers.")
        self.character.setCurrentIndex(self.character.findData("pc1"))
        return NoteDialog.DialogCode.Accepted.value

    monkeypatch.setattr(NoteDialog, "exec", fill)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    entry = session.campaign.journal[-1]
    assert entry.kind == "note" and entry.character == "pc1"
    assert texts(journal)[-1] == "The ford is guarded by *two* watchers."
    row = panel.select_row(len(session.campaign.journal) - 1)
    assert row.data(ENTRY_ROLE) == entry
    assert panel.edit_button.isEnabled() and panel.delete_button.isEnabled()
    assert panel.edit_note("The ford is guarded by three watchers.")
    assert texts(journal)[-1] == "The ford is guarded by three watchers."
    assert "changed" in panel.status.text()
    assert panel.delete_note(confirm=False)
    assert all("ford" not in t for t in texts(journal))
    session.undo()
    assert texts(journal)[-1] == "The ford is guarded by three watchers."
    panel.select_row(0)
    assert not panel.edit_button.isEnabled()  # a joining line is not a note


def test_export_markdown(
    qtbot: QtBot,
    journal: JournalFeature,
    session: Session,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fight(session)
    session.apply(AddNote("# not a heading\n- not a list *or emphasis* <script>", "pc2"))
    target = tmp_path / "saga"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), "Markdown (*.md)")
    )
    path = journal.panel.ask_export()
    assert path == tmp_path / "saga.md"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Fight — journal\n")
    assert "## Day 0" in text
    assert "\\# not a heading" in text and "\\- not a list \\*or emphasis\\* \\<script\\>" in text
    assert session.campaign.journal[-2].text.split(":")[0] in text
    assert text.count("\n- **") == len(session.campaign.journal)
    journal.panel.set_filters(kind="note")
    journal.panel.export_to(path)
    filtered = path.read_text(encoding="utf-8")
    assert "(filtered)" in filtered and filtered.count("\n- **") == 1


def test_markdown_writer() -> None:
    at = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    entries = [
        JournalEntry(id=1, at=at, kind="note", text="Landfall.", day=0),
        JournalEntry(
            id=2, at=at, kind="attack", text="d20 14 + 3 = 17 vs DR 12", character="pc1", day=2
        ),
        JournalEntry(id=3, at=at, kind="note", text="two\nlines", region=4, day=2),
    ]
    text = journal_markdown("Saga_1", entries, {"pc1": "Sigrid"})
    lines = text.splitlines()
    assert lines[0] == "# Saga\\_1 — journal"
    assert "## Day 0" in lines and "## Day 2" in lines
    assert any(line.endswith("— Landfall.") for line in lines)
    assert any("Sigrid · Attack** — d20 14 + 3 = 17 vs DR 12" in line for line in lines)
    assert "region 4" in text and "two  \n  lines" in text
    assert journal_markdown("Empty", [], {}).endswith("The journal is empty.\n")
    assert escape("1. first") == "1\\. first"


def test_a_long_journal_stays_fast(qtbot: QtBot) -> None:
    campaign = new_campaign("Long", rng=random.Random(1), now=datetime(2026, 1, 1, tzinfo=UTC))
    start = datetime(2026, 1, 1, tzinfo=UTC)
    campaign.journal = [
        JournalEntry(
            id=i + 1,
            at=start + timedelta(minutes=i),
            kind="note" if i % 3 else "trial",
            text=f"Entry {i}: d20 {i % 20 + 1} vs DR 12 (7♥, K♠), a longer line to wrap " * 2,
            day=i // 100,
        )
        for i in range(6000)
    ]
    session = Session(campaign, clock=Clock())
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_journal(window, SessionBridge(session))
    window.resize(520, 800)
    window.show()
    qtbot.waitExposed(window)
    resets: list[int] = []
    inserted: list[tuple[int, int]] = []
    feature.panel.model.modelReset.connect(lambda: resets.append(1))
    feature.panel.model.rowsInserted.connect(lambda _p, a, b: inserted.append((a, b)))
    began = time.perf_counter()
    for n in range(20):
        session.apply(AddNote(f"Note {n}"))
    for _ in range(20):
        session.undo()
    elapsed = time.perf_counter() - began
    assert not resets and inserted == [(6000 + n, 6000 + n) for n in range(20)]
    assert feature.panel.model.rowCount() == 6000
    assert elapsed < 5.0, f"40 changes to a 6000-entry journal took {elapsed:.2f}s"
