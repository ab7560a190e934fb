"""Rolling tables: the shipped files, the player's folder, imports, bad files, rolls as ops."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from saga_desktop.i18n.words import english
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.session import Session
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map import MapFeature
from saga_desktop.ui.rolling_tables.library import (
    TableError,
    TableLibrary,
    builtin_folder,
    load_table,
)

SETTING_TABLES = {
    "terrain", "landmarks", "ruins", "creatures", "weather",
    "threats", "names", "traits", "loot", "omens",
}  # fmt: skip


def test_shipped_tables_are_complete_and_original(tmp_path: Path) -> None:
    library = TableLibrary(tmp_path)
    assert library.problems == []
    ids = {t.id for t in library.tables}
    assert ids >= SETTING_TABLES
    for table in library.tables:
        assert len(table.entries) >= 12, table.id
        assert len(set(table.entries)) == len(table.entries), table.id
        assert table.title and table.description
    for path in builtin_folder().glob("*.json"):
        json.loads(path.read_text(encoding="utf-8"))


def test_user_tables_load_and_bad_files_are_skipped_with_a_reason(tmp_path: Path) -> None:
    (tmp_path / "sea-monsters.txt").write_text(
        "# my table\nKraken\n\nSea serpent\nGiant crab\n", "utf-8"
    )
    (tmp_path / "feasts.json").write_text(
        json.dumps({"title": "Feasts", "entries": ["Roast", "Stew"]}), "utf-8"
    )
    (tmp_path / "broken.json").write_text('{"title": "Broken", "entries": [', "utf-8")
    (tmp_path / "wrong.json").write_text(json.dumps({"title": "Wrong", "entries": [1, 2]}), "utf-8")
    (tmp_path / "empty.txt").write_text("# nothing here\n\n", "utf-8")
    (tmp_path / "notes.md").write_text("ignored", "utf-8")
    library = TableLibrary(tmp_path)
    mine = {t.title: t for t in library.tables if t.source == "yours"}
    assert mine["Sea monsters"].entries == ("Kraken", "Sea serpent", "Giant crab")
    assert mine["Feasts"].entries == ("Roast", "Stew")
    problems = "\n".join(library.problems)
    assert "broken.json: not valid JSON (line 1" in problems
    assert 'wrong.json: "entries" must be a list of texts' in problems
    assert "empty.txt: the table has no entries" in problems
    assert "notes.md" not in problems
    with pytest.raises(TableError, match=r"only \.json and \.txt"):
        load_table(tmp_path / "notes.md")


def test_dock_rolls_through_an_op_and_sends_results(qtbot: QtBot, feature: MapFeature) -> None:
    dock = feature.tables_dock
    assert dock.objectName() == "TablesDock"
    session = feature.bridge.session
    session.apply(ChartRegion(0, 0, title="Here", notes="Start"))
    feature.view.set_current_hex(Hex(0, 0))
    dock.select("weather")
    with qtbot.waitSignal(dock.rolled) as blocker:
        qtbot.mouseClick(dock.roll_button, Qt.MouseButton.LeftButton)
    roll = blocker.args[0]
    weather = next(t for t in dock.library.tables if t.id == "weather")
    assert roll.result in weather.entries
    assert dock.result.text() == roll.result
    assert dock.result.textFormat() == Qt.TextFormat.PlainText
    entry = session.campaign.journal[-1]
    assert entry.kind == "table" and entry.details["result"] == roll.result
    qtbot.mouseClick(dock.to_region, Qt.MouseButton.LeftButton)
    region = session.campaign.map.region_at(0, 0)
    assert region is not None and region.notes.endswith(f"Weather: {roll.result}")
    qtbot.mouseClick(dock.to_journal, Qt.MouseButton.LeftButton)
    assert session.campaign.journal[-1].kind == "note"
    session.undo()
    session.undo()
    session.undo()
    assert not any(e.kind == "table" for e in session.campaign.journal)


def test_another_campaign_starts_without_the_last_result(qtbot: QtBot, feature: MapFeature) -> None:
    dock = feature.tables_dock
    dock.select("weather")
    qtbot.mouseClick(dock.roll_button, Qt.MouseButton.LeftButton)
    assert dock.result_title.text().startswith("Weather: rolled")
    feature.bridge.replace(Session(new_campaign("Another")))
    assert dock.last is None and dock.result_title.text() == ""
    assert dock.result.text() == "Pick a table and roll."
    assert not dock.to_region.isEnabled() and not dock.to_journal.isEnabled()
    assert dock.roll_button.isEnabled()


def test_import_good_and_bad_files(
    qtbot: QtBot, feature: MapFeature, tmp_path: Path, user_tables: Path
) -> None:
    dock = feature.tables_dock
    good = tmp_path / "dreams.txt"
    good.write_text("A drowned bell\nA white stag\n", "utf-8")
    table = dock.import_file(good)
    assert table is not None and (user_tables / "dreams.txt").exists()
    assert dock.selected_table() is not None and dock.selected_table().title == "Dreams"  # type: ignore[union-attr]
    bad = tmp_path / "bad.json"
    bad.write_text("{]", "utf-8")
    assert dock.import_file(bad) is None
    assert "bad.json: not valid JSON" in dock.problems.text()
    assert not (user_tables / "bad.json").exists()
    qtbot.keyClicks(dock.search, "dream")
    visible = [
        dock.list.item(i).text()
        for i in range(dock.list.count())
        if not dock.list.item(i).isHidden()
    ]
    assert len(visible) == 1 and visible[0].startswith("Dreams")


def test_a_roll_is_the_gms_until_shown_to_the_players(qtbot: QtBot, feature: MapFeature) -> None:
    from saga_desktop.model.ruleset import Viewer
    from saga_desktop.model.visibility import visible_journal

    dock = feature.tables_dock
    session = feature.bridge.session
    dock.select("weather")
    assert not dock.to_players.isEnabled()
    with qtbot.waitSignal(dock.rolled) as blocker:
        qtbot.mouseClick(dock.roll_button, Qt.MouseButton.LeftButton)
    result = blocker.args[0].result

    def table_reads() -> bool:
        return any(result in e.said for e in visible_journal(session.campaign, Viewer.TABLE))

    assert not table_reads()
    assert dock.to_players.isEnabled()
    qtbot.mouseClick(dock.to_players, Qt.MouseButton.LeftButton)
    assert table_reads()
    assert session.campaign.journal[-1].text.startswith("Shown to the players: Weather")
    assert not dock.to_players.isEnabled()  # shown once
    assert english(session.undo_label or "") == "Show table roll to players"
    session.undo()
    assert not table_reads()
