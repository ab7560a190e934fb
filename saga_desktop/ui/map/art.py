"""The drawing data of a block of regions, built once in scene units and reused at every zoom.

Drawing hundreds of regions one call at a time is what made a charted map slow; here a block of
:data:`~saga_desktop.ui.map.index.CHUNK` x ``CHUNK`` hexes becomes a handful of batched shapes: one
path per tint, one for the edges, one per risk rating for the badges, one for the visited ticks,
and one glyph run for all its numbers (one more per badge text colour). Everything is vector and in
scene units, so the same data draws crisp tiles at any zoom and scalable SVG and PDF exports. The
data is dropped when a region of the block changes (:meth:`~saga_desktop.ui.map.index.Chunk.
forget_art`) and rebuilt the next time the block is drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QGlyphRun, QPainterPath, QPolygonF

from saga_desktop.rules.hexgrid import Hex, Layout, Orientation
from saga_desktop.ui.map.geometry import HEX_SIZE, centre_of, hex_outline
from saga_desktop.ui.map.index import Chunk
from saga_desktop.ui.map.lettering import Lettering
from saga_desktop.ui.map.theme import BadgeShape, badge_path, risk_shape

_S = HEX_SIZE
NUMBER_Y = -_S * 0.3
"""The region number is centred this far above the hex centre."""
TITLE_RECT = QRectF(-_S * 0.8, -_S * 0.06, _S * 1.6, _S * 0.26)
"""Where the title is written, relative to the hex centre (zoomed in far enough to read it)."""
BADGE_AT = QPointF(_S * 0.5, _S * 0.47)
BADGE_R = _S * 0.17
VISITED_AT = QPointF(-_S * 0.5, _S * 0.47)
HIDDEN_MARK_Y = -_S * 0.66

OverviewArt = dict[int, QPainterPath]
"""Zoomed far out, a block is one tinted path per risk rating."""


@dataclass(slots=True)
class VectorMarks:
    """A block's badges, ticks and hidden marks as vectors (exports; tiles stamp them instead)."""

    hidden_inner: QPainterPath = field(default_factory=QPainterPath)
    hidden_marks: QPainterPath = field(default_factory=QPainterPath)
    badges: dict[int, QPainterPath] = field(default_factory=dict)
    ticks: QPainterPath = field(default_factory=QPainterPath)
    labels_ink: QGlyphRun | None = None
    labels_on_badge: QGlyphRun | None = None


@dataclass(slots=True)
class DetailArt:
    """A block's regions as batched shapes, zoomed in far enough to read their marks."""

    new: QPainterPath = field(default_factory=QPainterPath)
    visited: QPainterPath = field(default_factory=QPainterPath)
    edges: QPainterPath = field(default_factory=QPainterPath)
    hatching: QPainterPath = field(default_factory=QPainterPath)
    """The hatching lines over hidden regions."""
    numbers: QGlyphRun | None = None
    titles: list[tuple[float, float, str]] = field(default_factory=list)
    spots: list[tuple[float, float, int, bool, bool]] = field(default_factory=list)
    """Each region's centre, risk, visited and hidden: where raster tiles stamp the marks."""
    vector: VectorMarks | None = None
    """Made on first use by :func:`vector_marks`."""


@cache
def _badge_polygon(shape: BadgeShape) -> QPolygonF:
    return badge_path(shape, BADGE_R).toFillPolygon()


@cache
def eye_path() -> QPainterPath:
    """The hidden mark, relative to the hex centre."""
    # A closed eye with a slash: the players do not see this region.
    w = _S * 0.15
    cy = HIDDEN_MARK_Y
    eye = QPainterPath()
    eye.moveTo(-w, cy)
    eye.quadTo(0, cy - w * 0.9, w, cy)
    eye.quadTo(0, cy + w * 0.9, -w, cy)
    eye.moveTo(-w * 0.9, cy + w * 0.7)
    eye.lineTo(w * 0.9, cy - w * 0.7)
    return eye


