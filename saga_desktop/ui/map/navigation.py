"""Zooming and panning a graphics view the way a map should: towards the pointer, within limits.

:class:`NavigableView` knows nothing about hexes beyond their size: the wheel and pinch gestures
zoom towards the pointer, ``+``/``-`` zoom, the arrow keys pan, dragging with the middle button (or
with the left one, see :meth:`NavigableView.begin_pan`) pans, and the zoom stays between
:data:`MIN_HEX_PX` and :data:`MAX_HEX_PX` on-screen pixels per hex.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QNativeGestureEvent, QWheelEvent
from PySide6.QtWidgets import QGestureEvent, QGraphicsView, QPinchGesture, QWidget

from saga_desktop.ui.map.geometry import HEX_SIZE

MIN_HEX_PX = 2.5
"""Zoomed out as far as possible, a hex is this many pixels (centre to corner)."""
MAX_HEX_PX = 600.0
"""Zoomed in as far as possible, a hex is this many pixels (centre to corner)."""
KEY_ZOOM = 1.25
PAN_STEP = 80
DRAG_THRESHOLD = 4
"""A left-button press that moves this many pixels pans instead of clicking."""
FIT_MAX_PX = HEX_SIZE * 2.5
"""Fitting a few regions never zooms in further than this."""


class NavigableView(QGraphicsView):
    """A graphics view with map-like zoom and pan."""

    zoomChanged = Signal(float)
    """The on-screen size of a hex changed (pixels, centre to corner)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self._press_pos: QPoint | None = None
        self._press_button = Qt.MouseButton.NoButton
        self._panning = False

    def hex_px(self) -> float:
        """On-screen size of a hex (centre to corner) in device-independent pixels."""
        t = self.transform()
        return math.hypot(t.m11(), t.m12()) * HEX_SIZE

    def set_hex_px(self, px: float, anchor: QPoint | None = None) -> None:
        """Zoom so a hex is ``px`` pixels, keeping the scene point under ``anchor`` in place."""
        px = max(MIN_HEX_PX, min(MAX_HEX_PX, px))
        factor = px / self.hex_px()
        if abs(factor - 1) < 1e-9:
            return
        anchor = anchor if anchor is not None else self.viewport().rect().center()
        before = self.mapToScene(anchor)
        self.scale(factor, factor)
        after = self.mapToScene(anchor)
        centre = self.mapToScene(self.viewport().rect().center())
        self.centerOn(centre + before - after)
        self.zoom_settled(self.hex_px())
        self.zoomChanged.emit(self.hex_px())

    def zoom_settled(self, px: float) -> None:
        """Called after every zoom step with the new hex size."""

    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom by ``factor`` towards ``anchor`` (viewport pixels; the centre by default)."""
        self.set_hex_px(self.hex_px() * factor, anchor)

    def zoom_in(self) -> None:
        """One step closer."""
        self.zoom_by(KEY_ZOOM)

    def zoom_out(self) -> None:
        """One step further."""
        self.zoom_by(1 / KEY_ZOOM)

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the map by viewport pixels."""
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + round(dx))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + round(dy))

    def fit_rect(self, rect: QRectF, max_px: float = FIT_MAX_PX) -> None:
        """Show a scene rectangle as large as the zoom limits allow (hexes at most ``max_px``)."""
        view = self.viewport().rect()
        if view.width() < 2 or view.height() < 2 or rect.isEmpty():
            return
        scale = min(view.width() / rect.width(), view.height() / rect.height())
        self.set_hex_px(min(scale * HEX_SIZE, max_px))
        self.centerOn(rect.center())

    def wheelEvent(self, event: QWheelEvent) -> None:
        """The wheel zooms towards the pointer; a sideways wheel (or Shift) pans."""
        delta = event.angleDelta()
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier or delta.y() == 0:
            self.pan_by(-delta.x() - delta.y(), 0)
        else:
            self.zoom_by(math.pow(1.0015, delta.y()), event.position().toPoint())
        event.accept()

    def viewportEvent(self, event: QEvent) -> bool:
        """Trackpad and touch pinches zoom towards their centre."""
        if event.type() == QEvent.Type.NativeGesture:
            assert isinstance(event, QNativeGestureEvent)
            if event.gestureType() == Qt.NativeGestureType.ZoomNativeGesture:
                self.zoom_by(1 + event.value(), event.position().toPoint())
                return True
        if event.type() == QEvent.Type.Gesture:
            assert isinstance(event, QGestureEvent)
            pinch = event.gesture(Qt.GestureType.PinchGesture)
            if isinstance(pinch, QPinchGesture):
                centre = self.viewport().mapFromGlobal(pinch.centerPoint().toPoint())
                self.zoom_by(pinch.scaleFactor(), centre)
                return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """``+``/``-`` zoom; the arrow keys pan."""
        steps = {
            Qt.Key.Key_Left: (-PAN_STEP, 0),
            Qt.Key.Key_Right: (PAN_STEP, 0),
            Qt.Key.Key_Up: (0, -PAN_STEP),
            Qt.Key.Key_Down: (0, PAN_STEP),
        }
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
        elif key in steps:
            self.pan_by(*steps[Qt.Key(key)])
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    # -- dragging the paper ---------------------------------------------------------------------

    def begin_pan(self, event: QMouseEvent, *, panning: bool) -> None:
        """Track a press: ``panning`` pans at once (middle button), else only once it moves."""
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

    def end_pan(self, event: QMouseEvent) -> bool | None:
        """Finish a tracked press: True if it panned, False if it was a click, None if untracked."""
        if self._press_pos is None or event.button() != self._press_button:
            return None
        was_panning = self._panning
        if was_panning:
            delta = event.position().toPoint() - self._press_pos
            self.pan_by(-delta.x(), -delta.y())
        self._press_pos = None
        self._panning = False
        self._press_button = Qt.MouseButton.NoButton
        self.viewport().unsetCursor()
        event.accept()
        return was_panning
