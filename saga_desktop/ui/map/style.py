"""Pens, brushes and fonts built once per theme and shared by every item of a map scene.

Pens are cosmetic (their width is in device pixels), so outlines stay one crisp line at any zoom
and at any device pixel ratio. Fonts are sized in scene units and drawn as vector glyphs.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen

from saga_desktop.ui.map.art import TITLE_RECT
from saga_desktop.ui.map.fog import fog_brush, fog_wash
from saga_desktop.ui.map.lettering import Lettering
from saga_desktop.ui.map.theme import PAPER, MapTheme, risk_colour


def cosmetic_pen(
    colour: QColor, width: float = 1.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine
) -> QPen:
    """A pen whose width is in device-independent pixels whatever the zoom."""
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def scene_font(pixel_size: int, *, bold: bool = False) -> QFont:
    """A font sized in scene units that scales smoothly (no hinting jumps between zoom steps)."""
    font = QFont()
    font.setPixelSize(pixel_size)
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    font.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    return font


class MapStyle:
    """The drawing tools of one scene; :meth:`set_theme` rebuilds them."""

    def __init__(self, theme: MapTheme = PAPER) -> None:
        self.number_font = scene_font(17, bold=True)
        self.title_font = scene_font(7)
        self.badge_font = scene_font(9, bold=True)
        self._lettering: Lettering | None = None
        self.set_theme(theme)

    @property
    def lettering(self) -> Lettering:
        """The glyphs of the numbers and badges (made on first use)."""
        if self._lettering is None:
            self._lettering = Lettering(
                self.number_font, self.badge_font, self.title_font, TITLE_RECT
            )
        return self._lettering

    def set_theme(self, theme: MapTheme) -> None:
        """Switch every pen and brush to another theme."""
        self.theme = theme
        self.grid_pen = cosmetic_pen(theme.grid, 1.0)
        self.region_pen = cosmetic_pen(theme.region_edge, 1.0)
        self.region_brush = QBrush(theme.region_fill)
        self.visited_brush = QBrush(theme.region_visited_fill)
        self.ink_pen = QPen(theme.ink)
        self.faint_pen = QPen(theme.faint_ink)
        self.hidden_pen = cosmetic_pen(theme.hidden, 2.0, Qt.PenStyle.DashLine)
        self.hidden_mark_pen = cosmetic_pen(theme.hidden, 1.6)
        self.mark_pen = cosmetic_pen(theme.ink, 1.6)
        self.badge_edge_pen = cosmetic_pen(theme.ink, 1.0)
        self.badge_text_pen = QPen(theme.badge_text)
        self.cursor_pen = cosmetic_pen(theme.cursor, 2.5)
        self.path_pen = cosmetic_pen(theme.path, 3.0, Qt.PenStyle.DashLine)
        self.paper_brush = QBrush(theme.paper)
        self.no_pen = QPen(Qt.PenStyle.NoPen)
        self.no_brush = QBrush(Qt.BrushStyle.NoBrush)
        self.ink_colour = QColor(theme.ink)
        self.badge_text_colour = QColor(theme.badge_text)
        # Opaque (mixed with the tint): a translucent cosmetic pen leaves the raster fast path.
        self.hatch_pen = cosmetic_pen(_mix(theme.region_fill, theme.hidden, 0.5), 1.0)
        self._risk_brushes: dict[int, QBrush] = {}
        self._overview_brushes: dict[int, QBrush] = {}
        self._fog: QBrush | None = None
        self.fog_wash_brush = QBrush(fog_wash(theme))

    @property
    def fog_brush(self) -> QBrush:
        """The fog over uncharted land on the players' map."""
        if self._fog is None:
            self._fog = fog_brush(self.theme)
        return self._fog

    def risk_brush(self, risk: int) -> QBrush:
        """The fill of a risk badge."""
        brush = self._risk_brushes.get(risk)
        if brush is None:
            brush = self._risk_brushes[risk] = QBrush(risk_colour(risk))
        return brush

    def overview_brush(self, risk: int) -> QBrush:
        """Zoomed far out a region is one cheap fill, tinted by its risk."""
        brush = self._overview_brushes.get(risk)
        if brush is None:
            colour = _mix(self.theme.region_visited_fill, risk_colour(risk), 0.45)
            brush = self._overview_brushes[risk] = QBrush(colour)
        return brush


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor(
        round(a.red() * (1 - t) + b.red() * t),
        round(a.green() * (1 - t) + b.green() * t),
        round(a.blue() * (1 - t) + b.blue() * t),
    )
