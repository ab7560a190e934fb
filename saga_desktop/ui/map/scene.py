"""The map scene: the still map (paper, grid, regions) and the few items that move.

No region is an item. The scene keeps a :class:`~saga_desktop.ui.map.index.RegionIndex` in step
with the campaign and paints the still map with :func:`~saga_desktop.ui.map.paint.paint_map`: the
view copies it from tiles (:mod:`saga_desktop.ui.map.tiles`), while exports render the scene and
get it painted directly, as vectors. Only what moves or answers the mouse is an item: the party
token, the current-hex outline, a highlight, the planned path and the falling d20.

``mapChanged(rect)`` tells the views which part of the still map to paint again (a null rectangle:
all of it).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QRect, QRectF, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from saga_desktop.model.campaign import MapState, Region
from saga_desktop.model.types import COORD_LIMIT
from saga_desktop.rules.hexgrid import Hex, Layout, Orientation
from saga_desktop.ui.map.geometry import (
    HEX_SIZE,
    hex_bounds,
    hex_centre,
    layout_for,
    orientation_of,
)
from saga_desktop.ui.map.index import RegionIndex, RegionLike, public_region
from saga_desktop.ui.map.items import CursorItem, HighlightItem, PathItem
from saga_desktop.ui.map.paint import MapLook, paint_map
from saga_desktop.ui.map.party import PartyToken
from saga_desktop.ui.map.stamps import STAMP_MAX_PX, Stamps
from saga_desktop.ui.map.style import MapStyle
from saga_desktop.ui.map.theme import MapTheme

_EDGE = (COORD_LIMIT + 10) * HEX_SIZE * 2
BULK = 64
"""Above this many changed hexes, the whole still map is painted again."""


class MapScene(QGraphicsScene):
    """What the map shows; kept in step with the campaign by :class:`MapView`.

    A players' scene (``player=True``) holds only what players may see: its index leaves hidden
    regions out and copies the others without their GM-only notes, and uncharted land is fogged.
    """

    mapChanged = Signal(QRectF)
    """Part of the still map changed (scene rectangle; a null rectangle means all of it)."""

    def __init__(self, map_style: MapStyle | None = None, *, player: bool = False) -> None:
        super().__init__()
        self.player = player
        self.show_risk = True
        """Draw each region's risk badge and tint (False in a game whose regions have no risk)."""
        self.map_style = map_style or MapStyle()
        self.orientation = Orientation.POINTY
        self.layout: Layout = layout_for(self.orientation)
        self.index = RegionIndex(public_region if player else None)
        self._export_index: RegionIndex | None = None
        self._stamps: dict[Hashable, Stamps] = {}
        self.setSceneRect(QRectF(-_EDGE, -_EDGE, 2 * _EDGE, 2 * _EDGE))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # a handful of items
        self.cursor = CursorItem(self.orientation, self.map_style)
        self.cursor.hide()
        self.addItem(self.cursor)
        self.highlight = HighlightItem(self.orientation, self.map_style)
        self.highlight.hide()
        self.addItem(self.highlight)
        self.path_item = PathItem(self.map_style)
        self.path_item.hide()
        self.addItem(self.path_item)
        self.party = PartyToken(self.map_style, movable=not player)
        self.party.hide()
        self.addItem(self.party)
        self._party_hex: Hex | None = None

    # -- keeping in step with the campaign ---------------------------------------------------------

    def load(self, state: MapState) -> None:
        """Show a whole map afresh (a campaign was opened, or a change touched many regions)."""
        self._set_orientation(orientation_of(state.orientation))
        self.index.load(state.regions)
        self.set_party(state.party.hex if state.party else None)
        self._changed(None)

    def update_regions(self, state: MapState, coords: frozenset[tuple[int, int]]) -> None:
        """Add, remove or redraw the regions at these hexes."""
        if len(coords) > BULK:
            wanted = set(coords)
            found = {(r.q, r.r): r for r in state.regions if (r.q, r.r) in wanted}
        else:
            found = {}
            for key in coords:
                region = state.region_at(*key)
                if region is not None:
                    found[key] = region
        changed = [key for key in coords if self.index.set(*key, found.get(key))]
        if len(changed) > BULK:
            self._changed(None)
        else:
            for q, r in changed:
                self._changed(hex_bounds(self.layout, q, r))

    def update_map(self, state: MapState) -> None:
        """Follow the party's position and the grid's orientation."""
        orientation = orientation_of(state.orientation)
        if orientation is not self.orientation:
            self._set_orientation(orientation)
            self.index.load(state.regions)
            self._changed(None)
        self.set_party(state.party.hex if state.party else None)

    def region_at(self, q: int, r: int) -> RegionLike | None:
        """The region this map shows at a hex (a players' map never shows a hidden one)."""
        return self.index.get(q, r)

    def set_party(self, h: Hex | None) -> None:
        """Put the party token on a hex (None: the party has not landed yet)."""
        self._party_hex = h
        self.party.place(None if h is None else hex_centre(self.layout, h.q, h.r))

    @property
    def party_hex(self) -> Hex | None:
        """Where the party token stands."""
        return self._party_hex

    def set_theme(self, theme: MapTheme) -> None:
        """Repaint everything in another theme (tiles of each theme are kept apart)."""
        self.map_style.set_theme(theme)
        self.cursor.restyle()
        self.highlight.restyle()
        self.path_item.restyle()
        self.update()

    def set_cursor(self, h: Hex | None) -> None:
        """Outline the current hex (None hides the outline)."""
        _place(self.cursor, self.layout, h)

    def set_highlight(self, h: Hex | None) -> None:
        """Ring a hex to draw the eye to it (None hides the ring)."""
        _place(self.highlight, self.layout, h)

    def show_path(self, hexes: list[Hex]) -> None:
        """Draw a planned journey (an empty list hides it)."""
        self.path_item.set_points([hex_centre(self.layout, h.q, h.r) for h in hexes])

    def _set_orientation(self, orientation: Orientation) -> None:
        self.orientation = orientation
        self.layout = layout_for(orientation)
        self.cursor.set_orientation(orientation)
        self.highlight.set_orientation(orientation)

    def _changed(self, rect: QRectF | None) -> None:
        self.mapChanged.emit(QRectF() if rect is None else rect)
        self.update(self.sceneRect() if rect is None else rect)

    # -- painting ---------------------------------------------------------------------------------

    def look(self) -> MapLook:
        """What the still map shows (the export's own index while exporting)."""
        index = self._export_index or self.index
        return MapLook(index, self.layout, self.map_style, fog=self.player, risk=self.show_risk)

    def look_key(self) -> Hashable:
        """What tells tiles of different looks apart."""
        return (self.map_style.theme.name, self.orientation, self.player, self.show_risk)

    def paint_still(
        self, painter: QPainter, rect: QRectF, px: float, device_scale: float | None = None
    ) -> None:
        """Paint the still map inside ``rect`` with hexes ``px`` pixels big.

        ``device_scale`` (device pixels per scene unit) says the painter paints raster pixels at
        exactly that scale, unrotated: small marks are then stamped rather than stroked.
        """
        stamps = None
        if device_scale is not None and px <= STAMP_MAX_PX:
            stamps = self._stamps_for(device_scale)
        paint_map(painter, rect, self.look(), px, stamps)

    def _stamps_for(self, scale: float) -> Stamps:
        key = (self.map_style.theme.name, self.orientation, scale)
        stamps = self._stamps.pop(key, None)
        if stamps is None:
            stamps = Stamps(self.map_style, self.orientation, scale)
        self._stamps[key] = stamps  # most recent last
        while len(self._stamps) > 4:
            del self._stamps[next(iter(self._stamps))]
        return stamps

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The still map painted directly (exports; a view draws it from tiles)."""
        t = painter.worldTransform()
        self.paint_still(painter, QRectF(rect), math.hypot(t.m11(), t.m12()) * HEX_SIZE)

    @contextmanager
    def without_hidden(self, regions: list[Region]) -> Iterator[None]:
        """Paint the still map without hidden regions for a while (an export for the players)."""
        index = RegionIndex(public_region)
        index.load(regions)
        self._export_index = index
        try:
            yield
        finally:
            self._export_index = None


def _place(item: QGraphicsItem, layout: Layout, h: Hex | None) -> None:
    if h is None:
        item.hide()
        return
    item.setPos(hex_centre(layout, h.q, h.r))
    item.show()
