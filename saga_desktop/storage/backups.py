"""Rotating backups: the last saves of each campaign file, kept in the user data folder.

Backups are kept per file, never per campaign id: two files made from the same campaign (the
sample, a Save as copy) must never share, or rotate away, each other's backups.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from saga_desktop.storage.atomic import atomic_write, remove_stale_temp_files

KEEP = 10
_SAFE = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True)
class Backup:
    """One backup file."""

    path: Path
    saved_at: datetime
    reason: str

    @property
    def label(self) -> str:
        """E.g. ``"2026-11-29 14:03:12 (save)"`` in local time."""
        return f"{self.saved_at.astimezone():%Y-%m-%d %H:%M:%S} ({self.reason})"


def file_key(file: Path) -> str:
    """The backup folder name of a campaign file: its name and a hash of its real location.

    Symbolic links are followed, so a file saved through a link shares its target's backups.
    """
    real = file.resolve()
    digest = hashlib.sha256(str(real).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{_SAFE.sub('_', real.stem)[:40] or 'campaign'}-{digest}"


class BackupStore:
    """Keeps the last :data:`KEEP` saves of each campaign file under ``root/<file key>/``."""

    def __init__(self, root: Path, keep: int = KEEP) -> None:
        self.root = root
        self.keep = keep

    def folder(self, file: Path) -> Path:
        """The folder of one file's backups."""
        return self.root / file_key(file)

    def add(self, file: Path, data: bytes, reason: str = "save") -> Path:
        """Store a backup of ``file`` and drop the oldest beyond the limit. Returns its path.

        Raises OSError when the backup cannot be written.
        """
        folder = self.folder(file)
        folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temp_files(folder)
        now = datetime.now(UTC)
        stem = f"{now:%Y%m%dT%H%M%S_%f}Z-{_SAFE.sub('_', reason)[:32]}"
        path = folder / f"{stem}.saga"
        atomic_write(path, data)
        self._prune(folder)
        return path

    def list(self, file: Path) -> list[Backup]:
        """A file's backups, newest first."""
        folder = self.folder(file)
        if not folder.is_dir():
            return []
        found = []
        for path in folder.glob("*.saga"):
            stamp, _, reason = path.stem.partition("-")
            try:
                when = datetime.strptime(stamp, "%Y%m%dT%H%M%S_%fZ").replace(tzinfo=UTC)
            except ValueError:
                continue
            found.append(Backup(path, when, reason or "save"))
        return sorted(found, key=lambda b: b.saved_at, reverse=True)

    def _prune(self, folder: Path) -> None:
        backups = sorted(folder.glob("*.saga"), key=lambda p: p.name, reverse=True)
        for old in backups[self.keep :]:
            with contextlib.suppress(OSError):
                old.unlink()
