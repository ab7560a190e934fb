"""Keeps a recovery slot in step with an open session, one line per change.

The slot's base is the oldest state Undo can reach, and its log holds every change since: the
steps Undo can take back, the steps Redo can replay, and every apply, undo and redo after them,
each as itself. A replay therefore rebuilds the session's history too, so an undo that reaches
back past the last save, or a redo after it, replays like any other line. Nothing on the way
costs more than one line: a new base (an encode of the whole campaign) is written only on
opening, after a save as another file, and every :data:`COMPACT_EVERY` lines, when the log is
folded down to the history it must keep.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from saga_desktop.i18n.words import english
from saga_desktop.model.changes import Cause, Changes
from saga_desktop.model.chat import TalkChange
from saga_desktop.model.chat_log import talk_line
from saga_desktop.model.operation import Operation
from saga_desktop.model.session import HISTORY_LIMIT, Session
from saga_desktop.storage.codec import encode
from saga_desktop.storage.errors import CampaignFileError
from saga_desktop.storage.oplog import Line, OperationLog, base_digest, do_line
from saga_desktop.storage.recovery import RecoverySlot

log = logging.getLogger(__name__)
COMPACT_EVERY = 500
"""Lines beyond the history's own after which the log is folded into a new base."""


@dataclass(frozen=True, slots=True)
class _Step:
    """One step of the session's history as the log knows it: its line and its label."""

    line: Line
    label: str


class RecoveryRecorder:
    """Writes every change of one session to a recovery slot before it counts as done.

    ``record`` is called with each change report; errors (OSError, CampaignFileError) are raised
    to the caller, who tells the player. ``saved`` is called once the campaign's file holds it all.
    """

    def __init__(self, slot: RecoverySlot) -> None:
        self.slot = slot
        self.log = OperationLog(slot.log_path)
        self._session: Session | None = None
        self._source: Path | None = None
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self._complete = False
        """True while ``_undo`` and ``_redo`` mirror the session's whole history."""
        self._listed = False
        self._campaign_id = ""
        self.base_size = 0
        """The size of the last base written (for the file size warning)."""
        self._talk_off: Callable[[], None] = lambda: None

    @property
    def session(self) -> Session:
        """The session being recorded."""
        if self._session is None:
            raise RuntimeError("no session is being recorded")
        return self._session

    def attach(self, session: Session, source: Path | None, first: Changes | None = None) -> None:
        """Record ``session`` from now on: a new base, its log, nothing offered back yet.

        ``first`` is the session's first change when it is the only step of its history (a
        campaign just opened, then changed once): the base is then the state before it.
        """
        self._talk_off()
        self._session = session
        self._talk_off = session.talk.subscribe(self._talked)
        self._source = source
        self._undo.clear()
        self._redo.clear()
        self._complete = session.undo_label is None and session.redo_label is None
        step = self._step(first) if first is not None else None
        if step is not None:
            self._undo.append(step)
            self._complete = True
        self.slot.drop_meta()
        self._listed = False
        self.rebase()
        if session.modified:
            self.list()

    def _step(self, changes: Changes) -> _Step | None:
        if changes.cause is not Cause.APPLY or not isinstance(changes.operation, Operation):
            return None
        line = do_line(changes.operation, self.session.campaign.modified, changes.author)
        return _Step(line, english(changes.label))

    def record(self, changes: Changes) -> None:
        """Write one change report to the log (an apply, undo or redo; loads are not changes)."""
        if changes.cause is Cause.LOAD:
            return
        self.list()  # before the line: a kill right after it must find the slot listed
        step = self._step(changes)
        if step is not None:
            self.log.write(step.line)
            self._undo.append(step)
            del self._undo[:-HISTORY_LIMIT]
            self._redo.clear()
        elif changes.cause is Cause.UNDO and self._undo:
            self.log.write({"undo": english(changes.label)})
            self._redo.append(self._undo.pop())
        elif changes.cause is Cause.REDO and self._redo:
            self.log.write({"redo": english(changes.label)})
            self._undo.append(self._redo.pop())
        else:  # a change the history mirror cannot follow: the current state is the new base
            self._undo.clear()
            self._redo.clear()
            self._complete = False
            self.rebase()
        if self.log.lines - self._kept_lines() >= COMPACT_EVERY:
            self.rebase()

    def _talked(self, change: TalkChange) -> None:
        """A chat line or handout: one line of the log, never a step of the history."""
        try:
            self.list()
            self.log.write(talk_line(self.session.talk, change))
        except (OSError, CampaignFileError):
            # The document starts a new recorder on its next change; this one stops here.
            log.exception("a chat line could not reach the recovery log")
            self._talk_off()

    def _kept_lines(self) -> int:
        return len(self._undo) + 2 * len(self._redo)

    def rebase(self) -> None:
        """Write a new base (the oldest state Undo can reach) and the history after it."""
        session = self.session
        if self._complete:
            base = session.history_start()
            path = [*self._undo, *reversed(self._redo)]
            lines = [s.line for s in path]
            lines += [{"undo": s.label} for s in self._redo]
        else:  # the session's history reaches below what the log saw: start from here
            base, lines = session.export(), []
            self._undo.clear()
            self._redo.clear()
            self._complete = session.undo_label is None and session.redo_label is None
        data = encode(base)
        self.log.prepare(base_digest(data), lines)
        self.slot.write_base(data)
        self.log.commit()
        self._campaign_id = session.campaign.id
        self.base_size = len(data)

    def list(self) -> None:
        """Describe the slot, once, so a crash from now on offers it back."""
        if not self._listed:
            self.slot.write_meta(self.session.campaign.name, self._source)
            self._listed = True

    def saved(self, source: Path | None) -> None:
        """The file at ``source`` now holds the campaign: nothing to offer back until it changes.

        Saved as another file (a new campaign id), the log starts again from a new base.
        """
        moved = source != self._source
        self._source = source
        self.slot.drop_meta()
        self._listed = False
        if moved or self.session.campaign.id != self._campaign_id:
            self.rebase()

    def discard(self) -> None:
        """Remove the slot's files (a clean close, or another campaign took over)."""
        self._talk_off()
        self.log.discard()
        self.slot.discard()
        self._listed = False
