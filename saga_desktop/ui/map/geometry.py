"""Hex geometry in scene coordinates: layouts, hex outlines and the tiled grid path.

The scene measures a hex by :data:`HEX_SIZE` (centre to corner) with hex (0, 0) at the origin.
Everything is vector geometry: the view scales it, so lines stay crisp at any zoom.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

from saga_desktop.rules.hexgrid import Hex, Layout, Orientation

HEX_SIZE = 40.0
"""Centre-to-corner size of a hex in scene units."""

GRID_BLOCK = 8
"""The grid is drawn in square blocks of this many hexes a side, one cached path per block."""


def orientation_of(name: str) -> Orientation:
    """The rules orientation for a campaign's ``'pointy'`` or ``'flat'``."""
    return Orientation.FLAT if name == "flat" else Orientation.POINTY


@cache
def layout_for(orientation: Orientation) -> Layout:
    """The scene layout for an orientation."""
    return Layout(orientation, HEX_SIZE)


def hex_centre(layout: Layout, q: int, r: int) -> QPointF:
    """The centre of hex ``(q, r)`` in scene coordinates."""
    x, y = layout.to_point(Hex(q, r))
    return QPointF(x, y)


@cache
def centre_of(layout: Layout) -> Callable[[float, float], tuple[float, float]]:
    """A fast ``(q, r) -> (x, y)`` for a layout (no :class:`Hex` made per call; fractions too)."""
    ox, oy = layout.to_point(Hex(0, 0))
    qx, qy = layout.to_point(Hex(1, 0))
    rx, ry = layout.to_point(Hex(0, 1))
    qx, qy, rx, ry = qx - ox, qy - oy, rx - ox, ry - oy

    def centre(q: float, r: float) -> tuple[float, float]:
        return ox + qx * q + rx * r, oy + qy * q + ry * r

    return centre


def hex_bounds(layout: Layout, q: int, r: int) -> QRectF:
    """The scene rectangle around one hex."""
    x, y = centre_of(layout)(q, r)
    s = layout.size
    return QRectF(x - s, y - s, 2 * s, 2 * s)


def hex_at(layout: Layout, point: QPointF) -> Hex:
    """The hex containing a scene point."""
    return layout.to_hex(point.x(), point.y())


@cache
def hex_outline(orientation: Orientation, scale: float = 1.0) -> QPolygonF:
    """The outline of a hex centred on (0, 0), shrunk by ``scale`` (1.0 is the full hex)."""
    layout = layout_for(orientation)
    return QPolygonF(
        [QPointF(dx * scale, dy * scale) for dx, dy in map(layout.corner_offset, range(6))]
    )


def hex_polygon(layout: Layout, h: Hex) -> QPolygonF:
    """The outline of one hex in scene coordinates."""
    return QPolygonF([QPointF(x, y) for x, y in layout.corners(h)])


def block_period(orientation: Orientation) -> tuple[QPointF, QPointF]:
    """The two scene vectors that step a whole grid block along q and along r."""
    layout = layout_for(orientation)
    ox, oy = layout.to_point(Hex(0, 0))
    qx, qy = layout.to_point(Hex(GRID_BLOCK, 0))
    rx, ry = layout.to_point(Hex(0, GRID_BLOCK))
    return QPointF(qx - ox, qy - oy), QPointF(rx - ox, ry - oy)


@cache
def grid_block_path(orientation: Orientation) -> QPainterPath:
    """The edges of a GRID_BLOCK x GRID_BLOCK block of hexes starting at hex (0, 0).

    Each hex contributes three of its edges (the other three belong to its neighbours), so a
    tiling of blocks draws every edge once.
    """
    layout = layout_for(orientation)
    path = QPainterPath()
    # Corners 0..3 (pointy: right-bottom, bottom, left-bottom, left-top; flat: similar) share
    # no edge within one hex's three neighbours that come later in the tiling.
    for q in range(GRID_BLOCK):
        for r in range(GRID_BLOCK):
            pts = layout.corners(Hex(q, r))
            path.moveTo(*pts[5])
            path.lineTo(*pts[0])
            path.lineTo(*pts[1])
            path.lineTo(*pts[2])
    return path


def blocks_in_rect(orientation: Orientation, rect: QRectF) -> list[tuple[int, int]]:
    """Block indexes ``(bq, br)`` whose hexes may overlap ``rect`` (with a margin of one block)."""
    layout = layout_for(orientation)
    xs = (rect.left(), rect.right())
    ys = (rect.top(), rect.bottom())
    fracs = [layout.fractional(x, y) for x in xs for y in ys]
    n = GRID_BLOCK
    qmin = math.floor(min(f[0] for f in fracs) / n) - 1
    qmax = math.floor(max(f[0] for f in fracs) / n) + 1
    rmin = math.floor(min(f[1] for f in fracs) / n) - 1
    rmax = math.floor(max(f[1] for f in fracs) / n) + 1
    span = QRectF(rect).adjusted(-2 * HEX_SIZE, -2 * HEX_SIZE, 2 * HEX_SIZE, 2 * HEX_SIZE)
    block_rect = grid_block_path(orientation).boundingRect()
    out: list[tuple[int, int]] = []
    for bq in range(qmin, qmax + 1):
        for br in range(rmin, rmax + 1):
            x, y = layout.to_point(Hex(bq * n, br * n))
            if block_rect.translated(x, y).intersects(span):
                out.append((bq, br))
    return out


def regions_rect(layout: Layout, coords: list[tuple[int, int]], margin: float = 1.5) -> QRectF:
    """The scene rectangle around some hexes, with a margin in hexes; empty for no hexes."""
    if not coords:
        return QRectF()
    xs: list[float] = []
    ys: list[float] = []
    for q, r in coords:
        x, y = layout.to_point(Hex(q, r))
        xs.append(x)
        ys.append(y)
    return extent_rect((min(xs), min(ys), max(xs), max(ys)), margin)


def extent_rect(extent: tuple[float, float, float, float], margin: float = 1.5) -> QRectF:
    """The scene rectangle around a box of hex centres (left, top, right, bottom), with a margin."""
    left, top, right, bottom = extent
    pad = margin * HEX_SIZE * 2
    return QRectF(left - pad, top - pad, right - left + 2 * pad, bottom - top + 2 * pad)
