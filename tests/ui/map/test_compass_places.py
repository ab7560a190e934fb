"""The compass keys are read by their place on the keyboard: AZERTY's A Z E / Q D / W X C work."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent

from saga_desktop.ui.map.compass import COMPASS_KEYS, compass_angle

NONE = Qt.KeyboardModifier.NoModifier


def press(key: Qt.Key, text: str, scan: int = 0, virtual: int = 0) -> QKeyEvent:
    return QKeyEvent(QEvent.Type.KeyPress, key, NONE, scan, virtual, 0, text)


# The AZERTY letter at each QWERTY place, with that place's X11, Windows and macOS codes.
AZERTY = [
    # (letter on the key, X11 code, Windows scan code, macOS virtual key, angle by place)
    (Qt.Key.Key_A, 24, 0x10, 12, 135.0),  # QWERTY's Q: north-west
    (Qt.Key.Key_Z, 25, 0x11, 13, 90.0),  # QWERTY's W: north
    (Qt.Key.Key_E, 26, 0x12, 14, 45.0),
    (Qt.Key.Key_Q, 38, 0x1E, 0, 180.0),  # QWERTY's A: west (by letter Q would be north-west)
    (Qt.Key.Key_D, 40, 0x20, 2, 0.0),
    (Qt.Key.Key_W, 52, 0x2C, 6, 225.0),  # QWERTY's Z: south-west (by letter W would be north)
    (Qt.Key.Key_X, 53, 0x2D, 7, 270.0),
    (Qt.Key.Key_C, 54, 0x2E, 8, 315.0),
]


@pytest.mark.parametrize(("key", "x11", "windows", "mac", "angle"), AZERTY)
def test_an_azerty_key_points_where_its_place_points(
    key: Qt.Key, x11: int, windows: int, mac: int, angle: float
) -> None:
    text = chr(key).lower()
    assert compass_angle(press(key, text, scan=x11), "xcb") == angle
    assert compass_angle(press(key, text, scan=x11), "wayland") == angle
    assert compass_angle(press(key, text, scan=windows), "windows") == angle
    assert compass_angle(press(key, text, virtual=mac), "cocoa") == angle


def test_other_places_are_no_compass_key() -> None:
    assert compass_angle(press(Qt.Key.Key_M, "m", scan=47), "xcb") is None  # AZERTY's M
    assert compass_angle(press(Qt.Key.Key_N, "n", scan=57), "xcb") is None


def test_without_a_native_code_the_english_letters_point() -> None:
    for key, angle in COMPASS_KEYS.items():
        assert compass_angle(press(key, chr(key).lower()), "offscreen") == angle
        assert compass_angle(press(key, chr(key).lower()), "xcb") == angle  # a synthetic press
    assert compass_angle(press(Qt.Key.Key_M, "m"), "offscreen") is None
