"""Rotating backups: the last saves of each campaign, kept in the user data folder."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from saga_desktop.storage.atomic import atomic_write

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


class BackupStore:
    """Keeps the last :data:`KEEP` saves of each campaign under ``root/<campaign id>/``."""

    def __init__(self, root: Path, keep: int = KEEP) -> None:
        self.root = root
        self.keep = keep

    def folder(self, campaign_id: str) -> Path:
        """The folder of one campaign's backups."""
        return self.root / _SAFE.sub("_", campaign_id)[:64]

    def add(self, campaign_id: str, data: bytes, reason: str = "save") -> Path:
        """Store a backup and drop the oldest beyond the limit. Returns its path."""
        folder = self.folder(campaign_id)
        folder.mkdir(parents=True, exist_ok=True)
        now = datetime.now(UTC)
        stem = f"{now:%Y%m%dT%H%M%S_%f}Z-{_SAFE.sub('_', reason)[:32]}"
        path = folder / f"{stem}.saga"
        atomic_write(path, data)
        self._prune(folder)
        return path

    def list(self, campaign_id: str) -> list[Backup]:
        """A campaign's backups, newest first."""
        folder = self.folder(campaign_id)
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
