"""The GM's whole window: the Table talk dock, and a handout full screen on the Player View."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.chat import new_handout
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import sample_campaign
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.chat.feature import ChatFeature
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from saga_desktop.ui.player.handout_screen import HandoutScreen


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def make_window(qtbot: QtBot, path: Path | None = None) -> MainWindow:
    bridge = SessionBridge(Session(sample_campaign()))
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir()), path
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    return window


def _texts(widget: QWidget) -> str:
    return " ".join(label.text() for label in widget.findChildren(QLabel) if label.isVisible())


def test_the_dock_is_installed_named_and_in_the_view_menu(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    dock = window.findChild(QDockWidget, "chat")
    assert dock is not None and dock.windowTitle() == "Table talk"
    assert dock.toggleViewAction() in window.view_menu.actions() or any(
        a.text() == "Table talk" for a in window.findChildren(type(dock.toggleViewAction()))
    )
    feature = window.chat_feature  # type: ignore[attr-defined]
    assert isinstance(feature, ChatFeature)
    talk = next(a for a in window.actions() if a.objectName() == "chat_talk")
    assert talk.shortcut().toString() == "Ctrl+Shift+T"
    window.show()
    talk.trigger()
    assert window.focusWidget() is feature.panel.entry
    for widget in feature.panel.findChildren(QWidget):
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isVisibleTo(feature.panel):
            assert widget.accessibleName() or isinstance(widget, QLabel), widget


def test_a_public_handout_goes_full_screen_on_the_player_view_and_leaves_when_hidden(
    qtbot: QtBot,
) -> None:
    window = make_window(qtbot)
    window.show()
    feature: ChatFeature = window.chat_feature  # type: ignore[attr-defined]
    talk = feature.talk
    secret = talk.session.talk.show(
        new_handout("Ren's letter", "for Ren", everyone=False, to=["Ren"])
    )
    public = talk.session.talk.show(new_handout("The mill's deed", "Signed in blood."))
    assert not feature.to_player_view(secret.id, True)  # only the table's handouts go there
    assert "everyone" in feature.panel.status.text()
    assert feature.to_player_view(public.id, True)
    player = window.player_feature.player  # type: ignore[attr-defined]
    screen = player.findChild(HandoutScreen)
    assert player.isVisible() and screen.showing
    assert "The mill's deed" in _texts(player) and "Ren's letter" not in _texts(player)
    talk.say("GM", "The idol is cursed 4d2", to=["Ren"])  # a whisper: never on the table's screen
    talk.say("GM", "Night falls")
    everything = " ".join(
        (w.text() if isinstance(w, QLabel) else "") + " " + w.accessibleName()
        for w in player.findChildren(QWidget)
    )
    assert "4d2" not in everything
    assert screen.title.textFormat() == Qt.TextFormat.PlainText
    feature.panel.handout_list.setCurrentRow(1)
    qtbot.mouseClick(feature.panel.hide_button, Qt.MouseButton.LeftButton)
    assert not screen.showing and "Signed in blood" not in _texts(player)
    assert not feature.panel.screen_button.isChecked()
