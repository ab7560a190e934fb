"""Tiles: the still map painted once into images at the view's exact scale, then only copied.

A tile is :data:`TILE` x ``TILE`` device pixels of the map (paper, grid, tints, numbers, badges,
marks) painted at the view's current scale times the device pixel ratio, on the device's own
pixel grid, so copying it to the screen is a plain blit and looks exactly like painting directly:
as crisp at every zoom and at 200% scaling. Tiles are keyed by their :class:`Grid` (what the map
looks like: theme, orientation, fog; and the zoom: scale, device pixel ratio and the sub-pixel
phase of the view) and their column and row, and kept in a least-recently-used cache with a budget
in bytes (:mod:`saga_desktop.ui.map.tilecache`). A change to a region drops only the tiles over its
hex. Missing tiles are painted together, a band at a time, then cut apart: a block of regions
usually spans several tiles, and this walks its shapes once.

While the zoom changes (wheel, pinch, keys, a followed view), missing tiles are stood in for by the
nearest cached zoom, scaled, or painted directly where that zoom has no tile; when the zoom has
rested for :data:`SETTLE_MS` the view is repainted with fresh, crisp tiles. (With no other zoom
cached at all, as at start, tiles are painted at once.)

In idle time the ring of tiles around the view is painted ahead, a few at a time
(:data:`AHEAD_BATCH` every :data:`AHEAD_MS`), so a pan into a new area finds its tiles ready.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

from PySide6.QtCore import QObject, QPoint, QRect, QRectF, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QTransform

from saga_desktop.ui.map.tilecache import MIN_BUDGET, TILE, Grid, TileCache

SETTLE_MS = 140
"""After the last zoom step, wait this long before painting crisp tiles at the new zoom."""
BATCH = 48
"""Missing tiles are painted together, in bands of at most this many tiles."""
AHEAD_MS = 30
"""Idle pause between two batches of tiles painted ahead of a pan."""
AHEAD_BATCH = 8
"""Tiles painted ahead in one idle batch (a few milliseconds: input is never held up)."""
AHEAD_RING = 2
"""How many tiles beyond the view on every side are painted ahead."""
_PHASE = 64  # sub-pixel offsets are told apart to 1/64 of a pixel

Paint = Callable[[QPainter, QRectF, float, float | None], None]
"""Paints the still map into a scene rectangle, given the on-screen size of a hex and (for tiles)
the device scale the painter paints at."""


class TileLayer(QObject):
    """Draws the still map of a view from tiles, painting the missing ones."""

    def __init__(
        self,
        paint: Paint,
        look: Callable[[], Hashable],
        paper: Callable[[], QColor],
        repaint: Callable[[], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.cache = TileCache()
        self.enabled = True
        self.rendered = 0
        """How many tiles were painted so far (tests and benchmarks read it)."""
        self._paint = paint
        self._look = look
        self._paper = paper
        self._repaint = repaint
        self._zooming = False
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._settled)
        self.painted_ahead = 0
        """How many of the painted tiles were painted ahead, in idle time."""
        self._ahead: tuple[Grid, list[tuple[int, int]]] | None = None
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(AHEAD_MS)
        self._idle.timeout.connect(self._paint_ahead)

    @property
    def zooming(self) -> bool:
        """True from a zoom step until the zoom has rested."""
        return self._zooming

    def zoom_started(self) -> None:
        """The scale changed: stand in for missing tiles until it rests."""
        self._zooming = True
        self._settle.start()

    def settle_now(self) -> None:
        """End the zoom at once (tests, exports)."""
        self._settle.stop()
        self._zooming = False

    def _settled(self) -> None:
        self._zooming = False
        self._repaint()

    def fit_budget(self, device_width: int, device_height: int) -> None:
        """Keep at least four screenfuls of tiles for a viewport of this many device pixels."""
        self.cache.budget = max(MIN_BUDGET, 4 * 4 * device_width * device_height)

    def invalidate(self, rect: QRectF | None = None) -> None:
        """Forget the tiles over a scene rectangle (None: all of them)."""
        if rect is None:
            self.cache.clear()
        else:
            self.cache.drop_over(rect)

    def grid_for(self, painter: QPainter) -> tuple[Grid, int, int] | None:
        """The grid of tiles that lines up with a painter's pixels, and its whole-pixel offset."""
        d = painter.deviceTransform()
        s = d.m11()
        if not d.isAffine() or d.isRotating() or s <= 0:
            return None
        if abs(d.m22() - s) > 1e-9 * s:
            return None
        ix, iy = math.floor(d.dx()), math.floor(d.dy())
        fx = round((d.dx() - ix) * _PHASE) / _PHASE
        fy = round((d.dy() - iy) * _PHASE) / _PHASE
        if fx >= 1.0:
            fx, ix = 0.0, ix + 1
        if fy >= 1.0:
            fy, iy = 0.0, iy + 1
        dpr = painter.device().devicePixelRatioF()
        return Grid(self._look(), dpr, float(f"{s:.12g}"), fx, fy), ix, iy

    def draw(self, painter: QPainter, exposed: QRectF) -> bool:
        """Draw the map inside a scene rectangle from tiles; False when the painter can't tile."""
        if not self.enabled:
            return False
        placed = self.grid_for(painter)
        if placed is None:
            return False
        grid, ix, iy = placed
        wanted = list(grid.tiles_over(exposed))
        fallback = self._fallback(grid) if self._zooming else None
        if fallback is None:
            missing = [(i, j) for i, j in wanted if not self.cache.has((grid, i, j))]
            if missing:
                self.render(grid, missing)
        world = painter.worldTransform()
        to_device = painter.deviceTransform().inverted()[0] * world
        painter.save()
        painter.setWorldTransform(to_device)  # one unit is now one device pixel
        for i, j in wanted:
            image = self.cache.get((grid, i, j))
            if image is None and fallback is not None:
                self._stand_in(painter, grid, i, j, ix, iy, fallback, world)
                continue
            if image is None:  # over budget: the band dropped some of its own tiles
                self.render(grid, [(i, j)])
                image = self.cache.get((grid, i, j))
                assert image is not None
            painter.drawImage(QPoint(i * TILE + ix, j * TILE + iy), image)
        painter.restore()
        if fallback is None and wanted:
            self._plan_ahead(grid, wanted)
        return True

    # -- painting ahead ---------------------------------------------------------------------------

    def _plan_ahead(self, grid: Grid, shown: list[tuple[int, int]]) -> None:
        """Queue the ring of tiles around the shown ones for idle time (nearest first)."""
        cols = [i for i, _ in shown]
        rows = [j for _, j in shown]
        i0, i1, j0, j1 = min(cols), max(cols), min(rows), max(rows)
        ring = [
            (i, j)
            for i in range(i0 - AHEAD_RING, i1 + AHEAD_RING + 1)
            for j in range(j0 - AHEAD_RING, j1 + AHEAD_RING + 1)
            if not (i0 <= i <= i1 and j0 <= j <= j1) and not self.cache.has((grid, i, j))
        ]
        # Never more than the cache can hold beside what is on screen.
        room = max(0, self.cache.budget // (TILE * TILE * 4) - len(shown) - 1)
        ring.sort(key=lambda t: max(i0 - t[0], t[0] - i1, j0 - t[1], t[1] - j1))
        self._ahead = (grid, ring[:room]) if ring and room else None
        if self._ahead is not None:
            self._idle.start()

    def _paint_ahead(self) -> None:
        if self._ahead is None or self._zooming or not self.enabled:
            return
        grid, ring = self._ahead
        todo = [t for t in ring[:AHEAD_BATCH] if not self.cache.has((grid, *t))]
        rest = ring[AHEAD_BATCH:]
        if todo:
            self.render(grid, todo)
            self.painted_ahead += len(todo)
        self._ahead = (grid, rest) if rest else None
        if rest:
            self._idle.start()

    def ahead_pending(self) -> bool:
        """True while tiles are still queued to be painted ahead."""
        return self._ahead is not None

    def render(self, grid: Grid, tiles: list[tuple[int, int]]) -> None:
        """Paint tiles and keep them: all in one pass per band, then cut apart.

        A block of regions usually spans several tiles; painting a band at once walks its
        shapes once instead of once per tile.
        """
        spans: dict[int, tuple[int, int]] = {}
        for i, j in tiles:
            lo, hi = spans.get(j, (i, i))
            spans[j] = (min(lo, i), max(hi, i))
        # Rows with the same columns make one band (a strip after a pan, an L after a diagonal).
        bands: list[tuple[int, int, int, int]] = []  # first row, rows, first column, columns
        for j in sorted(spans):
            lo, hi = spans[j]
            if bands:
                j0, n, i0, cols = bands[-1]
                if j == j0 + n and (lo, hi - lo + 1) == (i0, cols) and (n + 1) * cols <= BATCH:
                    bands[-1] = (j0, n + 1, i0, cols)
                    continue
            bands.append((j, 1, lo, hi - lo + 1))
        for j0, n, i0, cols in bands:
            wanted = [(i, j) for i, j in tiles if j0 <= j < j0 + n]
            self._render_band(grid, i0, j0, cols, n, wanted)

    def _render_band(
        self, grid: Grid, i0: int, j0: int, cols: int, rows: int, wanted: list[tuple[int, int]]
    ) -> None:
        image = QImage(cols * TILE, rows * TILE, QImage.Format.Format_RGB32)
        image.fill(self._paper())
        painter = QPainter(image)
        painter.setRenderHints(
            QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
        )
        painter.setWorldTransform(grid.transform(i0, j0))
        scene = grid.scene_rect(i0, j0, pad=1.0)
        scene.setWidth(scene.width() + (cols - 1) * TILE / grid.scale)
        scene.setHeight(scene.height() + (rows - 1) * TILE / grid.scale)
        self._paint(painter, scene, grid.hex_px, grid.scale)
        painter.end()
        for i, j in wanted:
            if cols == rows == 1:
                tile = image
            else:
                tile = image.copy(QRect((i - i0) * TILE, (j - j0) * TILE, TILE, TILE))
            self.cache.put((grid, i, j), tile)
            self.rendered += 1

    def _fallback(self, grid: Grid) -> Grid | None:
        best: Grid | None = None
        best_cost = math.inf
        for other in self.cache.grids():
            if other.look != grid.look or other.dpr != grid.dpr or other.scale == grid.scale:
                continue
            # The nearest zoom, and of two equally near the sharper one.
            cost = abs(math.log(other.scale / grid.scale)) - 0.01 * (other.scale > grid.scale)
            if cost < best_cost:
                best, best_cost = other, cost
        return best

    def _stand_in(
        self,
        painter: QPainter,
        grid: Grid,
        i: int,
        j: int,
        ix: int,
        iy: int,
        fallback: Grid,
        world: QTransform,
    ) -> None:
        """While zooming: the tile from the nearest cached zoom, scaled, else painted directly."""
        target = QRectF(i * TILE + ix, j * TILE + iy, TILE, TILE)
        scene = grid.scene_rect(i, j)
        painter.save()
        painter.setClipRect(target)
        parts = list(fallback.tiles_over(scene))
        if all(self.cache.has((fallback, a, b)) for a, b in parts):
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            k = grid.scale / fallback.scale
            for a, b in parts:
                image = self.cache.get((fallback, a, b))
                assert image is not None
                src = fallback.scene_rect(a, b)
                x = src.left() * grid.scale + grid.fx + ix
                y = src.top() * grid.scale + grid.fy + iy
                painter.drawImage(QRectF(x, y, TILE * k, TILE * k), image)
        else:
            painter.setWorldTransform(world)
            self._paint(painter, scene, grid.hex_px, None)
        painter.restore()
