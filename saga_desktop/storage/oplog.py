"""The recovery log: a base state of the campaign and, after it, every change as one line.

A change counts as done only once its line is written (and flushed to the operating system, so a
killed process loses nothing). A line is a few hundred bytes whatever the size of the campaign,
so an action costs the same with ten regions or ten thousand.

The first line names the base it follows on from (``{"base": <digest of the base's bytes>}``);
then ``{"do": <operation as data>, "at": <when it was applied>, "by": <author>}``,
``{"undo": <label>}`` or ``{"redo": <label>}``. Recovery replays them onto the base with the same
clock and generator, so every roll and draw comes out the same, and an undo or redo replays as
itself: the base is the oldest state Undo could reach (see :mod:`saga_desktop.storage.recorder`).
A new base is written beside the log it replaces and the log moved over it last, so a process
killed in between still leaves one base with its matching log.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import os
import pkgutil
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from saga_desktop.i18n.words import Words, english
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.chat_log import replay_talk
from saga_desktop.model.operation import Operation as _Operation
from saga_desktop.model.operation import OperationError, operation_from_data, operation_to_data
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.storage.codec import decode
from saga_desktop.storage.errors import CampaignFileError

Line = dict[str, Any]


def base_digest(data: bytes) -> str:
    """The name a log gives the base it follows on from."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _dumps(entry: Line) -> bytes:
    return json.dumps(entry, separators=(",", ":")).encode("utf-8") + b"\n"


def do_line(op: _Operation, at: datetime, author: str) -> Line:
    """The line of an operation applied at ``at`` (its time is replayed, so its journal matches)."""
    return {"do": operation_to_data(op), "at": at.isoformat(), "by": author}


class OperationLog:
    """The append-only log of one recovery slot (``<slot>.log`` beside ``<slot>.saga``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.next_path = path.with_name(path.name + ".next")
        self._file: IO[bytes] | None = None
        self.lines = 0

    def prepare(self, digest: str, lines: Iterable[Line]) -> None:
        """Write the log of a base about to be written (beside the current log, synced)."""
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        body = [_dumps({"base": digest}), *(_dumps(line) for line in lines)]
        with self.next_path.open("wb") as handle:
            handle.write(b"".join(body))
            handle.flush()
            os.fsync(handle.fileno())
        self.lines = len(body) - 1

    def commit(self) -> None:
        """The new base is on disk: its log replaces the old one, and lines append to it."""
        self.next_path.replace(self.path)
        self._file = self.path.open("ab")

    def write(self, entry: Line) -> None:
        """Append one line, in the operating system's hands before this returns."""
        if self._file is None:
            raise OSError("the recovery log is not open")
        self._file.write(_dumps(entry))
        self._file.flush()  # survives the process being killed
        self.lines += 1

    def close(self) -> None:
        """Close the file (the lines stay on disk)."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def discard(self) -> None:
        """Close and remove the log."""
        self.close()
        for path in (self.path, self.next_path):
            with contextlib.suppress(OSError):
                path.unlink()


@dataclass(frozen=True)
class Recovered:
    """A campaign rebuilt from a base and its log."""

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


class _TornLineError(Exception):
    """The log ends in a line the process was writing when it died."""


def _entries(log: Path) -> Iterator[Line]:
    """The log's lines; raises _TornLineError at a last line that was never finished."""
    if not log.is_file():
        return
    with log.open("rb") as handle:
        for raw in handle:
            try:
                entry = json.loads(raw) if raw.endswith(b"\n") else None
            except ValueError:
                entry = None
            if not isinstance(entry, dict):
                raise _TornLineError
            yield entry


def _header(log: Path) -> str | None:
    with contextlib.suppress(_TornLineError, OSError):
        for entry in _entries(log):
            return str(entry["base"]) if "base" in entry else None
    return None


def log_of(base: bytes, log: Path) -> Path:
    """The log that follows on from ``base``.

    That is the slot's log, or the one written beside it when the process died between writing
    a new base and moving its log into place.
    """
    digest = base_digest(base)
    following = log.with_name(log.name + ".next")
    if _header(log) != digest and _header(following) == digest:
        return following
    return log


def _replay(session: Session, clock: _ReplayClock, entry: Line) -> bool:
    """Replay one line; False for a header. Raises OperationError when it cannot match."""
    if "base" in entry:
        return False
    if "do" in entry:
        clock.now = datetime.fromisoformat(str(entry["at"]))
        session.apply(operation_from_data(entry["do"]), author=str(entry.get("by", "gm")))
    elif "undo" in entry:
        _check_label("undo", entry["undo"], _english(session.undo_label))
        session.undo()
    elif "redo" in entry:
        _check_label("redo", entry["redo"], _english(session.redo_label))
        session.redo()
    elif "talk" in entry:
        try:
            replay_talk(session.talk, entry)
        except ValueError as exc:
            raise OperationError(f"a chat line that does not read: {exc}") from None
    else:
        raise OperationError("a line of an unknown kind")
    return True


def _english(label: Words | str | None) -> str | None:
    """A step's label as the log writes it: its English (the log is read by the app, not shown)."""
    return None if label is None else english(label)


def _check_label(kind: str, logged: object, label: str | None) -> None:
    article = "an" if kind == "undo" else "a"
    if label is None:
        raise OperationError(f"{article} {kind} with nothing to {kind}")
    if isinstance(logged, str) and logged != label:
        raise OperationError(f"{article} {kind} of “{logged}” where the history holds “{label}”")


def load_operations(campaign: Campaign) -> None:
    """Import every operation module of the core and of the campaign's game (lines name them)."""
    module = importlib.import_module(type(find_ruleset(campaign.ruleset)).__module__)
    game = module.__name__ if hasattr(module, "__path__") else module.__name__.rsplit(".", 1)[0]
    for package_name in ("saga_desktop.model.ops", game):
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, f"{package_name}."):
            importlib.import_module(info.name)


def recover(base: bytes, log: Path) -> Recovered:
    """The campaign of a recovery slot: its base with every logged change replayed.

    Raises CampaignFileError when the base cannot be read; a log line that cannot be replayed
    stops the replay there, and :attr:`Recovered.problem` says so: the campaign is then the last
    state the log reached without doubt (nothing after it is guessed).
    """
    campaign, _version = decode(base)
    load_operations(campaign)
    clock = _ReplayClock()
    session = Session(campaign, clock=clock)
    replayed = 0
    log = log_of(base, log)
    header = _header(log)
    if header is not None and header != base_digest(base):
        return Recovered(
            session.export(), 0, "The log of changes belongs to another copy; none replayed."
        )
    lines = _entries(log)
    while True:
        try:
            entry = next(lines, None)
        except _TornLineError:
            return Recovered(
                session.export(),
                replayed,
                f"The log ends in a change that was still being written when the app stopped; "
                f"the campaign is as it was after the {replayed} changes before it.",
            )
        if entry is None:
            break
        try:
            replayed += _replay(session, clock, entry)
        except (OperationError, ValueError, KeyError) as exc:
            return Recovered(
                session.export(),
                replayed,
                f"Change {replayed + 1} of the log could not be replayed ({exc}); the campaign "
                f"is as it was after the {replayed} changes before it.",
            )
    return Recovered(session.export(), replayed)


__all__ = ["CampaignFileError", "OperationLog", "Recovered", "base_digest", "do_line", "recover"]
