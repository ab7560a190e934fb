"""The map view through real widgets: picking hexes, zoom and pan, tooltips, themes, crispness."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QHelpEvent, QImage, QPainter
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, MoveParty, SetOrientation
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map import MapFeature
from saga_desktop.ui.map.geometry import HEX_SIZE, hex_centre, layout_for
from saga_desktop.ui.map.navigation import MAX_HEX_PX, MIN_HEX_PX
from saga_desktop.ui.map.theme import DARK, PAPER, ThemeChoice
from tests.ui.conftest import hex_pos, view_pos


def _edge_and_corner_points(feature: MapFeature, h: Hex, inside: float) -> list[QPointF]:
    layout = feature.view.map_scene.layout
    cx, cy = layout.to_point(h)
    corners = layout.corners(h)
    points = []
    for i in range(6):
        x0, y0 = corners[i]
        x1, y1 = corners[(i + 1) % 6]
        for px, py in ((x0, y0), ((x0 + x1) / 2, (y0 + y1) / 2)):
            points.append(QPointF(cx + (px - cx) * inside, cy + (py - cy) * inside))
    return points


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_clicks_at_edges_and_corners_pick_the_right_hex(
    qtbot: QtBot, feature: MapFeature, orientation: str
) -> None:
    view = feature.view
    if orientation == "flat":
        feature.bridge.session.apply(SetOrientation("flat"))
    assert view.map_scene.layout is layout_for(view.map_scene.layout.orientation)
    view.set_hex_px(200)
    for h in (Hex(0, 0), Hex(3, -2), Hex(-5, 4)):
        view.centre_on_hex(h.q, h.r)
        # Just inside every corner and every edge midpoint (4 device pixels in from the edge).
        for point in _edge_and_corner_points(feature, h, 0.98):
            qtbot.mouseClick(
                view.viewport(), Qt.MouseButton.LeftButton, pos=view_pos(feature, point)
            )
            assert view.current_hex == h, (orientation, h, point)
        # Just beyond each edge midpoint lies the neighbour across that edge.
        neighbours = set(h.neighbours())
        for point in _edge_and_corner_points(feature, h, 1.03)[1::2]:
            qtbot.mouseClick(
                view.viewport(), Qt.MouseButton.LeftButton, pos=view_pos(feature, point)
            )
            assert view.current_hex in neighbours


def test_keys_zoom_and_pan_with_limits(qtbot: QtBot, feature: MapFeature) -> None:
    view = feature.view
    view.setFocus()
    start = view.hex_px()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.hex_px() == pytest.approx(start * 1.25)
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert view.hex_px() == pytest.approx(start)
    before = view.mapToScene(view.viewport().rect().center())
    qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    after = view.mapToScene(view.viewport().rect().center())
    assert after.x() > before.x() and after.y() > before.y()
    for _ in range(60):
        qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert view.hex_px() == pytest.approx(MIN_HEX_PX)
    for _ in range(80):
        view.zoom_in()
    assert view.hex_px() == pytest.approx(MAX_HEX_PX)


def test_wheel_zooms_towards_the_cursor(qtbot: QtBot, feature: MapFeature) -> None:
    from PySide6.QtGui import QWheelEvent

    view = feature.view
    pos = QPoint(200, 150)
    under = view.mapToScene(pos)
    event = QWheelEvent(
        QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), QPoint(0, 0), QPoint(0, 240),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )  # fmt: skip
    start = view.hex_px()
    QApplication.sendEvent(view.viewport(), event)
    assert view.hex_px() > start
    after = view.mapToScene(pos)
    assert math.hypot(after.x() - under.x(), after.y() - under.y()) * view.hex_px() / HEX_SIZE < 2


def test_dragging_the_paper_pans_and_a_click_selects(qtbot: QtBot, feature: MapFeature) -> None:
    view = feature.view
    vp = view.viewport()
    before = view.mapToScene(vp.rect().center())
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=QPoint(400, 400))
    for x in range(400, 300, -10):
        qtbot.mouseMove(vp, QPoint(x, 400))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=QPoint(300, 400))
    after = view.mapToScene(vp.rect().center())
    assert after.x() - before.x() == pytest.approx(100 * HEX_SIZE / view.hex_px(), abs=2)
    assert view.current_hex is None  # a drag is not a click
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=hex_pos(feature, Hex(1, 1)))
    assert view.current_hex == Hex(1, 1)
    qtbot.mousePress(vp, Qt.MouseButton.MiddleButton, pos=QPoint(300, 300))
    qtbot.mouseMove(vp, QPoint(300, 250))
    qtbot.mouseRelease(vp, Qt.MouseButton.MiddleButton, pos=QPoint(300, 250))
    assert view.mapToScene(vp.rect().center()).y() > after.y()


def test_fit_charted_regions_shows_them_all(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    for q, r in ((0, 0), (12, -3), (-9, 8)):
        session.apply(ChartRegion(q, r))
    feature.actions["fit"].trigger()
    view = feature.view
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    for q, r in ((0, 0), (12, -3), (-9, 8)):
        assert visible.contains(hex_centre(view.map_scene.layout, q, r))


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen tooltips
def test_tooltip_shows_title_risk_and_notes_as_plain_text(
    qtbot: QtBot, feature: MapFeature
) -> None:
    session = feature.bridge.session
    title = "<b>Bold</b> & <img src=x>"
    notes = "<i>first</i> line\nsecond line\nthird\nfourth hidden"
    session.apply(ChartRegion(2, -1, title=title, notes=notes, terrain="<u>Fen</u>"))
    view = feature.view
    text = view.tooltip_for(Hex(2, -1))
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;img src=x&gt;" in text
    assert "<b>Bold</b>" not in text and "<img" not in text and "<u>" not in text
    assert "&lt;i&gt;first&lt;/i&gt; line" in text and "second line" in text
    assert "fourth" not in text
    region = session.campaign.map.region_at(2, -1)
    assert region is not None and f"Risk {region.risk}" in text
    pos = hex_pos(feature, Hex(2, -1))
    event = QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    assert QToolTip.isVisible()
    assert "&lt;b&gt;" in QToolTip.text()
    QToolTip.hideText()
    assert "Uncharted hex" in view.tooltip_for(Hex(9, 9))


def test_regions_follow_changes_undo_and_orientation(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    scene = feature.view.map_scene
    session.apply(ChartRegion(1, 0, title="One"))
    session.apply(MoveParty(1, 0))
    assert scene.index.coords() == [(1, 0)]
    assert scene.party.isVisible()
    session.apply(SetOrientation("flat"))
    # The map turns: the region and the party move to the same place on the flat grid.
    assert scene.index.coords() == [(1, -1)]
    assert scene.party_hex == Hex(1, -1)
    region = scene.region_at(1, -1)
    assert region is not None and region.title == "One"
    session.undo()
    assert scene.index.coords() == [(1, 0)]
    session.undo()
    session.undo()
    assert scene.index.coords() == []
    assert not scene.party.isVisible()
    session.redo()
    assert scene.index.coords() == [(1, 0)]


def test_themes_switch_and_follow_the_system(qtbot: QtBot, feature: MapFeature) -> None:
    scene = feature.view.map_scene
    feature.actions["theme_dark"].trigger()
    assert scene.map_style.theme is DARK
    feature.actions["theme_paper"].trigger()
    assert scene.map_style.theme is PAPER
    feature.set_theme(ThemeChoice.SYSTEM)
    hints = QApplication.styleHints()
    expected = DARK if hints.colorScheme() == Qt.ColorScheme.Dark else PAPER
    assert scene.map_style.theme is expected


def test_drawing_is_vector_and_renders_at_device_pixel_ratio_two(
    qtbot: QtBot, feature: MapFeature
) -> None:
    session = feature.bridge.session
    session.apply(ChartRegion(0, 0, title="Crisp"))
    style = feature.view.map_scene.map_style
    assert style.grid_pen.isCosmetic() and style.region_pen.isCosmetic()
    assert all(i.cacheMode() == i.CacheMode.NoCache for i in feature.view.map_scene.items())
    image = QImage(800, 600, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(2)
    image.fill(0)
    painter = QPainter(image)
    feature.view.render(painter)
    painter.end()
    # The paper was painted over the whole image.
    assert image.pixelColor(5, 5).alpha() == 255 and image.pixelColor(795, 595).alpha() == 255


def test_theme_and_reduced_motion_are_remembered(qtbot: QtBot, tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMainWindow

    from saga_desktop.ui.bridge import SessionBridge
    from saga_desktop.ui.map import install_map
    from tests.ui.conftest import seeded_session

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    for round_ in range(2):
        window = QMainWindow()
        qtbot.addWidget(window)
        feature = install_map(
            window, SessionBridge(seeded_session()), settings=settings, user_tables_dir=tmp_path
        )
        if round_ == 0:
            feature.actions["theme_dark"].trigger()
            feature.actions["reduced_motion"].trigger()
        else:
            assert feature.view.map_scene.map_style.theme is DARK
            assert feature.view.die.reduced_motion
            assert feature.actions["theme_dark"].isChecked()
            assert feature.actions["reduced_motion"].isChecked()
        assert window.findChild(type(feature.regions_dock), "RegionsDock") is not None
        assert window.centralWidget() is feature.view


def test_the_maps_old_reduced_motion_setting_carries_over(qtbot: QtBot, tmp_path: Path) -> None:
    """Before the switch was shared the map kept its own: on is kept (once), in the shared key."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMainWindow

    from saga_desktop.ui.bridge import SessionBridge
    from saga_desktop.ui.cardtable.motion import REDUCED_KEY
    from saga_desktop.ui.map import install_map
    from tests.ui.conftest import seeded_session

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("map/reducedMotion", True)
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_map(
        window, SessionBridge(seeded_session()), settings=settings, user_tables_dir=tmp_path
    )
    assert feature.view.die.reduced_motion and feature.actions["reduced_motion"].isChecked()
    assert settings.value(REDUCED_KEY) in (True, "true")
    assert not settings.contains("map/reducedMotion")
