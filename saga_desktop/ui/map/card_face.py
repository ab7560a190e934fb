"""A playing card face up and a risk badge, for the charting flow (vector, crisp at any scale)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from saga_desktop.i18n import tr
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cards import card_plain
from saga_desktop.ui.map.items import draw_badge
from saga_desktop.ui.map.style import MapStyle, scene_font
from saga_desktop.ui.map.theme import PAPER

RED = QColor("#b3261e")
BLACK = QColor("#1d1b1a")


class CardFace(QWidget):
    """One card, face up (or an empty outline before it is revealed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._card: Card | None = None
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(tr("Revealed card"))

    @property
    def card(self) -> Card | None:
        """The card shown."""
        return self._card

    def set_card(self, card: Card | None) -> None:
        """Show a card (None: the face-down outline)."""
        self._card = card
        self.setAccessibleDescription(card_plain(card) if card else tr("no card yet"))
        self.setToolTip(card_plain(card) if card else "")
        self.update()

    def sizeHint(self) -> QSize:
        """A card of about 2.5 x 3.5 proportions."""
        h = self.fontMetrics().height() * 7
        return QSize(round(h * 0.7), h)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Rounded card, corner indices and a large suit symbol."""
        del event
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        r = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        radius = r.width() * 0.08
        if self._card is None:
            pen = QPen(self.palette().mid().color(), 1.5, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r, radius, radius)
            return
        colour = RED if self._card.is_red else BLACK
        p.setPen(QPen(QColor("#8a8175"), 1.2))
        p.setBrush(QColor("#fffdf7"))
        p.drawRoundedRect(r, radius, radius)
        p.setPen(colour)
        corner = QFont(self.font())
        corner.setPixelSize(max(10, round(r.height() * 0.14)))
        corner.setBold(True)
        p.setFont(corner)
        index = QRectF(
            r.left() + r.width() * 0.07,
            r.top() + r.height() * 0.04,
            r.width() * 0.4,
            r.height() * 0.34,
        )
        text = f"{self._card.rank.label}\n{self._card.suit.symbol}"
        p.drawText(index, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, text)
        p.save()
        p.translate(r.center())
        p.rotate(180)
        p.translate(-r.center())
        p.drawText(index, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, text)
        p.restore()
        big = QFont(self.font())
        big.setPixelSize(max(14, round(r.height() * 0.38)))
        p.setFont(big)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, self._card.suit.symbol)


class RiskBadge(QWidget):
    """The map's risk badge for a rating, at widget size."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._risk: int | None = None
        self._style = MapStyle(PAPER)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_risk(self, risk: int | None) -> None:
        """Show a rating (None: nothing)."""
        self._risk = risk
        self.setAccessibleName("" if risk is None else tr("Risk {risk}", risk=risk))
        self.update()

    def sizeHint(self) -> QSize:
        """About three lines of text tall."""
        side = self.fontMetrics().height() * 3
        return QSize(side, side)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The badge, centred."""
        del event
        if self._risk is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        radius = min(self.width(), self.height()) * 0.3
        self._style.badge_font = scene_font(max(8, round(radius * 1.1)), bold=True)
        draw_badge(p, self._style, self._risk, QRectF(self.rect()).center(), radius)
