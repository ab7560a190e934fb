"""Painting a journal entry: a small line of facts, then the text with its cards in colour.

Text is always laid out as plain text (never rich text); card names such as ``10♥`` are drawn
bold in their suit's colour and dice such as ``d8 5`` in bold, so a roll reads at a glance.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPalette,
    QTextCharFormat,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import QAbstractItemView, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from saga_desktop.model.campaign import JournalEntry
from saga_desktop.ui.journal.model import ENTRY_ROLE, HIGHLIGHT_ROLE, META_ROLE

CARD = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[♥♦♣♠]")
DICE = re.compile(r"\bd(?:4|6|8|10|12|20)\b(?: \d+)?")
RED_SUITS = frozenset("♥♦")
RED = QColor("#c0262d")
PAD = 6
CACHE_LIMIT = 50_000

Index = QModelIndex | QPersistentModelIndex


def text_layout(
    text: str, font: QFont, width: float, ink: QColor, red: QColor = RED
) -> tuple[QTextLayout, float]:
    """Lay out ``text`` wrapped to ``width``, cards and dice in bold; returns it and its height.

    Black cards take ``ink``, red ones ``red``.
    """
    layout = QTextLayout(text, font)
    ranges = []
    for match in CARD.finditer(text):
        fmt = QTextCharFormat()
        fmt.setFontWeight(QFont.Weight.Bold)
        fmt.setForeground(red if match.group()[-1] in RED_SUITS else ink)
        r = QTextLayout.FormatRange()
        r.start, r.length, r.format = match.start(), len(match.group()), fmt
        ranges.append(r)
    for match in DICE.finditer(text):
        fmt = QTextCharFormat()
        fmt.setFontWeight(QFont.Weight.Bold)
        r = QTextLayout.FormatRange()
        r.start, r.length, r.format = match.start(), len(match.group()), fmt
        ranges.append(r)
    layout.setFormats(ranges)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    y = 0.0
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(10.0, width))
        line.setPosition(QPointF(0, y))
        y += line.height()
    layout.endLayout()
    return layout, y


class JournalDelegate(QStyledItemDelegate):
    """Two-part rows: facts (day, region, time, who, kind) and the entry's text."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._view = view
        self._heights: dict[tuple[int, str, int], int] = {}

    def _width(self) -> int:
        return max(120, self._view.viewport().width() - 2 * PAD - 2)

    @staticmethod
    def _meta_font(font: QFont) -> QFont:
        small = QFont(font)
        small.setPointSizeF(font.pointSizeF() * 0.85)
        return small

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        """Tall enough for the facts and every wrapped line of the text."""
        entry = index.data(ENTRY_ROLE)
        if not isinstance(entry, JournalEntry):
            return super().sizeHint(option, index)
        width = self._width()
        key = (entry.id, entry.said, width)
        height = self._heights.get(key)
        if height is None:
            meta = QFontMetricsF(self._meta_font(option.font)).height()
            _, text_height = text_layout(entry.said, option.font, width, QColor("black"))
            height = int(PAD + meta + 2 + text_height + PAD + 1)
            if len(self._heights) > CACHE_LIMIT:
                self._heights.clear()
            self._heights[key] = height
        return QSize(width, height)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """Background (selection, highlight of the last change), facts, then the text."""
        self.initStyleOption(option, index)
        opt = QStyleOptionViewItem(option)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else None
        painter.save()
        if style is not None:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt, painter, widget)
        rect = QRectF(opt.rect)
        palette = opt.palette
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        if index.data(HIGHLIGHT_ROLE) and not selected:
            glow = QColor(palette.color(QPalette.ColorRole.Highlight))
            glow.setAlpha(45)
            painter.fillRect(rect, glow)
            painter.fillRect(QRectF(rect.left(), rect.top(), 4, rect.height()), glow.darker(100))
            accent = QColor(palette.color(QPalette.ColorRole.Highlight))
            painter.fillRect(QRectF(rect.left(), rect.top(), 3, rect.height()), accent)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        ink = palette.color(role)
        meta_font = self._meta_font(opt.font)
        painter.setFont(meta_font)
        faint = QColor(ink)
        faint.setAlphaF(0.7)
        painter.setPen(faint)
        meta_h = QFontMetricsF(meta_font).height()
        meta_rect = QRectF(rect.left() + PAD, rect.top() + PAD, rect.width() - 2 * PAD, meta_h)
        meta = str(index.data(META_ROLE) or "")
        elided = QFontMetricsF(meta_font).elidedText(
            meta, Qt.TextElideMode.ElideRight, meta_rect.width()
        )
        painter.drawText(
            meta_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elided
        )
        painter.setPen(ink)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        red = ink if selected else RED
        layout, _ = text_layout(text, opt.font, rect.width() - 2 * PAD, ink, red)
        layout.draw(painter, QPointF(rect.left() + PAD, rect.top() + PAD + meta_h + 2))
        painter.setPen(QColor(palette.color(QPalette.ColorRole.Mid)))
        painter.drawLine(rect.bottomLeft() + QPointF(PAD, 0), rect.bottomRight() - QPointF(PAD, 0))
        painter.restore()
