"""Tab walks each dock in reading order: down the dock, and left to right along a row (issue 32)."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.ui.dock_keys import first_control
from tests.ui.test_window_sizes import shown_docks, window_for

GAMES = ("songs-and-sagas", "resonance", "dice-pool")


def place(widget: QWidget, dock: QDockWidget) -> tuple[int, int, int]:
    """Where the widget's top-left is in the dock, and its height."""
    at = widget.mapTo(dock, QPoint(0, 0))
    return at.y(), at.x(), widget.height()


def label(widget: QWidget) -> str:
    """What a reader hears for the widget (its name, else its text, else its object name)."""
    text = getattr(widget, "text", None)
    shown = text() if callable(text) else ""
    return widget.accessibleName() or str(shown) or widget.objectName()


def out_of_order(qtbot: QtBot, dock: QDockWidget) -> list[str]:
    start = first_control(dock)
    if not start.focusPolicy() & Qt.FocusPolicy.TabFocus:
        return []
    start.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(start.hasFocus, timeout=2000)
    walked: list[QWidget] = [start]
    for _ in range(len(dock.findChildren(QWidget)) + 2):
        here = QApplication.focusWidget()
        assert here is not None
        qtbot.keyClick(here, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is None or not dock.isAncestorOf(now) or now in walked:
            break
        walked.append(now)
    wrong = []
    for before, after in itertools.pairwise(walked):
        y0, x0, h0 = place(before, dock)
        y1, x1, _h1 = place(after, dock)
        same_row = abs(y1 - y0) < max(h0 // 2, 8)
        # Up is wrong unless it is to a column on the right (a block of buttons beside a field).
        if (same_row and x1 < x0) or (not same_row and y1 < y0 and x1 <= x0):
            wrong.append(
                f"{dock.objectName()}: {type(before).__name__} {label(before)!r} "
                f"({x0},{y0}) → {type(after).__name__} {label(after)!r} ({x1},{y1})"
            )
    return wrong


@pytest.mark.parametrize("game", GAMES)
def test_tab_follows_the_reading_order_of_each_dock(qtbot: QtBot, game: str) -> None:
    window = window_for(qtbot, game, (1366, 768))
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    wrong = [line for dock in shown_docks(window) for line in out_of_order(qtbot, dock)]
    assert wrong == []