HATCH_LINES = 8
"""Hatching lines across a hidden hex: one every 1.5 hex sizes / HATCH_LINES."""


@cache
def _hatching(
    orientation: Orientation,
) -> tuple[float, float, float, float, tuple[tuple[float, float], ...]]:
    """Line direction, line normal and spacing of the hatching, and the hex's edge normals.

    The lines run along a direction of the hex lattice and are spaced by a whole fraction of the
    rows' distance, so the hatching of neighbouring hexes lines up.
    """
    layout = Layout(orientation, HEX_SIZE)
    lattice = Hex(0, 1) if orientation is Orientation.POINTY else Hex(1, 0)
    ux, uy = layout.to_point(lattice)
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    normals = []
    for k in range(6):
        (x0, y0), (x1, y1) = layout.corner_offset(k), layout.corner_offset((k + 1) % 6)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        m = math.hypot(mx, my)
        normals.append((mx / m, my / m))
    return ux, uy, 1.5 * HEX_SIZE / HATCH_LINES, math.sqrt(3) / 2 * HEX_SIZE, tuple(normals)


def _hatch(path: QPainterPath, cx: float, cy: float, orientation: Orientation) -> None:
    """Add the hatching lines of the hex centred on ``(cx, cy)``, clipped to it, to ``path``."""
    ux, uy, spacing, apothem, normals = _hatching(orientation)
    nx, ny = uy, -ux
    centre = nx * cx + ny * cy
    first = math.ceil((centre - HEX_SIZE) / spacing)
    last = math.floor((centre + HEX_SIZE) / spacing)
    for k in range(first, last + 1):
        c = k * spacing
        # Points n*c + t*u inside every edge's half-plane e.(p - centre) <= apothem.
        bx, by = nx * c - cx, ny * c - cy
        t0, t1 = -math.inf, math.inf
        for ex, ey in normals:
            slope = ex * ux + ey * uy
            room = apothem - (ex * bx + ey * by)
            if abs(slope) < 1e-12:
                if room < 0:
                    t0, t1 = 1.0, 0.0
                continue
            if slope > 0:
                t1 = min(t1, room / slope)
            else:
                t0 = max(t0, room / slope)
        if t1 - t0 > 0.5:
            path.moveTo(nx * c + t0 * ux, ny * c + t0 * uy)
            path.lineTo(nx * c + t1 * ux, ny * c + t1 * uy)


@cache
def across_edges(orientation: Orientation) -> tuple[tuple[int, int], ...]:
    """For edge ``k`` of a hex (from corner ``k`` to corner ``k + 1``): the ``(dq, dr)`` across."""
    layout = Layout(orientation, 1.0)
    out = []
    for k in range(6):
        (x0, y0), (x1, y1) = layout.corner_offset(k), layout.corner_offset((k + 1) % 6)
        across = layout.to_hex(x0 + x1, y0 + y1)  # twice the edge's midpoint
        out.append((across.q, across.r))
    return tuple(out)


@cache
def _corners(orientation: Orientation) -> tuple[tuple[float, float], ...]:
    layout = Layout(orientation, HEX_SIZE)
    return tuple(layout.corner_offset(k) for k in range(6))


