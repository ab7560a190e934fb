"""Play over the network: the Session menu, hosting, joining and the player's window."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject

_Named = TypeVar("_Named", bound=QObject)


def named(widget: _Named, name: str) -> _Named:
    """``widget`` with its object name set (tests and screenshots find widgets by name)."""
    widget.setObjectName(name)
    return widget
