"""A newcomer's edits on a sheet stay put: name, player and pronouns keep what was typed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.state import sheet_of
from saga_desktop.ui import files as files_module
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from saga_desktop.ui.songs.sheets.feature import SheetsFeature
from tests.ui.test_main_window import make_window


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def shown(qtbot: QtBot) -> MainWindow:
    window = make_window(qtbot)
    window.show()
    qtbot.waitExposed(window)
    return window


def retype(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    """Click into a field, replace its text by typing, and leave it with Tab."""
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Tab)


@pytest.mark.parametrize("field", ["name_edit", "player_edit", "pronouns_edit"])
def test_an_edit_that_went_through_stays_in_its_field(qtbot: QtBot, field: str) -> None:
    window = shown(qtbot)
    sheets = window.findChild(SheetsFeature)
    assert sheets is not None
    cid, dock = next(iter(sheets.docks.items()))
    sheets.show_sheet(cid)
    edit = getattr(dock.sheet.identity, field)
    retype(qtbot, edit, "Sigrun Tideborn")
    character = window.bridge.session.campaign.character(cid)
    value = {
        "name_edit": character.name,
        "player_edit": character.player,
        "pronouns_edit": sheet_of(character).pronouns,
    }[field]
    assert value == "Sigrun Tideborn"
    assert edit.text() == "Sigrun Tideborn", "the field must not jump back to the old value"
    if field == "name_edit":
        assert "Sigrun Tideborn" in dock.windowTitle()
