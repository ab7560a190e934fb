"""Playing from the keyboard alone in tests: each key goes to the focused widget, and is counted."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot


def describe(widget: QWidget | None) -> str:
    """A focused widget in a few words (for a failing test's message)."""
    if widget is None:
        return "nothing"
    text = getattr(widget, "text", None)
    shown = text() if callable(text) else ""
    name = widget.accessibleName() or shown
    return f"{type(widget).__name__}({widget.objectName()!r}, {name!r})"


class Keyboard:
    """Presses keys where the focus is, as a player does, and counts them."""

    def __init__(self, qtbot: QtBot, window: QWidget) -> None:
        self.qtbot, self.window = qtbot, window
        self.count = 0
        self.trail: list[str] = []

    def focused(self) -> QWidget | None:
        """The widget with the keyboard focus (in the window or a dialog of it)."""
        return QApplication.focusWidget()

    def press(
        self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
    ) -> None:
        """One key press, sent to the focused widget (or the player's window)."""
        if self.focused() is None:  # the window is in front: the player is looking at it
            self.window.activateWindow()
            self.qtbot.waitUntil(lambda: QApplication.activeWindow() is not None, timeout=2000)
        target = self.focused() or QApplication.activeWindow() or self.window
        self.count += 1
        self.qtbot.keyClick(target, key, modifier)
        self.trail.append(f"{key.name} -> {describe(self.focused())}")

    def tab_to(self, wanted: Callable[[QWidget], bool], limit: int = 120) -> None:
        """Tab until the focus is on a widget ``wanted`` accepts."""
        for _ in range(limit):
            now = self.focused()
            if now is not None and wanted(now):
                return
            self.press(Qt.Key.Key_Tab)
        raise AssertionError("never reached by Tab:\n" + "\n".join(self.trail[-40:]))
