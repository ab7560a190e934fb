"""The map view: zoom and pan, the current hex, hover notes, and keeping in step with the session.

:class:`MapView` listens to the :class:`~saga_desktop.ui.bridge.SessionBridge` and redraws only
what a change report names. It never changes the campaign itself: clicks, double-clicks, drags of
the party token and context-menu requests are signals that :class:`~saga_desktop.ui.map.flows.
MapFlows` turns into operations.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QGuiApplication,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QPushButton, QToolTip, QWidget

from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.ops.map import DropResult
from saga_desktop.model.session import Session
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.d20 import DieDrop
from saga_desktop.ui.map.geometry import HEX_SIZE, hex_at, hex_centre, regions_rect
from saga_desktop.ui.map.items import DETAIL_PX
from saga_desktop.ui.map.navigation import NavigableView
from saga_desktop.ui.map.scene import MapScene
from saga_desktop.ui.map.theme import ThemeChoice, resolve_theme
from saga_desktop.ui.map.tooltip import hex_tooltip

DRAG_THRESHOLD = 4
BULK_UPDATE = 2000


class MapView(NavigableView):
    """The hex map in the centre of the window."""

    currentHexChanged = Signal(object)
    """Emitted with the new current :class:`Hex` (or None)."""
    hexActivated = Signal(object)
    """A hex was double-clicked (chart it, or edit its region)."""
    contextMenuWanted = Signal(object, QPoint)
    """The player asked for the menu of a hex, at a global position."""
    partyDropped = Signal(object)
    """The party token was dragged onto a hex (plan a journey there)."""
    dropFinished = Signal()
    """The d20 has come to rest (at once with reduced motion)."""
    dropRequested = Signal()
    """The player pressed "Drop the d20" on the empty map."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MapView")
        self.bridge = bridge
        self.map_scene = MapScene()
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
        self.setAccessibleName("Hex map")
        self._current: Hex | None = None
        self._press_pos: QPoint | None = None
        self._press_button = Qt.MouseButton.NoButton
        self._panning = False
        self._theme_choice = ThemeChoice.SYSTEM
        self.start_button = QPushButton("Drop the d20 to begin the expedition", self.viewport())
        self.start_button.setObjectName("DropToBegin")
        self.start_button.setToolTip("Where the die comes to rest, the party starts")
        self.start_button.clicked.connect(self.dropRequested)
        font = self.start_button.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.start_button.setFont(font)
        self.start_button.hide()
        self.die = DieDrop(self.map_scene, self)
        self.die.finished.connect(lambda: self.map_scene.party.setOpacity(1.0))
        self.die.finished.connect(self.dropFinished)
        self.map_scene.party.dropped.connect(self._party_dropped)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._scheme_changed)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(self._on_session_replaced)
        self.map_scene.set_theme(resolve_theme(self._theme_choice))
        self.reload()
        self.set_hex_px(HEX_SIZE)
        self.centerOn(self._start_point())

    # -- the session --------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The open session."""
        return self.bridge.session

    def reload(self) -> None:
        """Redraw the whole map from the campaign."""
        self.map_scene.load(self.session.campaign.map)
        self.die.clear()
        self.set_current_hex(None)
        self._update_start_button()

    def _update_start_button(self) -> None:
        m = self.session.campaign.map
        empty = m.party is None and not m.regions
        self.start_button.setVisible(empty)
        if empty:
            self._place_start_button()

    def _place_start_button(self) -> None:
        b = self.start_button
        b.adjustSize()
        size = b.sizeHint()
        b.resize(size.width() + 40, round(size.height() * 1.6))
        r = self.viewport().rect()
        b.move(r.center().x() - b.width() // 2, r.bottom() - b.height() - 32)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the start button at the bottom centre."""
        super().resizeEvent(event)
        if not self.start_button.isHidden():
            self._place_start_button()

    def _on_session_replaced(self, _session: object) -> None:
        self.reload()
        self.centerOn(self._start_point())

    def _on_changed(self, changes: Changes) -> None:
        state = self.session.campaign.map
        if Aspect.MAP in changes:
            self.map_scene.update_map(state)
        if Aspect.REGIONS in changes:
            if len(changes.regions) > BULK_UPDATE:
                self.map_scene.load(state)
            else:
                self.map_scene.update_regions(state, changes.regions)
        if changes.aspects & (Aspect.MAP | Aspect.REGIONS):
            self._update_start_button()
        result = changes.result
        if changes.cause is Cause.APPLY and isinstance(result, DropResult):
            x, y = result.drop_point
            if not self.die.reduced_motion:
                self.map_scene.party.setOpacity(0.0)  # the party appears where the die rests
            self.die.play(QPointF(x * HEX_SIZE, y * HEX_SIZE), result.face)
        elif changes.cause is not Cause.APPLY and Aspect.MAP in changes:
            self.die.clear()

    def _start_point(self) -> QPointF:
        party = self.session.campaign.map.party
        if party is not None:
            return hex_centre(self.map_scene.layout, party.q, party.r)
        return QPointF(0, 0)

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

    # -- zoom and pan --------------------------------------------------------------------------

    def centre_on_hex(self, q: int, r: int) -> None:
        """Bring a hex to the middle of the view."""
        self.centerOn(hex_centre(self.map_scene.layout, q, r))

    def fit_regions(self) -> None:
        """Zoom and pan so every charted region (and the party) is in view."""
        state = self.session.campaign.map
        coords = [(r.q, r.r) for r in state.regions]
        if state.party is not None:
            coords.append((state.party.q, state.party.r))
        rect = regions_rect(self.map_scene.layout, coords)
        if rect.isEmpty():
            rect = regions_rect(self.map_scene.layout, [(0, 0)], margin=3)
        self.fit_rect(rect)

    def zoom_settled(self, px: float) -> None:
        """Regions show their marks only where they can be read."""
        self.map_scene.set_detail(px >= DETAIL_PX)

    def viewportEvent(self, event: QEvent) -> bool:
        """Tooltips describe the hex under the pointer (pinches zoom, see the base class)."""
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            h = self.hex_at_view(event.pos())
            QToolTip.showText(event.globalPos(), self.tooltip_for(h), self.viewport())
            return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter charts or edits the current hex; zoom and pan keys as in the base class."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._current is not None:
            self.hexActivated.emit(self._current)
            event.accept()
            return
        super().keyPressEvent(event)

    # -- hexes under the pointer --------------------------------------------------------------

    def hex_at_view(self, pos: QPoint | QPointF) -> Hex:
        """The hex under a viewport position."""
        point = self.mapToScene(pos.toPoint() if isinstance(pos, QPointF) else pos)
        return hex_at(self.map_scene.layout, point)

    def view_point_of(self, scene_point: QPointF) -> QPoint:
        """The viewport position of a scene point."""
        return self.mapFromScene(scene_point)

    def tooltip_for(self, h: Hex) -> str:
        """What hovering over a hex shows: title, risk and the first lines of the public note."""
        return hex_tooltip(self.session.campaign.map, h)

    @property
    def current_hex(self) -> Hex | None:
        """The hex the player last clicked (the one "Chart this hex" charts)."""
        return self._current

    def set_current_hex(self, h: Hex | None) -> None:
        """Make a hex current and outline it."""
        if h == self._current:
            return
        self._current = h
        self.map_scene.set_cursor(h)
        self.currentHexChanged.emit(h)

    # -- mouse ----------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Middle drags pan; left on the party token drags it, left elsewhere clicks or pans."""
        button = event.button()
        if button == Qt.MouseButton.MiddleButton:
            self._begin_pan(event, panning=True)
            return
        if button == Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            if self.map_scene.mouseGrabberItem() is None:
                self._begin_pan(event, panning=False)
            return
        super().mousePressEvent(event)

    def _begin_pan(self, event: QMouseEvent, *, panning: bool) -> None:
        self._press_pos = event.position().toPoint()
        self._press_button = event.button()
        self._panning = panning
        if panning:
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Pan while dragging the paper."""
        if self._press_pos is None:
            super().mouseMoveEvent(event)
            return
        pos = event.position().toPoint()
        delta = pos - self._press_pos
        if not self._panning and delta.manhattanLength() >= DRAG_THRESHOLD:
            self._panning = True
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        if self._panning:
            self.pan_by(-delta.x(), -delta.y())
            self._press_pos = pos
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click without a drag makes the hex under it current."""
        if self._press_pos is None or event.button() != self._press_button:
            super().mouseReleaseEvent(event)
            return
        was_panning = self._panning
        if was_panning:
            delta = event.position().toPoint() - self._press_pos
            self.pan_by(-delta.x(), -delta.y())
        self._press_pos = None
        self._panning = False
        self._press_button = Qt.MouseButton.NoButton
        self.viewport().unsetCursor()
        if not was_panning and event.button() == Qt.MouseButton.LeftButton:
            self.set_current_hex(self.hex_at_view(event.position()))
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """Double-click charts an uncharted hex or edits a charted one."""
        if event.button() == Qt.MouseButton.LeftButton:
            h = self.hex_at_view(event.position())
            self.set_current_hex(h)
            self.hexActivated.emit(h)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Ask for the hex's menu (chart, travel, risk, edit, hide, delete)."""
        h = self.hex_at_view(event.pos())
        self.set_current_hex(h)
        self.contextMenuWanted.emit(h, event.globalPos())
        event.accept()

    def _party_dropped(self, scene_point: QPointF) -> None:
        h = hex_at(self.map_scene.layout, scene_point)
        if h != self.map_scene.party_hex:
            self.set_current_hex(h)
            self.partyDropped.emit(h)
