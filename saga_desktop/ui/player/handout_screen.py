"""A handout full screen in the Player View, for the whole table to read.

The GM puts a handout shown to everyone on the players' screen from the Table talk dock; it fills
the Player View (title, picture fitted, text, all plain text) until the GM takes it off, hides the
handout, or shows it to fewer than everyone. Only what
:func:`~saga_desktop.model.visibility.visible_handout` gives the table is ever put here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap, QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.chat import Handout
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_handout
from saga_desktop.ui.chat.picture import picture_pixmap
from saga_desktop.ui.player.window import PlayerWindow


class HandoutScreen(QWidget):
    """One handout over the whole Player View."""

    def __init__(self, player: PlayerWindow) -> None:
        super().__init__(player)
        self.setObjectName("handoutScreen")
        self.setAccessibleName(tr("Handout on the players' screen"))
        self.player = player
        self.handout_id: int | None = None
        self._pixmap: QPixmap | None = None
        self.setStyleSheet(
            "QWidget#handoutScreen { background: #1c1a17; }"
            "QWidget#handoutScreen QLabel { color: #f0e4c8; background: transparent; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 30, 40, 30)
        self.title = self._label(2.0, bold=True)
        self.title.setAccessibleName(tr("Handout title"))
        self.picture = QLabel()
        self.picture.setAccessibleName(tr("Handout picture"))
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setMinimumSize(1, 1)
        self.text = self._label(1.3)
        self.text.setAccessibleName(tr("Handout text"))
        layout.addWidget(self.title)
        layout.addWidget(self.picture, 1)
        layout.addWidget(self.text)
        player.stack.addWidget(self)

    def _label(self, scale: float, *, bold: bool = False) -> QLabel:
        label = QLabel()
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        font = label.font()
        font.setPointSizeF(font.pointSizeF() * scale)
        font.setBold(bold)
        label.setFont(font)
        return label

    @property
    def showing(self) -> bool:
        """True while a handout fills the Player View."""
        return self.player.stack.currentWidget() is self

    def show_handout(self, handout: Handout) -> bool:
        """Put ``handout`` on the players' screen; False when the table may not see it."""
        if not visible_handout(handout, Viewer.TABLE):
            return False
        self.handout_id = handout.id
        self.title.setText(handout.title)
        self.text.setText(handout.text)
        self.text.setVisible(bool(handout.text))
        self._pixmap = picture_pixmap(handout.picture)
        self.picture.setVisible(self._pixmap is not None)
        self.player.stack.setCurrentWidget(self)
        self._fit()
        return True

    def follow(self, handout: Handout | None) -> None:
        """The handout on screen changed or is gone: up only while the table may see it."""
        if handout is None or not visible_handout(handout, Viewer.TABLE):
            self.leave()
        elif self.showing:
            self.show_handout(handout)

    def leave(self) -> None:
        """Back to the table's live view."""
        if self.showing:
            self.player.stack.setCurrentIndex(0)
        self.handout_id = None

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the picture fitted to the screen."""
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        if self._pixmap is not None:
            keep = Qt.AspectRatioMode.KeepAspectRatio
            smooth = Qt.TransformationMode.SmoothTransformation
            self.picture.setPixmap(self._pixmap.scaled(self.picture.size(), keep, smooth))


def handout_screen(player: PlayerWindow) -> HandoutScreen:
    """The Player View's handout screen (made on first use)."""
    screen = player.findChild(HandoutScreen)
    return screen if screen is not None else HandoutScreen(player)
