"""The Regions dock: rows follow the map, search, sort, edit in place, select to centre."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from saga_desktop.i18n.words import english
from saga_desktop.model.ops.map import ChartRegion, EditRegion, SetRegionRisk
from saga_desktop.model.types import TEXT_MAX
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map import MapFeature
from saga_desktop.ui.map.geometry import hex_centre
from saga_desktop.ui.map.regions_dock import HIDDEN, NUMBER, RISK, TITLE, VISITED


def _chart_three(feature: MapFeature) -> None:
    s = feature.bridge.session
    s.apply(ChartRegion(0, 0, title="Gatewatch Isle", notes="Radiant arch on the hill"))
    s.apply(ChartRegion(6, -2, title="Marrowmere", terrain="Fen"))
    s.apply(ChartRegion(-4, 5, title="Ash Dunes"))
    s.apply(SetRegionRisk(6, -2, 5))
    s.apply(SetRegionRisk(-4, 5, 0))


def test_rows_follow_the_map_and_undo(qtbot: QtBot, feature: MapFeature) -> None:
    dock = feature.regions_dock
    assert dock.objectName() == "RegionsDock"
    _chart_three(feature)
    model = dock.model
    assert model.rowCount() == 3
    assert model.data(model.index(1, TITLE)) == "Marrowmere"
    assert model.data(model.index(1, RISK)) == 5
    feature.bridge.session.undo()  # the risk of Ash Dunes
    feature.bridge.session.undo()  # the risk of Marrowmere
    assert model.data(model.index(1, RISK)) != 5
    feature.bridge.session.undo()  # Ash Dunes itself
    assert model.rowCount() == 2


def test_search_and_sort(qtbot: QtBot, feature: MapFeature) -> None:
    _chart_three(feature)
    dock = feature.regions_dock
    qtbot.keyClicks(dock.search, "radiant")
    assert dock.proxy.rowCount() == 1
    assert dock.proxy.data(dock.proxy.index(0, TITLE)) == "Gatewatch Isle"
    dock.search.clear()
    assert dock.proxy.rowCount() == 3
    dock.table.sortByColumn(RISK, Qt.SortOrder.DescendingOrder)
    assert dock.proxy.data(dock.proxy.index(0, TITLE)) == "Marrowmere"
    dock.table.sortByColumn(NUMBER, Qt.SortOrder.AscendingOrder)
    assert [dock.proxy.data(dock.proxy.index(i, NUMBER)) for i in range(3)] == [1, 2, 3]


def test_edit_in_place_goes_through_operations(qtbot: QtBot, feature: MapFeature) -> None:
    _chart_three(feature)
    session = feature.bridge.session
    model = feature.regions_dock.model
    assert model.setData(model.index(0, TITLE), "Gate of Dawn")
    assert session.campaign.map.region_at(0, 0).title == "Gate of Dawn"  # type: ignore[union-attr]
    assert english(session.undo_label or "") == "Edit region"
    assert model.setData(model.index(0, RISK), 3)
    assert session.campaign.map.region_at(0, 0).risk == 3  # type: ignore[union-attr]
    assert not model.setData(model.index(0, RISK), 42)  # refused: out of bounds
    assert model.setData(
        model.index(0, VISITED), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole
    )
    assert model.setData(
        model.index(0, HIDDEN), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole
    )
    region = session.campaign.map.region_at(0, 0)
    assert region is not None and region.visited and region.hidden
    session.undo()
    assert not session.campaign.map.region_at(0, 0).hidden  # type: ignore[union-attr]


def test_selecting_a_row_centres_the_map(qtbot: QtBot, feature: MapFeature) -> None:
    _chart_three(feature)
    dock = feature.regions_dock
    view = feature.view
    index = dock.proxy.index(1, TITLE)
    dock.table.setCurrentIndex(index)
    centre = view.mapToScene(view.viewport().rect().center())
    target = hex_centre(view.map_scene.layout, 6, -2)
    assert (QPointF(centre) - target).manhattanLength() < 4
    assert view.current_hex == Hex(6, -2)
    # Clicking a region on the map highlights its row without moving the map.
    qtbot.mouseClick(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=view.mapFromScene(hex_centre(view.map_scene.layout, 6, -2)),
    )
    assert dock.table.currentIndex().row() == 1


def test_the_notes_pane_shows_and_edits_the_whole_note(qtbot: QtBot, feature: MapFeature) -> None:
    _chart_three(feature)
    session = feature.bridge.session
    dock = feature.regions_dock
    long_note = "Radiant arch on the hill\n" + "\n".join(f"Line {i} of the tale" for i in range(12))
    session.apply(EditRegion(0, 0, notes=long_note))
    dock.table.selectRow(0)
    pane = dock.notes
    assert pane.heading.text() == "Region 1 — Gatewatch Isle"
    assert pane.notes.toPlainText() == long_note  # the whole note, not its first lines
    assert not pane.save_button.isEnabled()
    pane.notes.setFocus()
    qtbot.keyClick(pane.notes, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(pane.notes, Qt.Key.Key_Return)
    qtbot.keyClicks(pane.notes, "The <b>bridge</b> fell.")
    assert pane.save_button.isEnabled()
    qtbot.mouseClick(pane.save_button, Qt.MouseButton.LeftButton)
    region = session.campaign.map.region_at(0, 0)
    assert region is not None and region.notes == long_note + "\nThe <b>bridge</b> fell."
    assert english(session.undo_label or "") == "Edit region"
    session.undo()
    assert pane.notes.toPlainText() == long_note  # the pane follows the undo
    # Typing, then picking another region, keeps the typing (as one more undoable edit).
    qtbot.keyClicks(pane.notes, "Fog.")
    dock.table.selectRow(1)
    region = session.campaign.map.region_at(0, 0)
    assert region is not None and region.notes.startswith("Fog.")
    assert pane.heading.text() == "Region 2 — Marrowmere"


def test_the_pane_refuses_a_note_too_long_and_keeps_the_text(
    qtbot: QtBot, feature: MapFeature
) -> None:
    _chart_three(feature)
    dock = feature.regions_dock
    dock.table.selectRow(0)
    pane = dock.notes
    pane.notes.setPlainText("x" * (TEXT_MAX + 1))
    qtbot.mouseClick(pane.save_button, Qt.MouseButton.LeftButton)
    assert not pane.error.isHidden() and "not saved" in pane.error.text()
    assert len(pane.notes.toPlainText()) == TEXT_MAX + 1
    region = feature.bridge.session.campaign.map.region_at(0, 0)
    assert region is not None and region.notes.startswith("Radiant arch on the hill")


def test_titles_are_never_cut(qtbot: QtBot, feature: MapFeature) -> None:
    title = "The Drowned Stair of the Nine Forgotten Kings"
    feature.bridge.session.apply(ChartRegion(2, 2, title=title))
    dock = feature.regions_dock
    feature.window.resizeDocks([dock], [260], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: dock.table.viewport().width() < 400)
    header = dock.table.horizontalHeader()
    needed = dock.table.fontMetrics().horizontalAdvance(title)
    assert header.sectionSize(TITLE) > needed
    # Longer titles typed later widen the column too.
    longer = title + " and Their Hounds"
    assert dock.model.setData(dock.model.index(0, TITLE), longer)
    assert header.sectionSize(TITLE) > dock.table.fontMetrics().horizontalAdvance(longer)
