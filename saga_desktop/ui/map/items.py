"""The few items on the map: the hex cursor, the highlight ring, the planned path; and the badge.

Regions are not items (they are painted with the still map, see :mod:`saga_desktop.ui.map.paint`).
Items draw vector shapes only and never cache pixmaps, so they stay sharp at every zoom and device
pixel ratio. :func:`draw_badge` draws one risk badge for the widgets and the printed sheet.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF, QStaticText
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from saga_desktop.rules.hexgrid import Orientation
from saga_desktop.ui.map.geometry import HEX_SIZE, hex_outline
from saga_desktop.ui.map.style import MapStyle, cosmetic_pen
from saga_desktop.ui.map.theme import BadgeShape, badge_path, risk_shape

Z_CURSOR = 5.0
Z_HIGHLIGHT = 5.5
Z_PATH = 6.0
Z_PARTY = 10.0
Z_DIE = 20.0

_S = HEX_SIZE


def draw_badge(
    painter: QPainter,
    style: MapStyle,
    risk: int,
    at: QPointF,
    radius: float,
    label: QStaticText | None = None,
) -> None:
    """A risk badge: shape and colour by rating, with the rating written inside."""
    shape = risk_shape(risk)
    painter.setPen(style.badge_edge_pen)
    if shape in (BadgeShape.RING, BadgeShape.CIRCLE):
        ring = shape is BadgeShape.RING
        painter.setBrush(style.paper_brush if ring else style.risk_brush(risk))
        painter.drawEllipse(at, radius, radius)
    else:
        painter.setBrush(style.risk_brush(risk))
        polygon = _placed_badge(shape, radius, at.x(), at.y())
        if shape is BadgeShape.STAR:
            painter.drawPolygon(polygon)
        else:
            painter.drawConvexPolygon(polygon)
    painter.setPen(style.ink_pen if shape is BadgeShape.RING else style.badge_text_pen)
    painter.setFont(style.badge_font)
    text = label if label is not None else QStaticText(str(risk))
    size = text.size()
    lift = radius * 0.2 if shape is BadgeShape.TRIANGLE else 0.0
    painter.drawStaticText(
        QPointF(at.x() - size.width() / 2, at.y() + lift - size.height() / 2), text
    )


@cache
def _placed_badge(shape: BadgeShape, radius: float, x: float, y: float) -> QPolygonF:
    return badge_path(shape, radius).toFillPolygon().translated(x, y)


class CursorItem(QGraphicsPathItem):
    """The outline of the current hex."""

    def __init__(self, orientation: Orientation, style: MapStyle) -> None:
        super().__init__()
        self._style = style
        self.set_orientation(orientation)
        self.setZValue(Z_CURSOR)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._ring = False
        self.restyle()

    def set_focus_ring(self, on: bool) -> None:
        """Draw thicker, over a halo of paper, while the map has keyboard focus."""
        self._ring = on
        self.restyle()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """The outline (over its halo while focused)."""
        if self._ring:
            painter.setPen(cosmetic_pen(self._style.theme.paper, 8.0))
            painter.drawPath(self.path())
        super().paint(painter, option, widget)

    def set_orientation(self, orientation: Orientation) -> None:
        """Outline a pointy- or flat-topped hex."""
        path = QPainterPath()
        path.addPolygon(hex_outline(orientation, 0.94))
        path.closeSubpath()
        self.setPath(path)

    def restyle(self) -> None:
        """Pick up the current theme."""
        ring = cosmetic_pen(self._style.theme.cursor, 4.0)
        self.setPen(ring if self._ring else self._style.cursor_pen)


class HighlightItem(QGraphicsPathItem):
    """A bold double ring around a hex the GM shows to the players."""

    def __init__(self, orientation: Orientation, style: MapStyle) -> None:
        super().__init__()
        self._style = style
        self.set_orientation(orientation)
        self.setZValue(Z_HIGHLIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.restyle()

    def set_orientation(self, orientation: Orientation) -> None:
        """Ring a pointy- or flat-topped hex."""
        path = QPainterPath()
        for scale in (0.9, 1.06):
            path.addPolygon(hex_outline(orientation, scale))
            path.closeSubpath()
        self.setPath(path)

    def restyle(self) -> None:
        """Pick up the current theme."""
        self.setPen(cosmetic_pen(self._style.theme.path, 3.0))


class PathItem(QGraphicsPathItem):
    """A planned journey: a dashed line through the hex centres, dots, a ring at the end."""

    def __init__(self, style: MapStyle) -> None:
        super().__init__()
        self._style = style
        self._dots = QPainterPath()
        self.setZValue(Z_PATH)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.restyle()

    def set_points(self, points: list[QPointF]) -> None:
        """Show a path through these scene points (an empty list hides it)."""
        path = QPainterPath()
        dots = QPainterPath()
        if points:
            path.moveTo(points[0])
            for p in points[1:]:
                path.lineTo(p)
            for p in points[1:-1]:
                dots.addEllipse(p, _S * 0.07, _S * 0.07)
            if len(points) > 1:
                path.addEllipse(points[-1], _S * 0.22, _S * 0.22)
        self._dots = dots
        self.setPath(path)
        self.setVisible(bool(points))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """The dashed line and ring, then the solid dots."""
        super().paint(painter, option, widget)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._style.theme.path)
        painter.drawPath(self._dots)

    def restyle(self) -> None:
        """Pick up the current theme."""
        self.setPen(self._style.path_pen)
