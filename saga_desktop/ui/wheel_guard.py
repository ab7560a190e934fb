"""The wheel scrolls panels; it changes a combo or spin box only once the user clicked into it.

Qt lets a combo box or spin box take every wheel event that passes under the pointer, so
scrolling a long dock (the combat panel, a sheet) silently changes whatever choice drifts under
the mouse. Focus alone is no sign the user means the box: a box reached with Tab, or one still
focused from a click before the user scrolled the panel, turned Sam's Dexterity into Heart.
One application-wide event filter fixes that everywhere: inside a scrolling panel or a dock, a
wheel event over such a box goes to the panel instead (it scrolls, or nothing happens) unless
the box is *armed*: the user clicked into it and has not since turned the wheel anywhere else
nor left it. The boxes also stop taking focus from the wheel (``StrongFocus``).

An application-wide filter is called for every event of every widget, and building the window
sends thousands; the app therefore starts the guard once the event loop runs (the window is
shown by then), and the guard then gives the boxes already made their focus policy.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFocusEvent, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QPushButton,
    QWidget,
)
from shiboken6 import isValid

from saga_desktop.ui.focus_ring import ring
from saga_desktop.ui.widget_walk import every_widget

GUARD_NAME = "saga-wheel-guard"

GUARDED: tuple[type[QWidget], ...] = (QComboBox, QAbstractSpinBox)
"""The widgets whose value the wheel may only change once they have focus."""


def scrolling_panel(widget: QWidget) -> QAbstractScrollArea | None:
    """The nearest parent that scrolls (a scroll area, a list, a graphics view), if any."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        if parent.isWindow():
            return None
        parent = parent.parentWidget()
    return None


def in_dock(widget: QWidget) -> bool:
    """Whether ``widget`` sits in a dock (docked or floating)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QDockWidget):
            return True
        if parent.isWindow():
            return False
        parent = parent.parentWidget()
    return False


def guarded_box(widget: QWidget) -> QWidget | None:
    """The combo or spin box ``widget`` is part of (itself, or its line edit), if any."""
    current: QWidget | None = widget
    while current is not None:
        if isinstance(current, GUARDED):
            return current
        if current.isWindow():
            return None
        current = current.parentWidget()
    return None


_KEYS_MOVE_FOCUS = (
    Qt.FocusReason.TabFocusReason,
    Qt.FocusReason.BacktabFocusReason,
    Qt.FocusReason.ShortcutFocusReason,
    Qt.FocusReason.MouseFocusReason,
)
"""Focus the user moved on (a combo's own list and a switch of window take it only for a while)."""


class WheelGuard(QObject):
    """The application-wide filter; install it with :func:`install_wheel_guard`."""

    started = False
    """Whether the guard filters the application's events yet."""

    armed: QWidget | None = None
    """The box the user last clicked into, while the wheel may still change it."""

    def is_armed(self, box: QWidget) -> bool:
        """Whether the wheel may change ``box`` now (clicked into, focused, not scrolled past)."""
        armed = self.armed
        return armed is box and isValid(box) and box.hasFocus()

    def start(self) -> None:
        """Filter the application's events from now on; boxes made before stop taking focus."""
        app = self.parent()
        if self.started or not isinstance(app, QCoreApplication):
            return
        self.started = True
        app.installEventFilter(self)
        if isinstance(app, QApplication):
            with every_widget() as widgets:
                for widget in widgets:
                    _no_wheel_focus(widget)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Pass wheel events over boxes not clicked into to the panel; no focus by wheel."""
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, QWidget):
            _no_wheel_focus(watched)
            if isinstance(watched, QPushButton):
                ring(watched)  # a default button shows the keyboard's focus (focus_ring.py)
        elif kind == QEvent.Type.MouseButtonPress and isinstance(watched, QWidget):
            box = guarded_box(watched)  # a press a box ignores goes on to its parents: not a box
            if box is not None:
                self.armed = box
        elif (
            kind == QEvent.Type.FocusOut
            and self.armed is not None
            and watched is self.armed
            and isinstance(event, QFocusEvent)
            and event.reason() in _KEYS_MOVE_FOCUS
        ):
            self.armed = None
        elif kind == QEvent.Type.Wheel and isinstance(event, QWheelEvent):
            return self._wheel(watched, event)
        return super().eventFilter(watched, event)

    def _wheel(self, watched: QObject, event: QWheelEvent) -> bool:
        if not isinstance(watched, QWidget):
            return False
        if isinstance(watched, GUARDED):
            if self.is_armed(watched):
                return False
            self.armed = None  # the wheel over another box: the user scrolls on
            panel = scrolling_panel(watched)
            if panel is not None:
                _scroll(panel, event)
                return True
            if in_dock(watched):
                event.accept()  # a dock that does not scroll: the wheel changes nothing
                return True
            return False
        armed = self.armed
        if (
            armed is not None
            and guarded_box(watched) is not armed
            and watched.window().windowType() != Qt.WindowType.Popup
        ):
            self.armed = None  # the wheel turned elsewhere: the panel scrolled past the box
        return False


def _no_wheel_focus(widget: QWidget) -> None:
    if isinstance(widget, GUARDED) and widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


def _scroll(panel: QAbstractScrollArea, event: QWheelEvent) -> None:
    """Give the wheel event to the panel's viewport, where the panel scrolls itself."""
    viewport = panel.viewport()
    forwarded = QWheelEvent(
        viewport.mapFromGlobal(event.globalPosition()),
        event.globalPosition(),
        event.pixelDelta(),
        event.angleDelta(),
        event.buttons(),
        event.modifiers(),
        event.phase(),
        event.inverted(),
        event.source(),
        event.pointingDevice(),
    )
    QCoreApplication.sendEvent(viewport, forwarded)
    event.accept()


def install_wheel_guard(app: QCoreApplication, *, when_running: bool = False) -> WheelGuard:
    """Install the guard on ``app`` once (a second call returns the installed one).

    With ``when_running`` the guard starts filtering once the event loop runs, so the events of
    building and first showing the window do not each pass through it.
    """
    existing = app.findChild(WheelGuard, GUARD_NAME)
    if existing is not None:
        if not when_running:
            existing.start()
        return existing
    guard = WheelGuard(app)
    guard.setObjectName(GUARD_NAME)
    if when_running:
        QTimer.singleShot(0, guard, guard.start)
    else:
        guard.start()
    return guard
