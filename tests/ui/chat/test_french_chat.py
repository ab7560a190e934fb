"""The Table talk dock and the handout editor in French."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.resources import resources_dir
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.chat.feature import ChatFeature
from saga_desktop.ui.chat.handouts import HandoutEditor

ENGLISH = {
    "&Send",
    "&Delete",
    "&Open",
    "&New handout…",
    "Show to &all",
    "&Hide",
    "On the Player &View",
    "&Remove",
    "&As:",
    "&To:",
    "Everyone",
    "&Title:",
    "Te&xt:",
    "Choose &picture…",
    "&No picture",
    "Show to &everyone",
    "Or &only to:",
    "No picture.",
    "&Show",
}


def _texts(widget: object) -> set[str]:
    shown = {b.text() for b in widget.findChildren(QAbstractButton)}  # type: ignore[attr-defined]
    shown |= {w.text() for w in widget.findChildren(QLabel)}  # type: ignore[attr-defined]
    return shown


def test_table_talk_speaks_french(qtbot: QtBot) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    session = build_sample()
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = ChatFeature(window, SessionBridge(session))  # type: ignore[arg-type]
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, feature.dock)
    window.show()
    panel = feature.panel
    assert feature.dock.windowTitle() == "Discussion"
    assert panel.send_button.text() == "En&voyer"
    assert panel.entry.placeholderText() == "Dites quelque chose à la table"
    assert panel.to_button.text() == "Tout le monde"
    assert [panel.tabs.tabText(i) for i in range(panel.tabs.count())] == [
        "&Messages",
        "&Aides de jeu",
    ]
    panel.entry.setText("Bonsoir")
    qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
    assert panel.lines.item(0).text().endswith("\u00a0: Bonsoir")
    assert not ENGLISH & _texts(panel), ENGLISH & _texts(panel)
    editor = HandoutEditor(["Ren", "Sam"])
    qtbot.addWidget(editor)
    assert editor.windowTitle() == "Montrer une aide de jeu"
    assert not ENGLISH & _texts(editor), ENGLISH & _texts(editor)
