"""The open campaign as a document: its file, saving, backups and crash-recovery autosave."""

from __future__ import annotations

import uuid
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Cause, Changes
from saga_desktop.model.session import Session
from saga_desktop.storage import load_campaign, save_campaign
from saga_desktop.storage.backups import BackupStore, file_key
from saga_desktop.storage.codec import size_warning
from saga_desktop.storage.errors import CampaignFileError
from saga_desktop.storage.files import LoadResult, SaveResult
from saga_desktop.storage.recorder import RecoveryRecorder
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


def _in_use(path: Path, lock: QLockFile) -> str:
    """Which copy of the app has ``path`` open, as a sentence."""
    pid, host, _app = lock.getLockInfo()
    if not pid:
        return tr("{file} is open in another copy of Saga Desktop.", file=path.name)
    if not host:
        return tr(
            "{file} is open in another copy of Saga Desktop (process {pid} on this computer).",
            file=path.name,
            pid=pid,
        )
    return tr(
        "{file} is open in another copy of Saga Desktop (process {pid} on {host}).",
        file=path.name,
        pid=pid,
        host=host,
    )


class CampaignDocument(QObject):
    """Knows where the open campaign lives on disk and keeps a recovery copy of it.

    Every change reaches this process's recovery slot as one line before it counts as done
    (:mod:`saga_desktop.storage.recorder`). The slot is locked while the app runs, so a later
    start can tell a crashed session's slot from a running one's.
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
        self._recorder: RecoveryRecorder | None = None
        """Keeps the slot in step with the session."""
        self._untouched = True
        """True until the open session's first change."""
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self._forget_recovery())
        self._attach_when_idle()

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
            raise CampaignFileError(tr("Choose where to save this campaign first."))
        same = _same_file(target, self._path)
        if not force:
            if same and self._stamp is not None and _stamp(target) not in (self._stamp, None):
                raise FileConflictError(
                    tr(
                        "{file} was changed by another program since it was opened here. "
                        "Saving now replaces those changes with this campaign.",
                        file=target.name,
                    )
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
        self._saved(target)
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
        return _in_use(path, self._lock_for(path))

    # -- recovery ---------------------------------------------------------------------------------

    def _on_changed(self, changes: Changes) -> None:
        """Log the change before it counts as done (one line, whatever the campaign's size)."""
        if changes.cause is Cause.LOAD:
            return
        first, self._untouched = self._untouched, False
        try:
            if self._recorder is None:
                self._attach(changes if first else None)
            else:
                self._recorder.record(changes)
        except (OSError, CampaignFileError) as exc:
            self._report_error(exc)
            self._recorder = None  # the next change starts the slot again
            return
        self._note_size(self._recorder.base_size if self._recorder else 0)

    def _attach(self, first: Changes | None = None) -> None:
        """Start the slot on the open session; ``first`` is its first and only change so far."""
        recorder = RecoveryRecorder(self._slot)
        recorder.attach(self.bridge.session, self._path, first)
        self._recorder = recorder

    def _attach_when_idle(self) -> None:
        """A campaign just arrived: write its base once the window is idle, not in an action."""
        self._untouched = True
        QTimer.singleShot(0, self, self._attach_if_untouched)

    def _attach_if_untouched(self) -> None:
        if self._recorder is None and self._untouched:
            self.autosave_now()

    def autosave_now(self) -> None:
        """Write a new base state to the recovery slot now and fold its log into it.

        Runs on the UI thread, but only now and then (on opening, on saving as another file,
        every few hundred changes): each change in between costs one line of the log. A problem
        is reported, never raised.
        """
        try:
            if self._recorder is None:
                self._attach()
            else:
                self._recorder.rebase()
        except (OSError, CampaignFileError) as exc:
            self._report_error(exc)
            self._recorder = None
            return
        assert self._recorder is not None
        self._note_size(self._recorder.base_size)

    def _note_size(self, size: int) -> None:
        warning = size_warning(size)
        if warning and not self._near_limit:
            self.sizeWarning.emit(warning)
        self._near_limit = warning is not None

    def flush(self) -> bool:
        """Make sure unsaved work is in the recovery slot (every logged line already is)."""
        if self.bridge.session.modified:
            try:
                if self._recorder is None:
                    self._attach()
                assert self._recorder is not None
                self._recorder.list()
            except (OSError, CampaignFileError) as exc:
                self._report_error(exc)
                self._recorder = None
                return False
        return True

    def _forget_recovery(self, *, again: bool = True) -> None:
        """Another campaign is open: drop the slot's copy and (``again``) start one for it.

        An untouched campaign is never offered back: the slot is listed at its first change.
        """
        if self._recorder is not None:
            self._recorder.discard()
            self._recorder = None
        self._slot.discard()
        if again:
            self._attach_when_idle()

    def _saved(self, path: Path) -> None:
        """The file holds everything: nothing to offer back until the next change."""
        if self._recorder is None:
            return
        try:
            self._recorder.saved(path)
        except (OSError, CampaignFileError) as exc:
            self._report_error(exc)
            self._recorder = None

    def close(self) -> None:
        """A clean close: stop recording and remove the recovery copy."""
        self._untouched = False  # no base is written after this
        self._forget_recovery(again=False)
        self._lock.unlock()
        self._release_lock()

    def _report_error(self, exc: Exception) -> None:
        self.autosaveFailed.emit(
            tr("The recovery copy could not be written: {problem}", problem=exc)
        )


def _clean_recovery_folder(recovery: RecoveryStore) -> None:
    """At start: remove temp files, unlisted slots and lock files killed sessions left behind."""
    recovery.root.mkdir(parents=True, exist_ok=True)
    recovery.remove_stale_temp_files()
    for slot in recovery.unlisted_slots():
        stale = QLockFile(str(slot.lock_path))
        stale.setStaleLockTime(0)
        if stale.tryLock(0):  # its process is gone, and it held nothing worth offering back
            slot.discard()
            stale.unlock()
    for path in recovery.lock_paths_without_slot():
        stale = QLockFile(str(path))
        stale.setStaleLockTime(0)
        if stale.tryLock(0):  # its process is gone: taking the lock over, then freeing it
            stale.unlock()
