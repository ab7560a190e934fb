"""Save dialogs start in the player's documents (or home), never where the app was started."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from saga_desktop.ui.files import documents_dir, start_path
from tests.ui.test_window_sizes import _discard_on_teardown, window_for

__all__ = ["_discard_on_teardown"]


@pytest.fixture
def home_without_documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    return home


def test_save_as_starts_in_an_existing_folder_of_the_player(
    qtbot: QtBot, home_without_documents: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = window_for(qtbot, "songs-and-sagas")
    window.settings.remove("files/last_dir")
    starts: list[str] = []

    def fake_dialog(_parent: object, _title: str, start: str, _filter: str) -> tuple[str, str]:
        starts.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake_dialog)
    assert window.document.path is None  # the sample opens as a new campaign
    window.choose_save_path()
    [start] = starts
    folder = Path(start).parent
    assert folder.is_absolute() and folder.is_dir(), start
    assert folder == home_without_documents


def test_documents_are_preferred_and_a_missing_folder_is_never_offered(
    home_without_documents: Path,
) -> None:
    assert documents_dir() == home_without_documents
    (home_without_documents / "Documents").mkdir()
    assert documents_dir() == home_without_documents / "Documents"
    assert start_path("a.saga", "") == str(home_without_documents / "Documents" / "a.saga")
    assert start_path("a.saga", "/no/such/folder") == str(
        home_without_documents / "Documents" / "a.saga"
    )
    assert start_path("a.pdf", home_without_documents) == str(home_without_documents / "a.pdf")
