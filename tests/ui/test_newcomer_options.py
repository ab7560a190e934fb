"""Campaign › Options…: the game's options with their rulings, applied as one undoable change."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QLabel, QSpinBox
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.songs.state import play_of
from saga_desktop.ui import files as files_module
from saga_desktop.ui.dialogs import NewCampaignDialog
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from saga_desktop.ui.options_dialog import NO_OPTIONS, OptionsDialog
from tests.ui.test_main_window import make_window


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def open_from_menu(qtbot: QtBot, window: MainWindow) -> OptionsDialog:
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles.index("&Campaign") < titles.index("&Map")
    [action] = [a for a in window.campaign_menu.actions() if a.text() == "&Options…"]
    action.trigger()
    dialog = window.findChild(OptionsDialog)
    assert isinstance(dialog, OptionsDialog)
    qtbot.waitExposed(dialog)
    return dialog


def ok(qtbot: QtBot, dialog: OptionsDialog) -> None:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def row(dialog: OptionsDialog, name: str):  # type: ignore[no-untyped-def]
    return next(r for r in dialog.rows if r.spec.name == name)


def test_options_show_every_ruling_and_apply_once(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    window.show()
    session = window.bridge.session
    game = find_ruleset(session.campaign.ruleset)
    dialog = open_from_menu(qtbot, window)
    fields = game.option_fields()
    assert [r.spec.name for r in dialog.rows] == [f.name for f in fields]
    for spec, shown in zip(fields, dialog.rows, strict=True):
        ruling = shown.findChild(QLabel, "option-ruling")
        assert ruling.text() == spec.ruling and ruling.textFormat() == Qt.TextFormat.PlainText
        assert shown.value() == game.options_data(session.campaign)[spec.name]
    before = play_of(session.campaign).options
    journal = len(session.campaign.journal)

    # A bad combination is refused in the dialog, and nothing changes.
    low, high = row(dialog, "risk_min").control, row(dialog, "risk_max").control
    assert isinstance(low, QSpinBox) and isinstance(high, QSpinBox)
    low.setValue(10)
    high.setValue(5)
    ok(qtbot, dialog)
    assert dialog.isVisible() and dialog.error.isVisible()
    assert "risk" in dialog.error.text()
    assert play_of(session.campaign).options == before
    assert len(session.campaign.journal) == journal

    # A good change goes through as one journaled, undoable operation.
    low.setValue(before.risk_min)
    high.setValue(before.risk_max)
    check = row(dialog, "natural_20_succeeds").control
    assert isinstance(check, QCheckBox)
    dialog.area.ensureWidgetVisible(check)  # as a player scrolls to it
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))
    ok(qtbot, dialog)
    assert not dialog.isVisible()
    after = play_of(session.campaign).options
    assert after.natural_20_succeeds is (not before.natural_20_succeeds)
    assert len(session.campaign.journal) == journal + 1
    assert "Campaign options changed" in session.campaign.journal[-1].text
    assert window.undo_action.text() == "&Undo Change campaign options"
    window.undo_action.trigger()
    assert play_of(session.campaign).options == before


def test_a_new_campaign_can_go_straight_to_its_options(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    window.show()

    def fill() -> None:
        dialog = window.findChild(NewCampaignDialog)
        assert isinstance(dialog, NewCampaignDialog)
        qtbot.keyClicks(dialog.name, "Beyond the gates")
        dialog.set_options.setChecked(True)
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, fill)
    assert window.files.new()
    assert window.bridge.session.campaign.name == "Beyond the gates"
    dialog = window.findChild(OptionsDialog)
    assert isinstance(dialog, OptionsDialog) and dialog.isVisible()
    assert dialog.rows


def test_a_game_without_options_says_so(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    window.show()
    game = type(find_ruleset(window.bridge.session.campaign.ruleset))
    monkeypatch.setattr(game, "option_fields", lambda _self: ())
    monkeypatch.setattr(game, "options_data", lambda _self, _c: {})
    dialog = open_from_menu(qtbot, window)
    assert dialog.rows == [] and dialog.empty.isVisible()
    assert dialog.empty.text() == NO_OPTIONS
    revision = window.bridge.session.revision
    ok(qtbot, dialog)
    assert not dialog.isVisible() and window.bridge.session.revision == revision
