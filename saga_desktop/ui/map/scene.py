"""The map scene: the paper and its endless hex grid, one item per charted region, the party.

The grid is not made of items. :meth:`MapScene.drawBackground` paints only the exposed rectangle,
by translating one cached path of a block of hexes, so the map has no practical edge and an empty
map costs nothing but the paper.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRect, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsScene

from saga_desktop.model.campaign import MapState, Region
from saga_desktop.model.types import COORD_LIMIT
from saga_desktop.rules.hexgrid import Hex, Layout, Orientation
from saga_desktop.ui.map.fills import RegionFills
from saga_desktop.ui.map.geometry import (
    HEX_SIZE,
    block_period,
    blocks_in_rect,
    grid_block_path,
    hex_centre,
    layout_for,
    orientation_of,
)
from saga_desktop.ui.map.items import DETAIL_PX, CursorItem, PathItem, RegionItem
from saga_desktop.ui.map.party import PartyToken
from saga_desktop.ui.map.style import MapStyle
from saga_desktop.ui.map.theme import MapTheme

GRID_MIN_PX = 6.0
"""Below this on-screen hex size the grid would be a grey smear, so only the paper is drawn."""

_EDGE = (COORD_LIMIT + 10) * HEX_SIZE * 2


class MapScene(QGraphicsScene):
    """What the map shows; kept in step with the campaign by :class:`MapView`."""

    def __init__(self, map_style: MapStyle | None = None) -> None:
        super().__init__()
        self.map_style = map_style or MapStyle()
        self.orientation = Orientation.POINTY
        self.layout: Layout = layout_for(self.orientation)
        self.regions: dict[tuple[int, int], RegionItem] = {}
        self.setSceneRect(QRectF(-_EDGE, -_EDGE, 2 * _EDGE, 2 * _EDGE))
        self.cursor = CursorItem(self.orientation, self.map_style)
        self.cursor.hide()
        self.addItem(self.cursor)
        self.path_item = PathItem(self.map_style)
        self.path_item.hide()
        self.addItem(self.path_item)
        self.party = PartyToken(self.map_style)
        self.party.hide()
        self.addItem(self.party)
        self._party_hex: Hex | None = None
        self.fills = RegionFills()
        self.detail = True

    # -- keeping in step with the campaign ---------------------------------------------------------

    def load(self, state: MapState) -> None:
        """Show a whole map afresh (a campaign was opened, or undo touched many regions)."""
        for item in self.regions.values():
            self.removeItem(item)
        self.regions.clear()
        self._set_orientation(orientation_of(state.orientation))
        self.fills.load(state.regions)
        for region in state.regions:
            self._add(region)
        self.update()
        self.set_party(state.party.hex if state.party else None)

    def update_regions(self, state: MapState, coords: frozenset[tuple[int, int]]) -> None:
        """Add, remove or redraw the regions at these hexes."""
        wanted = {key: None for key in coords}
        found: dict[tuple[int, int], Region] = {}
        if len(coords) > 64:
            found = {(r.q, r.r): r for r in state.regions if (r.q, r.r) in wanted}
        else:
            for key in coords:
                region = state.region_at(*key)
                if region is not None:
                    found[key] = region
        for key in coords:
            item = self.regions.get(key)
            region = found.get(key)
            if region is None and item is not None:
                self.removeItem(item)
                del self.regions[key]
                self.fills.set(*key, None)
            elif region is not None and item is None:
                self._add(region)
                self.fills.set(*key, region)
            elif region is not None and item is not None and item.region != region:
                item.set_region(region)
                self.fills.set(*key, region)
            self._update_hex(*key)

    def update_map(self, state: MapState) -> None:
        """Follow the party's position and the grid's orientation."""
        orientation = orientation_of(state.orientation)
        if orientation is not self.orientation:
            self._set_orientation(orientation)
            self.fills.relayout()
            for (q, r), item in self.regions.items():
                item.set_orientation(orientation)
                item.setPos(hex_centre(self.layout, q, r))
            self.update()
        self.set_party(state.party.hex if state.party else None)

    def set_party(self, h: Hex | None) -> None:
        """Put the party token on a hex (None: the party has not landed yet)."""
        self._party_hex = h
        self.party.place(None if h is None else hex_centre(self.layout, h.q, h.r))

    @property
    def party_hex(self) -> Hex | None:
        """Where the party token stands."""
        return self._party_hex

    def set_theme(self, theme: MapTheme) -> None:
        """Repaint everything in another theme."""
        self.map_style.set_theme(theme)
        self.cursor.restyle()
        self.path_item.restyle()
        self.update()

    def set_cursor(self, h: Hex | None) -> None:
        """Outline the current hex (None hides the outline)."""
        if h is None:
            self.cursor.hide()
            return
        self.cursor.setPos(hex_centre(self.layout, h.q, h.r))
        self.cursor.show()

    def show_path(self, hexes: list[Hex]) -> None:
        """Draw a planned journey (an empty list hides it)."""
        self.path_item.set_points([hex_centre(self.layout, h.q, h.r) for h in hexes])

    def set_detail(self, on: bool) -> None:
        """Show each region's marks (zoomed in) or only the tints (zoomed far out)."""
        if on == self.detail:
            return
        self.detail = on
        for item in self.regions.values():
            item.setVisible(on)

    def _update_hex(self, q: int, r: int) -> None:
        c = hex_centre(self.layout, q, r)
        s = HEX_SIZE * 1.2
        self.update(QRectF(c.x() - s, c.y() - s, 2 * s, 2 * s))

    def _set_orientation(self, orientation: Orientation) -> None:
        self.orientation = orientation
        self.layout = layout_for(orientation)
        self.cursor.set_orientation(orientation)

    def _add(self, region: Region) -> None:
        item = RegionItem(region, self.orientation, self.map_style)
        item.setPos(hex_centre(self.layout, region.q, region.r))
        if not self.detail:
            item.setVisible(False)
        self.addItem(item)
        self.regions[(region.q, region.r)] = item

    # -- the paper and the grid -------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """Paper, the tints of charted hexes, then the grid edges, inside ``rect`` only."""
        rect = QRectF(rect)
        style = self.map_style
        painter.fillRect(rect, style.paper_brush)
        t = painter.worldTransform()
        px = math.hypot(t.m11(), t.m12()) * HEX_SIZE
        overview = px < DETAIL_PX
        self.fills.paint(painter, rect, self.layout, style, overview=overview)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if px >= GRID_MIN_PX:
            path = grid_block_path(self.orientation)
            dq, dr = block_period(self.orientation)
            painter.setPen(style.grid_pen)
            for bq, br in blocks_in_rect(self.orientation, rect):
                offset = QPointF(dq.x() * bq + dr.x() * br, dq.y() * bq + dr.y() * br)
                painter.translate(offset)
                painter.drawPath(path)
                painter.translate(-offset)
        if not overview:
            self.fills.paint_edges(painter, rect, self.layout, style)
        painter.restore()
