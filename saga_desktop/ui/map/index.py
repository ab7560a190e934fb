"""Where the charted regions are: a dict keyed by ``(q, r)`` and blocks of hexes for drawing.

The map keeps no item per region. Hover, clicks and the context menu look a hex up in a
:class:`RegionIndex`; the tiles draw the regions block by block (:data:`CHUNK` x :data:`CHUNK`
hexes), each block keeping its drawing data (see :mod:`saga_desktop.ui.map.art`) until a region in
it changes. The index follows the change reports, one ``(q, r)`` at a time.

A players' map builds its index with :func:`public_region`: hidden regions are left out and the
rest are copied without their GM-only note, so nothing the players may not see is ever held by it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QRectF

from saga_desktop.model.campaign import Region
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_region
from saga_desktop.rules.hexgrid import Hex, Layout
from saga_desktop.ui.map.geometry import centre_of

if TYPE_CHECKING:
    from saga_desktop.ui.map.art import DetailArt, OverviewArt

CHUNK = 8
"""A block of the index is this many hexes a side."""
Key = tuple[int, int]
Extent = tuple[float, float, float, float]
"""The smallest box around some hex centres: left, top, right, bottom."""
_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class RegionLike(Protocol):
    """What the map reads of a region (a campaign :class:`Region` or a :class:`PublicRegion`)."""

    @property
    def q(self) -> int: ...  # noqa: D102
    @property
    def r(self) -> int: ...  # noqa: D102
    @property
    def number(self) -> int: ...  # noqa: D102
    @property
    def title(self) -> str: ...  # noqa: D102
    @property
    def notes(self) -> str: ...  # noqa: D102
    @property
    def terrain(self) -> str: ...  # noqa: D102
    @property
    def risk(self) -> int: ...  # noqa: D102
    @property
    def risk_card(self) -> str | None: ...  # noqa: D102
    @property
    def visited(self) -> bool: ...  # noqa: D102
    @property
    def hidden(self) -> bool: ...  # noqa: D102


def public_region(region: Region) -> Region | None:
    """The players' copy of a region (the visibility function's), or None when hidden."""
    return visible_region(region, Viewer.TABLE)


Convert = Callable[[Region], RegionLike | None]


def _as_is(region: Region) -> RegionLike | None:
    return region


class Chunk:
    """The regions of one block of hexes and their drawing data, built on demand."""

    __slots__ = ("bounds", "detail", "extent", "key", "overview", "regions")

    def __init__(self, key: Key) -> None:
        self.key = key
        self.regions: dict[Key, RegionLike] = {}
        self.detail: DetailArt | None = None
        self.overview: OverviewArt | None = None
        self.bounds: QRectF | None = None
        self.extent: Extent | None = None  # of the centres; kept until a hex of the block changes

    def forget_art(self) -> None:
        """Drop the drawing data (a region changed, or the hexes changed shape)."""
        self.detail = self.overview = None
        self.bounds = None


def chunk_of(q: int, r: int) -> Key:
    """The block a hex belongs to."""
    return q // CHUNK, r // CHUNK


class RegionIndex:
    """The charted regions by hex and by block."""

    def __init__(self, convert: Convert | None = None) -> None:
        self._convert = convert or _as_is
        self._by_hex: dict[Key, RegionLike] = {}
        self._chunks: dict[Key, Chunk] = {}
        self._extent_layout: Layout | None = None

    def load(self, regions: Iterable[Region]) -> None:
        """Start again from the campaign's regions (one pass, no drawing data yet)."""
        by_hex: dict[Key, RegionLike] = {}
        chunks: dict[Key, Chunk] = {}
        convert = self._convert
        for region in regions:
            shown = convert(region)
            if shown is None:
                continue
            q, r = shown.q, shown.r
            by_hex[q, r] = shown
            ck = (q // CHUNK, r // CHUNK)
            chunk = chunks.get(ck)
            if chunk is None:
                chunk = chunks[ck] = Chunk(ck)
            chunk.regions[q, r] = shown
        self._by_hex = by_hex
        self._chunks = chunks

    def set(self, q: int, r: int, region: Region | None) -> bool:
        """Show the campaign's region at a hex (None: uncharted). True when something changed."""
        shown = None if region is None else self._convert(region)
        key = (q, r)
        if self._by_hex.get(key) == shown:
            return False
        ck = chunk_of(q, r)
        for dq, dr in _NEIGHBOURS:  # a block draws its shared edges knowing its neighbours
            other = self._chunks.get(chunk_of(q + dq, r + dr))
            if other is not None and other.key != ck:
                other.forget_art()
        chunk = self._chunks.get(ck)
        if chunk is not None and (shown is None or key not in chunk.regions):
            chunk.extent = None  # a hex came or went
        if shown is None:
            self._by_hex.pop(key, None)
            if chunk is not None:
                chunk.regions.pop(key, None)
                chunk.forget_art()
                if not chunk.regions:
                    del self._chunks[ck]
            return True
        self._by_hex[key] = shown
        if chunk is None:
            chunk = self._chunks[ck] = Chunk(ck)
        chunk.regions[key] = shown
        chunk.forget_art()
        return True

    def get(self, q: int, r: int) -> RegionLike | None:
        """The region shown at a hex, if any."""
        return self._by_hex.get((q, r))

    def charted(self, q: int, r: int) -> bool:
        """Whether a region is shown at a hex."""
        return (q, r) in self._by_hex

    def __len__(self) -> int:
        return len(self._by_hex)

    def __iter__(self) -> Iterator[RegionLike]:
        return iter(self._by_hex.values())

    def coords(self) -> list[Key]:
        """Every charted hex shown."""
        return list(self._by_hex)

    def extent(self, layout: Layout) -> Extent | None:
        """The box around the centres of every hex shown (None: none).

        Each block keeps its own box until one of its hexes comes or goes, so after a change this
        costs one block's hexes and a pass over the blocks, not a pass over every region.
        """
        if layout != self._extent_layout:
            self._extent_layout = layout
            for chunk in self._chunks.values():
                chunk.extent = None
        boxes = []
        for chunk in self._chunks.values():
            if chunk.extent is None:
                points = [layout.to_point(Hex(q, r)) for q, r in chunk.regions]
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                chunk.extent = (min(xs), min(ys), max(xs), max(ys))
            boxes.append(chunk.extent)
        if not boxes:
            return None
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )

    def chunks(self) -> list[Chunk]:
        """Every block that holds a region."""
        return list(self._chunks.values())

    def relayout(self) -> None:
        """Drop all drawing data (the hexes changed shape)."""
        for chunk in self._chunks.values():
            chunk.forget_art()

    def chunks_in_rect(self, rect: QRectF, layout: Layout) -> list[Chunk]:
        """The blocks whose regions may show inside a scene rectangle."""
        if not self._chunks:
            return []
        fracs = [
            layout.fractional(x, y)
            for x in (rect.left(), rect.right())
            for y in (rect.top(), rect.bottom())
        ]
        q0 = math.floor(min(f[0] for f in fracs) / CHUNK) - 1
        q1 = math.floor(max(f[0] for f in fracs) / CHUNK) + 1
        r0 = math.floor(min(f[1] for f in fracs) / CHUNK) - 1
        r1 = math.floor(max(f[1] for f in fracs) / CHUNK) + 1
        if (q1 - q0 + 1) * (r1 - r0 + 1) <= len(self._chunks):
            get = self._chunks.get
            found = (get((cq, cr)) for cr in range(r0, r1 + 1) for cq in range(q0, q1 + 1))
            candidates = [c for c in found if c is not None]
        else:
            candidates = [
                c for (cq, cr), c in self._chunks.items() if q0 <= cq <= q1 and r0 <= cr <= r1
            ]
        out = []
        for chunk in candidates:
            if chunk.bounds is None:
                chunk.bounds = _bounds(chunk, layout)
            if chunk.bounds.intersects(rect):
                out.append(chunk)
        return out


def _bounds(chunk: Chunk, layout: Layout) -> QRectF:
    centre = centre_of(layout)
    points = [centre(q, r) for q, r in chunk.regions]
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    pad = layout.size * 1.1
    return QRectF(
        min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    )
