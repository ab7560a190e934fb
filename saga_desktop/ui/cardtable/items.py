"""The card table's graphics items: a card that flips, a pile's base, the red/black meter, text.

Cards are painted with :func:`saga_desktop.ui.cards.paint_card`, so they stay crisp at any zoom.
Nothing is cached: the one scene is shown by two views (the GM's table and the Player View's
mirror), and an item's device-coordinate cache is refreshed only for the view that repaints
first, so the other view went on showing stale counts and piles. Text is sized from the
application's font (:func:`table_font`), so it grows with the desktop's scaling.
A card lying face down has no identity here: its item has no card, only a back.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cards import BACK, paint_card
from saga_desktop.ui.cardtable.layout import CARD_H, CARD_W
from saga_desktop.ui.cardtable.piles import blacks, red_black, reds
from saga_desktop.ui.cardtable.words import card_plain
from saga_desktop.ui.elide import plain_tip as plain_tip  # the one helper, still named here

FELT = QColor("#2d4a41")
FELT_PANEL = QColor("#375a4f")
INK = QColor("#f3ecdc")
INK_SOFT = QColor("#c9d8cf")
METER_RED = QColor("#e0565d")
METER_BLACK = QColor("#15181c")
GLOW = QColor("#f2c14e")
CACHE = QGraphicsItem.CacheMode.NoCache


def app_text_px() -> float:
    """The application font's size in pixels (the table's text follows it)."""
    font = QApplication.font()
    if font.pixelSize() > 0:
        return float(font.pixelSize())
    return font.pointSizeF() * 96 / 72


def table_font(pixels: float, bold: bool = False) -> QFont:
    """The application's font at a size in scene pixels."""
    font = QFont(QApplication.font())
    font.setPixelSize(max(6, round(pixels)))
    font.setBold(bold)
    return font


