"""Playing cards drawn as crisp vectors at any size, and small widgets that show them.

Shared by the card table, the character sheets and the dialogs that reveal cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.rules.cards import Card, Rank, Suit

RANK_WORDS: dict[Rank, str] = {
    Rank.ACE: tr_noop("ace"),
    Rank.JACK: tr_noop("jack"),
    Rank.QUEEN: tr_noop("queen"),
    Rank.KING: tr_noop("king"),
}
"""The ranks said in words; 2 to 10 are said as numbers in every language."""

SUIT_WORDS: dict[Suit, str] = {
    Suit.HEARTS: tr_noop("hearts"),
    Suit.DIAMONDS: tr_noop("diamonds"),
    Suit.CLUBS: tr_noop("clubs"),
    Suit.SPADES: tr_noop("spades"),
}


def card_plain(card: Card) -> str:
    """``"queen of spades"``, ``"dame de pique"``: the card in the app's words."""
    word = RANK_WORDS.get(card.rank)
    rank = tr(word) if word else str(int(card.rank))
    return tr("{rank} of {suit}", rank=rank, suit=tr(SUIT_WORDS[card.suit]))


CARD_RATIO = 1.4  # height / width of a playing card
RED = QColor("#c0262d")
BLACK = QColor("#1d1d22")
FACE = QColor("#fbf7ee")
EDGE = QColor("#6b6256")
BACK = QColor("#24406b")
BACK_LINE = QColor("#c9a85a")


def card_colour(card: Card) -> QColor:
    """Red for hearts and diamonds, near-black for clubs and spades."""
    return RED if card.is_red else BLACK


def paint_card(
    painter: QPainter,
    rect: QRectF,
    card: Card | None,
    *,
    face_up: bool = True,
    highlight: QColor | None = None,
) -> None:
    """Paint one card (``None`` or ``face_up=False`` paints its back) into ``rect``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    radius = rect.width() * 0.08
    outline = QPainterPath()
    outline.addRoundedRect(rect, radius, radius)
    edge = QPen(highlight if highlight is not None else EDGE, 3 if highlight is not None else 1)
    edge.setCosmetic(True)
    if card is None or not face_up:
        _paint_back(painter, rect, outline, edge)
    else:
        painter.fillPath(outline, FACE)
        painter.setPen(edge)
        painter.drawPath(outline)
        _paint_face(painter, rect, card)
    painter.restore()


def _paint_back(painter: QPainter, rect: QRectF, outline: QPainterPath, edge: QPen) -> None:
    painter.fillPath(outline, BACK)
    painter.setPen(edge)
    painter.drawPath(outline)
    inset = rect.adjusted(
        rect.width() * 0.1, rect.width() * 0.1, -rect.width() * 0.1, -rect.width() * 0.1
    )
    pen = QPen(BACK_LINE, max(1.0, rect.width() * 0.02))
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inset, rect.width() * 0.05, rect.width() * 0.05)
    # A hex in the middle: the map the party is charting.
    c = inset.center()
    r = inset.width() * 0.28
    hexagon = QPainterPath()
    for i in range(7):
        angle = math.pi / 3 * i + math.pi / 6
        p = QPointF(c.x() + r * math.cos(angle), c.y() + r * math.sin(angle))
        if i == 0:
            hexagon.moveTo(p)
        else:
            hexagon.lineTo(p)
    painter.drawPath(hexagon)


def _paint_face(painter: QPainter, rect: QRectF, card: Card) -> None:
    colour = card_colour(card)
    painter.setPen(colour)
    w = rect.width()
    corner = QFont()
    corner.setBold(True)
    corner.setPixelSize(max(6, round(w * 0.24)))
    painter.setFont(corner)
    label = f"{card.rank.label}\n{card.suit.symbol}"
    box = QRectF(rect.left() + w * 0.06, rect.top() + w * 0.04, w * 0.36, w * 0.62)
    painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)
    painter.save()
    painter.translate(rect.center())
    painter.rotate(180)
    painter.translate(-rect.center())
    painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)
    painter.restore()
    big = QFont()
    big.setPixelSize(max(8, round(w * 0.46)))
    painter.setFont(big)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, card.suit.symbol)


class CardWidget(QWidget):
    """One card, face up or down, sized by its height."""

    def __init__(
        self, card: Card | None = None, height: int = 84, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._card = card
        self._face_up = True
        self._height = height
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.set_card(card)

    def set_card(self, card: Card | None, face_up: bool = True) -> None:
        """Show another card."""
        self._card = card
        self._face_up = face_up
        name = card_plain(card) if card is not None and face_up else tr("a face-down card")
        self.setAccessibleName(name)
        self.setToolTip(card_plain(card) if card is not None and face_up else "")
        self.update()

    @property
    def card(self) -> Card | None:
        """The card shown."""
        return self._card

    def sizeHint(self) -> QSize:
        """A card's proportions at the chosen height."""
        return QSize(round(self._height / CARD_RATIO) + 2, self._height + 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the card."""
        painter = QPainter(self)
        rect = QRectF(1, 1, self.width() - 2, self.height() - 2)
        paint_card(painter, rect, self._card, face_up=self._face_up)


NO_CARDS = tr_noop("No cards")
"""What an empty row of cards says (callers may pass their own words)."""


class HandWidget(QWidget):
    """A row of cards (a hand, a revealed row), or a short text when there are none."""

    def __init__(
        self, empty_text: str = NO_CARDS, height: int = 56, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._height = height
        self._empty_text = empty_text
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(4)
        self._cards: list[Card] = []
        self.set_cards([])

    def set_cards(self, cards: Sequence[Card]) -> None:
        """Show these cards, in order."""
        self._cards = list(cards)
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        if not self._cards:
            label = QLabel(tr(self._empty_text) if self._empty_text else "")
            label.setFont(self.font())  # explicit: style sheets around may reset inheritance
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setEnabled(False)
            self._layout.addWidget(label)
        for card in self._cards:
            self._layout.addWidget(CardWidget(card, self._height, self))
        self._layout.addStretch(1)
        names = ", ".join(card_plain(c) for c in self._cards) or (
            tr(self._empty_text) if self._empty_text else ""
        )
        self.setAccessibleName(names)
        self.setToolTip(", ".join(c.name for c in self._cards))

    @property
    def cards(self) -> list[Card]:
        """The cards shown."""
        return list(self._cards)
