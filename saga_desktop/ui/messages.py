"""Message boxes that always show their text as plain text (user text is never HTML)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

Button = QMessageBox.StandardButton


def _box(
    parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str, detail: str = ""
) -> QMessageBox:
    box = QMessageBox(icon, title, text, Button.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    if detail:
        box.setInformativeText(detail)
    return box


def show_error(parent: QWidget | None, title: str, text: str, detail: str = "") -> None:
    """Tell the player something went wrong, in plain words."""
    _box(parent, QMessageBox.Icon.Warning, title, text, detail).exec()


def ask(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button,
    default: Button,
    detail: str = "",
) -> Button:
    """Ask a question; returns the button pressed."""
    box = _box(parent, QMessageBox.Icon.Question, title, text, detail)
    box.setStandardButtons(buttons)
    box.setDefaultButton(default)
    return Button(box.exec())
