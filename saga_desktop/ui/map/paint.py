"""Painting the still part of the map: paper, fog, region tints, the grid, numbers, badges, marks.

One routine serves every target: the view's tiles (raster, at the view's exact scale), exported PNG
images, and SVG and PDF files (vector). It draws only what lies inside the asked rectangle, block by
block, with each kind of mark batched across blocks so the painter changes pen and brush a few
times per call instead of a few times per region. How much it draws depends on the size of a hex
on the target (level of detail): zoomed far out only tints, then the grid, numbers and badges,
and titles once they can be read.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QTransform

from saga_desktop.rules.hexgrid import Layout
from saga_desktop.ui.map.art import (
    BADGE_AT,
    TITLE_RECT,
    VISITED_AT,
    DetailArt,
    VectorMarks,
    build_detail,
    build_overview,
    vector_marks,
)
from saga_desktop.ui.map.geometry import HEX_SIZE, block_period, blocks_in_rect, grid_block_path
from saga_desktop.ui.map.index import CHUNK, RegionIndex
from saga_desktop.ui.map.stamps import Stamps
from saga_desktop.ui.map.style import MapStyle

GRID_MIN_PX = 6.0
"""Below this on-screen hex size the grid would be a grey smear, so only the paper is drawn."""
DETAIL_PX = 14.0
"""Below this on-screen hex size a region is drawn as a single fill tinted by its risk."""
TITLE_PX = 58.0
"""From this on-screen hex size the region's title is written under its number."""

_AA = QPainter.RenderHint.Antialiasing
_ORIGIN = QPointF(0, 0)


@dataclass(frozen=True, slots=True)
class MapLook:
    """What a map shows and how: regions, layout, style, fog, risk badges and tints or not."""

    index: RegionIndex
    layout: Layout
    style: MapStyle
    fog: bool = False
    risk: bool = True


def paint_map(
    painter: QPainter, rect: QRectF, look: MapLook, px: float, stamps: Stamps | None = None
) -> None:
    """Paint the still map inside ``rect`` (scene units) with hexes ``px`` pixels big.

    With ``stamps`` (raster tiles at the stamps' scale, no rotation) each region's badge, tick
    and hidden mark are stamped; without, everything is drawn as vectors.
    """
    style, layout, index = look.style, look.layout, look.index
    painter.save()
    painter.setRenderHint(_AA, False)
    painter.fillRect(rect, style.paper_brush)
    chunks = index.chunks_in_rect(rect, layout)
    # Under a fully charted block the grid is hidden by the regions' own edges.
    covered = {c.key for c in chunks if len(c.regions) == CHUNK * CHUNK}
    if look.fog:
        if px >= GRID_MIN_PX:
            _grid(painter, rect, layout, style, covered)
        if px < DETAIL_PX:
            painter.fillRect(rect, style.fog_wash_brush)
        else:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            painter.fillRect(rect, style.fog_brush)
    painter.setPen(style.no_pen)
    arts: list[DetailArt] = []
    if px < DETAIL_PX:
        for chunk in chunks:
            if chunk.overview is None:
                chunk.overview = build_overview(chunk, layout)
            for risk, path in chunk.overview.items():
                painter.setBrush(style.overview_brush(risk if look.risk else 0))
                painter.drawPath(path)
    else:
        lettering = style.lettering
        for chunk in chunks:
            if chunk.detail is None:
                chunk.detail = build_detail(chunk, layout, lettering, index.charted)
            arts.append(chunk.detail)
        painter.setBrush(style.region_brush)
        for art in arts:
            painter.drawPath(art.new)
        painter.setBrush(style.visited_brush)
        for art in arts:
            painter.drawPath(art.visited)
    painter.setRenderHint(_AA, True)
    hatched = [art for art in arts if not art.hatching.isEmpty()]
    if hatched:
        painter.setPen(style.hatch_pen)
        painter.setBrush(style.no_brush)
        for art in hatched:
            painter.drawPath(art.hatching)
    if px >= GRID_MIN_PX and not look.fog:
        _grid(painter, rect, layout, style, covered)
    if arts:
        _common_marks(painter, arts, style, px)
        if stamps is not None:
            _stamp_marks(painter, arts, stamps, look.risk)
        else:
            lettering = style.lettering
            marks = [vector_marks(a, layout, lettering) for a in arts]
            _vector_marks(painter, marks, style, look.risk)
    painter.restore()


