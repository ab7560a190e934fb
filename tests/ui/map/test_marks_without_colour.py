"""The map's hidden and visited marks are shapes, not only colours (issue 32).

A region the GM hid carries a slashed eye and hatching; a visited region a tick. Rendered and
turned to greyscale (as an eye that tells no hue apart would see it), each mark still changes a
clear number of the hex's pixels by a clear step of lightness.
"""

from __future__ import annotations

import math

from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, MoveParty, SetRegionHidden
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map import MapFeature
from tests.ui.conftest import hex_pos

STEP = 40
"""A change of lightness (0–255) an eye sees without hue."""


def _grey(image: QImage) -> QImage:
    return image.convertToFormat(QImage.Format.Format_Grayscale8)


def _changed(before: QImage, after: QImage, feature: MapFeature, h: Hex) -> int:
    """Pixels within the hex whose lightness moved by at least :data:`STEP`."""
    centre = hex_pos(feature, h)
    radius = feature.view.hex_px() * 0.45
    count = 0
    r = math.ceil(radius)
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx * dx + dy * dy > radius * radius:
                continue
            x, y = centre.x() + dx, centre.y() + dy
            if abs(before.pixelColor(x, y).value() - after.pixelColor(x, y).value()) >= STEP:
                count += 1
    return count


def _shot(feature: MapFeature, qtbot: QtBot) -> QImage:
    view = feature.view
    view.tiles.settle_now()
    qtbot.wait(20)
    return _grey(view.grab().toImage())


def _ready(feature: MapFeature, qtbot: QtBot) -> None:
    session = feature.view.session
    session.apply(ChartRegion(q=0, r=0, title="Fen"))
    session.apply(ChartRegion(q=2, r=0, title="Ridge"))
    feature.view.set_hex_px(80)
    feature.view.centre_on_hex(1, 0)


def test_a_hidden_region_reads_as_hidden_in_greyscale(qtbot: QtBot, feature: MapFeature) -> None:
    _ready(feature, qtbot)
    before = _shot(feature, qtbot)
    feature.view.session.apply(SetRegionHidden(q=0, r=0, hidden=True))
    after = _shot(feature, qtbot)
    assert _changed(before, after, feature, Hex(0, 0)) > 150  # the slashed eye and the hatching
    assert _changed(before, after, feature, Hex(2, 0)) == 0  # the other region is untouched


def test_a_visited_region_reads_as_visited_in_greyscale(qtbot: QtBot, feature: MapFeature) -> None:
    _ready(feature, qtbot)
    before = _shot(feature, qtbot)
    feature.view.session.apply(MoveParty(q=2, r=0))  # the party's arrival marks it visited
    after = _shot(feature, qtbot)
    assert feature.view.session.campaign.map.region_at(2, 0).visited  # type: ignore[union-attr]
    assert _changed(before, after, feature, Hex(2, 0)) > 40  # the tick (and the party marker)


def test_the_check_sees_no_change_where_only_the_hue_changes() -> None:
    """Two colours of one lightness read the same in greyscale: the check cannot be fooled."""
    red, green = QImage(4, 4, QImage.Format.Format_RGB32), QImage(4, 4, QImage.Format.Format_RGB32)
    red.fill(0xB04040)
    green.fill(0x407940)  # the same lightness as the red
    a, b = _grey(red), _grey(green)
    assert abs(a.pixelColor(0, 0).value() - b.pixelColor(0, 0).value()) < STEP
