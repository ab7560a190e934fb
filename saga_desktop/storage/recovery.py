"""Crash recovery: every running session keeps its own slot in the user data folder.

A slot is ``<id>.saga`` (a base state of the campaign), ``<id>.log`` (every change since the
base, one line each: :mod:`saga_desktop.storage.oplog`) and ``<id>.json`` (where it came from,
when it was written: present only while the slot holds work not saved to a file). A clean close
discards the slot; a slot left behind by a crash or kill is offered back on the next start.
Which slots belong to a live process is decided by the UI with a lock file per slot
(``<id>.lock``; Qt's QLockFile knows stale locks from live ones).

A base is written whole (atomically) now and then; between bases every change is one line of
the slot's log, so play never waits for an encode of the whole campaign
(:mod:`saga_desktop.storage.recorder` keeps the two in step with a session).
"""

from __future__ import annotations

import contextlib
import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from saga_desktop.i18n import tr
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
        """Write the campaign as the base, then its description (both atomically)."""
        self.write_base(data)
        self.write_meta(name, source)

    def write_base(self, data: bytes) -> None:
        """Write the base state the log follows on from (atomically)."""
        self.root.mkdir(parents=True, exist_ok=True)
        atomic_write(self.path, data)

    def write_meta(self, name: str, source: Path | None) -> None:
        """Describe the slot: from now on it holds work worth offering back after a crash."""
        self.root.mkdir(parents=True, exist_ok=True)
        meta = {
            "name": name,
            "source": str(source) if source else None,
            "saved_at": datetime.now(UTC).isoformat(),
        }
        atomic_write(self.meta_path, json.dumps(meta).encode("utf-8"))

    def drop_meta(self) -> None:
        """Nothing to offer back (the file holds it all): the slot is no longer listed."""
        with contextlib.suppress(OSError):
            self.meta_path.unlink()

    def discard(self) -> None:
        """Remove the slot's files (after a clean close, or once recovered)."""
        next_log = self.log_path.with_name(self.log_path.name + ".next")
        for path in (self.meta_path, self.path, self.log_path, next_log):
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

    def unlisted_slots(self) -> list[RecoverySlot]:
        """Slots with a base but no description: nothing unsaved (the UI removes dead ones)."""
        if not self.root.is_dir():
            return []
        bases = self.root.glob("*.saga")
        return [self.slot(p.stem) for p in bases if not p.with_suffix(".json").exists()]

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
                name = str(meta.get("name") or tr("Untitled campaign"))
                source = Path(meta["source"]) if meta.get("source") else None
            except (OSError, ValueError, KeyError, TypeError):
                continue
            found.append(RecoveryEntry(meta_path.stem, saga, name, source, when))
        return sorted(found, key=lambda e: e.saved_at, reverse=True)

    def slot(self, slot_id: str) -> RecoverySlot:
        """An existing slot by id."""
        return RecoverySlot(self.root, slot_id)

    def recover(self, entry: RecoveryEntry) -> Recovered:
        """The campaign of a slot: its base with every logged change replayed.

        Raises CampaignFileError when the base cannot be read, OSError when it is gone.
        """
        return recover(entry.path.read_bytes(), entry.path.with_suffix(".log"))
