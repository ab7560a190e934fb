"""Hex grid geometry in axial/cube coordinates (after Red Blob Games' guide).

A :class:`Hex` is an axial coordinate ``(q, r)``; the third cube coordinate is ``s = -q - r``.
A :class:`Layout` turns hexes into points on a plane and back, for pointy- or flat-topped hexes.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterator
from dataclasses import dataclass

from saga_desktop.i18n.words import words
from saga_desktop.rules.errors import RulesError


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """An axial hex coordinate."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (q + r + s == 0)."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        """This vector multiplied by ``k``."""
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in one of the six directions (0-5, counter-clockwise from east)."""
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes."""
        return tuple(self + d for d in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        """Steps between two hexes."""
        d = self - other
        return (abs(d.q) + abs(d.r) + abs(d.s)) // 2

    def ring(self, radius: int) -> list[Hex]:
        """The hexes exactly ``radius`` steps away, in order around the ring."""
        if radius < 0:
            raise RulesError(words("A ring's radius cannot be negative"))
        if radius == 0:
            return [self]
        results = []
        h = self + DIRECTIONS[4].scale(radius)
        for side in range(6):
            for _ in range(radius):
                results.append(h)
                h = h.neighbour(side)
        return results

    def spiral(self, radius: int) -> Iterator[Hex]:
        """This hex, then each ring out to ``radius``."""
        for k in range(radius + 1):
            yield from self.ring(k)

    def line_to(self, other: Hex) -> list[Hex]:
        """The hexes on a straight line from this hex to ``other``, both included."""
        n = self.distance(other)
        if n == 0:
            return [self]
        # Nudge off exact edges so the line never wavers between two hexes.
        aq, ar, as_ = self.q + 1e-6, self.r + 2e-6, self.s - 3e-6
        bq, br, bs = other.q + 1e-6, other.r + 2e-6, other.s - 3e-6
        return [
            cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n, as_ + (bs - as_) * i / n)
            for i in range(n + 1)
        ]

    def __str__(self) -> str:
        return f"({self.q}, {self.r})"


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)


def cube_round(fq: float, fr: float, fs: float | None = None) -> Hex:
    """Round fractional cube coordinates to the nearest hex."""
    if fs is None:
        fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


class Orientation(enum.Enum):
    """Which way the hexes point."""

    POINTY = "pointy"
    FLAT = "flat"


@dataclass(frozen=True, slots=True)
class _Matrix:
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


_SQRT3 = math.sqrt(3.0)
_MATRICES = {
    Orientation.POINTY: _Matrix(
        _SQRT3, _SQRT3 / 2, 0.0, 1.5, _SQRT3 / 3, -1.0 / 3, 0.0, 2.0 / 3, 0.5
    ),
    Orientation.FLAT: _Matrix(
        1.5, 0.0, _SQRT3 / 2, _SQRT3, 2.0 / 3, 0.0, -1.0 / 3, _SQRT3 / 3, 0.0
    ),
}


@dataclass(frozen=True, slots=True)
class Layout:
    """Maps hexes to points on a plane: orientation, hex size (centre to corner) and origin."""

    orientation: Orientation = Orientation.POINTY
    size: float = 1.0
    origin_x: float = 0.0
    origin_y: float = 0.0

    def __post_init__(self) -> None:
        if not (self.size > 0 and math.isfinite(self.size)):
            raise RulesError(words("A hex must have a positive size"))

    def to_point(self, h: Hex) -> tuple[float, float]:
        """The centre of a hex."""
        m = _MATRICES[self.orientation]
        x = (m.f0 * h.q + m.f1 * h.r) * self.size
        y = (m.f2 * h.q + m.f3 * h.r) * self.size
        return x + self.origin_x, y + self.origin_y

    def fractional(self, x: float, y: float) -> tuple[float, float]:
        """The fractional axial coordinate (q, r) of a point."""
        m = _MATRICES[self.orientation]
        px, py = (x - self.origin_x) / self.size, (y - self.origin_y) / self.size
        return m.b0 * px + m.b1 * py, m.b2 * px + m.b3 * py

    def to_hex(self, x: float, y: float) -> Hex:
        """The hex containing a point."""
        fq, fr = self.fractional(x, y)
        return cube_round(fq, fr)

    def corner_offset(self, corner: int) -> tuple[float, float]:
        """Offset of one of the six corners from a hex centre."""
        angle = 2.0 * math.pi * (_MATRICES[self.orientation].start_angle + corner) / 6
        return self.size * math.cos(angle), self.size * math.sin(angle)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of a hex, in order."""
        cx, cy = self.to_point(h)
        return [(cx + dx, cy + dy) for dx, dy in (self.corner_offset(i) for i in range(6))]

    @property
    def width(self) -> float:
        """Width of one hex."""
        return _SQRT3 * self.size if self.orientation is Orientation.POINTY else 2 * self.size

    @property
    def height(self) -> float:
        """Height of one hex."""
        return 2 * self.size if self.orientation is Orientation.POINTY else _SQRT3 * self.size

    def hexes_in_rect(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[Hex]:
        """Every hex that overlaps the rectangle (a few beyond its edges may be included)."""
        corners = [self.fractional(x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        qs = [c[0] for c in corners]
        rs = [c[1] for c in corners]
        qmin, qmax = math.floor(min(qs)) - 1, math.ceil(max(qs)) + 1
        rmin, rmax = math.floor(min(rs)) - 1, math.ceil(max(rs)) + 1
        xmin, xmax = min(x0, x1) - self.width, max(x0, x1) + self.width
        ymin, ymax = min(y0, y1) - self.height, max(y0, y1) + self.height
        for r in range(rmin, rmax + 1):
            for q in range(qmin, qmax + 1):
                h = Hex(q, r)
                x, y = self.to_point(h)
                if xmin <= x <= xmax and ymin <= y <= ymax:
                    yield h
