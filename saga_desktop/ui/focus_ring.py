"""A focus ring the keyboard can see on a default button (the one Enter presses).

Fusion draws a default button with its highlight frame whether or not it has the keyboard
focus, so a keyboard player cannot tell that the Roll button is where Tab left them. Each
default push button gets a small proxy style (its own: every other widget keeps Fusion's C++
drawing) that adds a ring inside the frame, in the palette's text colour (readable in the light,
dark and high-contrast appearances), while the button has the keyboard's focus.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QPushButton,
    QStyle,
    QStyleOption,
    QWidget,
)

_MARK = "saga-focus-ring"


class FocusRing(QProxyStyle):
    """The application's style, and a ring inside a focused push button."""

    def drawControl(
        self,
        element: QStyle.ControlElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        """Draw as the application's style does; then the ring, if the keyboard is here."""
        super().drawControl(element, option, painter, widget)
        state = option.state
        if (
            element == QStyle.ControlElement.CE_PushButton
            and state & QStyle.StateFlag.State_HasFocus
            and state & QStyle.StateFlag.State_KeyboardFocusChange
        ):
            painter.save()
            pen = QPen(option.palette.text().color(), 2, Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(option.rect.adjusted(3, 3, -4, -4), 2, 2)
            painter.restore()


_STYLE: list[FocusRing] = []


def ring(button: QPushButton) -> None:
    """Give a default ``button`` the ring (once; other buttons keep Fusion's own focus frame)."""
    if not button.isDefault() or button.property(_MARK):
        return
    if not _STYLE:
        _STYLE.append(FocusRing(QApplication.style().name()))
    button.setProperty(_MARK, True)
    button.setStyle(_STYLE[0])


def ring_defaults(root: QWidget) -> None:
    """Ring every default button under ``root`` (a window as it shows)."""
    for button in root.findChildren(QPushButton):
        ring(button)
