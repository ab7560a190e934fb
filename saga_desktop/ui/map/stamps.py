"""Stamps: a region's small marks painted once per zoom and copied onto raster tiles.

Stroking many small shapes with wide or dashed cosmetic pens and filling small anti-aliased
polygons are the raster engine's slow paths; a risk badge, the visited tick and the hidden mark
look the same on every region, so on tiles they are painted once at the tile's exact device scale
(with the same pens, the badge with its rating) and stamped where each region wants them, to the
nearest device pixel. Exports (SVG, PDF, PNG) draw the same marks as vectors instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QTransform

from saga_desktop.rules.hexgrid import Orientation
from saga_desktop.ui.map.art import BADGE_R, eye_path
from saga_desktop.ui.map.geometry import HEX_SIZE, hex_outline
from saga_desktop.ui.map.items import draw_badge
from saga_desktop.ui.map.style import MapStyle

STAMP_MAX_PX = 160.0
"""Above this on-screen hex size few regions show, so their marks are drawn as vectors."""


@dataclass(frozen=True, slots=True)
class Stamp:
    """A pre-painted mark and the pixel of it that goes on the mark's anchor point."""

    image: QImage
    ax: float
    ay: float


def _stamp(bounds: QRectF, scale: float, draw: Callable[[QPainter], None]) -> Stamp:
    x0 = math.floor(bounds.left() * scale) - 2
    y0 = math.floor(bounds.top() * scale) - 2
    x1 = math.ceil(bounds.right() * scale) + 2
    y1 = math.ceil(bounds.bottom() * scale) + 2
    image = QImage(x1 - x0, y1 - y0, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    painter.setWorldTransform(QTransform(scale, 0, 0, scale, -x0, -y0))
    draw(painter)
    painter.end()
    return Stamp(image, -x0, -y0)


class Stamps:
    """The marks of one look of the map at one device scale (device pixels per scene unit)."""

    def __init__(self, style: MapStyle, orientation: Orientation, scale: float) -> None:
        self.scale = scale
        self._style = style
        self._orientation = orientation
        self._badges: dict[int, Stamp] = {}
        r = BADGE_R * 1.5
        self._badge_bounds = QRectF(-r, -r, 2 * r, 2 * r)
        s = HEX_SIZE * 0.16
        self.tick = _stamp(QRectF(-s, -s, 2 * s, 2 * s), scale, self._draw_tick)
        self.hidden = _stamp(
            QRectF(-HEX_SIZE, -HEX_SIZE, 2 * HEX_SIZE, 2 * HEX_SIZE), scale, self._draw_hidden
        )

    def badge(self, risk: int) -> Stamp:
        """The badge of a risk rating, its rating written in it (anchor: the badge's centre)."""
        stamp = self._badges.get(risk)
        if stamp is None:
            style = self._style

            def draw(painter: QPainter) -> None:
                draw_badge(painter, style, risk, QPointF(0, 0), BADGE_R)

            stamp = self._badges[risk] = _stamp(self._badge_bounds, self.scale, draw)
        return stamp

    def _draw_tick(self, painter: QPainter) -> None:
        # The visited tick (anchor: VISITED_AT of the hex).
        s = HEX_SIZE * 0.11
        painter.setPen(self._style.mark_pen)
        painter.drawPolyline([QPointF(-s, 0), QPointF(-s * 0.3, s * 0.8), QPointF(s * 1.1, -s)])

    def _draw_hidden(self, painter: QPainter) -> None:
        # The dashed inner outline and the closed eye of a hidden region (anchor: its centre).
        style = self._style
        painter.setPen(style.hidden_pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(hex_outline(self._orientation, 0.86))
        painter.setPen(style.hidden_mark_pen)
        painter.drawPath(eye_path())
