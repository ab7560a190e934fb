"""The open campaign as a document: its file, saving, backups and crash-recovery autosave."""

from __future__ import annotations

import uuid
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Cause, Changes
from saga_desktop.model.operation import Operation
from saga_desktop.model.session import Session
from saga_desktop.storage import encode, load_campaign, save_campaign
from saga_desktop.storage.backups import BackupStore, file_key
from saga_desktop.storage.codec import size_warning
from saga_desktop.storage.errors import CampaignFileError
from saga_desktop.storage.files import LoadResult, SaveResult
from saga_desktop.storage.oplog import OperationLog
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui.bridge import SessionBridge

Stamp = tuple[int, int]
"""A file's modification time (ns) and size, to notice changes made by other programs."""


class FileConflictError(Exception):
    """Opening or saving needs the player's word first (``str(error)`` is the question)."""


def _stamp(path: Path | None) -> Stamp | None:
    if path is None:
        return None
    try:
        st = path.resolve().stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _same_file(a: Path | None, b: Path | None) -> bool:
    return a is not None and b is not None and a.resolve() == b.resolve()


def _holder(lock: QLockFile) -> str:
    pid, host, _app = lock.getLockInfo()
    if not pid:
        return "another copy of Saga Desktop"
    return f"another copy of Saga Desktop (process {pid} on {host or 'this computer'})"


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

    sizeWarning = Signal(str)
    """The campaign passed the warning share of the file size limit (once per crossing)."""

    def __init__(
        self,
        bridge: SessionBridge,
        backups: BackupStore,
        recovery: RecoveryStore,
        path: Path | None = None,
        parent: QObject | None = None,
        locks: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.backups = backups
        self._path = path
        self._locks = locks or recovery.root.parent / "locks"
        self._file_lock: QLockFile | None = None
        self._near_limit = False
        self.lock_problem = ""
        """Set when the first file is also open in another copy (the UI tells the player)."""
        _clean_recovery_folder(recovery)
        self._slot = recovery.new_slot()
        self._lock = QLockFile(str(self._slot.lock_path))
        self._lock.setStaleLockTime(0)
        self._lock.tryLock(0)
        if path is not None and not self._take_lock(path):
            self.lock_problem = self._conflict_text(path)
        self._stamp = _stamp(path)
        self._log = OperationLog(self._slot.log_path)
        self._snapshot_taken = False
        """True once the recovery slot holds a snapshot the log's lines follow on from."""
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self._forget_recovery())

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

    def open(self, path: Path, *, force: bool = False) -> LoadResult:
        """Open a file as the current campaign; raises CampaignFileError (nothing changes then).

        Raises FileConflictError when another copy of the app has the file open, unless ``force``.
        """
        result = load_campaign(path, self.backups)
        if not _same_file(path, self._path) and not self._take_lock(path) and not force:
            raise FileConflictError(self._conflict_text(path))
        self.replace(Session(result.campaign), path)
        if result.migrated:
            self.bridge.session.mark_unsaved()
        return result

    def replace(self, session: Session, path: Path | None) -> None:
        """Make ``session`` the open campaign, living at ``path``."""
        if not _same_file(path, self._path):
            self._release_lock()
            if path is not None:
                self._take_lock(path)
        self._path = path
        self._stamp = _stamp(path)
        self.bridge.replace(session)
        self.pathChanged.emit(path)

    def save(self, path: Path | None = None, *, force: bool = False) -> SaveResult:
        """Save to ``path`` (or the current file); raises CampaignFileError, nothing lost then.

        Raises FileConflictError, with nothing written, when the file changed on disk since it was
        opened or saved here, or another copy of the app has the target open, unless ``force``.
        Saving to another file (Save as, the first save of the sample) makes the campaign a new
        one with its own id, so the copies never pass for each other.
        """
        target = path or self._path
        if target is None:
            raise CampaignFileError("Choose where to save this campaign first")
        same = _same_file(target, self._path)
        if not force:
            if same and self._stamp is not None and _stamp(target) not in (self._stamp, None):
                raise FileConflictError(
                    f"{target.name} was changed by another program since it was opened here. "
                    "Saving now replaces those changes with this campaign"
                )
            if not same and target.exists() and not self._can_lock(target):
                raise FileConflictError(self._conflict_text(target))
        campaign = self.bridge.session.export()
        old_id = campaign.id
        if not same:
            campaign.id = uuid.uuid4().hex
        try:
            result = save_campaign(campaign, target, self.backups)
        except BaseException:
            campaign.id = old_id
            raise
        if not same:
            self._release_lock()
            self._take_lock(target)
            self._path = target
            self.pathChanged.emit(target)
        self._stamp = _stamp(target)
        self.bridge.session.mark_saved()
        self._forget_recovery()  # the file holds it all now; the next change starts a new copy
        self._note_size(len(result.data))
        return result

    # -- one copy of the app per file -------------------------------------------------------------

    def _lock_for(self, path: Path) -> QLockFile:
        self._locks.mkdir(parents=True, exist_ok=True)
        lock = QLockFile(str(self._locks / f"{file_key(path)}.lock"))
        lock.setStaleLockTime(0)  # only a dead process's lock is stale; it is taken over
        return lock

    def _take_lock(self, path: Path) -> bool:
        """Hold the lock of ``path`` (instead of the one before); False if another copy has it."""
        lock = self._lock_for(path)
        if not lock.tryLock(0):
            return False
        self._release_lock()
        self._file_lock = lock
        return True

    def _can_lock(self, path: Path) -> bool:
        if self._file_lock is not None and _same_file(path, self._path):
            return True
        lock = self._lock_for(path)
        if lock.tryLock(0):
            lock.unlock()
            return True
        return False

    def _release_lock(self) -> None:
        if self._file_lock is not None:
            self._file_lock.unlock()
            self._file_lock = None

    def _conflict_text(self, path: Path) -> str:
        return f"{path.name} is open in {_holder(self._lock_for(path))}"

    # -- recovery ---------------------------------------------------------------------------------

    def _on_changed(self, changes: Changes) -> None:
        """Log the action before it counts as done (a few hundred bytes, whatever the campaign)."""
        if changes.cause is Cause.LOAD:
            return
        if not self._snapshot_taken:
            self.autosave_now()  # the first change since opening or saving: a snapshot holds it
            return
        try:
            if changes.cause is Cause.APPLY and isinstance(changes.operation, Operation):
                campaign = self.bridge.session.campaign
                self._log.applied(changes.operation, campaign.modified, changes.author)
            elif changes.cause is Cause.UNDO and self._log.can_record_undo():
                self._log.undone()
            elif changes.cause is Cause.REDO:
                self._log.redone()
            elif changes.cause in (Cause.UNDO, Cause.APPLY):
                self.autosave_now()  # an undo behind the snapshot: take a new one
                return
            else:
                return
        except (OSError, ValueError) as exc:
            self._report_error(exc)
            return
        if self._log.due():
            self.autosave_now()

    def autosave_now(self, data: bytes | None = None) -> None:
        """Write a new snapshot to the recovery slot and start its log afresh.

        Runs on the UI thread, but only now and then (on opening, on saving, every few hundred
        actions): each action in between costs one line of the log. A problem is reported, never
        raised.
        """
        session = self.bridge.session
        try:
            if data is None:
                data = encode(session.export())
            self._slot.write(data, session.campaign.name, self._path)
            self._log.restart()
            self._snapshot_taken = True
        except CampaignFileError as exc:
            self.autosaveFailed.emit(f"The recovery copy could not be written: {exc}")
            return
        except OSError as exc:
            self._report_error(exc)
            return
        self._note_size(len(data))

    def _note_size(self, size: int) -> None:
        warning = size_warning(size)
        if warning and not self._near_limit:
            self.sizeWarning.emit(warning)
        self._near_limit = warning is not None

    def flush(self) -> bool:
        """Make sure unsaved work is in the recovery slot (every logged line already is)."""
        if not self._snapshot_taken and self.bridge.session.modified:
            self.autosave_now()
        return True

    def _forget_recovery(self) -> None:
        """Drop the slot's copy: another campaign is open, or the file now holds everything.

        The next change writes a new copy, so an untouched campaign is never offered back.
        """
        self._log.discard()
        self._slot.discard()
        self._snapshot_taken = False

    def close(self) -> None:
        """A clean close: stop autosaving and remove the recovery copy."""
        self._log.discard()
        self._slot.discard()
        self._lock.unlock()
        self._release_lock()

    def _report_error(self, exc: Exception) -> None:
        self.autosaveFailed.emit(f"The recovery copy could not be written: {exc}")


def _clean_recovery_folder(recovery: RecoveryStore) -> None:
    """At start: remove temp files and lock files that killed sessions left behind."""
    recovery.root.mkdir(parents=True, exist_ok=True)
    recovery.remove_stale_temp_files()
    for path in recovery.lock_paths_without_slot():
        stale = QLockFile(str(path))
        stale.setStaleLockTime(0)
        if stale.tryLock(0):  # its process is gone: taking the lock over, then freeing it
            stale.unlock()
