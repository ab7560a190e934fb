"""Choosing the screen that faces the players, and following screens as they come and go."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QScreen

from saga_desktop.i18n import tr


def screens() -> list[QScreen]:
    """Every screen, the primary one first."""
    primary = QGuiApplication.primaryScreen()
    rest = [s for s in QGuiApplication.screens() if s is not primary]
    return ([primary] if primary is not None else []) + rest


def describe(screen: QScreen) -> str:
    """A label for menus: name, size, and whether it is the primary screen."""
    g = screen.geometry()
    name = screen.name() or tr("Screen")
    if screen is QGuiApplication.primaryScreen():
        return tr(
            "{name} — {width}×{height} (primary)", name=name, width=g.width(), height=g.height()
        )
    return tr("{name} — {width}×{height}", name=name, width=g.width(), height=g.height())


def pick_screen(remembered: str, avoid: QScreen | None = None) -> QScreen | None:
    """The screen for the player view.

    The one remembered by name if it is plugged in; otherwise the first screen that is not
    ``avoid`` (the GM's); otherwise any screen.
    """
    available = screens()
    for screen in available:
        if remembered and screen.name() == remembered:
            return screen
    for screen in available:
        if screen is not avoid:
            return screen
    return available[0] if available else None
