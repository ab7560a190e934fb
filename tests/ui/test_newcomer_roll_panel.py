"""After a fight the roll panel comes back to its setup, however the fight ended."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.state import play_of
from saga_desktop.ui import files as files_module
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from tests.model.songs.fight import fight_session
from tests.ui.test_main_window import make_window


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def click(qtbot: QtBot, button: QAbstractButton) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def fight_window(qtbot: QtBot) -> MainWindow:
    window = make_window(qtbot, fight_session())
    window.table_feature.set_reduced_motion(True)  # type: ignore[attr-defined]
    window.show()
    qtbot.waitExposed(window)
    return window


def settle_a_trial(qtbot: QtBot, window: MainWindow) -> None:
    """Roll a trial in the roll panel and settle it; its outcome stays on screen."""
    panel = window.table_feature.panel  # type: ignore[attr-defined]
    with qtbot.waitSignal(panel.rollShown, timeout=5000):
        click(qtbot, panel.setup.roll_button)
    result = panel.result
    if not result.settle.isEnabled():
        click(qtbot, result.keep_group.buttons()[0])
    with qtbot.waitSignal(panel.trialSettled, timeout=5000):
        click(qtbot, result.settle)
    assert panel.showing_result


def test_the_roll_panel_is_free_again_after_a_fight(qtbot: QtBot) -> None:
    window = fight_window(qtbot)
    panel = window.table_feature.panel  # type: ignore[attr-defined]
    combat = window.combat_feature.panel  # type: ignore[attr-defined]
    settle_a_trial(qtbot, window)
    click(qtbot, combat.start_button)
    fight = play_of(window.bridge.session.campaign).combat
    assert fight is not None
    if fight.turn == "enemies":
        click(qtbot, combat.end_turn_button)
    action = combat.action
    action.actor.setCurrentIndex(action.actor.findData("pc1"))
    action.action.setCurrentIndex(action.action.findData("attack"))
    action.target.setCurrentIndex(action.target.findData("wolves"))
    click(qtbot, action.roll_button)
    assert panel.pages.currentWidget() is panel.blocked
    combat.settle.settle_button.click()  # "Roll the damage" (it may sit below the fold)
    assert play_of(window.bridge.session.campaign).pending is None
    click(qtbot, combat.end_button)
    assert play_of(window.bridge.session.campaign).combat is None
    assert panel.pages.currentWidget() is not panel.blocked
    assert panel.showing_setup
    assert panel.setup.roll_button.isEnabled()


def test_a_risk_override_is_for_one_roll_only(qtbot: QtBot) -> None:
    window = make_window(qtbot)  # the sample: the party stands in a charted region
    window.table_feature.set_reduced_motion(True)  # type: ignore[attr-defined]
    window.show()
    panel = window.table_feature.panel  # type: ignore[attr-defined]
    setup = panel.setup
    region_risk = setup.risk.value()
    assert "overridden" not in setup.region_note.text()
    setup.risk.setValue(region_risk + 2)
    assert "overridden for this roll" in setup.region_note.text()
    settle_a_trial(qtbot, window)
    click(qtbot, panel.result.new_roll)
    assert panel.showing_setup
    assert setup.risk.value() == region_risk
    assert "overridden" not in setup.region_note.text()
