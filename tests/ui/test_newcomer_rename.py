"""A rename on the sheet stays in the field (it used to jump back to the old name)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from saga_desktop.ui import files as files_module
from saga_desktop.ui.messages import Button
from tests.ui.test_main_window import make_window


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def test_renaming_on_the_sheet_keeps_the_new_name_in_the_field(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    dock = window.sheets_feature.docks["pc1"]  # type: ignore[attr-defined]
    identity = dock.sheet.identity
    for edit, value in (
        (identity.name_edit, "Astrid the Bold"),
        (identity.player_edit, "Kim"),
        (identity.pronouns_edit, "they"),
    ):
        edit.setFocus()
        edit.selectAll()
        qtbot.keyClicks(edit, value)
        qtbot.keyClick(edit, Qt.Key.Key_Return)  # commits, as leaving the field does
        assert edit.text() == value, "the field jumped back"
    c = window.bridge.session.campaign.character("pc1")
    assert (c.name, c.player, c.sheet.pronouns) == ("Astrid the Bold", "Kim", "they")
