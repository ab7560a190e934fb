"""Long user text in the roll panel: a region title and an ally's name are cut to fit."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import EditRegion
from saga_desktop.model.songs.ops.sheet import EditDetails
from saga_desktop.rules import songs
from saga_desktop.ui.songs.play import TableFeature
from tests.ui.songs.play.conftest import give

TITLE = ("The Drowned Stair under the Glass Cliffs of Hrafnholm, " * 4)[:120]
NAME = ("Bjorn & the Sons of the Salt Marsh who Sing at Dawn, " * 4)[:120]
BK = songs.BurnKind


def test_the_roll_panel_cuts_a_long_region_title(qtbot: QtBot, feature: TableFeature) -> None:
    session = feature.bridge.session
    note = feature.panel.setup.region_note
    one_line = note.heightForWidth(note.width())
    session.apply(EditRegion(0, 0, title=TITLE))
    feature.panel.setup.sync()
    assert note.heightForWidth(note.width()) == one_line, "the title never wraps onto more lines"
    assert note.text().startswith("Region 1 (The Drowned") and note.text().endswith("…): risk 2")
    assert note.full_text() == f"Region 1 ({TITLE}): risk 2"
    assert TITLE in note.toolTip() and "<" not in TITLE


def test_aid_an_ally_names_are_cut_in_the_menu(qtbot: QtBot, feature: TableFeature) -> None:
    session = feature.bridge.session
    session.apply(EditDetails("pc2", name=NAME))
    give(session, "pc2", "9C")
    setup = feature.panel.setup
    setup.sync()
    menu = setup.burns.buttons[BK.AID_AN_ALLY].menu()
    assert menu is not None
    [bjorn] = [a for a in menu.actions() if a.menu() is not None and "Bjorn" in a.text()]
    assert bjorn.text().startswith("Bjorn && the Sons") and bjorn.text().endswith("… (+3, Elk)")
    screen = QGuiApplication.primaryScreen().availableGeometry().width()
    assert menu.sizeHint().width() < min(600, screen // 2)
    assert NAME.replace("&", "&amp;") in bjorn.toolTip() and menu.toolTipsVisible()
    setup.burns.menu_actions[(BK.AID_AN_ALLY, "9C", "pc2")].trigger()
    assert f"{NAME} burns 9♣" in setup.burns.list.item(0).text()
