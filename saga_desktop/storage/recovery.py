"""Crash recovery: every running session autosaves to its own slot in the user data folder.

A slot is ``<id>.saga`` (a snapshot of the campaign), ``<id>.log`` (every action since the
snapshot, one line each: :mod:`saga_desktop.storage.oplog`) and ``<id>.json`` (where it came
from, when it was written). A clean close discards the slot; a slot left behind by a crash or
kill is offered back on the next start. Which slots belong to a live process is decided by the
UI with a lock file per slot (``<id>.lock``; Qt's QLockFile knows stale locks from live ones).

A snapshot is written whole (atomically); between snapshots every action is one line of the
slot's log, so play never waits for an encode of the whole campaign.
"""

from __future__ import annotations

import contextlib
import json
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from saga_desktop.storage.atomic import atomic_write, remove_stale_temp_files
from saga_desktop.storage.oplog import Recovered, recover


@dataclass(frozen=True)
class RecoveryEntry:
    """An autosaved campaign found on disk."""

    slot_id: str
    path: Path
    name: str
    source: Path | None
    saved_at: datetime


class RecoverySlot:
    """The autosave files of one running session."""

    def __init__(self, root: Path, slot_id: str | None = None) -> None:
        self.root = root
        self.id = slot_id or uuid.uuid4().hex
        self.path = root / f"{self.id}.saga"
        self.meta_path = root / f"{self.id}.json"
        self.lock_path = root / f"{self.id}.lock"
        self.log_path = root / f"{self.id}.log"

    def write(self, data: bytes, name: str, source: Path | None) -> None:
        """Write the campaign, then its description (both atomically)."""
        self.root.mkdir(parents=True, exist_ok=True)
        atomic_write(self.path, data)
        meta = {
            "name": name,
            "source": str(source) if source else None,
            "saved_at": datetime.now(UTC).isoformat(),
        }
        atomic_write(self.meta_path, json.dumps(meta).encode("utf-8"))

    def discard(self) -> None:
        """Remove the slot's files (after a clean close, or once recovered)."""
        for path in (self.path, self.log_path, self.meta_path):
            with contextlib.suppress(OSError):
                path.unlink()


class RecoveryStore:
    """All recovery slots under one folder."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def new_slot(self) -> RecoverySlot:
        """A fresh slot for a starting session."""
        return RecoverySlot(self.root)

    def remove_stale_temp_files(self) -> int:
        """Remove temp files killed autosaves left behind; returns how many."""
        return remove_stale_temp_files(self.root) if self.root.is_dir() else 0

    def lock_paths_without_slot(self) -> list[Path]:
        """Lock files whose slot has no autosaved campaign (left by a killed session)."""
        if not self.root.is_dir():
            return []
        return [p for p in self.root.glob("*.lock") if not p.with_suffix(".saga").exists()]

    def entries(self) -> list[RecoveryEntry]:
        """Every slot with a readable description, newest first."""
        if not self.root.is_dir():
            return []
        found = []
        for meta_path in self.root.glob("*.json"):
            saga = meta_path.with_suffix(".saga")
            if not saga.is_file():
                continue
            try:
                meta = json.loads(meta_path.read_text("utf-8"))
                when = datetime.fromisoformat(meta["saved_at"])
                name = str(meta.get("name") or "Untitled campaign")
                source = Path(meta["source"]) if meta.get("source") else None
            except (OSError, ValueError, KeyError, TypeError):
                continue
            found.append(RecoveryEntry(meta_path.stem, saga, name, source, when))
        return sorted(found, key=lambda e: e.saved_at, reverse=True)

    def slot(self, slot_id: str) -> RecoverySlot:
        """An existing slot by id."""
        return RecoverySlot(self.root, slot_id)

    def recover(self, entry: RecoveryEntry) -> Recovered:
        """The campaign of a slot: its snapshot with every logged action replayed.

        Raises CampaignFileError when the snapshot cannot be read, OSError when it is gone.
        """
        return recover(entry.path.read_bytes(), entry.path.with_suffix(".log"))


class AutosaveWriter:
    """Writes a slot on a background thread; when writes pile up only the newest is written."""

    def __init__(self, slot: RecoverySlot, on_error: Callable[[Exception], None]) -> None:
        self.slot = slot
        self._on_error = on_error
        self._pending: tuple[bytes, str, Path | None] | None = None
        self._busy = False
        self._cond = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, data: bytes, name: str, source: Path | None) -> None:
        """Queue the newest state for writing (replacing any state not yet written)."""
        with self._cond:
            self._pending = (data, name, source)
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything submitted is on disk. False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def close(self) -> None:
        """Finish pending writes and stop the thread."""
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=10.0)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                job, self._pending = self._pending, None
                self._busy = True
            try:
                self.slot.write(*job)
            except Exception as exc:  # reported to the UI, never lost silently
                self._on_error(exc)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
