"""The card table's graphics items: a card that flips, a pile's base, the red/black meter, text.

Cards are painted with :func:`saga_desktop.ui.cards.paint_card`, so they stay crisp at any zoom.
Each item caches its picture in device coordinates: a card that only slides is blitted, and only
the cards that flip or lift are painted again during an animation.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from saga_desktop.rules.cards import Card
from saga_desktop.ui.cards import BACK, paint_card
from saga_desktop.ui.cardtable.layout import CARD_H, CARD_W

FELT = QColor("#2d4a41")
FELT_PANEL = QColor("#375a4f")
INK = QColor("#f3ecdc")
INK_SOFT = QColor("#c9d8cf")
METER_RED = QColor("#e0565d")
METER_BLACK = QColor("#15181c")
GLOW = QColor("#f2c14e")
CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache


class CardItem(QGraphicsObject):
    """One of the 52 cards. ``flip`` runs from 0 (back up) to 1 (face up)."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card
        self._flip = 0.0
        self._glow = False
        self.setCacheMode(CACHE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(card.long_name)

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
            self.setToolTip(self.card.long_name if value > 0.5 else "A face-down card")
            self.update()

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
        self.setZValue(0.5)
        self.setCacheMode(CACHE)

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
            font = QFont()
            font.setPixelSize(11)
            painter.setFont(font)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self._empty_text)
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
        self.setCacheMode(CACHE)

    def set_counts(self, red: int, black: int) -> None:
        """Show ``red`` and ``black`` cards left to draw."""
        if (red, black) != (self._red, self._black):
            self._red, self._black = red, black
            self.setToolTip(f"Left in the draw pile: {red} red, {black} black")
            self.update()

    @property
    def counts(self) -> tuple[int, int]:
        """The red and black counts shown."""
        return self._red, self._black

    def boundingRect(self) -> QRectF:
        """The bar and its caption under it."""
        return self._rect.adjusted(-1, -1, 1, 22)

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
        font = QFont()
        font.setPixelSize(11)
        painter.setFont(font)
        painter.setPen(INK_SOFT)
        text = f"{self._red} red · {self._black} black to draw"
        painter.drawText(
            QRectF(r.left(), r.bottom() + 3, r.width() + 40, 16),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            text,
        )


class Caption(QGraphicsSimpleTextItem):
    """A line of text on the felt, elided to a width."""

    def __init__(self, pixel_size: int = 13, bold: bool = False, width: float = 200) -> None:
        super().__init__()
        font = QFont()
        font.setPixelSize(pixel_size)
        font.setBold(bold)
        self.setFont(font)
        self.setBrush(INK)
        self._width = width
        self._full = ""

    def set_line(self, text: str, pos: QPointF | None = None) -> None:
        """Show ``text`` (elided to fit), optionally at ``pos``."""
        self._full = text
        metrics = QFontMetricsF(self.font())
        self.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, self._width))
        self.setToolTip(text if self.text() != text else "")
        if pos is not None:
            self.setPos(pos)

    def set_width(self, width: float) -> None:
        """Elide to a new width."""
        self._width = width
        self.set_line(self._full)

    @property
    def full_text(self) -> str:
        """The text before eliding."""
        return self._full
