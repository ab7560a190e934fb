"""The keyboard reaches every dock: View › Go to, Alt+1 … Alt+9, F6 and Shift+F6 (issue 32)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui import announce
from saga_desktop.ui.main_window import MainWindow
from tests.ui.test_main_window import make_window


def dock_with_focus(window: MainWindow) -> QDockWidget | None:
    widget = window.focusWidget()
    while widget is not None and not isinstance(widget, QDockWidget):
        widget = widget.parentWidget()
    return widget


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_every_dock_is_in_go_to_and_the_first_nine_have_keys(qtbot: QtBot, game: str) -> None:
    window: MainWindow = make_window(qtbot, Session(find_ruleset(game).sample_campaign()))
    window.show()
    qtbot.waitExposed(window)
    keys = window.dock_keys
    docks = window.findChildren(QDockWidget)
    assert set(keys.entries) == {
        d for d in docks if d.toggleViewAction() in window.view_menu.actions()
    }
    shortcuts = [
        a.shortcut().toString() for a in keys.entries.values() if not a.shortcut().isEmpty()
    ]
    assert shortcuts and len(shortcuts) == len(set(shortcuts)) and len(shortcuts) <= 9
    assert all(s.startswith("Alt+") for s in shortcuts)
    assert keys.menu.menuAction() in window.view_menu.actions()


def test_go_to_shows_a_closed_dock_puts_the_keyboard_on_it_and_says_its_name(
    qtbot: QtBot,
) -> None:
    window: MainWindow = make_window(
        qtbot, Session(find_ruleset("songs-and-sagas").sample_campaign())
    )
    window.show()
    qtbot.waitExposed(window)
    journal = window.findChild(QDockWidget, "journal")
    assert journal is not None
    journal.close()
    heard: list[announce.Announcement] = []
    announce.listeners.append(heard.append)
    try:
        window.dock_keys.entries[journal].trigger()
    finally:
        announce.listeners.remove(heard.append)
    qtbot.waitUntil(journal.isVisible)
    qtbot.waitUntil(lambda: dock_with_focus(window) is journal)
    assert [a.text for a in heard] == [journal.windowTitle()]


def test_f6_goes_round_the_docks_on_screen_and_shift_f6_back(qtbot: QtBot) -> None:
    window: MainWindow = make_window(
        qtbot, Session(find_ruleset("songs-and-sagas").sample_campaign())
    )
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    showing = window.dock_keys.showing()
    assert len(showing) >= 3
    visited = []
    for _ in range(len(showing)):
        window.dock_keys.next_action.trigger()
        visited.append(dock_with_focus(window))
    assert visited == showing  # each once, in order, then round again
    window.dock_keys.next_action.trigger()
    assert dock_with_focus(window) is showing[0]
    window.dock_keys.previous_action.trigger()
    assert dock_with_focus(window) is showing[-1]
    assert window.dock_keys.next_action.shortcut().toString() == "F6"
    assert window.dock_keys.previous_action.shortcut().toString() == "Shift+F6"
    assert Qt.ShortcutContext.WindowShortcut == window.dock_keys.next_action.shortcutContext()
