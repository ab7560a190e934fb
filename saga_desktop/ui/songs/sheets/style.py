"""The sheet's look: big numbers for the table, section frames, state colours and plain labels.

Sizes derive from the application font, so the sheet follows the system's font size and scale.
State colours come in a light and a dark variant, picked from the palette's window colour, and
every state is also written in words (never colour alone).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.ui.elide import plain_tip

_STATES_LIGHT = {
    "ok": "#1f6b35",
    "damaged": "#8a5200",
    "broken": "#b3261e",
    "condition": "#6a3a8c",
    "weapon": "#234f8a",
    "warning": "#a0341c",
    "muted": "#5d5a55",
}
_STATES_DARK = {
    "ok": "#7fd49a",
    "damaged": "#f0b95a",
    "broken": "#ff8a80",
    "condition": "#d7a9f5",
    "weapon": "#9cc3ff",
    "warning": "#ffab91",
    "muted": "#b8b3aa",
}


def is_dark(widget: QWidget | None = None) -> bool:
    """True when the palette's window colour is dark."""
    palette = widget.palette() if widget is not None else QApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5


def state_colour(state: str, widget: QWidget | None = None) -> QColor:
    """The colour of a state (``ok``, ``damaged``, ``broken``, ``condition``, ...)."""
    table = _STATES_DARK if is_dark(widget) else _STATES_LIGHT
    return QColor(table.get(state, table["muted"]))


def scaled_font(base: QFont, factor: float, *, bold: bool = False) -> QFont:
    """``base`` made ``factor`` times larger."""
    font = QFont(base)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * factor)
    else:
        font.setPixelSize(round(font.pixelSize() * factor))
    font.setBold(bold)
    return font


def plain_label(
    text: str = "",
    parent: QWidget | None = None,
    *,
    wrap: bool = True,
    factor: float = 1.0,
    bold: bool = False,
) -> QLabel:
    """A label that never reads its text as rich text, wrapping by default."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    label.setText(text)
    if factor != 1.0 or bold:
        label.setFont(scaled_font(label.font(), factor, bold=bold))
    return label


def colour_label(label: QLabel, state: str) -> None:
    """Colour a label's text for a state (the words carry the meaning too)."""
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, state_colour(state, label))
    label.setPalette(palette)


def tool_button(text: str, name: str, tip: str = "", parent: QWidget | None = None) -> QToolButton:
    """A keyboard-focusable button with an accessible name (and a tooltip when it helps)."""
    button = QToolButton(parent)
    button.setText(text)
    button.setAccessibleName(name)
    button.setToolTip(plain_tip(tip or name))  # names carry user text
    button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    return button


class Section(QFrame):
    """A titled block of the sheet, like a box on the paper sheet."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(title)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 10)
        # The parts sit at the top and spare height goes below them. (An AlignTop on the layout
        # would size it by its height at its widest, so wrapped lines overlapped in a narrow dock.)
        self.body = QVBoxLayout()
        self.body.setContentsMargins(0, 0, 0, 0)
        self.body.setSpacing(6)
        outer.addLayout(self.body)
        outer.addStretch(1)
        self.title = plain_label(title, self, factor=1.15, bold=True)
        self.title.setAccessibleName(title)
        self.body.addWidget(self.title)
