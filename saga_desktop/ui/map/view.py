"""The map view: tiles, zoom and pan, the current hex, hover notes, following the session.

:class:`MapView` listens to the :class:`~saga_desktop.ui.bridge.SessionBridge` and repaints only the
tiles over the hexes a change report names. It never changes the campaign itself: clicks,
double-clicks, drags of the party token and context-menu requests are signals that
:class:`~saga_desktop.ui.map.flows.MapFlows` turns into operations. Hexes under the pointer are
found by arithmetic and looked up in the scene's index; no region is an item.

``MapView(bridge, parent, player=True)`` is the players' map for the second screen: it shows only
what players may see (hidden regions and GM-only notes never reach it), fogs uncharted land, and
takes no edits. ``viewChanged`` (emitted by any map, at most once per frame) and :meth:`follow`
let it follow the GM's map; :meth:`show_region` centres and rings a region.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QFocusEvent,
    QGuiApplication,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QToolTip, QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.ops.map import DropResult
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.visibility import visible_tokens
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map import accessible, cursor
from saga_desktop.ui.map.charting import charting_of
from saga_desktop.ui.map.d20 import DieDrop
from saga_desktop.ui.map.following import ViewReporter, turned_centre
from saga_desktop.ui.map.geometry import HEX_SIZE, extent_rect, hex_at, hex_centre, regions_rect
from saga_desktop.ui.map.hover import hex_text, hover_text
from saga_desktop.ui.map.navigation import FIT_MAX_PX, NavigableView
from saga_desktop.ui.map.scene import MapScene
from saga_desktop.ui.map.start_button import StartButton
from saga_desktop.ui.map.theme import ThemeChoice, resolve_theme
from saga_desktop.ui.map.tiles import TileLayer
from saga_desktop.ui.map.tokens import TokenLayer

BULK_UPDATE = 2000


class MapView(NavigableView):
    """The hex map in the centre of the window (with ``player=True``: on the players' screen)."""

    currentHexChanged = Signal(object)
    """Emitted with the new current :class:`Hex` (or None)."""
    hexActivated = Signal(object)
    """A hex was double-clicked (chart it, or edit its region)."""
    contextMenuWanted = Signal(object, QPoint)
    """The player asked for the menu of a hex, at a global position."""
    partyDropped = Signal(object)
    """The party token was dragged onto a hex (plan a journey there)."""
    tokenDropped = Signal(str, object)
    """A token (its id) was dragged onto a hex (move it there, or put it back)."""
    hexClicked = Signal(object)
    """A hex was clicked without a drag (after it became current)."""
    dropFinished = Signal()
    """The d20 has come to rest (at once with reduced motion)."""
    startRequested = Signal()
    """The player pressed "Drop the d20" on the empty map."""
    viewChanged = Signal(QPointF, float)
    """The centre (scene point) or scale (view units per scene unit) changed; once per frame."""
    pathChanged = Signal(list)
    """A planned journey is shown (a list of :class:`Hex`; empty when it is hidden)."""
    tokenKeyed = Signal(object)
    """M at the cursor's hex: pick up a token there, or put the picked-up one down there."""
    cancelKeyed = Signal()
    """Escape on the map: call off a token move under way."""

    def __init__(
        self, bridge: SessionBridge, parent: QWidget | None = None, *, player: bool = False
    ) -> None:
        super().__init__(parent)
        self.player = player
        self.setObjectName("PlayerMapView" if player else "MapView")
        self.bridge = bridge
        self.map_scene = MapScene(player=player)
        self.setScene(self.map_scene)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setOptimizationFlags(
            QGraphicsView.OptimizationFlag.DontSavePainterState
            | QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(False)
        self.setAccessibleName(tr("Players' map") if player else tr("Hex map"))
        self.a11y_parts = accessible.Parts(self)
        accessible.install()
        self.tiles = TileLayer(
            self.map_scene.paint_still,
            self.map_scene.look_key,
            lambda: self.map_scene.map_style.theme.paper,
            self.viewport().update,
            self,
        )
        self.map_scene.mapChanged.connect(self._still_map_changed)
        self._current: Hex | None = None
        self.move_pending: Callable[[], bool] = lambda: False  # a token picked up with M waits
        self.auto_fit = False
        """Keep every charted region this map shows (and the party) in view, as large as fits:
        the players' map on the second screen, unless it follows the GM's map."""
        self._theme_choice = ThemeChoice.SYSTEM
        self._reporter = ViewReporter(
            lambda: (self.centre(), self.scale_factor()), self.viewChanged.emit, self
        )
        self.start_button = StartButton(self.viewport())
        self.start_button.clicked.connect(self.startRequested)
        self.die = DieDrop(self.map_scene, self)
        self.die.finished.connect(lambda: self.map_scene.party.setOpacity(1.0))
        self.die.finished.connect(self.dropFinished)
        self.map_scene.party.dropped.connect(self._party_dropped)
        self.tokens = TokenLayer(self.map_scene, gm=not player)
        self.tokens.dropped.connect(self._token_dropped)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._scheme_changed)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(self._on_session_replaced)
        self.map_scene.set_theme(resolve_theme(self._theme_choice))
        self.reload()
        self.set_hex_px(HEX_SIZE)
        self.tiles.settle_now()  # nothing to stand in for yet: the first frame is painted crisp
        self.centerOn(self._start_point())

    # -- the session --------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The open session."""
        return self.bridge.session

    def reload(self) -> None:
        """Redraw the whole map from the campaign."""
        self.charting, self.words = charting_of(self.session.campaign.ruleset)
        self.map_scene.show_risk = self.charting.risk
        self.map_scene.load(self.session.campaign.map)
        self._show_tokens(animate=False)
        self.die.clear()
        self.set_current_hex(None)
        self.map_scene.set_highlight(None)
        self._update_start_button()

    def _update_start_button(self) -> None:
        m = self.session.campaign.map
        empty = m.party is None and not m.regions and not self.player
        self.start_button.update_for(empty=empty, text=self.words.start, tip=self.words.start_tip)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the start button at the bottom centre, and enough tiles for the new size."""
        super().resizeEvent(event)
        dpr = self.viewport().devicePixelRatioF()
        self.tiles.fit_budget(round(self.width() * dpr), round(self.height() * dpr))
        if not self.start_button.isHidden():
            self.start_button.place()
        if self.auto_fit:
            self.fit_regions()
        self._view_moved()

    def _on_session_replaced(self, _session: object) -> None:
        self.reload()
        self.centerOn(self._start_point())
        if self.auto_fit:
            self.fit_regions()

    def _on_changed(self, changes: Changes) -> None:
        state = self.session.campaign.map
        turned = False
        if Aspect.MAP in changes:
            before = self.map_scene.orientation
            centre = self.centre()
            self.map_scene.update_map(state)
            turned = self.map_scene.orientation is not before
            if turned:
                self.centerOn(turned_centre(centre, before, self.map_scene.layout))
        if Aspect.REGIONS in changes:
            if len(changes.regions) > BULK_UPDATE:
                self.map_scene.load(state)
            else:
                self.map_scene.update_regions(state, changes.regions)
        if changes.aspects & (Aspect.MAP | Aspect.REGIONS):
            self._update_start_button()
            if self.auto_fit:
                self.fit_regions()
        if changes.aspects & (Aspect.TOKENS | Aspect.CHARACTERS | Aspect.MAP):
            self._show_tokens(animate=not turned)  # a turned map: every token jumps
        if changes.aspects & (Aspect.REGIONS | Aspect.TOKENS | Aspect.MAP):
            accessible.map_changed(self)
        result = changes.result
        if changes.cause is Cause.APPLY and isinstance(result, DropResult):
            x, y = result.drop_point
            if not self.die.reduced_motion:
                self.map_scene.party.setOpacity(0.0)  # the party appears where the die rests
            self.die.play(QPointF(x * HEX_SIZE, y * HEX_SIZE), result.face)
        elif changes.cause is not Cause.APPLY and Aspect.MAP in changes:
            self.die.clear()

    def _show_tokens(self, *, animate: bool) -> None:
        """Draw the tokens this map may show (a players' map: never a hidden one)."""
        c = self.session.campaign
        tokens = visible_tokens(c.map.tokens, Viewer.TABLE if self.player else Viewer.GM)
        names = {ch.id: ch.name for ch in c.characters}
        layout = self.map_scene.layout
        self.tokens.show(tokens, names, lambda q, r: hex_centre(layout, q, r), animate=animate)

    def set_reduced_motion(self, on: bool) -> None:
        """Skip animations: the d20 rests and tokens jump at once."""
        self.die.reduced_motion = on
        self.tokens.reduced_motion = on

    def _start_point(self) -> QPointF:
        party = self.session.campaign.map.party
        if party is not None:
            return hex_centre(self.map_scene.layout, party.q, party.r)
        return QPointF(0, 0)

    # -- the still map ----------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The still map, copied from tiles (painted directly when the painter is rotated)."""
        rect = QRectF(rect)
        if not self.tiles.draw(painter, rect):
            t = painter.worldTransform()
            self.map_scene.paint_still(painter, rect, math.hypot(t.m11(), t.m12()) * HEX_SIZE)

    def _still_map_changed(self, rect: QRectF) -> None:
        self.tiles.invalidate(None if rect.isNull() else rect)

    # -- theme ----------------------------------------------------------------------------------

    @property
    def theme_choice(self) -> ThemeChoice:
        """System, paper or dark."""
        return self._theme_choice

    def set_theme_choice(self, choice: ThemeChoice) -> None:
        """Switch the look of the map."""
        self._theme_choice = choice
        self.map_scene.set_theme(resolve_theme(choice))
        self.viewport().update()

    def _scheme_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self._theme_choice is ThemeChoice.SYSTEM:
            self.set_theme_choice(ThemeChoice.SYSTEM)

    # -- zoom, pan, following another map ---------------------------------------------------------

    def centre(self) -> QPointF:
        """The scene point in the middle of the view."""
        return self.mapToScene(self.viewport().rect()).boundingRect().center()

    def scale_factor(self) -> float:
        """View pixels per scene unit."""
        return self.transform().m11()

    def centre_on_hex(self, q: int, r: int) -> None:
        """Bring a hex to the middle of the view."""
        self.centerOn(hex_centre(self.map_scene.layout, q, r))

    def fit_regions(self) -> None:
        """Zoom and pan so every charted region this map shows (and the party) is in view."""
        layout = self.map_scene.layout
        extent = self.map_scene.index.extent(layout)  # kept up to date: no walk of every region
        party = self.map_scene.party_hex
        if party is not None:
            x, y = layout.to_point(party)
            left, top, right, bottom = extent or (x, y, x, y)
            extent = (min(left, x), min(top, y), max(right, x), max(bottom, y))
        rect = extent_rect(extent) if extent is not None else QRectF()
        if rect.isEmpty():
            rect = regions_rect(self.map_scene.layout, [(0, 0)], margin=3)
        if self.auto_fit:  # across a table: hexes up to a quarter of the map's height
            self.fit_rect(rect, max(FIT_MAX_PX, self.viewport().height() / 4))
        else:
            self.fit_rect(rect)

    def zoom_settled(self, px: float) -> None:
        """Each zoom step: stand in for tiles until the zoom rests; tell followers."""
        self.map_scene.party.set_hex_px(px)
        self.tiles.zoom_started()
        self._view_moved()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        """Panning: tell followers."""
        super().scrollContentsBy(dx, dy)
        self._view_moved()

    def set_auto_fit(self, on: bool) -> None:
        """Keep the charted regions in view (see :attr:`auto_fit`), fitting them now if on."""
        self.auto_fit = on
        if on:
            self.fit_regions()

    def follow(self, centre: QPointF, scale: float) -> None:
        """Show the same place at the same zoom as another map (``viewChanged``'s arguments)."""
        if scale > 0 and math.isfinite(scale):
            self.set_hex_px(scale * HEX_SIZE)
        self.centerOn(centre)

    def show_region(self, q: int, r: int) -> bool:
        """Centre a charted region and ring it; False (nothing happens) if this map hides it."""
        if self.map_scene.region_at(q, r) is None:
            return False
        self.centre_on_hex(q, r)
        self.map_scene.set_highlight(Hex(q, r))
        return True

    def clear_highlight(self) -> None:
        """Take the ring of :meth:`show_region` away."""
        self.map_scene.set_highlight(None)

    def show_path(self, hexes: list[Hex]) -> None:
        """Draw a planned journey (an empty list hides it) and tell followers."""
        self.map_scene.show_path(hexes)
        self.pathChanged.emit(list(hexes))

    def _view_moved(self) -> None:
        self._reporter.moved()

    # -- hexes under the pointer --------------------------------------------------------------

    def viewportEvent(self, event: QEvent) -> bool:
        """Tooltips describe the hex under the pointer (pinches zoom, see the base class)."""
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            QToolTip.showText(event.globalPos(), hover_text(self, event.pos()), self.viewport())
            return True
        return super().viewportEvent(event)

    def hex_at_view(self, pos: QPoint | QPointF) -> Hex:
        """The hex under a viewport position."""
        point = self.mapToScene(pos.toPoint() if isinstance(pos, QPointF) else pos)
        return hex_at(self.map_scene.layout, point)

    def view_point_of(self, scene_point: QPointF) -> QPoint:
        """The viewport position of a scene point."""
        return self.mapFromScene(scene_point)

    def tooltip_for(self, h: Hex) -> str:
        """What hovering over a hex shows (see :func:`.hover.hex_text`)."""
        return hex_text(self, h)

    @property
    def current_hex(self) -> Hex | None:
        """The hex the player last clicked (the one "Chart this hex" charts)."""
        return self._current

    def set_current_hex(self, h: Hex | None, *, by_keyboard: bool = False) -> None:
        """Make a hex current and outline it (on the players' map only the keyboard cursor)."""
        if h == self._current or (self.player and h is not None and not by_keyboard):
            return
        self._current = h
        self.map_scene.set_cursor(h)
        self.currentHexChanged.emit(h)

    # -- keys and mouse -------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """The hex cursor's keys (see :mod:`.cursor`); zoom and pan as in the base class."""
        if cursor.handle_key(self, event):
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Show the hex cursor's focus ring (see :func:`.cursor.focus_changed`)."""
        super().focusInEvent(event)
        cursor.focus_changed(self, True, event.reason())

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """The cursor goes back to a thin outline."""
        super().focusOutEvent(event)
        cursor.focus_changed(self, False, event.reason())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Middle drags pan; left on the party token drags it, left elsewhere clicks or pans."""
        button = event.button()
        if button == Qt.MouseButton.MiddleButton:
            self.begin_pan(event, panning=True)
            return
        if button == Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            if self.map_scene.mouseGrabberItem() is None:
                self.begin_pan(event, panning=False)
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click without a drag makes the hex under it current."""
        panned = self.end_pan(event)
        if panned is None:
            super().mouseReleaseEvent(event)
        elif not panned and event.button() == Qt.MouseButton.LeftButton:
            h = self.hex_at_view(event.position())
            self.set_current_hex(h)
            self.hexClicked.emit(h)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """Double-click charts an uncharted hex or edits a charted one (not on the players' map)."""
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            if not self.player:
                h = self.hex_at_view(event.position())
                self.set_current_hex(h)
                self.hexActivated.emit(h)
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Ask for the hex's menu (chart, travel, risk, edit, hide, delete); none for players."""
        event.accept()
        if self.player:
            return
        h = self.hex_at_view(event.pos())
        self.set_current_hex(h)
        self.contextMenuWanted.emit(h, event.globalPos())

    def _party_dropped(self, scene_point: QPointF) -> None:
        h = hex_at(self.map_scene.layout, scene_point)
        if h != self.map_scene.party_hex:
            self.set_current_hex(h)
            self.partyDropped.emit(h)

    def _token_dropped(self, token_id: str, scene_point: QPointF) -> None:
        self.tokenDropped.emit(token_id, hex_at(self.map_scene.layout, scene_point))


def player_map(bridge: SessionBridge, parent: QWidget | None = None) -> MapView:
    """The players' map (a ``MapFactory`` for the Player View window)."""
    return MapView(bridge, parent, player=True)
