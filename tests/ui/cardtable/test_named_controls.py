"""Every showing interactive control in the docks of each game's main window has a name.

A screen reader reads a control by its accessible name (set directly, or taken from a label
buddy, or the button's text). The card table's own controls must all be named; names missing in
other features' docks are listed here for their owners (the test fails on any new one).
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QGraphicsView,
    QLineEdit,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from tests.ui.test_main_window import make_window

INTERACTIVE = (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QAbstractItemView,
    QAbstractSlider,
    QTabBar,
    QGraphicsView,
)
GAMES = ("songs-and-sagas", "resonance", "dice-pool")
KNOWN_UNNAMED = {"songs-and-sagas": 0, "resonance": 0, "dice-pool": 0}
"""Unnamed controls in the docks: none (the Regions dock's search and table, the Resonance stat
boxes and the dice-pool check's CL and faces fields were named after the first sweep)."""


def where(widget: QWidget) -> str:
    """The control's dock and its path of object names (for the lead's list)."""
    dock, path, node = "", [], widget
    while node is not None:
        if isinstance(node, QDockWidget):
            dock = node.objectName()
            break
        if node.objectName():
            path.append(node.objectName())
        node = node.parentWidget()
    kind = type(widget).__name__
    return f"{dock}: {kind} {'/'.join(reversed(path)) or '(no object name)'}"


def unnamed_controls(window: QWidget) -> tuple[int, list[str]]:
    """How many showing interactive controls the window's docks have, and those without a name."""
    count, unnamed = 0, []
    for dock in window.findChildren(QDockWidget):
        if not dock.isVisible() or dock.visibleRegion().isEmpty():
            continue
        for widget in dock.findChildren(QWidget):
            if not isinstance(widget, INTERACTIVE) or not widget.isVisible():
                continue
            if widget.objectName().startswith("qt_"):
                continue  # a part of another control (a spin box's field), read with it
            if widget.visibleRegion().isEmpty():
                continue
            parent = widget.parentWidget()
            if isinstance(widget, QAbstractSlider) and type(parent).__name__ == "QWidget":
                continue  # a scroll area's own bar
            count += 1
            iface = QAccessible.queryAccessibleInterface(widget)
            name = iface.text(QAccessible.Text.Name).strip() if iface is not None else ""
            if not name:
                unnamed.append(where(widget))
    return count, unnamed


@pytest.mark.parametrize("game", GAMES)
def test_every_showing_control_in_the_docks_is_named(qtbot: QtBot, game: str) -> None:
    session = Session(find_ruleset(game).sample_campaign())
    window = make_window(qtbot, session)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    count, unnamed = unnamed_controls(window)
    print(f"\n{game}: {count - len(unnamed)} of {count} showing controls named")
    for line in unnamed:
        print("  unnamed:", line)
    table = [u for u in unnamed if u.startswith("card-table:")]
    assert table == [], "the card table's controls are all named"
    assert any(w.startswith("card-table:") for w in named_in(window)) or game == "dice-pool"
    assert len(unnamed) <= KNOWN_UNNAMED[game], "a control lost its name"
    assert count > 20


def named_in(window: QWidget) -> list[str]:
    """The showing named controls of the card table (it is there in the games with cards)."""
    dock = window.findChild(QDockWidget, "card-table")
    if dock is None or not dock.isVisible():
        return []
    return [where(w) for w in dock.findChildren(QGraphicsView) if w.accessibleName()]
