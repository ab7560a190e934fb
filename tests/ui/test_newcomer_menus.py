"""Small things a newcomer met: where the Enemies toggle lives, where file dialogs start."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.ui import files as files_module
from saga_desktop.ui.map.view import MapView
from saga_desktop.ui.messages import Button
from tests.ui.test_main_window import make_window


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def test_the_enemies_toggle_is_in_view_with_the_other_docks(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    toggle = window.sheets_feature.enemies_dock.toggleViewAction()  # type: ignore[attr-defined]
    party = window.menu("&Party")
    party.aboutToShow.emit()
    assert toggle not in party.actions()
    assert toggle in window.view_menu.actions()


def test_the_first_save_starts_in_documents(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot)  # the sample: never saved, no folder remembered
    documents = str(files_module.documents_dir())  # Documents, or home where there is none
    assert Path(documents).is_dir()
    if Path(
        QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    ).is_dir():
        assert documents == QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation
        )
    window.settings.remove("files/last_dir")
    assert window.file_dialog_dir() == documents
    assert window.file_dialog_dir() != str(Path.cwd())
    window.remember_dir(tmp_path / "mine.saga")
    assert window.file_dialog_dir() == str(tmp_path)
    window.settings.setValue("files/last_dir", str(tmp_path / "gone"))
    assert window.file_dialog_dir() == documents, "a folder that is gone is not offered"


def menu_texts(menu: QMenu) -> list[str]:
    """Every action's text in a menu and its submenus."""
    out = []
    for action in menu.actions():
        out.append(action.text().replace("&", ""))
        if action.menu() is not None:
            out += menu_texts(action.menu())  # type: ignore[arg-type]
    return out


def test_reduced_motion_is_one_switch_in_view(qtbot: QtBot) -> None:
    window = make_window(qtbot)  # a Songs campaign: Map and Play menus, a card table, two d20s
    bar = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    places = [m.title() for m in bar for t in menu_texts(m) if t == "Reduced motion"]  # type: ignore[union-attr]
    assert places == ["&View"]
    [switch] = [a for a in window.view_menu.actions() if a.text() == "Reduced &motion"]
    before = window.view_menu.actions().index(switch)
    assert window.view_menu.actions()[before - 1].menu() is window.appearance_menu
    table, map_feature = window.card_table, window.map_feature
    assert table is not None and map_feature is not None
    assert table.actions["reduced_motion"] is switch is map_feature.actions["reduced_motion"]
    player = window.player_feature
    assert player is not None
    players_map = player.ensure_window().map_widget
    assert isinstance(players_map, MapView) and not players_map.die.reduced_motion
    switch.trigger()
    assert table.motion.reduced_motion and map_feature.view.die.reduced_motion
    assert players_map.die.reduced_motion, "the Player View's d20 follows the same switch"
    assert window.settings.value("table/reducedMotion") in (True, "true")
    map_feature.set_reduced_motion(False)
    assert not switch.isChecked() and not table.motion.reduced_motion
    assert not map_feature.view.die.reduced_motion and not players_map.die.reduced_motion
