"""After a crash while hosting, the recovery offer is settled before the game is hosted again.

*Later* on the recovery offer once still hosted again at once, from the file on disk, so the
returning players got the state from before the unsaved work.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

from PySide6.QtWidgets import QMainWindow, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.app import HOSTING_WAITS, resume_hosting
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.storage.recovery import RecoveryEntry
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.menu import SessionMenu
from tests.ui.network.test_rehost import crash


class _Window(QMainWindow):
    def __init__(self, path: Path) -> None:
        super().__init__()
        self.document = SimpleNamespace(path=path)

    def menu(self, title: str) -> QMenu:
        return self.menuBar().addMenu(title)


def _entry(source: Path | None) -> RecoveryEntry:
    return RecoveryEntry(
        "slot", Path("slot.saga"), "The Shattered Coast", source, datetime.now(UTC)
    )


def _crashed_host(qtbot: QtBot, path: Path) -> tuple[_Window, SessionMenu]:
    """A window whose last hosting of its campaign ended in a crash (the state kept)."""
    session = build_sample()
    before = _Window(path)
    qtbot.addWidget(before)
    first = SessionMenu(before, SessionBridge(session, before))
    hosting = first.host(port=0)
    assert hosting is not None
    crash(hosting)
    first.hosting = None
    after = _Window(path)
    qtbot.addWidget(after)
    menu = SessionMenu(after, SessionBridge(session, after))
    assert menu.kept() is not None
    return after, menu


def test_later_on_the_same_files_work_waits_for_the_gm(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "coast.saga"
    window, menu = _crashed_host(qtbot, path)
    try:
        resume_hosting(window, menu, [_entry(path)])  # type: ignore[arg-type]
        assert menu.hosting is None
        assert window.statusBar().currentMessage() == HOSTING_WAITS
        # The GM chooses: Session › Host this campaign… hosts again with the kept codes.
        kept = menu.kept()
        assert kept is not None
        hosting = menu.host()
        assert hosting is not None and hosting.join_code.text == kept.join_code
    finally:
        menu.stop_hosting()


def test_nothing_put_off_or_another_files_work_hosts_again_at_once(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "coast.saga"
    for postponed in ([], [_entry(tmp_path / "another.saga")]):
        window, menu = _crashed_host(qtbot, path)
        try:
            resume_hosting(window, menu, postponed)  # type: ignore[arg-type]
            assert menu.hosting is not None
        finally:
            menu.stop_hosting()
