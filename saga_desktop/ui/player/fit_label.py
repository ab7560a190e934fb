"""A block of reading text that always fits the room it is given on the players' screen.

Nobody scrolls a TV, so a long region note or result line is never cut by the panel's edge: it
asks for the height its whole text needs, and when the screen has less (a 1024×600 laptop, 200%
scaling), it takes smaller type, down to a floor still readable from across the table; past that
floor it ends at a whole word with "…". The whole text stays in the tooltip and the accessible
name, and the GM has it on their own screen.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from saga_desktop.ui.elide import plain_tip

FLOOR = 0.7
"""The smallest type a fitted text takes, as a share of its own size."""
STEP = 0.92
"""Each try at a smaller size is this much smaller than the last."""
_WRAP = int(Qt.TextFlag.TextWordWrap)
_BLANK_LINES = re.compile(r"\n\s*\n+")


class FitLabel(QLabel):
    """Plain, wrapped text that shrinks, then ends with "…", to fit its height."""

    def __init__(self, font: QFont, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._base = QFont(font)
        self.setFont(font)
        self._full = ""
        self._width = -1

    def set_full_text(self, text: str) -> None:
        """Show ``text``, fitted to the label's height."""
        self._full = text
        self.setToolTip("")
        self.updateGeometry()
        self._fit()

    def full_text(self) -> str:
        """The whole text, however much of it shows."""
        return self._full

    def cut(self) -> bool:
        """True when the text shows only in part (it ends with "…")."""
        return self.text() != self._full

    def _needed(self, font: QFont, text: str, width: int) -> int:
        if not text:
            return 0
        rect = QFontMetrics(font).boundingRect(QRect(0, 0, max(1, width), 1 << 20), _WRAP, text)
        return rect.height()

    def sizeHint(self) -> QSize:
        """As tall as the whole text at full size needs at the label's width."""
        width = max(self.width(), 1)
        return QSize(width, self._needed(self._base, self._full, width))

    def minimumSizeHint(self) -> QSize:
        """Two lines of the smallest type: the rest shrinks or ends with "…"."""
        small = QFont(self._base)
        small.setPointSizeF(self._base.pointSizeF() * FLOOR)
        return QSize(0, 2 * QFontMetrics(small).lineSpacing() if self._full else 0)

    def hasHeightForWidth(self) -> bool:
        """The height is fitted here, not asked of the layout for each width."""
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Fit again; a new width changes the height the whole text needs."""
        super().resizeEvent(event)
        if event.size().width() != self._width:
            self._width = event.size().width()
            self.updateGeometry()
        self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        """Fit on first showing (until then the text is kept whole)."""
        super().showEvent(event)
        self._fit()

    def _fit(self) -> None:
        width, height = self.contentsRect().width(), self.contentsRect().height()
        if not self.isVisible() or height <= 0:
            height = 1 << 20  # not laid out yet: whole, until it is given its room
        # Whole paragraphs at the largest size that fits; then without the blank lines between
        # them; then the most whole words, at the smallest size.
        compact = _BLANK_LINES.sub("\n", self._full)
        font, shown = self._largest(self._full, width, height), self._full
        if font is None and compact != self._full:
            font, shown = self._largest(compact, width, height), compact
        if font is None:
            font = QFont(self._base)
            font.setPointSizeF(self._base.pointSizeF() * FLOOR)
            shown = self._longest_start(compact, font, width, height)
        if font != self.font():
            self.setFont(font)
        if shown != self.text():
            super().setText(shown)
        self.setToolTip(plain_tip(self._full) if shown != self._full else "")

    def _largest(self, text: str, width: int, height: int) -> QFont | None:
        """The base font, or the largest smaller one down to the floor, that fits ``text``."""
        font = QFont(self._base)
        size = self._base.pointSizeF()
        while self._needed(font, text, width) > height:
            size *= STEP
            if size < self._base.pointSizeF() * FLOOR:
                return None
            font.setPointSizeF(size)
        return font

    def _longest_start(self, text: str, font: QFont, width: int, height: int) -> str:
        """The most whole words of ``text``, ending with "…", that fit."""
        words = text.split(" ")
        low, high = 0, len(words)
        while low < high:
            mid = (low + high + 1) // 2
            if self._needed(font, " ".join(words[:mid]).rstrip(",.;:") + "…", width) <= height:
                low = mid
            else:
                high = mid - 1
        return " ".join(words[:low]).rstrip(",.;:") + "…"


class FitColumn(QWidget):
    """Holds a column of panels at exactly its own size, so fitted texts shrink to fit it.

    A scroll area would give the column the height its wrapped lines prefer and cut the foot;
    here the column gets the room there is, and only if even the smallest type cannot fit does
    the foot go past the edge.
    """

    def __init__(self, column: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.column = column
        column.setParent(self)

    def sizeHint(self) -> QSize:
        """The column's own wish."""
        return self.column.sizeHint()

    def minimumSizeHint(self) -> QSize:
        """As narrow as the column may be; any height (the texts fit themselves)."""
        return QSize(self.column.minimumSizeHint().width(), 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The column takes the whole room, never less than its smallest."""
        super().resizeEvent(event)
        layout = self.column.layout()
        least = layout.minimumSize().height() if layout is not None else 0
        self.column.setGeometry(0, 0, self.width(), max(self.height(), least))
