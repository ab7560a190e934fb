"""Long user text in tight places: a title cut with "…" to the room there is, whole in a tooltip.

A region's title or a character's name may be 120 characters long. Where it sits inside a
sentence (a label) or names a menu entry, it is cut to fit, so it never widens a dock or runs a
menu off the screen, and the whole text stays readable in a plain-text tooltip.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

MIN_TITLE_CHARS = 6
"""However narrow the label, this many average characters of the title stay."""
MENU_TITLE_EMS = 22
"""A name in a menu entry is cut to about this many average characters."""


def plain_tip(text: str) -> str:
    """A tooltip that shows ``text`` exactly (Qt would otherwise read markup in it)."""
    if not text:
        return ""
    return "<p style='white-space:pre-wrap'>" + html.escape(text, quote=False) + "</p>"


def elide(metrics: QFontMetrics, text: str, width: int) -> str:
    """``text`` on one line, cut with "…" to ``width`` pixels (line breaks become spaces)."""
    one_line = " ".join(text.split())
    return metrics.elidedText(one_line, Qt.TextElideMode.ElideRight, max(0, width))


def menu_text(metrics: QFontMetrics, name: str, after: str = "") -> str:
    """A menu entry's text for a user-given ``name``: cut to fit, "&" kept as a letter."""
    cut = elide(metrics, name, metrics.averageCharWidth() * MENU_TITLE_EMS)
    return cut.replace("&", "&&") + after


class TitledNote(QLabel):
    """A wrapped line of plain text with a title inside, cut so the title takes one line at most.

    ``set_note("Region 4 (", title, "): risk 3")`` keeps the words around the title whole and
    cuts the title to the label's width; the tooltip then holds the whole line.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self._parts = ("", "", "")

    def set_note(self, before: str, title: str = "", after: str = "") -> None:
        """Show ``before + title + after``, the title cut to fit."""
        self._parts = (before, " ".join(title.split()), after)
        self._fit()

    def full_text(self) -> str:
        """The whole line, title uncut."""
        return "".join(self._parts)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Cut the title again for the new width."""
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        before, title, after = self._parts
        metrics = self.fontMetrics()
        room = self.contentsRect().width() - metrics.horizontalAdvance(before + after)
        room = max(room, metrics.averageCharWidth() * MIN_TITLE_CHARS)
        cut = elide(metrics, title, room) if title else ""
        shown = before + cut + after
        if shown != self.text():
            super().setText(shown)
        self.setToolTip(plain_tip(self.full_text()) if cut != title else "")
