"""The items on the map: one per charted region, the hex cursor and the planned path.

Items draw vector shapes only and never cache pixmaps, so they stay sharp at every zoom and
device pixel ratio. A region draws less the further the view zooms out (level of detail): its
title only when it can be read, and far out nothing but the tint painted with the paper.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF, QStaticText
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from saga_desktop.model.campaign import Region
from saga_desktop.rules.hexgrid import Orientation
from saga_desktop.ui.map.geometry import HEX_SIZE, hex_outline
from saga_desktop.ui.map.style import MapStyle
from saga_desktop.ui.map.theme import BadgeShape, badge_path, risk_shape

Z_REGION = 0.0
Z_CURSOR = 5.0
Z_PATH = 6.0
Z_PARTY = 10.0
Z_DIE = 20.0

DETAIL_PX = 14.0
"""Below this on-screen hex size a region is drawn as a single tinted fill."""
TITLE_PX = 58.0
"""From this on-screen hex size the region's title is written under its number."""

_S = HEX_SIZE
_NUMBER_Y = -_S * 0.3
_TITLE_RECT = QRectF(-_S * 0.8, -_S * 0.06, _S * 1.6, _S * 0.26)
_BADGE_AT = QPointF(_S * 0.5, _S * 0.47)
_BADGE_R = _S * 0.17
_VISITED_AT = QPointF(-_S * 0.5, _S * 0.47)


class RegionItem(QGraphicsPolygonItem):
    """A charted hex's marks: its number, risk badge, visited tick and (zoomed in) title.

    The hex's tint is painted with the paper (see :mod:`saga_desktop.ui.map.fills`); the item's
    polygon (never stroked or filled) gives it its bounds and shape for hit-testing.
    """

    def __init__(self, region: Region, orientation: Orientation, style: MapStyle) -> None:
        # Kept lean: a campaign may hold 100,000 of these. The pen and brush are never used.
        super().__init__(hex_outline(orientation))
        self._style = style
        self.region = region
        self._labels: tuple[QStaticText, QStaticText] | None = None

    def set_region(self, region: Region) -> None:
        """Show another state of the region (after an edit)."""
        if (region.number, region.risk) != (self.region.number, self.region.risk):
            self._labels = None
        self.region = region
        self.update()

    def set_orientation(self, orientation: Orientation) -> None:
        """Take the shape of a pointy- or flat-topped hex."""
        self.setPolygon(hex_outline(orientation))

    def _orientation(self) -> Orientation:
        flat = self.polygon().at(0).y() == 0  # a flat hex's first corner points east
        return Orientation.FLAT if flat else Orientation.POINTY

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Number, badge and marks; the title too when zoomed in far enough to read it."""
        style = self._style
        region = self.region
        px = option.levelOfDetailFromTransform(painter.worldTransform()) * _S
        if px < DETAIL_PX:
            return  # the tint in the background says all that can be seen
        if self._labels is None:
            self._labels = (QStaticText(str(region.number)), QStaticText(str(region.risk)))
        number, risk = self._labels
        if region.hidden:
            painter.setPen(style.hidden_pen)
            painter.setBrush(style.no_brush)
            painter.drawPolygon(hex_outline(self._orientation(), 0.86))
            _draw_hidden_mark(painter, style)
        painter.setPen(style.ink_pen)
        painter.setFont(style.number_font)
        size = number.size()
        painter.drawStaticText(QPointF(-size.width() / 2, _NUMBER_Y - size.height() / 2), number)
        if px >= TITLE_PX and region.title:
            painter.setFont(style.title_font)
            metrics = painter.fontMetrics()
            text = metrics.elidedText(
                region.title, Qt.TextElideMode.ElideRight, int(_TITLE_RECT.width())
            )
            painter.setPen(style.faint_pen)
            painter.drawText(_TITLE_RECT, Qt.AlignmentFlag.AlignCenter, text)
        draw_badge(painter, style, region.risk, _BADGE_AT, _BADGE_R, risk)
        if region.visited:
            _draw_visited_mark(painter, style)


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
        painter.setBrush(style.paper_brush if ring else style.risk_brushes[min(risk, 9)])
        painter.drawEllipse(at, radius, radius)
    else:
        painter.setBrush(style.risk_brushes[min(risk, 9)])
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


def _draw_visited_mark(painter: QPainter, style: MapStyle) -> None:
    # A small tick: the party has set foot here.
    x, y = _VISITED_AT.x(), _VISITED_AT.y()
    s = _S * 0.11
    painter.setPen(style.mark_pen)
    painter.drawPolyline(
        QPolygonF(
            [QPointF(x - s, y), QPointF(x - s * 0.3, y + s * 0.8), QPointF(x + s * 1.1, y - s)]
        )
    )


def _draw_hidden_mark(painter: QPainter, style: MapStyle) -> None:
    # A closed eye with a slash: the players do not see this region.
    painter.setPen(style.hidden_mark_pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    cy = -_S * 0.66
    w = _S * 0.15
    eye = QPainterPath()
    eye.moveTo(-w, cy)
    eye.quadTo(0, cy - w * 0.9, w, cy)
    eye.quadTo(0, cy + w * 0.9, -w, cy)
    painter.drawPath(eye)
    painter.drawLine(QPointF(-w * 0.9, cy + w * 0.7), QPointF(w * 0.9, cy - w * 0.7))


class CursorItem(QGraphicsPathItem):
    """The outline of the current hex."""

    def __init__(self, orientation: Orientation, style: MapStyle) -> None:
        super().__init__()
        self._style = style
        self.set_orientation(orientation)
        self.setZValue(Z_CURSOR)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.restyle()

    def set_orientation(self, orientation: Orientation) -> None:
        """Outline a pointy- or flat-topped hex."""
        path = QPainterPath()
        path.addPolygon(hex_outline(orientation, 0.94))
        path.closeSubpath()
        self.setPath(path)

    def restyle(self) -> None:
        """Pick up the current theme."""
        self.setPen(self._style.cursor_pen)


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
