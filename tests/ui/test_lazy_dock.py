"""Docks tabbed behind others or closed at start are made when first shown, and behave as before."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import sample_campaign
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.lazy_dock import LazyDock
from saga_desktop.ui.main_window import MainWindow

BEHIND_AT_START = ("journal", "combat", "enemies", "TablesDock", "sheet-pc2")
"""With the sample campaign and the first layout these are tabbed behind another dock."""


def _window(qtbot: QtBot) -> MainWindow:
    bridge = SessionBridge(Session(sample_campaign()))
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir()), None
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def _dock(window: MainWindow, name: str) -> LazyDock:
    dock = window.findChild(LazyDock, name)
    assert isinstance(dock, LazyDock), name
    return dock


class _CountingDock(LazyDock):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(name.title(), parent)
        self.setObjectName(name)
        self.builds = 0

    def build(self) -> None:
        self.builds += 1
        self.label = QLabel(f"inside {self.objectName()}")
        self.setWidget(self.label)


def test_docks_behind_others_are_not_made_until_their_tab_is_picked(qtbot: QtBot) -> None:
    window = _window(qtbot)
    for name in BEHIND_AT_START:
        assert not _dock(window, name).built, f"{name} was made before it was shown"
    for name in ("sheet-pc1", "roll-panel"):
        dock = window.findChild(LazyDock, name)
        assert dock is None or dock.built
    combat = _dock(window, "combat")
    combat.raise_()
    qtbot.waitUntil(lambda: combat.built and combat.widget().isVisible())
    assert combat.toggleViewAction() in window.view_menu.actions()
    assert window.combat_feature.panel.isVisibleTo(window)  # type: ignore[attr-defined]


def test_the_view_menu_shows_a_closed_dock_with_its_contents(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("map"))
    dock = _CountingDock("notes", window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.close()
    window.show()
    qtbot.waitExposed(window)
    assert dock.builds == 0
    dock.toggleViewAction().trigger()
    qtbot.waitUntil(lambda: dock.isVisible() and dock.builds == 1)
    assert dock.label.isVisible()


def test_a_closed_dock_put_back_behind_a_tab_is_made_when_its_tab_is_picked(
    qtbot: QtBot,
) -> None:
    window = _window(qtbot)
    tables = _dock(window, "TablesDock")
    tables.close()
    tables.toggleViewAction().trigger()  # back among the tabs, as before (Qt does not raise it)
    assert tables.toggleViewAction().isChecked()
    assert not tables.built
    tables.raise_()
    qtbot.waitUntil(lambda: tables.built and tables.widget().isVisible())
    assert tables.list.count() > 0


def test_contents_asked_for_early_are_made_at_once_and_follow_the_campaign(
    qtbot: QtBot,
) -> None:
    window = _window(qtbot)
    journal = _dock(window, "journal")
    window.bridge.session.apply(AddNote(text="The ford was guarded."))  # before the panel exists
    assert not journal.built
    feature = window.journal_feature
    assert feature is not None
    panel = feature.panel  # asking for it makes it, from the campaign as it is now
    assert journal.built
    assert "The ford was guarded." in [e.text for e in panel.shown_entries()]
    window.bridge.session.apply(AddNote(text="Wolves at dusk."))
    assert "Wolves at dusk." in [e.text for e in panel.shown_entries()]
    sheet = _dock(window, "sheet-pc2")
    assert not sheet.built
    assert sheet.windowTitle() == window.document.campaign.characters[1].name  # the tab's name
    window.document.session.mark_saved()  # closing asks nothing


def test_a_lazy_dock_is_made_once_and_the_remembered_layout_places_it(qtbot: QtBot) -> None:
    first = QMainWindow()
    qtbot.addWidget(first)
    first.setCentralWidget(QLabel("map"))
    front, behind = _CountingDock("front", first), _CountingDock("behind", first)
    first.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, front)
    first.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, behind)
    first.tabifyDockWidget(front, behind)
    front.raise_()
    first.show()
    qtbot.waitExposed(first)
    assert (front.builds, behind.builds) == (1, 0)
    behind.raise_()
    qtbot.waitUntil(lambda: behind.builds == 1)
    front.raise_()
    behind.raise_()
    assert behind.builds == 1
    state = first.saveState()

    second = QMainWindow()
    qtbot.addWidget(second)
    second.setCentralWidget(QLabel("map"))
    front2, behind2 = _CountingDock("front", second), _CountingDock("behind", second)
    second.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, front2)
    second.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, behind2)
    assert second.restoreState(state)
    second.show()
    qtbot.waitExposed(second)
    assert second.dockWidgetArea(behind2) == Qt.DockWidgetArea.RightDockWidgetArea
    assert (front2.builds, behind2.builds) == (0, 1)  # the tab in front last time is made
    assert behind2.label.isVisible()
    try:
        behind2.no_such_thing  # noqa: B018
    except AttributeError:
        pass
    else:
        raise AssertionError("an unknown attribute must stay an AttributeError")


def test_starting_with_a_songs_campaign_imports_no_other_game_nor_the_network(
    tmp_path: Path,
) -> None:
    script = textwrap.dedent(
        """
        import sys
        from PySide6.QtCore import QSettings
        from saga_desktop.app import make_application, sample_session
        from saga_desktop.storage import paths
        from saga_desktop.storage.backups import BackupStore
        from saga_desktop.storage.recovery import RecoveryStore
        from saga_desktop.ui.bridge import SessionBridge
        from saga_desktop.ui.document import CampaignDocument
        from saga_desktop.ui.main_window import MainWindow
        from saga_desktop.ui.network.menu import SessionMenu

        app = make_application()
        bridge = SessionBridge(sample_session())
        doc = CampaignDocument(
            bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir()), None
        )
        window = MainWindow(doc, QSettings())
        SessionMenu(window, bridge)
        window.show()
        app.processEvents()
        print(" ".join(sorted(sys.modules)))
        """
    )
    env = dict(
        os.environ,
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "cfg"),
        SAGA_DESKTOP_DATA=str(tmp_path / "data"),
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=env,
    )
    loaded = set(out.stdout.split())
    assert "saga_desktop.model.songs" in loaded
    for absent in (
        "saga_desktop.model.resonance",
        "saga_desktop.model.dicepool",
        "saga_desktop.ui.resonance",
        "saga_desktop.ui.dicepool",
        "saga_desktop.network.client",
        "saga_desktop.network.crypto",
        "saga_desktop.ui.network.hosting",
        "saga_desktop.ui.journal.dock",
        "saga_desktop.ui.songs.combat.dock",
    ):
        assert absent not in loaded, absent


def test_a_dock_made_on_first_show_scrolls_like_the_others(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QScrollArea

    class Late(LazyDock):
        def build(self) -> None:
            self.setWidget(QLabel("made late"))

    window = QMainWindow()
    qtbot.addWidget(window)
    dock = Late("Late")
    dock.setObjectName("late")
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.show()
    qtbot.waitUntil(lambda: dock.built)
    assert isinstance(dock.widget(), QScrollArea)
    assert dock.findChild(QLabel).text() == "made late"
