"""Text colours that stay readable on the light and the dark appearance.

Docks colour a few words (a success, a setback, who is down); those colours were picked for a
light window and turn unreadable on a dark one. :func:`readable` keeps a colour's hue and moves
it towards white (on a dark ground) or black (on a light one) until it reaches the contrast the
Web Content Accessibility Guidelines ask of body text (4.5 : 1) against the widget's window.
:func:`restyle` does the same for a widget's style sheet when the appearance changes.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

MIN_CONTRAST = 4.5
TEXT_COLOUR = re.compile(r"(?<![-\w])(color:\s*)(#[0-9a-fA-F]{6})")
"""A text colour in a style sheet (not ``border-color`` or ``background-color``)."""
_ORIGINAL, _ADJUSTED = "sagaSheetOriginal", "sagaSheetAdjusted"


def luminance(colour: QColor) -> float:
    """The relative luminance of a colour (0 black ... 1 white)."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio of two colours (1 : 1 up to 21 : 1)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def readable(colour: str | QColor, widget: QWidget | None = None) -> str:
    """``colour`` (a name like ``"#a01f26"``), adjusted to read on the widget's window colour."""
    # The application's palette for this kind of widget: the widget's own follows it a moment
    # later, after an appearance change.
    palette = QApplication.palette(widget) if widget is not None else QApplication.palette()
    ground = palette.color(QPalette.ColorRole.Window)
    start = QColor(colour)
    if contrast(start, ground) >= MIN_CONTRAST:
        return start.name()
    target = QColor("#ffffff") if luminance(ground) < 0.5 else QColor("#000000")
    mixed = start
    for step in range(1, 21):
        t = step / 20
        mixed = QColor.fromRgbF(
            start.redF() + (target.redF() - start.redF()) * t,
            start.greenF() + (target.greenF() - start.greenF()) * t,
            start.blueF() + (target.blueF() - start.blueF()) * t,
        )
        if contrast(mixed, ground) >= MIN_CONTRAST:
            break
    return mixed.name()


def restyle(widget: QWidget) -> None:
    """Re-read the widget's style sheet for the current palette, its text colours made readable.

    Only sheets that colour text on the window's own ground are adjusted (a sheet that sets its
    own background keeps its colours); the colours first given are kept, so switching back and
    forth never drifts.
    """
    sheet = widget.styleSheet()
    if not sheet:
        return
    base = sheet
    if sheet == widget.property(_ADJUSTED):
        base = str(widget.property(_ORIGINAL))
    if "background" in base or not TEXT_COLOUR.search(base):
        widget.setStyleSheet(sheet)  # colours named by palette role resolve again
        return
    adjusted = TEXT_COLOUR.sub(lambda m: m.group(1) + readable(m.group(2)), base)
    widget.setProperty(_ORIGINAL, base)
    widget.setProperty(_ADJUSTED, adjusted)
    widget.setStyleSheet(adjusted)
