"""File safety through the real window: save problems are shown, copies never mix or clobber."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import sample_campaign
from saga_desktop.storage import codec, encode, load_campaign, paths, save_campaign
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button


def make_window(
    qtbot: QtBot, session: Session | None = None, path: Path | None = None
) -> MainWindow:
    bridge = SessionBridge(session or Session(sample_campaign()))
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir()), path
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    return window


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    monkeypatch.setattr(
        files_module,
        "show_error",
        lambda _p, title, text, detail="": seen.append(f"{title}|{text}|{detail}"),
    )
    return seen


def answer(monkeypatch: pytest.MonkeyPatch, button: Button) -> list[str]:
    asked: list[str] = []

    def fake_ask(_parent: object, title: str, text: str, *_a: object, **_k: object) -> Button:
        asked.append(text)
        return button

    monkeypatch.setattr(files_module, "ask", fake_ask)
    return asked


def _break(window: MainWindow) -> None:
    """Put a lone surrogate into the live campaign, past validation (as old files could)."""
    journal = window.document.campaign.journal
    journal[0] = journal[0].model_copy(update={"details": {"x": "\udfff"}})


def test_a_save_that_cannot_be_encoded_is_shown(
    qtbot: QtBot, tmp_path: Path, errors: list[str]
) -> None:
    window = make_window(qtbot)
    _break(window)
    target = tmp_path / "a.saga"
    assert not window.files._save_to(target)
    assert not target.exists()
    [message] = errors
    assert message.startswith("Cannot save campaign|") and "cannot be written" in message


def test_a_failing_autosave_is_told_once_and_never_raises(qtbot: QtBot, errors: list[str]) -> None:
    window = make_window(qtbot)
    _break(window)
    seen: list[str] = []
    window.document.autosaveFailed.connect(seen.append)
    window.document.autosave_now()
    window.document.autosave_now()
    assert len(seen) == 2 and "recovery copy could not be written" in seen[0]
    assert len(errors) == 1 and errors[0].startswith("Recovery copy not written|")


def test_the_size_limit_is_announced_before_it_is_reached(
    qtbot: QtBot, tmp_path: Path, errors: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(qtbot)
    size = len(encode(window.document.session.export()))
    monkeypatch.setattr(codec, "MAX_BYTES", int(size / 0.9))
    window.document.autosave_now()
    window.document.autosave_now()
    assert len(errors) == 1 and errors[0].startswith("Campaign file nearly full|")
    monkeypatch.setattr(codec, "MAX_BYTES", size - 1)
    target = tmp_path / "full.saga"
    assert not window.files._save_to(target)
    assert not target.exists() and "not written" in errors[-1]


def test_save_as_and_the_sample_get_their_own_id_and_backups(
    qtbot: QtBot, tmp_path: Path, errors: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(qtbot)  # the sample, never saved
    sample_id = window.document.campaign.id
    ours, copy = tmp_path / "ours.saga", tmp_path / "copy.saga"
    for i in range(3):
        window.bridge.apply(AddNote(f"ours {i}"))
        assert window.files._save_to(ours)
    ours_id = load_campaign(ours).campaign.id
    assert ours_id != sample_id
    for i in range(10):
        window.bridge.apply(AddNote(f"copy {i}"))
        assert window.files._save_to(copy)
    assert load_campaign(copy).campaign.id not in (ours_id, sample_id)
    assert load_campaign(ours).campaign.id == ours_id, "saving to the same file keeps the id"
    assert window.files.open_path(ours)
    offered: list[int] = []

    def look(dialog: object) -> int:
        offered.append(dialog.list.count())  # type: ignore[attr-defined]
        return 0

    monkeypatch.setattr("saga_desktop.ui.dialogs.BackupDialog.exec", look)
    window.files.restore_backup()
    assert offered == [3]
    assert errors == []


def test_a_file_changed_elsewhere_is_not_overwritten_without_asking(
    qtbot: QtBot, tmp_path: Path, errors: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "mine.saga"
    save_campaign(sample_campaign(), path)
    window = make_window(qtbot, Session(load_campaign(path).campaign), path)
    other = sample_campaign()
    other.description = "written by another program"
    save_campaign(other, path)
    os.utime(path, ns=(1, 1))
    window.bridge.apply(AddNote("mine"))
    asked = answer(monkeypatch, Button.Cancel)
    assert not window.files._save_to(path)
    assert asked and "changed by another program" in asked[0]
    assert load_campaign(path).campaign.description == "written by another program"
    answer(monkeypatch, Button.Save)
    assert window.files._save_to(path)
    assert load_campaign(path).campaign.journal[-1].text == "mine"
    assert window.files._save_to(path), "after our own save there is nothing to ask"
    assert errors == []


def test_a_second_copy_is_asked_before_opening_the_same_file(
    qtbot: QtBot, tmp_path: Path, errors: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "shared.saga"
    save_campaign(sample_campaign(), path)
    first = make_window(qtbot)
    assert first.files.open_path(path)
    second = make_window(qtbot, Session(sample_campaign()))
    second.bridge.apply(AddNote("unsaved here"))
    asked = answer(monkeypatch, Button.Cancel)
    assert not second.files.open_path(path, asked=True)
    assert asked and "is open in another copy of Saga Desktop (process" in asked[0]
    assert second.document.path is None
    answer(monkeypatch, Button.Open)
    assert second.files.open_path(path, asked=True)
    assert second.document.path == path
    first.document.close()
    third = make_window(qtbot)
    assert third.files.open_path(path), "a lock given up is free again"


LEAVE_LOCK = """
import sys
from PySide6.QtCore import QLockFile
lock = QLockFile(sys.argv[1])
assert lock.tryLock(0)
import os
os._exit(0)  # killed: the lock file stays behind
"""


def _dead_lock(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-c", LEAVE_LOCK, str(path)], check=True, timeout=60)
    assert path.exists()


def test_stale_locks_of_dead_processes_are_taken_over(
    qtbot: QtBot, tmp_path: Path, errors: list[str]
) -> None:
    from saga_desktop.storage.backups import file_key

    path = tmp_path / "left.saga"
    save_campaign(sample_campaign(), path)
    _dead_lock(paths.locks_dir() / f"{file_key(path)}.lock")
    orphan = paths.recovery_dir() / "0123456789abcdef.lock"
    _dead_lock(orphan)
    window = make_window(qtbot)
    assert not orphan.exists(), "the killed session's recovery lock is cleaned at start"
    assert window.files.open_path(path)
    assert errors == []


def test_starting_with_a_file_open_elsewhere_says_so(
    qtbot: QtBot, tmp_path: Path, errors: list[str]
) -> None:
    path = tmp_path / "busy.saga"
    save_campaign(sample_campaign(), path)
    make_window(qtbot, Session(load_campaign(path).campaign), path)
    make_window(qtbot, Session(load_campaign(path).campaign), path)
    qtbot.waitUntil(lambda: len(errors) == 1)
    assert errors[0].startswith("Campaign already open|busy.saga is open in another copy")