def build_detail(
    chunk: Chunk, layout: Layout, lettering: Lettering, charted: Callable[[int, int], bool]
) -> DetailArt:
    """The batched shapes and glyph runs of one block.

    An edge between two charted hexes is drawn once, by the hex with the smaller ``(q, r)``
    (``charted`` tells which hexes are charted, in this block or another).
    """
    art = DetailArt()
    centre = centre_of(layout)
    orientation = layout.orientation
    outline = hex_outline(orientation)
    across = across_edges(orientation)
    corners = _corners(orientation)
    numbers = lettering.numbers
    glyphs: list[int] = []
    points: list[QPointF] = []
    edges, spots, titles = art.edges, art.spots, art.titles
    for (q, r), region in chunk.regions.items():
        x, y = centre(q, r)
        poly = outline.translated(x, y)
        fill = art.visited if region.visited else art.new
        fill.addPolygon(poly)
        fill.closeSubpath()
        # An edge shared with a charted neighbour is drawn by the smaller of the two.
        drawn = [(q + dq, r + dr) > (q, r) or not charted(q + dq, r + dr) for dq, dr in across]
        if all(drawn):
            edges.addPolygon(poly)
            edges.closeSubpath()
        else:
            joined = False
            for k in range(6):
                if drawn[k]:
                    if not joined:
                        ox, oy = corners[k]
                        edges.moveTo(x + ox, y + oy)
                    ox, oy = corners[(k + 1) % 6]
                    edges.lineTo(x + ox, y + oy)
                joined = drawn[k]
        spots.append((x, y, region.risk, region.visited, region.hidden))
        if region.hidden:
            _hatch(art.hatching, x, y, orientation)
        numbers.place(str(region.number), x, y + NUMBER_Y, glyphs, points)
        if region.title:
            titles.append((x, y, region.title))
    art.numbers = numbers.run(glyphs, points)
    return art


def vector_marks(art: DetailArt, layout: Layout, lettering: Lettering) -> VectorMarks:
    """The badges, ticks and hidden marks of a block as vectors (made once, then kept)."""
    if art.vector is not None:
        return art.vector
    marks = art.vector = VectorMarks()
    inner = hex_outline(layout.orientation, 0.86)
    eye = eye_path()
    badges = lettering.badges
    ink: tuple[list[int], list[QPointF]] = ([], [])
    on_badge: tuple[list[int], list[QPointF]] = ([], [])
    bx, by, tick = BADGE_AT.x(), BADGE_AT.y(), _S * 0.11
    vx, vy = VISITED_AT.x(), VISITED_AT.y()
    for x, y, risk, visited, hidden in art.spots:
        if hidden:
            marks.hidden_inner.addPolygon(inner.translated(x, y))
            marks.hidden_inner.closeSubpath()
            marks.hidden_marks.addPath(eye.translated(x, y))
        shape = risk_shape(risk)
        path = marks.badges.get(risk)
        if path is None:
            path = marks.badges[risk] = QPainterPath()
        if shape is BadgeShape.RING or shape is BadgeShape.CIRCLE:
            path.addEllipse(QPointF(x + bx, y + by), BADGE_R, BADGE_R)
        else:
            path.addPolygon(_badge_polygon(shape).translated(x + bx, y + by))
            path.closeSubpath()
        lift = BADGE_R * 0.2 if shape is BadgeShape.TRIANGLE else 0.0
        glyphs, points = ink if shape is BadgeShape.RING else on_badge
        badges.place(str(risk), x + bx, y + by + lift, glyphs, points)
        if visited:
            tx, ty = x + vx, y + vy
            marks.ticks.moveTo(tx - tick, ty)
            marks.ticks.lineTo(tx - tick * 0.3, ty + tick * 0.8)
            marks.ticks.lineTo(tx + tick * 1.1, ty - tick)
    marks.labels_ink = badges.run(*ink)
    marks.labels_on_badge = badges.run(*on_badge)
    return marks


def build_overview(chunk: Chunk, layout: Layout) -> OverviewArt:
    """One path per risk rating: a block zoomed far out, where only the tints can be seen."""
    centre = centre_of(layout)
    outline = hex_outline(layout.orientation)
    paths: OverviewArt = {}
    for (q, r), region in chunk.regions.items():
        x, y = centre(q, r)
        path = paths.get(region.risk)
        if path is None:
            path = paths[region.risk] = QPainterPath()
        path.addPolygon(outline.translated(x, y))
        path.closeSubpath()
    return paths
