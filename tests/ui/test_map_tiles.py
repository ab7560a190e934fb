"""The still map from tiles: as crisp as painting directly, repainted only where a region changed,
kept apart by zoom, theme and orientation, stood in for while zooming, and no item per region."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import Region
from saga_desktop.model.ops.map import ChartRegion, EditRegion, SetOrientation, SetRegionHidden
from saga_desktop.model.session import Session
from saga_desktop.rules.hexgrid import Hex, Orientation
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map import MapFeature, install_map
from saga_desktop.ui.map.export import export_svg
from saga_desktop.ui.map.geometry import HEX_SIZE, hex_bounds, hex_centre, layout_for
from saga_desktop.ui.map.theme import ThemeChoice
from saga_desktop.ui.map.tilecache import TILE, Grid, TileCache
from saga_desktop.ui.map.view import MapView
from tests.ui.conftest import seeded_session


def _charted_session(n: int = 40) -> Session:
    session = seeded_session()
    rng = random.Random(5)
    regions = []
    for i in range(n):
        q, r = i % 8 - 4, i // 8 - 2
        regions.append(
            Region(
                q=q, r=r, number=i + 1, title=f"Place {i + 1}", risk=rng.choice((0, 1, 2, 3, 5)),
                visited=rng.random() < 0.4, hidden=i % 9 == 0,
            )
        )  # fmt: skip
    session.campaign.map.regions = regions
    return session


@pytest.fixture
def view(qtbot: QtBot) -> MapView:
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_map(window, SessionBridge(_charted_session()))
    feature.set_theme(ThemeChoice.PAPER)
    window.resize(900, 650)
    window.show()
    qtbot.waitExposed(window)
    feature.view.tiles.settle_now()
    return feature.view


def _render(view: MapView, dpr: float = 1.0) -> QImage:
    size = view.viewport().size()
    image = QImage(
        round(size.width() * dpr), round(size.height() * dpr), QImage.Format.Format_RGB32
    )
    image.setDevicePixelRatio(dpr)
    painter = QPainter(image)
    view.render(painter, QRectF(0, 0, size.width(), size.height()), view.viewport().rect())
    painter.end()
    return image


def _differing(a: QImage, b: QImage, tolerance: int) -> float:
    """The share of pixels that differ by more than ``tolerance`` in some channel."""
    assert a.size() == b.size()
    count = 0
    step = 2  # every other pixel each way is plenty
    total = 0
    for y in range(0, a.height(), step):
        for x in range(0, a.width(), step):
            ca, cb = a.pixel(x, y), b.pixel(x, y)
            total += 1
            if ca != cb and max(abs(((ca >> s) & 255) - ((cb >> s) & 255)) for s in (0, 8, 16)) > (
                tolerance
            ):
                count += 1
    return count / total


@pytest.mark.parametrize(("dpr", "px"), [(1.0, HEX_SIZE), (2.0, HEX_SIZE), (2.0, 90.0)])
def test_tiles_look_like_painting_directly(view: MapView, dpr: float, px: float) -> None:
    view.set_hex_px(px)
    view.tiles.settle_now()
    view.centre_on_hex(0, 0)
    _render(view, dpr)
    # Now cached tiles and a freshly painted L of them, side by side (more than a tile across,
    # so new tiles show whatever width the docks beside the map leave it).
    view.pan_by(TILE + 137, 61)
    rendered = view.tiles.rendered
    tiled = _render(view, dpr)
    assert view.tiles.rendered > rendered
    view.tiles.enabled = False
    direct = _render(view, dpr)
    view.tiles.enabled = True
    # Same pixels but for anti-aliasing where lines cross tile edges and marks stamped to the
    # nearest device pixel: nothing is blurred or shifted.
    # (Measured: under 1%; a blur or a half-pixel shift of the tiles differs almost everywhere.)
    assert _differing(tiled, direct, 48) < 0.02


def test_a_change_repaints_only_the_tiles_over_its_hex(qtbot: QtBot, view: MapView) -> None:
    _render(view)
    cache = view.tiles.cache
    held = len(cache)
    assert held > 4
    rendered = view.tiles.rendered
    view.bridge.apply(EditRegion(0, 0, visited=False))
    view.bridge.apply(EditRegion(0, 0, visited=True))
    # Only the few tiles over hex (0, 0) were dropped (a hex spans at most four tiles).
    assert held - 4 <= len(cache) < held
    _render(view)
    assert 0 < view.tiles.rendered - rendered <= 4
    # Tiles keep no stale picture: the redrawn tile shows the region's new state.
    assert len(cache) == held


def test_charting_shows_up_and_uncharting_goes(qtbot: QtBot, view: MapView) -> None:
    layout = view.map_scene.layout
    view.centre_on_hex(6, 3)
    at = view.mapFromScene(hex_centre(layout, 6, 3))
    blank = _render(view).pixelColor(at)
    view.bridge.apply(ChartRegion(6, 3, title="New"))
    charted = _render(view).pixelColor(at)
    assert charted != blank
    view.bridge.session.undo()
    assert _render(view).pixelColor(at) == blank


def test_zooming_stands_in_then_settles_crisp(qtbot: QtBot, view: MapView) -> None:
    _render(view)
    rendered = view.tiles.rendered
    view.zoom_by(1.1)
    assert view.tiles.zooming
    _render(view)  # the nearest cached zoom, scaled (or painted directly): no new tiles
    assert view.tiles.rendered == rendered
    qtbot.waitUntil(lambda: not view.tiles.zooming, timeout=2000)
    _render(view)
    assert view.tiles.rendered > rendered
    scales = {grid.scale for grid in view.tiles.cache.grids()}
    assert view.transform().m11() in scales


def test_themes_and_orientations_have_their_own_tiles(qtbot: QtBot, view: MapView) -> None:
    _render(view)
    view.set_theme_choice(ThemeChoice.DARK)
    rendered = view.tiles.rendered
    _render(view)
    assert view.tiles.rendered > rendered  # dark tiles painted
    view.set_theme_choice(ThemeChoice.PAPER)
    rendered = view.tiles.rendered
    _render(view)
    assert view.tiles.rendered == rendered  # the paper tiles were kept
    view.bridge.apply(SetOrientation("flat"))
    assert len(view.tiles.cache) == 0  # every hex moved
    _render(view)
    looks = {grid.look for grid in view.tiles.cache.grids()}
    assert all("flat" in str(look).lower() for look in looks)


def test_no_item_per_region_and_lookups_by_hex(qtbot: QtBot) -> None:
    session = seeded_session()
    session.campaign.map.regions = [
        Region(q=i % 100, r=i // 100, number=i + 1, gm_notes="x") for i in range(5000)
    ]
    view = MapView(SessionBridge(session))
    qtbot.addWidget(view)
    assert len(view.map_scene.items()) < 10  # cursor, highlight, path, party, die
    assert len(view.map_scene.index) == 5000
    region = view.map_scene.region_at(42, 17)
    assert region is not None and region.number == 1743
    view.bridge.apply(SetRegionHidden(42, 17, True))
    hidden = view.map_scene.region_at(42, 17)
    assert hidden is not None and hidden.hidden


def test_hex_bounds_cover_the_hex() -> None:
    for orientation in Orientation:
        layout = layout_for(orientation)
        rect = hex_bounds(layout, 3, -2)
        for x, y in layout.corners(Hex(3, -2)):
            assert rect.adjusted(-1e-6, -1e-6, 1e-6, 1e-6).contains(x, y)


def test_cache_drops_least_recently_used_first() -> None:
    grid = Grid("look", 1.0, 1.0, 0.0, 0.0)
    one = QImage(TILE, TILE, QImage.Format.Format_RGB32)
    cache = TileCache(budget=one.sizeInBytes() * 3)
    for i in range(3):
        cache.put((grid, i, 0), QImage(one))
    assert cache.get((grid, 0, 0)) is not None  # now the most recent
    cache.put((grid, 3, 0), QImage(one))
    assert not cache.has((grid, 1, 0)) and cache.has((grid, 0, 0)) and len(cache) == 3
    assert cache.drop_over(QRectF(0, 0, 10, 10)) == 1
    assert not cache.has((grid, 0, 0))


def test_exports_are_still_vectors(qtbot: QtBot, feature: MapFeature, tmp_path: Path) -> None:
    feature.bridge.session.apply(ChartRegion(0, 0, title="Vector"))
    path = tmp_path / "m.svg"
    export_svg(feature.view.map_scene, feature.bridge.session.campaign, path)
    text = path.read_text("utf-8")
    assert "<image" not in text  # drawn as paths and glyphs, not as pictures of tiles


def test_tiles_around_the_view_are_painted_ahead_in_idle_time(qtbot: QtBot, view: MapView) -> None:
    from saga_desktop.ui.map.tilecache import TILE

    view.grab()  # the tiles on screen
    qtbot.waitUntil(lambda: not view.tiles.ahead_pending(), timeout=10_000)
    assert view.tiles.painted_ahead > 0
    rendered = view.tiles.rendered
    view.pan_by(TILE * 1.5, TILE)  # a pan into an area never shown
    view.grab()
    assert view.tiles.rendered == rendered, "the new area's tiles were already painted"
