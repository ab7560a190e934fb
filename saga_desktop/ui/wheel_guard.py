"""The mouse wheel scrolls panels; it changes a combo or spin box only once that box has focus.

Qt lets an unfocused combo box or spin box take every wheel event that passes under the pointer,
so scrolling a long dock (the combat panel, a sheet) silently changes whatever choice drifts
under the mouse. One application-wide event filter fixes that everywhere: inside a scrolling
panel, a wheel event over such a box that does not have focus goes to the panel instead (it
scrolls), and the boxes stop taking focus from the wheel (``StrongFocus``), so a click or
Tab is what makes them listen.

An application-wide filter is called for every event of every widget, and building the window
sends thousands; the app therefore starts the guard once the event loop runs (the window is
shown by then), and the guard then gives the boxes already made their focus policy.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QWidget,
)

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


class WheelGuard(QObject):
    """The application-wide filter; install it with :func:`install_wheel_guard`."""

    started = False
    """Whether the guard filters the application's events yet."""

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
        """Pass unfocused boxes' wheel events to the panel; no focus by wheel for the boxes."""
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, QWidget):
            _no_wheel_focus(watched)
        elif (
            kind == QEvent.Type.Wheel
            and isinstance(event, QWheelEvent)
            and isinstance(watched, GUARDED)
            and not watched.hasFocus()
        ):
            panel = scrolling_panel(watched)
            if panel is not None:
                _scroll(panel, event)
                return True
        return super().eventFilter(watched, event)


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
