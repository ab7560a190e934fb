"""The tint of charted hexes, painted with the paper in batches of hexes.

Filling hundreds of small polygons one by one with antialiasing is the most expensive thing a map
can do; filling one path per block of hexes without antialiasing costs a tenth of it, and the
antialiased grid drawn on top hides the stair-steps at the edges. So the fills live here, cached
per block of :data:`CHUNK` x :data:`CHUNK` hexes and rebuilt only when a region in the block
changes; each region's item draws its number, badge and marks on top.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPainterPath

from saga_desktop.model.campaign import Region
from saga_desktop.rules.hexgrid import Hex, Layout
from saga_desktop.ui.map.geometry import hex_outline
from saga_desktop.ui.map.style import MapStyle

CHUNK = 8
Key = tuple[int, int]


@dataclass
class _Chunk:
    regions: dict[Key, Region] = field(default_factory=dict)
    paths: dict[str, QPainterPath] | None = None
    overview: dict[int, QPainterPath] | None = None
    bounds: QRectF | None = None


def chunk_of(q: int, r: int) -> Key:
    """The block a hex belongs to."""
    return q // CHUNK, r // CHUNK


class RegionFills:
    """Charted hexes grouped in blocks, with their fill paths built on demand."""

    def __init__(self) -> None:
        self._chunks: dict[Key, _Chunk] = {}

    def clear(self) -> None:
        """Forget every region."""
        self._chunks.clear()

    def load(self, regions: list[Region]) -> None:
        """Start again from a list of regions."""
        self._chunks.clear()
        for region in regions:
            self._chunk(region.q, region.r).regions[(region.q, region.r)] = region

    def set(self, q: int, r: int, region: Region | None) -> None:
        """Add, replace or (with None) remove the region at a hex."""
        key = chunk_of(q, r)
        chunk = self._chunks.get(key)
        if region is None:
            if chunk is not None:
                chunk.regions.pop((q, r), None)
                if not chunk.regions:
                    del self._chunks[key]
                else:
                    chunk.paths = chunk.overview = None
                    chunk.bounds = None
            return
        chunk = self._chunk(q, r)
        chunk.regions[(q, r)] = region
        chunk.paths = chunk.overview = None
        chunk.bounds = None

    def relayout(self) -> None:
        """Drop every cached path (the hexes changed shape)."""
        for chunk in self._chunks.values():
            chunk.paths = chunk.overview = None
            chunk.bounds = None

    def _chunk(self, q: int, r: int) -> _Chunk:
        key = chunk_of(q, r)
        chunk = self._chunks.get(key)
        if chunk is None:
            chunk = self._chunks[key] = _Chunk()
        return chunk

    def paint(
        self, painter: QPainter, rect: QRectF, layout: Layout, style: MapStyle, *, overview: bool
    ) -> None:
        """Fill the charted hexes that may show inside ``rect`` (scene units)."""
        if not self._chunks:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(style.no_pen)
        for chunk in self._visible(rect, layout):
            if overview:
                if chunk.overview is None:
                    chunk.overview = _overview_paths(chunk, layout)
                for risk, path in chunk.overview.items():
                    painter.setBrush(style.overview_brushes[risk])
                    painter.drawPath(path)
            else:
                if chunk.paths is None:
                    chunk.paths = _detail_paths(chunk, layout)
                painter.setBrush(style.region_brush)
                painter.drawPath(chunk.paths["new"])
                painter.setBrush(style.visited_brush)
                painter.drawPath(chunk.paths["visited"])
        painter.restore()

    def paint_edges(self, painter: QPainter, rect: QRectF, layout: Layout, style: MapStyle) -> None:
        """Ink the edges of charted hexes (zoomed in, over the grid)."""
        painter.setPen(style.region_pen)
        painter.setBrush(style.no_brush)
        for chunk in self._visible(rect, layout):
            if chunk.paths is None:
                chunk.paths = _detail_paths(chunk, layout)
            painter.drawPath(chunk.paths["edges"])

    def _visible(self, rect: QRectF, layout: Layout) -> list[_Chunk]:
        fracs = [
            layout.fractional(x, y)
            for x in (rect.left(), rect.right())
            for y in (rect.top(), rect.bottom())
        ]
        q0 = math.floor(min(f[0] for f in fracs) / CHUNK) - 1
        q1 = math.floor(max(f[0] for f in fracs) / CHUNK) + 1
        r0 = math.floor(min(f[1] for f in fracs) / CHUNK) - 1
        r1 = math.floor(max(f[1] for f in fracs) / CHUNK) + 1
        out = []
        if (q1 - q0 + 1) * (r1 - r0 + 1) <= len(self._chunks):
            keys = ((cq, cr) for cr in range(r0, r1 + 1) for cq in range(q0, q1 + 1))
            candidates = [self._chunks[k] for k in keys if k in self._chunks]
        else:
            candidates = [
                c for (cq, cr), c in self._chunks.items() if q0 <= cq <= q1 and r0 <= cr <= r1
            ]
        for chunk in candidates:
            if chunk.bounds is None:
                chunk.bounds = _bounds(chunk, layout)
            if chunk.bounds.intersects(rect):
                out.append(chunk)
        return out


def _bounds(chunk: _Chunk, layout: Layout) -> QRectF:
    points = [layout.to_point(Hex(q, r)) for q, r in chunk.regions]
    pad = layout.size * 1.1
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return QRectF(
        min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    )


def _detail_paths(chunk: _Chunk, layout: Layout) -> dict[str, QPainterPath]:
    outline = hex_outline(layout.orientation)
    new, visited, edges = QPainterPath(), QPainterPath(), QPainterPath()
    for (q, r), region in chunk.regions.items():
        x, y = layout.to_point(Hex(q, r))
        poly = outline.translated(x, y)
        target = visited if region.visited else new
        target.addPolygon(poly)
        target.closeSubpath()
        edges.addPolygon(poly)
        edges.closeSubpath()
    return {"new": new, "visited": visited, "edges": edges}


def _overview_paths(chunk: _Chunk, layout: Layout) -> dict[int, QPainterPath]:
    outline = hex_outline(layout.orientation)
    paths: dict[int, QPainterPath] = {}
    for (q, r), region in chunk.regions.items():
        x, y = layout.to_point(Hex(q, r))
        path = paths.setdefault(min(region.risk, 9), QPainterPath())
        path.addPolygon(outline.translated(x, y))
        path.closeSubpath()
    return paths
