"""One path for what a screen reader speaks: :func:`announce`.

A label that changes while it has no focus is not read aloud; an announcement is. Qt (6.8 and
later) sends a ``QAccessibleAnnouncementEvent`` to the platform's accessibility bridge (AT-SPI on
Linux, UI Automation on Windows, VoiceOver on macOS). Every window speaks through this function,
so the words spoken are the words the window shows, and tests can listen (:data:`listeners`)
without a desktop accessibility bus.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent


@dataclass(frozen=True)
class Announcement:
    """What was spoken, by which object, and whether it interrupts (assertive) or waits."""

    text: str
    assertive: bool
    source: QObject


listeners: list[Callable[[Announcement], None]] = []
"""Called with every announcement (tests record them here; the order is the order spoken)."""


def announce(source: QObject, text: str, *, assertive: bool = False) -> None:
    """Speak ``text`` for ``source`` (a widget of the window it concerns); "" says nothing.

    ``assertive`` interrupts what is being read (a roll sent to this seat); otherwise the
    announcement waits its turn (a card drawn, a region charted).
    """
    text = " ".join(text.split())
    if not text:
        return
    event = QAccessibleAnnouncementEvent(source, text)
    event.setPoliteness(
        QAccessible.AnnouncementPoliteness.Assertive
        if assertive
        else QAccessible.AnnouncementPoliteness.Polite
    )
    QAccessible.updateAccessibility(event)
    spoken = Announcement(text, assertive, source)
    for listener in list(listeners):
        listener(spoken)
