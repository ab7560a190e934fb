"""The open campaign as a document: its file, saving, backups and crash-recovery autosave."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Cause, Changes
from saga_desktop.model.session import Session
from saga_desktop.storage import encode, load_campaign, save_campaign
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.errors import CampaignFileError
from saga_desktop.storage.files import LoadResult
from saga_desktop.storage.recovery import AutosaveWriter, RecoveryStore
from saga_desktop.ui.bridge import SessionBridge


class CampaignDocument(QObject):
    """Knows where the open campaign lives on disk and keeps a recovery copy of it.

    After every change the campaign is written to this process's recovery slot (on a background
    thread). The slot is locked while the app runs, so a later start can tell a crashed session's
    slot from a running one's.
    """

    pathChanged = Signal(object)
    """The file of the open campaign changed (a Path, or None for an unsaved campaign)."""

    autosaveFailed = Signal(str)
    """The recovery copy could not be written (the message says why)."""

    def __init__(
        self,
        bridge: SessionBridge,
        backups: BackupStore,
        recovery: RecoveryStore,
        path: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.backups = backups
        self._path = path
        self._slot = recovery.new_slot()
        recovery.root.mkdir(parents=True, exist_ok=True)
        self._lock = QLockFile(str(self._slot.lock_path))
        self._lock.setStaleLockTime(0)
        self._lock.tryLock(0)
        self._writer = AutosaveWriter(self._slot, self._report_error)
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self.autosave_now)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self._timer.start())

    # -- state ----------------------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        """The campaign's file, or None when it was never saved."""
        return self._path

    @property
    def session(self) -> Session:
        """The open session."""
        return self.bridge.session

    @property
    def campaign(self) -> Campaign:
        """The open campaign."""
        return self.bridge.session.campaign

    @property
    def modified(self) -> bool:
        """True when there is work not yet saved to the campaign's file."""
        return self.bridge.session.modified

    # -- opening and saving -----------------------------------------------------------------------

    def open(self, path: Path) -> LoadResult:
        """Open a file as the current campaign; raises CampaignFileError (nothing changes then)."""
        result = load_campaign(path, self.backups)
        self.replace(Session(result.campaign), path)
        if result.migrated:
            self.bridge.session.mark_unsaved()
        return result

    def replace(self, session: Session, path: Path | None) -> None:
        """Make ``session`` the open campaign, living at ``path``."""
        self._path = path
        self.bridge.replace(session)
        self.pathChanged.emit(path)

    def save(self, path: Path | None = None) -> None:
        """Save to ``path`` (or the current file); raises CampaignFileError, nothing lost then."""
        target = path or self._path
        if target is None:
            raise CampaignFileError("Choose where to save this campaign first")
        save_campaign(self.bridge.session.export(), target, self.backups)
        if target != self._path:
            self._path = target
            self.pathChanged.emit(target)
        self.bridge.session.mark_saved()

    # -- recovery ---------------------------------------------------------------------------------

    def _on_changed(self, changes: Changes) -> None:
        if changes.cause is not Cause.LOAD:
            self._timer.start()

    def autosave_now(self) -> None:
        """Queue the current state for the recovery slot."""
        session = self.bridge.session
        self._writer.submit(encode(session.export()), session.campaign.name, self._path)

    def flush(self) -> bool:
        """Wait until the recovery copy is on disk."""
        if self._timer.isActive():
            self._timer.stop()
            self.autosave_now()
        return self._writer.flush()

    def close(self) -> None:
        """A clean close: stop autosaving and remove the recovery copy."""
        self._timer.stop()
        self._writer.close()
        self._slot.discard()
        self._lock.unlock()

    def _report_error(self, exc: Exception) -> None:
        # Runs on the writer thread; a queued signal carries it to the UI thread.
        self.autosaveFailed.emit(f"The recovery copy could not be written: {exc}")
