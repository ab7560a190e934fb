"""The keyboard never gets stuck: Tab leaves every dock, the map and the card table (issue 32).

From the first control of each shown dock (and from the map and the card table, which take the
arrow keys for themselves), Tab moves on and, within as many presses as the dock has controls,
reaches a control outside it; Shift+Tab comes back the other way.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.ui.dock_keys import first_control
from tests.ui.test_window_sizes import shown_docks, window_for

GAMES = ("songs-and-sagas", "resonance", "dice-pool")


def dock_of(widget: QWidget | None) -> QDockWidget | None:
    while widget is not None and not isinstance(widget, QDockWidget):
        widget = widget.parentWidget()
    return widget


def leaves(qtbot: QtBot, start: QWidget, inside: QWidget, backwards: bool = False) -> bool:
    """Tab (Shift+Tab) from ``start`` reaches a widget outside ``inside`` within a bound."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(start.hasFocus, timeout=2000)
    bound = len(inside.findChildren(QWidget)) + 5
    for _ in range(bound):
        here = QApplication.focusWidget()
        if here is None:
            return False
        modifier = (
            Qt.KeyboardModifier.ShiftModifier if backwards else Qt.KeyboardModifier.NoModifier
        )
        key = Qt.Key.Key_Backtab if backwards else Qt.Key.Key_Tab
        qtbot.keyClick(here, key, modifier)
        now = QApplication.focusWidget()
        if now is not None and now is not inside and not inside.isAncestorOf(now):
            return True
    return False


@pytest.mark.parametrize("game", GAMES)
def test_tab_leaves_every_dock_the_map_and_the_card_table(qtbot: QtBot, game: str) -> None:
    window = window_for(qtbot, game, (1366, 768))
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    trapped = []
    for dock in shown_docks(window):
        start = first_control(dock)
        if not start.focusPolicy() & Qt.FocusPolicy.TabFocus:
            continue
        for backwards in (False, True):
            if not leaves(qtbot, start, dock, backwards):
                trapped.append(f"{dock.objectName()} ({'Shift+Tab' if backwards else 'Tab'})")
    centre = window.centralWidget()
    assert centre is not None
    for backwards in (False, True):
        if not leaves(qtbot, centre, centre, backwards):
            trapped.append(f"the map ({'Shift+Tab' if backwards else 'Tab'})")
    assert trapped == []


def test_the_check_finds_a_trap(qtbot: QtBot) -> None:
    from PySide6.QtCore import QEvent, QObject

    class EatTab(QObject):
        def eventFilter(self, _obj: QObject, event: QEvent) -> bool:
            return event.type() == QEvent.Type.KeyPress and event.key() in (  # type: ignore[attr-defined]
                Qt.Key.Key_Tab,
                Qt.Key.Key_Backtab,
            )

    window = window_for(qtbot, "songs-and-sagas", (1366, 768))
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    dock = window.findChild(QDockWidget, "card-table")
    assert dock is not None
    start = first_control(dock)
    eater = EatTab(start)
    start.installEventFilter(eater)
    assert not leaves(qtbot, start, dock)
