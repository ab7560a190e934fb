"""Both features install into the real main window: docks, View toggles, menus, a new campaign."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.session import Session
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from tests.model.songs.fight import fight_session


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def test_install_into_the_main_window(qtbot: QtBot, session: Session) -> None:
    bridge = SessionBridge(session)
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir()), None
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    # The main window installs both features itself.
    combat = window.combat_feature
    journal = window.journal_feature
    assert combat is not None and journal is not None
    window.show()
    qtbot.waitExposed(window)
    assert combat.dock.objectName() == "combat" and journal.dock.objectName() == "journal"
    toggles = [a.text() for a in window.view_menu.actions()]
    assert "Combat" in toggles and "Journal" in toggles
    play = [a.objectName() for a in window.menu("&Play").actions()]
    assert {"combat_show", "combat_end_turn", "combat_end_combat"} <= set(play)
    assert not combat.actions["end_combat"].isEnabled()
    journal_menu = [a.objectName() for a in window.menu("&Journal").actions()]
    assert journal_menu == ["journal_add_note", "journal_find", "journal_export"]
    journal.actions["find"].trigger()
    assert journal.panel.search.hasFocus() or not window.isActiveWindow()

    # Another campaign replaces the session: both docks follow it.
    other = fight_session(seed=99)
    other.apply(AddNote("A new saga begins."))
    bridge.replace(other)
    assert journal.panel.model.rowCount() == len(other.campaign.journal)
    assert combat.panel.heading.text() == "No fight"
    other.apply(AddNote("And it goes on."))
    assert journal.panel.model.rowCount() == len(other.campaign.journal)
