"""The main window through real widgets: files, title, undo labels, closing, dropping, layout."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QDialog, QDockWidget, QLabel
from pytestqt.qtbot import QtBot

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import sample_campaign
from saga_desktop.storage import load_campaign, paths, save_campaign
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button


def make_window(
    qtbot: QtBot, session: Session | None = None, path: Path | None = None
) -> MainWindow:
    session = session or Session(sample_campaign())
    bridge = SessionBridge(session)
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir()), path
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    return window


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows closed by qtbot at teardown must not stop on the unsaved-changes question."""
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    monkeypatch.setattr(
        files_module,
        "show_error",
        lambda _p, title, text, detail="": seen.append(f"{title}|{text}|{detail}"),
    )
    return seen


def answer(monkeypatch: pytest.MonkeyPatch, button: Button) -> list[str]:
    asked: list[str] = []

    def fake_ask(_parent: object, title: str, text: str, *_a: object, **_k: object) -> Button:
        asked.append(text)
        return button

    monkeypatch.setattr(files_module, "ask", fake_ask)
    return asked


def test_title_and_undo_labels_follow_the_session(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    assert window.windowTitle() == "The Shattered Coast[*] — not saved yet — Saga Desktop"
    assert not window.isWindowModified()
    assert not window.undo_action.isEnabled()
    window.bridge.apply(AddNote("The cliffs sing at night."))
    assert window.isWindowModified()
    assert window.undo_action.text() == "&Undo Add journal note"
    window.undo_action.trigger()
    assert window.redo_action.text() == "&Redo Add journal note"
    assert not window.isWindowModified()
    window.redo_action.trigger()
    assert window.bridge.session.campaign.journal[-1].text == "The cliffs sing at night."


def test_save_open_and_recent(qtbot: QtBot, tmp_path: Path, errors: list[str]) -> None:
    window = make_window(qtbot)
    window.bridge.apply(AddNote("saved words"))
    target = tmp_path / "coast.saga"
    assert window.files._save_to(target)
    assert not window.isWindowModified()
    assert "coast.saga" in window.windowTitle()
    assert load_campaign(target).campaign.journal[-1].text == "saved words"
    assert window.files.recent()[0] == target.resolve()
    # Open a different campaign from disk.
    other = tmp_path / "other.saga"
    save_campaign(new_campaign("Another saga", rng=random.Random(2)), other)
    assert window.files.open_path(other)
    assert window.document.campaign.name == "Another saga"
    assert window.document.path == other
    assert errors == []


def test_bad_file_changes_nothing(qtbot: QtBot, tmp_path: Path, errors: list[str]) -> None:
    window = make_window(qtbot)
    bad = tmp_path / "bad.saga"
    bad.write_bytes(
        b'{"format": "saga-desktop/campaign", "format_version": 1, "campaign": {"name": 3}}'
    )
    before = bad.read_bytes()
    assert not window.files.open_path(bad)
    assert window.document.campaign.name == "The Shattered Coast"
    assert bad.read_bytes() == before
    [message] = errors
    assert "bad.saga could not be opened" in message and "campaign." in message


def test_unsaved_work_is_asked_about(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, errors: list[str]
) -> None:
    window = make_window(qtbot)
    window.show()
    window.bridge.apply(AddNote("precious"))
    asked = answer(monkeypatch, Button.Cancel)
    window.close()
    assert window.isVisible(), "cancel keeps the window open"
    assert asked and "The Shattered Coast" in asked[0]
    other = tmp_path / "o.saga"
    save_campaign(new_campaign("Other"), other)
    assert not window.files.open_path(other)
    assert window.document.campaign.journal[-1].text == "precious"
    answer(monkeypatch, Button.Discard)
    window.close()
    assert not window.isVisible()


def test_save_is_offered_before_closing(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "mine.saga"
    save_campaign(sample_campaign(), path)
    window = make_window(qtbot, Session(load_campaign(path).campaign), path)
    window.show()
    window.bridge.apply(AddNote("keep me"))
    answer(monkeypatch, Button.Save)
    window.close()
    assert load_campaign(path).campaign.journal[-1].text == "keep me"


def test_dropping_a_campaign_opens_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot)
    path = tmp_path / "dropped.saga"
    save_campaign(new_campaign("Dropped saga"), path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert window.document.campaign.name == "Dropped saga"


def test_new_campaign_dialog(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)

    def fake_exec(dialog: QDialog) -> int:
        dialog.name.setText("  Beyond the Gates ")
        dialog.description.setPlainText("A new saga")
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr("saga_desktop.ui.dialogs.NewCampaignDialog.exec", fake_exec)
    assert window.files.new()
    c = window.document.campaign
    assert (c.name, c.description, c.ruleset) == (
        "Beyond the Gates",
        "A new saga",
        "songs-and-sagas",
    )
    assert window.document.path is None
    assert window.isWindowModified()


def test_new_campaign_dialog_needs_a_name(qtbot: QtBot) -> None:
    from saga_desktop.ui.dialogs import NewCampaignDialog

    dialog = NewCampaignDialog()
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled()
    qtbot.keyClicks(dialog.name, "Saga")
    assert ok.isEnabled()
    assert [dialog.ruleset.itemData(i) for i in range(dialog.ruleset.count())] == [
        "songs-and-sagas",
        "resonance",
        "dice-pool",
    ]


def test_restore_a_backup(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    path = tmp_path / "b.saga"
    window.bridge.apply(AddNote("first save"))
    window.files._save_to(path)
    window.bridge.apply(AddNote("second save"))
    window.files._save_to(path)

    def pick_oldest(dialog: QDialog) -> int:
        dialog.list.setCurrentRow(dialog.list.count() - 1)
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr("saga_desktop.ui.dialogs.BackupDialog.exec", pick_oldest)
    assert window.files.restore_backup()
    assert window.document.campaign.journal[-1].text == "first save"
    assert window.document.path == path
    assert window.isWindowModified(), "a restored backup is unsaved until saved"
    assert load_campaign(path).campaign.journal[-1].text == "second save"


def test_close_campaign_leaves_a_fresh_one(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    window.bridge.apply(AddNote("x"))
    answer(monkeypatch, Button.Discard)
    assert window.files.close()
    assert window.document.campaign.name == "Untitled campaign"
    assert window.document.campaign.journal == []


def test_layout_and_geometry_survive_a_restart(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    def add_test_dock(window: MainWindow) -> None:
        dock = QDockWidget("Test dock", window)
        dock.setObjectName("TestDock")
        dock.setWidget(QLabel("hello"))
        window.add_dock(dock, Qt.DockWidgetArea.RightDockWidgetArea)

    monkeypatch.setattr("saga_desktop.ui.features.install_features", add_test_dock)
    first = make_window(qtbot)
    first.show()
    dock = first.findChild(QDockWidget, "TestDock")
    assert dock.toggleViewAction() in first.view_menu.actions()
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    first.resize(640, 480)
    first.save_settings()
    second = make_window(qtbot)
    second.show()
    dock2 = second.findChild(QDockWidget, "TestDock")
    assert second.dockWidgetArea(dock2) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert (second.width(), second.height()) == (640, 480)
    second.reset_layout_action.trigger()
    assert second.dockWidgetArea(dock2) == Qt.DockWidgetArea.RightDockWidgetArea


def test_help_and_about_exist(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    help_window = window.show_help()
    qtbot.addWidget(help_window)
    assert help_window.isVisible()
    assert [a.text() for a in window.help_menu.actions() if a.text()] == [
        "&Rules help",
        "Playing with a &screen reader or the keyboard",
        "&About Saga Desktop",
    ]


def test_help_pages_are_in_reading_order(qtbot: QtBot) -> None:
    from saga_desktop.ui.help import help_topics

    titles = [t for t, _ in help_topics()]
    assert titles[0] == "Welcome to Saga Desktop"
    assert "Songs & Sagas: how Saga Desktop rules the grey areas" in titles
    window = make_window(qtbot)
    help_window = window.show_help("rulings")
    qtbot.addWidget(help_window)
    assert "hold_revealed" in help_window.page.toPlainText()


def test_files_handed_over_by_the_system_open(qtbot: QtBot, tmp_path: Path) -> None:
    """macOS sends a FileOpen event when a .saga file is double-clicked while the app runs."""
    from PySide6.QtGui import QFileOpenEvent
    from PySide6.QtWidgets import QApplication

    from saga_desktop.app import FileOpenHandler

    window = make_window(qtbot)
    app = QApplication.instance()
    handler = FileOpenHandler(window)
    app.installEventFilter(handler)
    try:
        path = tmp_path / "handed.saga"
        save_campaign(new_campaign("Handed over"), path)
        QApplication.sendEvent(app, QFileOpenEvent(str(path)))
        assert window.document.campaign.name == "Handed over"
    finally:
        app.removeEventFilter(handler)