class CardItem(QGraphicsObject):
    """A card on the table, or (``card`` None) the back of a face-down pile's card.

    ``flip`` runs from 0 (back up) to 1 (face up). Only a face-up card has a tooltip.
    """

    def __init__(self, card: Card | None) -> None:
        super().__init__()
        self.card = card
        self._flip = 0.0
        self._glow = False
        self._place = ""
        self.setCacheMode(CACHE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def face_up(self) -> bool:
        """True when the face shows (the flip is past its edge)."""
        return self._flip > 0.5

    @property
    def flip(self) -> float:
        """0 back up, 1 face up; in between the card is turning."""
        return self._flip

    def set_flip(self, value: float) -> None:
        """Turn the card part-way (repaints only when it changes)."""
        value = min(1.0, max(0.0, value))
        if value != self._flip:
            self._flip = value
            self._tip()
            self.update()

    def set_place(self, place: str) -> None:
        """Name the pile the card lies in (its tooltip says so: "Wren's fatigue: 7 of Hearts")."""
        if place != self._place:
            self._place = place
            self._tip()

    def _tip(self) -> None:
        shows = self.card is not None and self._flip > 0.5
        name = card_plain(self.card) if self.card is not None and shows else ""
        text = self._place or name
        if self._place and name:
            text = tr("{pile}: {card}", pile=self._place, card=name)
        if not shows and self._place:
            text = tr("{pile}: face down", pile=self._place)
        self.setToolTip(plain_tip(text) if text else "")

    def set_glow(self, on: bool) -> None:
        """Outline the card (a card being burned)."""
        if on != self._glow:
            self._glow = on
            self.update()

    def boundingRect(self) -> QRectF:
        """The card around its centre, with room for the outline."""
        return QRectF(-CARD_W / 2 - 2, -CARD_H / 2 - 2, CARD_W + 4, CARD_H + 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """The card, squeezed sideways while it turns over."""
        squeeze = abs(math.cos(math.pi * self._flip))
        if squeeze < 0.02:
            return
        painter.save()
        # The views paint with DontSavePainterState: the brush of the item painted before (a
        # face-up pile's cream edges) would otherwise fill this card's outline over its back.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.scale(squeeze, 1.0)
        rect = QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)
        paint_card(
            painter, rect, self.card, face_up=self.face_up, highlight=GLOW if self._glow else None
        )
        painter.restore()


class PileBase(QGraphicsItem):
    """The thickness of a pile under its top cards, or an empty outline with its name."""

    def __init__(self, empty_text: str, face_down: bool) -> None:
        super().__init__()
        self._count = 0
        self._empty_text = empty_text
        self._face_down = face_down
        self._text_px = 11.0
        self.setZValue(0.5)
        self.setCacheMode(CACHE)

    def set_text_size(self, pixels: float) -> None:
        """The size of the empty outline's word."""
        if pixels != self._text_px:
            self._text_px = pixels
            self.update()

    @property
    def count(self) -> int:
        """The cards the base stands for."""
        return self._count

    def set_count(self, count: int) -> None:
        """Show a pile of ``count`` cards."""
        if count != self._count:
            self._count = count
            self.update()

    def boundingRect(self) -> QRectF:
        """The card's place with room for the thickness."""
        return QRectF(-CARD_W / 2 - 2, -CARD_H / 2 - 2, CARD_W + 10, CARD_H + 10)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Layers of card edges, one per eight cards (up to six), or a dashed outline."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)
        if self._count == 0:
            pen = QPen(INK_SOFT, 1.2, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, 5, 5)
            painter.setPen(INK_SOFT)
            painter.setFont(table_font(self._text_px))
            painter.drawText(
                rect.adjusted(2, 2, -2, -2),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self._empty_text,
            )
            return
        layers = min(6, (self._count + 7) // 8)
        painter.setPen(QPen(QColor("#1b2a25"), 0.8))
        for i in range(layers, 0, -1):
            painter.setBrush(QBrush(BACK if self._face_down else QColor("#e9e2d2")))
            painter.drawRoundedRect(rect.translated(i * 1.2, i * 1.2), 5, 5)


class BalanceMeter(QGraphicsItem):
    """The red and black cards left in the draw pile, as a two-colour bar with its numbers."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self._rect = QRectF(rect)
        self._red = 0
        self._black = 0
        self._text_px = 11.0
        self.setCacheMode(CACHE)

    def place(self, rect: QRectF, text_px: float) -> None:
        """Move the bar and size its caption."""
        if rect != self._rect or text_px != self._text_px:
            self.prepareGeometryChange()
            self._rect, self._text_px = QRectF(rect), text_px
            self.update()

    def set_counts(self, red: int, black: int) -> None:
        """Show ``red`` and ``black`` cards left to draw."""
        if (red, black) != (self._red, self._black):
            self._red, self._black = red, black
            self.setToolTip(tr("Left in the draw pile: {colours}", colours=red_black(red, black)))
            self.update()

    @property
    def counts(self) -> tuple[int, int]:
        """The red and black counts shown."""
        return self._red, self._black

    def boundingRect(self) -> QRectF:
        """The bar and its caption under it."""
        return self._rect.adjusted(-1, -1, 41, self._text_px * 1.6 + 6)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Red part, black part, and ``14 red · 12 black`` under them."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        r = self._rect
        total = self._red + self._black
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#22382f"))
        painter.drawRoundedRect(r, 3, 3)
        if total:
            red_w = r.width() * self._red / total
            painter.setBrush(METER_RED)
            painter.drawRoundedRect(QRectF(r.left(), r.top(), red_w, r.height()), 3, 3)
            painter.setBrush(METER_BLACK)
            painter.drawRoundedRect(
                QRectF(r.left() + red_w, r.top(), r.width() - red_w, r.height()), 3, 3
            )
        painter.setFont(table_font(self._text_px))
        painter.setPen(INK_SOFT)
        text = tr("{reds} · {blacks} to draw", reds=reds(self._red), blacks=blacks(self._black))
        painter.drawText(
            QRectF(r.left(), r.bottom() + 3, r.width() + 40, self._text_px * 1.6),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            text,
        )


class Caption(QGraphicsSimpleTextItem):
    """A line of text on the felt, elided to a width."""

    def __init__(
        self, size: float = 1.0, bold: bool = False, width: float = 200, shrink: float = 1.0
    ) -> None:
        super().__init__()
        self._size = size
        self._bold = bold
        self._shrink = shrink
        self._base = table_font(13 * size, bold)
        self.setFont(table_font(13 * size, bold))
        self.setBrush(INK)
        self._width = width
        self._full = ""

    def set_text_size(self, pixels: float) -> None:
        """Size the text: ``pixels`` is the table's base text size (this caption scales it)."""
        font = table_font(pixels * self._size, self._bold)
        if font != self._base:
            self._base = font
            self.set_line(self._full)

    def set_line(self, text: str, pos: QPointF | None = None) -> None:
        """Show ``text`` (elided to fit), optionally at ``pos``."""
        self._full = text
        font = QFont(self._base)
        # A long name first gets a smaller font (down to ``shrink`` of the size), then "…".
        wide = QFontMetricsF(font).horizontalAdvance(text)
        if wide > self._width and self._shrink < 1.0:
            size = font.pixelSize() * max(self._shrink, self._width / wide)
            font.setPixelSize(max(6, int(size)))
        if font != self.font():
            self.setFont(font)
        metrics = QFontMetricsF(font)
        self.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, self._width))
        self.setToolTip(plain_tip(text) if self.text() != text else "")
        if pos is not None:
            self.setPos(pos)

    def set_width(self, width: float) -> None:
        """Elide to a new width."""
        if width != self._width:
            self._width = width
            self.set_line(self._full)

    @property
    def full_text(self) -> str:
        """The text before eliding."""
        return self._full
