"""The party marker never covers its region's title, on the GM's map and the Player View's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, MoveParty, SetOrientation
from saga_desktop.ui.map import MapFeature
from saga_desktop.ui.map.art import TITLE_RECT
from saga_desktop.ui.map.geometry import hex_centre
from saga_desktop.ui.map.paint import TITLE_PX
from saga_desktop.ui.map.view import MapView, player_map

ZOOMS = [TITLE_PX, 64.0, 80.0, 120.0, 200.0, 400.0, 600.0]


def on_screen(view: MapView, scene_rect: QRectF) -> QRectF:
    return view.mapFromScene(scene_rect).boundingRect().toRectF()


def marker_on_screen(view: MapView) -> QRectF:
    token = view.map_scene.party
    origin = QPointF(view.mapFromScene(token.pos()))
    return token.boundingRect().translated(origin)


def check_title_clear(view: MapView, q: int, r: int) -> None:
    centre = hex_centre(view.map_scene.layout, q, r)
    for px in ZOOMS:
        view.set_hex_px(px)
        view.centerOn(centre)
        title = on_screen(view, TITLE_RECT.translated(centre))
        marker = marker_on_screen(view)
        assert not marker.intersects(title), f"the marker covers the title at {px} px a hex"
        # ... and it still stands in its own hex, under the title.
        hex_rect = on_screen(view, QRectF(centre.x() - 30, centre.y() - 30, 60, 60))
        assert hex_rect.contains(marker.center()), px
        assert marker.top() >= title.bottom()


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_the_marker_stands_under_the_title_at_every_zoom(
    qtbot: QtBot, feature: MapFeature, orientation: str
) -> None:
    session = feature.bridge.session
    if orientation != session.campaign.map.orientation:
        session.apply(SetOrientation(orientation))
    session.apply(ChartRegion(2, -1, title="The Drowned Stair of the Glass Cliffs"))
    session.apply(MoveParty(2, -1))
    check_title_clear(feature.view, 2, -1)
    feature.view.set_hex_px(40.0)  # zoomed out, titles are not written: back under the number
    token = feature.view.map_scene.party
    assert token.pos() == hex_centre(feature.view.map_scene.layout, 2, -1) + QPointF(0, 8)


def test_the_player_views_marker_too(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    session.apply(ChartRegion(0, 0, title="Glass cliffs"))
    session.apply(MoveParty(0, 0))
    players = player_map(feature.bridge)
    qtbot.addWidget(players)
    players.resize(800, 600)
    players.show()
    qtbot.waitExposed(players)
    check_title_clear(players, 0, 0)
