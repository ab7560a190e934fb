"""The map's lettering: region numbers and badge ratings set as glyph runs, titles elided.

Numbers are only digits, so a raw font and the glyphs and advances of its ten digits are enough to
set any number without laying out text: a whole block's numbers become one glyph run, drawn in one
call, crisp at any zoom (glyphs are rendered at the painter's scale, not scaled bitmaps).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QGlyphRun, QRawFont


class Digits:
    """Numbers set as glyph runs: a raw font with the glyphs and advances of its ten digits."""

    def __init__(self, font: QFont) -> None:
        self.raw = QRawFont.fromFont(font)
        self.glyphs = list(self.raw.glyphIndexesForString("0123456789"))
        self.advances = [a.x() for a in self.raw.advancesForGlyphIndexes(self.glyphs)]
        self.half_height = (self.raw.ascent() - self.raw.descent()) / 2
        self._sets: dict[str, tuple[tuple[int, ...], tuple[float, ...]]] = {}

    def _set(self, text: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
        found = self._sets.get(text)
        if found is not None:
            return found
        glyphs: list[int] = []
        offsets: list[float] = []
        x = -sum(self.advances[ord(c) - 48] for c in text) / 2
        for c in text:
            d = ord(c) - 48
            glyphs.append(self.glyphs[d])
            offsets.append(x)
            x += self.advances[d]
        found = self._sets[text] = (tuple(glyphs), tuple(offsets))
        return found

    def place(
        self, text: str, cx: float, cy: float, glyphs: list[int], points: list[QPointF]
    ) -> None:
        """Add a string of digits centred on ``(cx, cy)`` to a run being built."""
        indexes, offsets = self._set(text)
        glyphs.extend(indexes)
        y = cy + self.half_height
        points.extend(QPointF(cx + dx, y) for dx in offsets)

    def run(self, glyphs: list[int], points: list[QPointF]) -> QGlyphRun | None:
        """The finished glyph run (None when empty)."""
        if not glyphs:
            return None
        run = QGlyphRun()
        run.setRawFont(self.raw)
        run.setGlyphIndexes(glyphs)
        run.setPositions(points)
        return run


class Lettering:
    """The fonts of the map's marks, shared by every block (they never change with the theme)."""

    def __init__(
        self, number_font: QFont, badge_font: QFont, title_font: QFont, title_rect: QRectF
    ) -> None:
        self.numbers = Digits(number_font)
        self.badges = Digits(badge_font)
        self.title_font = title_font
        self._title_width = int(title_rect.width())
        self._title_metrics = QFontMetricsF(title_font)
        self._titles: dict[str, str] = {}

    def title(self, text: str) -> str:
        """A title cut with an ellipsis to fit the hex."""
        cut = self._titles.get(text)
        if cut is None:
            metrics = self._title_metrics
            cut = metrics.elidedText(text, Qt.TextElideMode.ElideRight, self._title_width)
            if len(self._titles) > 50_000:
                self._titles.clear()
            self._titles[text] = cut
        return cut
