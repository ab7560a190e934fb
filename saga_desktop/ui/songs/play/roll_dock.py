"""The Roll dock: the roll panel, room made for a waiting roll, and a call for attention.

A roll's result and its finishing buttons need more room than the setup, so the dock grows in
its column when a roll is shown; a short dock (a small or 200% scaled screen) keeps the odds to
their headline. At a player's seat a roll sent to them brings the dock forward.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QScrollArea, QWidget

from saga_desktop.i18n import trc
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.dock_policy import grow_in_column, least_height
from saga_desktop.ui.songs.play.roll_panel import RollPanel

STATUS_MS = 20_000
"""How long the status bar says that a roll came in."""
COMPACT_LINES = 10
"""When the odds with their details would leave the setup fewer lines than this, the roll dock
shows the odds without their details."""


class RollDock(QDockWidget):
    """The dock holding the roll panel."""

    def __init__(
        self, bridge: SessionBridge, motion: MotionSettings, parent: QWidget | None = None
    ) -> None:
        super().__init__(trc("noun", "Roll"), parent)
        self.setObjectName("roll-panel")
        self.panel = RollPanel(bridge, motion, self)
        self.setWidget(self.panel)
        # A roll's result and its finishing buttons need more room than the setup.
        self.panel.rollShown.connect(lambda: QTimer.singleShot(0, self.make_room))
        self.panel.wantsAttention.connect(self.come_forward)

    def come_forward(self, words: str = "") -> None:
        """Show and raise the dock, say ``words`` in the status bar, ask for attention."""
        self.show()
        self.raise_()
        window = self.window()
        if words and isinstance(window, QMainWindow):
            # The window's announcer speaks the prompt ("For you: …", from its journal line).
            window.statusBar().showMessage(words, STATUS_MS)
        QApplication.alert(window)

    def make_room(self) -> None:
        """Grow the dock (from its column) to the height the waiting roll needs, if it can."""
        area, window = self.widget(), self.parentWidget()
        if not isinstance(area, QScrollArea) or not isinstance(window, QMainWindow):
            return
        content = area.widget()
        if content is None:
            return
        port = area.viewport()
        missing = least_height(content, port.width()) - port.height()
        if missing > 0:
            grow_in_column(window, self, self.height() + missing)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A short dock (a small or 200% scaled screen) keeps the odds to their headline."""
        super().resizeEvent(event)
        odds = self.panel.setup.odds
        footer = self.panel.footer.sizeHint().height()
        if odds.compact:  # as tall as it would be with the details
            footer += odds.details.heightForWidth(max(1, odds.width())) + 3
        short = self.height() - footer < self.fontMetrics().lineSpacing() * COMPACT_LINES
        if short != odds.compact:
            odds.set_compact(short)
