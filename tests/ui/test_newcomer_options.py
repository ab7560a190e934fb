"""Campaign › Options… shows every ruling of the game and changes them in one undoable step."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QCheckBox, QLabel, QSpinBox
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui import files as files_module
from saga_desktop.ui.messages import Button
from saga_desktop.ui.options_dialog import OptionsDialog
from tests.ui.test_main_window import make_window


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def _open(window: object) -> OptionsDialog:
    menu = window.menu("&Campaign")  # type: ignore[attr-defined]
    [action] = [a for a in menu.actions() if a.objectName() == "campaign_options"]
    action.trigger()
    dialogs = window.findChildren(OptionsDialog)  # type: ignore[attr-defined]
    assert len(dialogs) == 1
    return dialogs[0]


def test_an_option_is_changed_journaled_and_undone(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    dialog = _open(window)
    rulings = [lbl.text() for lbl in dialog.findChildren(QLabel)]
    assert any("reshuffle in the middle of a reveal" in text for text in rulings)
    box = dialog.findChild(QCheckBox, "option-natural_20_succeeds")
    assert box is not None and not box.isChecked()
    box.setChecked(True)
    dialog.apply()
    session = window.bridge.session
    assert session.campaign.play.options.natural_20_succeeds  # type: ignore[attr-defined]
    assert "A natural 20 always succeeds: off → on" in session.campaign.journal[-1].text
    window.undo_action.trigger()  # type: ignore[attr-defined]
    assert not session.campaign.play.options.natural_20_succeeds  # type: ignore[attr-defined]


def test_a_refused_combination_is_shown_and_changes_nothing(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    before = window.bridge.session.campaign.model_dump()
    dialog = _open(window)
    low = dialog.findChild(QSpinBox, "option-risk_min")
    high = dialog.findChild(QSpinBox, "option-risk_max")
    assert low is not None and high is not None
    low.setValue(9)
    high.setValue(4)
    dialog.apply()
    assert dialog.isVisible() and dialog.error.isVisible()
    assert "risk" in dialog.error.text()
    assert window.bridge.session.campaign.model_dump() == before


@pytest.mark.parametrize("game", ["resonance", "dice-pool"])
def test_every_game_lists_its_own_options(qtbot: QtBot, game: str) -> None:
    campaign = find_ruleset(game).sample_campaign()
    assert campaign is not None
    window = make_window(qtbot, Session(campaign))
    dialog = _open(window)
    assert len(dialog.editors) == len(find_ruleset(game).option_fields()) > 3
    assert dialog.windowTitle().endswith(find_ruleset(game).title)
