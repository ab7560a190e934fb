"""The map's compass keys by their place on the keyboard, not by the letter printed on them.

The eight keys around S on an English keyboard (Q W E / A D / Z X C, and S or X for south) point
the hex cursor like a compass. On a French AZERTY keyboard those places carry A Z E / Q D / W X C,
and on others other letters: read by letter, the compass would be scrambled (Q, at AZERTY's west,
would step north-west). So a key is read by its place, from the key's native code, where the
platform gives one we know; where it does not (an unknown platform, a synthetic key press), by its
letter as on an English keyboard.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent

__all__ = ["COMPASS_KEYS", "compass_angle"]

COMPASS_KEYS = {
    Qt.Key.Key_D: 0.0,
    Qt.Key.Key_E: 45.0,
    Qt.Key.Key_W: 90.0,
    Qt.Key.Key_Q: 135.0,
    Qt.Key.Key_A: 180.0,
    Qt.Key.Key_Z: 225.0,
    Qt.Key.Key_S: 270.0,
    Qt.Key.Key_X: 270.0,
    Qt.Key.Key_C: 315.0,
}
"""Letters laid out like a compass around S on an English keyboard: E north-east, Z south-west."""

_ORDER = "DEWQAZSXC"
"""The English letters of :data:`COMPASS_KEYS`, in the order of each platform's codes below."""
_X11 = (40, 26, 25, 24, 38, 52, 39, 53, 54)
"""X11 and Wayland key codes (evdev + 8) of the places of D E W Q A Z S X C."""
_WINDOWS = (0x20, 0x12, 0x11, 0x10, 0x1E, 0x2C, 0x1F, 0x2D, 0x2E)
"""Windows scan codes (set 1) of the same places."""
_MAC = (2, 14, 13, 12, 0, 6, 1, 7, 8)
"""macOS virtual key codes (kVK_ANSI_…) of the same places."""
_PLACES = {
    "xcb": dict(zip(_X11, _ORDER, strict=True)),
    "wayland": dict(zip(_X11, _ORDER, strict=True)),
    "windows": dict(zip(_WINDOWS, _ORDER, strict=True)),
    "cocoa": dict(zip(_MAC, _ORDER, strict=True)),
}
_ANGLE = {letter: COMPASS_KEYS[Qt.Key(ord(letter))] for letter in _ORDER}


def compass_angle(event: QKeyEvent, platform: str | None = None) -> float | None:
    """The screen angle a plain key press points to, by the key's place; None if it is none."""
    platform = QGuiApplication.platformName() if platform is None else platform
    places = _PLACES.get(platform)
    if places is not None:
        code = event.nativeVirtualKey() if platform == "cocoa" else event.nativeScanCode()
        if code or (platform == "cocoa" and event.text()):
            letter = places.get(code)
            return _ANGLE[letter] if letter is not None else None
    return COMPASS_KEYS.get(Qt.Key(event.key()))
