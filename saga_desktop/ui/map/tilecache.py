"""The tile cache: where each tile lies on the scene (:class:`Grid`) and an LRU store of them.

A :class:`Grid` is one set of tiles: a look of the map (theme, orientation, fog), a device pixel
ratio, a scale in device pixels per scene unit and the view's sub-pixel phase. A tile is
:data:`TILE` x ``TILE`` device pixels of it. The :class:`TileCache` keeps tiles by
``(grid, column, row)``, drops the least recently used over its budget in bytes, and forgets the
tiles over a scene rectangle at every zoom when a region there changes.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QTransform

from saga_desktop.ui.map.geometry import HEX_SIZE

TILE = 256
"""A tile is this many device pixels a side."""
MIN_BUDGET = 64 * 2**20
"""Tiles kept, in bytes: at least this, and at least four screenfuls."""


@dataclass(frozen=True, slots=True)
class Grid:
    """How one set of tiles lies on the scene: a look, a scale and a sub-pixel phase.

    Tile ``(i, j)`` covers the device pixels ``[i * TILE, (i + 1) * TILE)`` (and likewise for
    ``j``) of ``scene * scale + phase``.
    """

    look: Hashable
    dpr: float
    scale: float
    fx: float
    fy: float

    @property
    def hex_px(self) -> float:
        """The size of a hex in view (device-independent) pixels: the level of detail."""
        return self.scale / self.dpr * HEX_SIZE

    def tiles_over(self, rect: QRectF) -> Iterator[tuple[int, int]]:
        """The tiles that cover a scene rectangle."""
        s = self.scale
        i0 = math.floor((rect.left() * s + self.fx) / TILE)
        i1 = math.floor((rect.right() * s + self.fx - 1e-6) / TILE)
        j0 = math.floor((rect.top() * s + self.fy) / TILE)
        j1 = math.floor((rect.bottom() * s + self.fy - 1e-6) / TILE)
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                yield i, j

    def scene_rect(self, i: int, j: int, pad: float = 0.0) -> QRectF:
        """The scene rectangle a tile covers (grown by ``pad`` device pixels)."""
        s = self.scale
        return QRectF(
            (i * TILE - self.fx - pad) / s,
            (j * TILE - self.fy - pad) / s,
            (TILE + 2 * pad) / s,
            (TILE + 2 * pad) / s,
        )

    def transform(self, i: int, j: int) -> QTransform:
        """Scene coordinates to the pixels of tile ``(i, j)``."""
        s = self.scale
        return QTransform(s, 0, 0, s, self.fx - i * TILE, self.fy - j * TILE)


TileKey = tuple[Grid, int, int]


class TileCache:
    """Tiles, least recently used dropped first once over budget."""

    def __init__(self, budget: int = MIN_BUDGET) -> None:
        self.budget = budget
        self._tiles: OrderedDict[TileKey, QImage] = OrderedDict()
        self._by_grid: dict[Grid, set[tuple[int, int]]] = {}
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._tiles)

    def get(self, key: TileKey) -> QImage | None:
        """A cached tile (now the most recently used)."""
        image = self._tiles.get(key)
        if image is not None:
            self._tiles.move_to_end(key)
        return image

    def has(self, key: TileKey) -> bool:
        """Whether a tile is cached (without touching its age)."""
        return key in self._tiles

    def put(self, key: TileKey, image: QImage) -> None:
        """Keep a tile, dropping the oldest ones over budget."""
        self._drop(key)
        self._tiles[key] = image
        self._by_grid.setdefault(key[0], set()).add((key[1], key[2]))
        self.bytes += image.sizeInBytes()
        while self.bytes > self.budget and len(self._tiles) > 1:
            self._drop(next(iter(self._tiles)))

    def grids(self) -> list[Grid]:
        """Every grid with a tile in the cache."""
        return list(self._by_grid)

    def drop_over(self, rect: QRectF, pad_px: float = 3.0) -> int:
        """Forget every tile, at every zoom, that shows part of a scene rectangle."""
        dropped = 0
        for grid in list(self._by_grid):
            pad = pad_px / grid.scale
            grown = rect.adjusted(-pad, -pad, pad, pad)
            held = self._by_grid.get(grid, set())
            for i, j in grid.tiles_over(grown):
                if (i, j) in held:
                    self._drop((grid, i, j))
                    dropped += 1
        return dropped

    def clear(self) -> None:
        """Forget every tile."""
        self._tiles.clear()
        self._by_grid.clear()
        self.bytes = 0

    def _drop(self, key: TileKey) -> None:
        image = self._tiles.pop(key, None)
        if image is None:
            return
        self.bytes -= image.sizeInBytes()
        held = self._by_grid.get(key[0])
        if held is not None:
            held.discard((key[1], key[2]))
            if not held:
                del self._by_grid[key[0]]
