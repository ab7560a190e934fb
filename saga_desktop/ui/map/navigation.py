"""Zooming and panning a graphics view the way a map should: towards the pointer, within limits.

:class:`NavigableView` knows nothing about hexes beyond their size: the wheel and pinch gestures
zoom towards the pointer, ``+``/``-`` zoom, the arrow keys pan, and the zoom stays between
:data:`MIN_HEX_PX` and :data:`MAX_HEX_PX` on-screen pixels per hex.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QNativeGestureEvent, QWheelEvent
from PySide6.QtWidgets import QGestureEvent, QGraphicsView, QPinchGesture, QWidget

from saga_desktop.ui.map.geometry import HEX_SIZE

MIN_HEX_PX = 2.5
"""Zoomed out as far as possible, a hex is this many pixels (centre to corner)."""
MAX_HEX_PX = 600.0
"""Zoomed in as far as possible, a hex is this many pixels (centre to corner)."""
KEY_ZOOM = 1.25
PAN_STEP = 80
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
        """Called after every zoom with the new hex size (for levels of detail)."""

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

    def fit_rect(self, rect: QRectF) -> None:
        """Show a scene rectangle as large as the zoom limits allow."""
        view = self.viewport().rect()
        if view.width() < 2 or view.height() < 2 or rect.isEmpty():
            return
        scale = min(view.width() / rect.width(), view.height() / rect.height())
        self.set_hex_px(min(scale * HEX_SIZE, FIT_MAX_PX))
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
