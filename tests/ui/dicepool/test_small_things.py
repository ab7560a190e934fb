"""Small things a player meets in the dice-pool docks: a helper's choice survives a roll, and a
fight's odds say where the rest of 100% went."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.ops.combat import Declare, StartEncounter
from tests.model.dicepool.conftest import party_session
from tests.ui.dicepool.test_dicepool_ui import feature_of, shown
from tests.ui.test_main_window import _discard_on_teardown  # noqa: F401

LEFT = Qt.MouseButton.LeftButton


def test_a_helper_keeps_their_vocation_and_attribute_after_a_roll(qtbot: QtBot) -> None:
    window = shown(qtbot, party_session())
    dock = feature_of(window).check_dock
    dock.raise_()
    dock.trait.setCurrentIndex(dock.trait.findData("skill|Survival"))
    helper = dock.helpers[0]
    helper.on.setChecked(True)
    helper.attribute.setCurrentIndex(helper.attribute.findData("ref"))
    helper.trait.setCurrentIndex(helper.trait.findData("vocation|Herbalist"))
    with qtbot.waitSignal(dock.rolled):
        qtbot.mouseClick(dock.roll_button, LEFT)
    helper = dock.helpers[0]  # the rows are rebuilt after the roll
    assert helper.on.isChecked()
    assert helper.attribute.currentData() == "ref"
    assert helper.trait.currentData() == "vocation|Herbalist"


def test_a_pair_s_odds_name_what_str_cancels(qtbot: QtBot) -> None:
    window = shown(qtbot, party_session())
    session = window.bridge.session
    session.apply(StartEncounter(("pc1", "m1")))
    session.apply(Declare("m1", "attack", "pc1"))
    session.apply(Declare("pc1", "attack", "m1"))
    (line,) = feature_of(window).combat_dock.pair_odds
    text = line.text()
    assert "tie " in text and "%, the loser's STR cancels the higher roll." in text, text
