"""The recovery log: a snapshot of the campaign and, after it, every action as one line.

An action counts as done only once its line is written (and flushed to the operating system, so
a killed process loses nothing; the snapshot is fsynced). A line is a few hundred bytes whatever
the size of the campaign, so an action costs the same with ten regions or ten thousand. Now and
then (every :data:`COMPACT_EVERY` lines, on saving, when a campaign is opened, and when an undo
reaches back behind the snapshot) a new snapshot replaces the log, as databases do with their
write-ahead logs.

Lines are JSON: ``{"do": <operation as data>, "at": <the time it was applied>, "by": <author>}``,
``{"undo": 1}`` or ``{"redo": 1}``. Recovery replays them onto the snapshot with the same clock
and generator, so every roll and draw comes out the same.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation as _Operation
from saga_desktop.model.operation import OperationError, operation_from_data, operation_to_data
from saga_desktop.model.session import Session
from saga_desktop.storage.codec import decode
from saga_desktop.storage.errors import CampaignFileError

COMPACT_EVERY = 500
"""Lines after which the log is folded into a new snapshot."""


class OperationLog:
    """The append-only log of one recovery slot (``<slot>.log`` beside ``<slot>.saga``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[bytes] | None = None
        self.lines = 0
        self.depth = 0
        """Actions since the snapshot that an undo may still take back."""

    def restart(self) -> None:
        """Begin an empty log (the snapshot beside it now holds everything)."""
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("wb")
        self.lines = 0
        self.depth = 0

    def _write(self, entry: dict[str, Any]) -> None:
        if self._file is None:
            self.restart()
        assert self._file is not None
        self._file.write(json.dumps(entry, separators=(",", ":")).encode("utf-8") + b"\n")
        self._file.flush()  # in the operating system's hands: survives the process being killed
        self.lines += 1

    def applied(self, op: _Operation, at: datetime, author: str) -> None:
        """Record an operation applied at ``at`` (its time is replayed, so its journal matches)."""
        self._write({"do": operation_to_data(op), "at": at.isoformat(), "by": author})
        self.depth += 1

    def can_record_undo(self) -> bool:
        """False when an undo would take back an action the snapshot already holds."""
        return self.depth > 0

    def undone(self) -> None:
        """Record an undo (only when :meth:`can_record_undo`)."""
        self._write({"undo": 1})
        self.depth -= 1

    def redone(self) -> None:
        """Record a redo."""
        self._write({"redo": 1})
        self.depth += 1

    def due(self) -> bool:
        """True when the log has grown enough to fold into a new snapshot."""
        return self.lines >= COMPACT_EVERY

    def close(self) -> None:
        """Close the file (the lines stay on disk)."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def discard(self) -> None:
        """Close and remove the log."""
        self.close()
        with contextlib.suppress(OSError):
            self.path.unlink()


def sync(path: Path) -> None:
    """Push a file's bytes to the disk itself (for snapshots, not for every line)."""
    with contextlib.suppress(OSError), path.open("rb") as handle:
        os.fsync(handle.fileno())


@dataclass(frozen=True)
class Recovered:
    """A campaign rebuilt from a snapshot and its log."""

    campaign: Campaign
    replayed: int
    problem: str = ""
    """Why replay stopped before the end of the log ("" when every line was replayed)."""


class _ReplayClock:
    """Gives each replayed operation the time it was first applied."""

    def __init__(self) -> None:
        self.now: datetime | None = None

    def __call__(self) -> datetime:
        assert self.now is not None
        return self.now


def _entries(log: Path) -> Iterator[dict[str, Any]]:
    if not log.is_file():
        return
    with log.open("rb") as handle:
        for raw in handle:
            if not raw.endswith(b"\n"):
                return  # the last line was being written when the process died
            try:
                entry = json.loads(raw)
            except ValueError:
                return
            if isinstance(entry, dict):
                yield entry


def recover(snapshot: bytes, log: Path) -> Recovered:
    """The campaign of a recovery slot: its snapshot with every logged action replayed.

    Raises CampaignFileError when the snapshot cannot be read; a log line that cannot be replayed
    stops the replay there, and :attr:`Recovered.problem` says so (nothing after it is guessed).
    """
    campaign, _version = decode(snapshot)
    clock = _ReplayClock()
    session = Session(campaign, clock=clock)
    replayed = 0
    for entry in _entries(log):
        try:
            if "do" in entry:
                clock.now = datetime.fromisoformat(str(entry["at"]))
                session.apply(operation_from_data(entry["do"]), author=str(entry.get("by", "gm")))
            elif "undo" in entry:
                if not session.undo():
                    raise OperationError("an undo with nothing to undo")
            elif "redo" in entry:
                if not session.redo():
                    raise OperationError("a redo with nothing to redo")
            else:
                raise OperationError("a line of an unknown kind")
        except (OperationError, ValueError, KeyError) as exc:
            return Recovered(
                session.export(), replayed, f"Replay stopped after {replayed} actions: {exc}"
            )
        replayed += 1
    return Recovered(session.export(), replayed)


__all__ = ["COMPACT_EVERY", "CampaignFileError", "OperationLog", "Recovered", "recover", "sync"]
