"""Telling a player that the fight's next step is theirs.

At a player's seat the combat dock may sit behind another tab while the fight waits on them:
to declare when their character's turn comes (lowest REF first), to set STR against a victory,
or to choose their winner's outcome. When such a step opens, the dock comes forward (taller
when it was short, scrolled to the step), the status bar says it, the window asks for
attention (``QApplication.alert``) and a screen reader hears it at once
(:func:`saga_desktop.ui.announce.announce`, assertive). Each step is told once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QScrollArea

from saga_desktop.i18n import tr
from saga_desktop.ui.announce import announce

if TYPE_CHECKING:
    from saga_desktop.ui.dicepool.combat import CombatDock

STATUS_MS = 30_000


def step_text(dock: CombatDock) -> str | None:
    """The step the dock now offers this seat, in words, or ``None``."""
    if dock.declare_box is not None and dock.declare_button.isEnabled():
        return tr("Your turn: declare for {name} in the Combat dock.", name=dock.declarer)
    for i, box in enumerate(dock.exchanges):
        if box.strength_button is not None:
            return tr(
                "Your turn: use STR against exchange {number}, or let it stand (Combat dock).",
                number=i + 1,
            )
        if box.apply_button is not None:
            return tr(
                "Your turn: choose the outcome of exchange {number} in the Combat dock.",
                number=i + 1,
            )
    return None


ROOM = 0.6
"""The share of the window's height a docked Combat dock grows to when a step is the player's."""


def roomy(window: QMainWindow, dock: QDockWidget) -> None:
    """Give a short docked Combat dock room for its rows (up to :data:`ROOM` of the window)."""
    if dock.isFloating():
        return
    want = int(window.height() * ROOM)
    if dock.height() < want:
        window.resizeDocks([dock], [want], Qt.Orientation.Vertical)


class StepCall:
    """Tells the seat's player each new step of theirs, once."""

    def __init__(self, dock: CombatDock) -> None:
        self.dock = dock
        self.told: tuple[object, ...] | None = None
        self.last = ""
        """The last step told, as shown in the status bar and spoken."""

    def update(self, key: tuple[object, ...]) -> None:
        """After a redraw: tell the step now offered if it is new (``key`` names the moment)."""
        dock = self.dock
        text = step_text(dock) if dock.bridge.limited else None
        if text is None:
            self.told = None
            return
        now = (*key, text)
        if now == self.told:
            return
        self.told, self.last = now, text
        # Once the window has done what it is doing (built its docks and put the Check dock
        # in front, or written its own "Done: …" status line).
        QTimer.singleShot(0, dock, lambda: self.tell(text))

    def tell(self, text: str) -> None:
        """Bring the dock forward and say ``text`` (status bar, attention, screen reader)."""
        dock = self.dock
        if self.last != text:  # another step came meanwhile
            return
        dock.show()
        dock.raise_()
        QTimer.singleShot(0, dock, self.scroll_to_step)  # once the rows are laid out
        window = dock.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(text, STATUS_MS)
            roomy(window, dock)
        QApplication.alert(window)
        announce(dock, text, assertive=True)

    def scroll_to_step(self) -> None:
        """Scroll the dock to the rows of the step (a short dock had them below the fold)."""
        dock = self.dock
        target = dock.declare_box or next(
            (b for b in dock.exchanges if b.strength_button or b.apply_button), None
        )
        scroll = dock.widget()
        if target is not None and isinstance(scroll, QScrollArea):
            scroll.ensureWidgetVisible(target, 0, 0)
