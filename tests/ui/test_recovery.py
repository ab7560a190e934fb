"""After a crash or kill, the next start offers the unsaved work back, and nothing is lost."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from saga_desktop.app import build_window, offer_recovery, orphaned_recoveries
from saga_desktop.storage import paths
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import files as files_module
from saga_desktop.ui.messages import Button

CRASHING_SESSION = textwrap.dedent(
    """
    import os, signal
    from saga_desktop.app import build_window, make_application
    from saga_desktop.model.ops.journal import AddNote
    app = make_application()
    window, _ = build_window(None)
    window.bridge.apply(AddNote("Written just before the power cut."))
    assert window.document.flush()
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


@pytest.mark.skipif(not hasattr(os, "kill") or os.name != "posix", reason="needs SIGKILL")
def test_killed_session_is_offered_back(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    result = subprocess.run(
        [sys.executable, "-c", CRASHING_SESSION],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == -9, result.stderr
    store = RecoveryStore(paths.recovery_dir())
    [entry] = store.entries()
    assert entry.source is None  # the sample campaign, never saved

    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)

    def accept(dialog: QDialog) -> int:
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr("saga_desktop.ui.dialogs.RecoveryDialog.exec", accept)
    window, problem = build_window(None)
    qtbot.addWidget(window)
    assert problem == ""
    offer_recovery(window, store)
    journal = window.document.campaign.journal
    assert journal[-1].text == "Written just before the power cut."
    assert window.isWindowModified()
    # The old slot is gone; the recovered work now lives in this session's own slot.
    assert window.document.flush()
    entries = store.entries()
    assert len(entries) == 1 and entries[0].slot_id != entry.slot_id
    assert orphaned_recoveries(store) == []  # this session holds its lock


def test_a_running_session_is_not_offered(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)
    window, _ = build_window(None)
    qtbot.addWidget(window)
    from saga_desktop.model.ops.journal import AddNote

    window.bridge.apply(AddNote("live"))
    assert window.document.flush()
    store = RecoveryStore(paths.recovery_dir())
    assert len(store.entries()) == 1
    assert orphaned_recoveries(store) == []


def test_clean_close_leaves_no_recovery(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)
    window, _ = build_window(None)
    qtbot.addWidget(window)
    from saga_desktop.model.ops.journal import AddNote

    window.bridge.apply(AddNote("gone"))
    assert window.document.flush()
    window.close()
    assert RecoveryStore(paths.recovery_dir()).entries() == []


def test_discarding_removes_the_work(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    store = RecoveryStore(paths.recovery_dir())
    slot = store.new_slot()
    from saga_desktop.model.songs.sample import sample_campaign
    from saga_desktop.storage import encode

    slot.write(encode(sample_campaign()), "Orphan", None)

    def discard(dialog: QDialog) -> int:
        dialog.discarded = True
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr("saga_desktop.ui.dialogs.RecoveryDialog.exec", discard)
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)
    window, _ = build_window(None)
    qtbot.addWidget(window)
    offer_recovery(window, store)
    assert all(e.slot_id != slot.id for e in store.entries())
    assert QSettings().value("files/last") is None


KILLED_RIGHT_AFTER = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from saga_desktop.app import build_window, make_application
    from saga_desktop.model.ops.journal import AddNote
    from saga_desktop.model.ops.map import ChartRegion
    app = make_application()
    window, _ = build_window(None)
    apply = window.bridge.apply
    apply(AddNote("One"))
    apply(ChartRegion(9, -9, title="Drawn from the deck"))  # a card from the generator
    apply(AddNote("Taken back"))
    window.bridge.session.undo()
    apply(AddNote("The very last action"))
    Path(sys.argv[1]).write_text(window.bridge.session.export().model_dump_json())
    os.kill(os.getpid(), signal.SIGKILL)  # no event loop ran, nothing was flushed
    """
)


@pytest.mark.skipif(not hasattr(os, "kill") or os.name != "posix", reason="needs SIGKILL")
def test_a_kill_right_after_an_action_loses_nothing(tmp_path: Path) -> None:
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    expected = tmp_path / "expected.json"
    result = subprocess.run(
        [sys.executable, "-c", KILLED_RIGHT_AFTER, str(expected)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == -9, result.stderr
    store = RecoveryStore(paths.recovery_dir())
    [entry] = store.entries()
    recovered = store.recover(entry)
    assert recovered.problem == ""
    assert recovered.campaign.model_dump_json() == expected.read_text()
    assert recovered.campaign.journal[-1].text == "The very last action"


def test_an_untouched_campaign_leaves_nothing_to_recover(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)
    window, _problem = build_window(None)
    qtbot.addWidget(window)
    store = RecoveryStore(paths.recovery_dir())
    assert window.document.flush()
    assert store.entries() == [], "nothing was changed: a crash now must offer nothing back"
    from saga_desktop.model.ops.journal import AddNote

    window.bridge.apply(AddNote("Now there is work to lose"))
    assert [e.name for e in store.entries()] == [window.document.campaign.name]


UNDO_REDO_THEN_KILLED = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from saga_desktop.app import build_window, make_application
    from saga_desktop.model.ops.journal import AddNote
    app = make_application()
    window, _ = build_window(None)
    window.document.save(Path(sys.argv[2]))
    apply, session = window.bridge.apply, window.bridge.session
    apply(AddNote("First note"))
    session.undo()
    session.redo()
    apply(AddNote("Second note"))
    Path(sys.argv[1]).write_text(session.export().model_dump_json())
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


@pytest.mark.skipif(not hasattr(os, "kill") or os.name != "posix", reason="needs SIGKILL")
def test_undo_and_redo_before_a_kill_lose_nothing(tmp_path: Path) -> None:
    """Issue 25: a note, Undo, Redo, another note, a kill: both notes come back."""
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    expected = tmp_path / "expected.json"
    result = subprocess.run(
        [sys.executable, "-c", UNDO_REDO_THEN_KILLED, str(expected), str(tmp_path / "c.saga")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == -9, result.stderr
    [entry] = RecoveryStore(paths.recovery_dir()).entries()
    recovered = RecoveryStore(paths.recovery_dir()).recover(entry)
    assert recovered.problem == ""
    assert recovered.campaign.model_dump_json() == expected.read_text()
    assert [e.text for e in recovered.campaign.journal[-2:]] == ["First note", "Second note"]