def _grid(
    painter: QPainter, rect: QRectF, layout: Layout, style: MapStyle, covered: set[tuple[int, int]]
) -> None:
    orientation = layout.orientation
    path = grid_block_path(orientation)
    dq, dr = block_period(orientation)
    painter.setPen(style.grid_pen)
    painter.setBrush(style.no_brush)
    for bq, br in blocks_in_rect(orientation, rect):
        if (bq, br) in covered:
            continue
        offset = QPointF(dq.x() * bq + dr.x() * br, dq.y() * bq + dr.y() * br)
        painter.translate(offset)
        painter.drawPath(path)
        painter.translate(-offset)


def _common_marks(painter: QPainter, arts: list[DetailArt], style: MapStyle, px: float) -> None:
    """The regions' edges, numbers and (zoomed in) titles."""
    painter.setPen(style.region_pen)
    painter.setBrush(style.no_brush)
    for art in arts:
        painter.drawPath(art.edges)
    painter.setPen(style.ink_pen)
    for art in arts:
        if art.numbers is not None:
            painter.drawGlyphRun(_ORIGIN, art.numbers)
    if px >= TITLE_PX:
        lettering = style.lettering
        painter.setFont(lettering.title_font)
        painter.setPen(style.faint_pen)
        centre = Qt.AlignmentFlag.AlignCenter
        for art in arts:
            for x, y, title in art.titles:
                painter.drawText(TITLE_RECT.translated(x, y), centre, lettering.title(title))


def _vector_marks(
    painter: QPainter, marks: list[VectorMarks], style: MapStyle, risk_badges: bool
) -> None:
    """Badges, ticks and hidden marks as vectors (exports, and the view when zoomed far in)."""
    painter.setBrush(style.no_brush)
    painter.setPen(style.hidden_pen)
    for m in marks:
        painter.drawPath(m.hidden_inner)
    painter.setPen(style.hidden_mark_pen)
    for m in marks:
        painter.drawPath(m.hidden_marks)
    risks = sorted({risk for m in marks for risk in m.badges}) if risk_badges else []
    painter.setPen(style.badge_edge_pen)
    for risk in risks:
        painter.setBrush(style.paper_brush if risk <= 0 else style.risk_brush(risk))
        for m in marks:
            path = m.badges.get(risk)
            if path is not None:
                painter.drawPath(path)
    painter.setPen(style.ink_pen)
    for m in marks:
        if risk_badges and m.labels_ink is not None:
            painter.drawGlyphRun(_ORIGIN, m.labels_ink)
    painter.setPen(style.badge_text_pen)
    for m in marks:
        if risk_badges and m.labels_on_badge is not None:
            painter.drawGlyphRun(_ORIGIN, m.labels_on_badge)
    painter.setPen(style.mark_pen)
    painter.setBrush(style.no_brush)
    for m in marks:
        painter.drawPath(m.ticks)


def _stamp_marks(
    painter: QPainter, arts: list[DetailArt], stamps: Stamps, risk_badges: bool
) -> None:
    """Badges, ticks and hidden marks stamped at the nearest device pixel."""
    t = painter.worldTransform()
    s, tx, ty = t.m11(), t.dx(), t.dy()
    painter.setWorldTransform(QTransform())  # device pixels
    draw = painter.drawImage
    tick, hidden = stamps.tick, stamps.hidden
    badge = stamps.badge
    bx, by = BADGE_AT.x() * s, BADGE_AT.y() * s
    vx, vy = VISITED_AT.x() * s, VISITED_AT.y() * s
    device = painter.device()
    m = HEX_SIZE * s  # a region's marks lie within its hex
    left, top, right, bottom = -m, -m, device.width() + m, device.height() + m
    for art in arts:
        for x, y, risk, visited, is_hidden in art.spots:
            dx, dy = x * s + tx, y * s + ty
            if not (left < dx < right and top < dy < bottom):
                continue
            if is_hidden:
                draw(QPoint(round(dx - hidden.ax), round(dy - hidden.ay)), hidden.image)
            if risk_badges:
                b = badge(risk)
                draw(QPoint(round(dx + bx - b.ax), round(dy + by - b.ay)), b.image)
            if visited:
                draw(QPoint(round(dx + vx - tick.ax), round(dy + vy - tick.ay)), tick.image)
    painter.setWorldTransform(t)
