"""Making QActions in one line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from saga_desktop.i18n import tr_noop

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


def fill_menu(menu: QMenu, actions: Sequence[QAction | None]) -> None:
    """Add actions to a menu in order; ``None`` stands for a separator."""
    for act in actions:
        if act is None:
            menu.addSeparator()
        else:
            menu.addAction(act)


# The menu bar's menus, by the English title features ask for (``window.menu("&Map")``): the
# title stays the menu's key and its object name; the player reads it translated.
MENU_TITLES = (
    tr_noop("&File"),
    tr_noop("&Edit"),
    tr_noop("&View"),
    tr_noop("&Campaign"),
    tr_noop("&Map"),
    tr_noop("&Play"),
    tr_noop("&Party"),
    tr_noop("&Session"),
    tr_noop("&Journal"),
    tr_noop("&Help"),
)
