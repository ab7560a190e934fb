"""Quitting (or closing the GM's window) takes the Player View down and ends the app."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.session import Session
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from saga_desktop.ui.player import PlayerWindow


@pytest.fixture
def gm(qtbot: QtBot) -> Iterator[tuple[MainWindow, PlayerWindow]]:
    session = Session(new_campaign("Quitting"))
    bridge = SessionBridge(session)
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir())
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    window.show()
    feature = window.player_feature
    assert feature is not None
    feature.full_screen_action.setChecked(False)
    feature.open_action.trigger()
    player = feature.player
    assert player is not None
    qtbot.waitUntil(player.isVisible)
    yield window, player
    player.close()
    player.deleteLater()


def test_quit_closes_the_player_view(gm: tuple[MainWindow, PlayerWindow], qtbot: QtBot) -> None:
    window, player = gm
    window.files.quit_action.trigger()
    qtbot.waitUntil(lambda: not window.isVisible())
    assert not player.isVisible()


def test_cancel_keeps_both_windows(
    gm: tuple[MainWindow, PlayerWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window, player = gm
    asked: list[str] = []

    def cancel(*args: object, **_kw: object) -> Button:
        asked.append(str(args[1]))
        return Button.Cancel

    monkeypatch.setattr(files_module, "ask", cancel)
    window.bridge.apply(AddCharacter("Astrid"), window)
    assert window.document.modified
    window.files.quit_action.trigger()
    assert asked == ["Unsaved changes"]
    assert window.isVisible() and player.isVisible()


def test_the_players_screen_never_keeps_the_app_alive(
    gm: tuple[MainWindow, PlayerWindow],
) -> None:
    from PySide6.QtCore import Qt

    _window, player = gm
    assert not player.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)


SCRIPT = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QSettings, QTimer
    from saga_desktop import app as saga_app
    from saga_desktop.ui import files
    from saga_desktop.ui.messages import Button

    files.ask = lambda *a, **k: Button.Discard
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
    application = saga_app.make_application()
    window, _problem = saga_app.build_window(None)
    window.show()
    feature = window.player_feature
    feature.full_screen_action.setChecked(False)
    feature.open_action.trigger()
    assert feature.player.isVisible()
    QTimer.singleShot(300, window.files.quit_action.trigger)
    QTimer.singleShot(8000, lambda: application.exit(3))  # still running: the bug
    sys.exit(application.exec())
    """
)


def test_quitting_ends_the_process(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SAGA_DESKTOP_DATA": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "cfg")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
