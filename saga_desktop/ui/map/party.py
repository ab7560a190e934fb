"""The party token: a pennant pin that marks where the party stands and can be dragged to travel."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.ui.map.art import TITLE_RECT
from saga_desktop.ui.map.geometry import HEX_SIZE
from saga_desktop.ui.map.items import Z_PARTY
from saga_desktop.ui.map.paint import TITLE_PX
from saga_desktop.ui.map.style import MapStyle

TOKEN_RADIUS = 10.0
"""Radius of the token in device-independent pixels (it keeps its size at every zoom)."""

ANCHOR_OFFSET = QPointF(0, HEX_SIZE * 0.2)
"""Zoomed out (no titles written), the token sits under the number, between the marks."""
TITLE_GAP = 2.0
"""Device pixels between a region's title and the token under it."""


def anchor_offset(hex_px: float) -> QPointF:
    """Where the token stands from its hex's centre when a hex is ``hex_px`` pixels on screen.

    The token keeps its size in pixels while the hex grows, so once titles are written it
    stands just under the title, never over it, at every zoom.
    """
    if hex_px < TITLE_PX:
        return QPointF(ANCHOR_OFFSET)
    scale = hex_px / HEX_SIZE
    return QPointF(0, TITLE_RECT.bottom() + (TOKEN_RADIUS + 2 + TITLE_GAP) / scale)


class PartyToken(QGraphicsObject):
    """Where the party stands. Drag it to another hex to plan a journey there (unless fixed)."""

    dropped = Signal(QPointF)
    """Emitted with the scene point where the player let go of a drag."""

    def __init__(self, style: MapStyle, *, movable: bool = True) -> None:
        super().__init__()
        self._style = style
        self._home = QPointF()
        self._centre: QPointF | None = None
        self._offset = QPointF(ANCHOR_OFFSET)
        self._pressed_at: QPointF | None = None
        self.setZValue(Z_PARTY)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        if movable:
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, True)
            self.setCursor(Qt.CursorShape.OpenHandCursor)
            self.setToolTip(tr("The party. Drag to another hex to travel there."))
        else:  # the players' map: the token only shows where the party stands
            self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.setToolTip(tr("The party"))

    def place(self, centre: QPointF | None) -> None:
        """Stand in the hex with this centre (None hides the token)."""
        self._centre = None if centre is None else QPointF(centre)
        if centre is None:
            self.hide()
            return
        self._home = centre + self._offset
        if self._pressed_at is None:  # not while it is being dragged
            self.setPos(self._home)
        self.show()

    def set_hex_px(self, hex_px: float) -> None:
        """Follow the view's zoom (hexes ``hex_px`` pixels big): keep clear of the title."""
        offset = anchor_offset(hex_px)
        if offset != self._offset:
            self._offset = offset
            if self._centre is not None:
                self._home = self._centre + offset
                if self._pressed_at is None:
                    self.setPos(self._home)

    def home(self) -> QPointF:
        """The token's resting point."""
        return QPointF(self._home)

    def boundingRect(self) -> QRectF:
        """The pin and its pennant, in device-independent pixels."""
        r = TOKEN_RADIUS
        return QRectF(-r - 2, -r - 2, 2 * r + 4, 2 * r + 4)

    def shape(self) -> QPainterPath:
        """The round pin."""
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), TOKEN_RADIUS, TOKEN_RADIUS)
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """A round token with a pennant on a pole."""
        theme = self._style.theme
        r = TOKEN_RADIUS
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(theme.party_edge, 1.5))
        painter.setBrush(QBrush(theme.party))
        painter.drawEllipse(QPointF(0, 0), r, r)
        pole = QPen(theme.paper, 1.6)
        pole.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pole)
        painter.drawLine(QPointF(-r * 0.35, r * 0.6), QPointF(-r * 0.35, -r * 0.62))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(theme.paper))
        painter.drawPolygon(
            QPolygonF(
                [
                    QPointF(-r * 0.3, -r * 0.62),
                    QPointF(r * 0.6, -r * 0.33),
                    QPointF(-r * 0.3, -r * 0.04),
                ]
            )
        )

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Start a drag with the left button."""
        if event.button() == Qt.MouseButton.LeftButton:
            self._pressed_at = event.scenePos()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Go back home and report where the drag ended; the map plans the journey."""
        super().mouseReleaseEvent(event)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        if self._pressed_at is None:
            return
        self._pressed_at = None
        end = self.pos() - self._offset
        self.setPos(self._home)
        self.dropped.emit(end)
