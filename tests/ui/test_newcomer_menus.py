"""Small things a newcomer met: where the Enemies toggle lives, where file dialogs start."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from pytestqt.qtbot import QtBot

from saga_desktop.ui import files as files_module
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
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    window.settings.remove("files/last_dir")
    assert window.file_dialog_dir() == documents
    assert window.file_dialog_dir() != str(Path.cwd())
    window.remember_dir(tmp_path / "mine.saga")
    assert window.file_dialog_dir() == str(tmp_path)
    window.settings.setValue("files/last_dir", str(tmp_path / "gone"))
    assert window.file_dialog_dir() == documents, "a folder that is gone is not offered"
