"""Making QActions in one line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

Shortcut = QKeySequence.StandardKey | str | None


def make_action(
    parent: QObject,
    text: str,
    slot: Callable[..., Any] | None = None,
    shortcut: Shortcut = None,
    *,
    checkable: bool = False,
    tip: str = "",
) -> QAction:
    """An action with its text, handler, shortcut and status tip."""
    act = QAction(text, parent)
    if shortcut is not None:
        act.setShortcut(QKeySequence(shortcut))
    act.setCheckable(checkable)
    if tip:
        act.setStatusTip(tip)
        act.setToolTip(tip)
    if slot is not None:
        if checkable:
            act.toggled.connect(slot)
        else:
            act.triggered.connect(lambda _checked=False: slot())
    return act
