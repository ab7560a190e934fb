"""Message boxes that show their text as plain text (user text is never HTML), and status lines."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

from saga_desktop.model.campaign import Campaign

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


ANNOUNCE_MS = 10000
"""How long the status bar shows an announcement."""


def announce_journal_line(window: QMainWindow, campaign: Campaign, result: object) -> object:
    """Show the journal's newest line in the status bar when ``result`` says something happened.

    For actions that may change nothing on screen (a scene ends with an empty discard): the
    player sees that it happened. Returns ``result``.
    """
    if result is not None and campaign.journal:
        window.statusBar().showMessage(campaign.journal[-1].said, ANNOUNCE_MS)
    return result
