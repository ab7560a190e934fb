"""The open campaign: one change path, reports to the views, and exact undo and redo."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from saga_desktop.i18n.words import Words
from saga_desktop.model.campaign import Campaign, RngState
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.chat import Talk
from saga_desktop.model.indexed import JournalList, RegionList
from saga_desktop.model.integrity import check_changed
from saga_desktop.model.listlog import ListChanges, ListRecorder
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.snapshot import Snapshot
from saga_desktop.rules.errors import RulesError

Listener = Callable[[Changes], None]
Clock = Callable[[], datetime]

HISTORY_LIMIT = 500
_VALIDATOR_PARTS = ("function-after[", "function-before[", "function-wrap[")


@dataclass(frozen=True, slots=True)
class Step:
    """One undoable step: the small state before and after, the big lists' logs, what it touched."""

    label: Words | str
    before: Snapshot
    after: Snapshot
    lists: ListChanges
    aspects: Aspect
    characters: frozenset[str]
    tokens: frozenset[str] = frozenset()

    @property
    def regions(self) -> frozenset[tuple[int, int]]:
        """The hexes of the regions the step touched."""
        return self.lists.coords


def rng_from_state(state: RngState) -> random.Random:
    """A generator restored from a saved state."""
    rng = random.Random()
    rng.setstate((state.version, tuple(state.internal), state.gauss_next))
    return rng


def rng_state(rng: random.Random) -> RngState:
    """The saved form of a generator's state."""
    version, internal, gauss = rng.getstate()
    return RngState.model_construct(version=version, internal=list(internal), gauss_next=gauss)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Session:
    """A campaign open for play. Every change goes through :meth:`apply`."""

    def __init__(self, campaign: Campaign, *, clock: Clock = _utc_now) -> None:
        self._campaign = campaign
        campaign.map.indexed_regions()  # the indexed lists from the start, so views can hold them
        campaign.indexed_journal()
        self._rng = rng_from_state(campaign.rng)
        self._clock = clock
        self._undo: list[Step] = []
        self._redo: list[Step] = []
        self._clean_depth: int | None = 0
        self._listeners: list[Listener] = []
        self._revision = 0
        self._talk: Talk | None = None

    # -- state --------------------------------------------------------------------------------

    @property
    def campaign(self) -> Campaign:
        """The live campaign. Read it; change it only through :meth:`apply`."""
        return self._campaign

    @property
    def rng(self) -> random.Random:
        """The campaign's one random generator (for previews that must not consume it, copy it)."""
        return self._rng

    def export(self) -> Campaign:
        """The campaign with the generator's current state written in, ready to save."""
        self._campaign.rng = rng_state(self._rng)
        return self._campaign

    @property
    def revision(self) -> int:
        """How many changes (applies, undos, redos) this session has made: the last report's."""
        return self._revision

    @property
    def talk(self) -> Talk:
        """The campaign's chat and handouts: their own path, never in the undo history."""
        if self._talk is None:
            self._talk = Talk(self._campaign)
            self._talk.subscribe(self._talked)
        return self._talk

    def _talked(self, _change: object) -> None:
        """What was said is in the campaign, not yet in its file: closing asks to save."""
        if not self.modified:
            self.mark_unsaved()

    # -- listeners ----------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every change report; returns a function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _emit(self, changes: Changes) -> None:
        for listener in list(self._listeners):
            listener(changes)

    # -- the one change path --------------------------------------------------------------------

    def apply(self, op: Operation, *, author: str = "gm") -> Any:
        """Apply an operation: validate, change, journal, record for undo, report.

        Raises :class:`OperationError` with a readable message when the operation is refused; the
        campaign is then exactly as it was.
        """
        c = self._campaign
        before = self._snapshot()
        bounds = find_ruleset(c.ruleset).risk_bounds(c)
        lists = ListRecorder(c)
        ctx = Context(c, self._rng, self._clock())
        try:
            result = op.apply(ctx)
            ctx.finish()
            c.modified = ctx.now
        except (OperationError, RulesError) as exc:
            self._roll_back(before, lists)
            raise OperationError(exc.words) from exc
        except ValidationError as exc:
            self._roll_back(before, lists)
            raise OperationError(describe_validation_error(exc)) from exc
        except BaseException:
            self._roll_back(before, lists)
            raise
        changed = lists.finish(c)
        after = self._snapshot()
        aspects, characters = before.diff(after)
        aspects |= changed.aspects
        tokens = before.token_diff(after)
        try:
            check_changed(c, aspects, characters, changed, bounds)
        except OperationError:
            self._put_back(before, changed)
            raise
        except ValidationError as exc:
            self._put_back(before, changed)
            raise OperationError(describe_validation_error(exc)) from exc
        step = Step(op.label, before, after, changed, aspects, characters, tokens)
        self._undo.append(step)
        if len(self._undo) > HISTORY_LIMIT:
            del self._undo[0]
            if self._clean_depth is not None:
                self._clean_depth -= 1
        if self._clean_depth is not None and self._clean_depth > len(self._undo) - 1:
            self._clean_depth = None  # the saved state was on the redo branch: lost for good
        self._redo.clear()
        self._revision += 1
        self._emit(
            Changes(
                aspects | Aspect.META,
                Cause.APPLY,
                op.label,
                changed.coords,
                characters,
                result,
                self._revision,
                author,
                op,
                tokens,
                changed.entry_ids,
            )
        )
        return result

    def _snapshot(self) -> Snapshot:
        return Snapshot.take(self._campaign, self._rng.getstate())

    def _put_back(self, snap: Snapshot, undo: ListChanges | None = None) -> None:
        """Restore the small parts from ``snap``, and take ``undo`` back from the big lists."""
        snap.restore(self._campaign)
        self._rng.setstate(snap.rng)
        if undo is not None:
            undo.undo(self._campaign)

    def _roll_back(self, snap: Snapshot, lists: ListRecorder) -> None:
        lists.roll_back(self._campaign)
        self._put_back(snap)

    # -- undo and redo ----------------------------------------------------------------------------

    @property
    def undo_label(self) -> Words | str | None:
        """The name of the step Undo would take back, or None."""
        return self._undo[-1].label if self._undo else None

    @property
    def redo_label(self) -> Words | str | None:
        """The name of the step Redo would replay, or None."""
        return self._redo[-1].label if self._redo else None

    def undo(self) -> bool:
        """Take back the last step exactly (cards, generator and all). False if nothing to undo."""
        if not self._undo:
            return False
        step = self._undo.pop()
        self._put_back(step.before, step.lists)
        self._redo.append(step)
        self._emit(self._report(step, Cause.UNDO))
        return True

    def redo(self) -> bool:
        """Replay the last undone step with the same outcome. False if nothing to redo."""
        if not self._redo:
            return False
        step = self._redo.pop()
        self._put_back(step.after)
        step.lists.redo(self._campaign)
        self._undo.append(step)
        self._emit(self._report(step, Cause.REDO))
        return True

    def history_start(self) -> Campaign:
        """A copy of the oldest state Undo can reach (the current one when nothing is undoable).

        The recovery log's starting point; it shares the frozen regions and journal lines.
        """
        snap = self._undo[0].before if self._undo else self._snapshot()
        copy = self._campaign.model_copy(update={"map": self._campaign.map.model_copy()})
        # The big lists are not in snapshots: copy them (the frozen entries are shared) and take
        # every undoable step's logs back from the copies, newest first.
        copy.map.regions = RegionList(self._campaign.map.regions)
        copy.journal = JournalList(self._campaign.journal)
        for step in reversed(self._undo):
            step.lists.undo(copy)
        snap.restore(copy)
        rng = random.Random()
        rng.setstate(snap.rng)
        copy.rng = rng_state(rng)
        return copy

    def _report(self, step: Step, cause: Cause) -> Changes:
        self._revision += 1
        return Changes(
            step.aspects | Aspect.META,
            cause,
            step.label,
            step.regions,
            step.characters,
            revision=self._revision,
            tokens=step.tokens,
            journal=step.lists.entry_ids,
        )

    # -- saved state ------------------------------------------------------------------------------

    @property
    def modified(self) -> bool:
        """True when the campaign differs from the last save (or was never saved)."""
        return self._clean_depth != len(self._undo)

    def mark_saved(self) -> None:
        """Record that the current state is what is on disk."""
        self._clean_depth = len(self._undo)
        self._emit(Changes(Aspect.NONE, Cause.LOAD, "saved"))

    def mark_unsaved(self) -> None:
        """Record that nothing on disk matches the current state (e.g. a recovered campaign)."""
        self._clean_depth = None
        self._emit(Changes(Aspect.NONE, Cause.LOAD, "unsaved"))


def describe_validation_error(exc: ValidationError, prefix: str = "") -> str:
    """One readable line for the first problem of a pydantic error, naming the field path."""
    err = exc.errors(include_url=False)[0]
    path = error_path(err, prefix)
    msg = error_message(err)
    return f"{path}: {msg}" if path else msg


_PATH_IN_MESSAGE = re.compile(r"^(?:Value error, )?([a-z_]+(?:\[\d+\]|\.[A-Za-z0-9_:-]+)*): ")


def error_path(err: Any, prefix: str = "") -> str:
    """The field path of one pydantic error, into a ruleset's sheet or play state too.

    A whole-campaign check names the field it found wrong at the start of its message
    (``journal[4].id: ...``); that path is joined to the error's own.
    """
    path = format_loc(err.get("loc", ()), prefix)
    if err.get("type") == "ruleset_part":  # a sheet or play state read by its own ruleset
        path += str((err.get("ctx") or {}).get("loc", ""))
    found = _PATH_IN_MESSAGE.match(str(err.get("msg", "")))
    if found:
        inner = found.group(1)
        path = f"{path}.{inner}" if path else inner
    return path


def error_message(err: Any) -> str:
    """The message of one pydantic error, without a path :func:`error_path` already took."""
    msg = str(err.get("msg", "is not valid")).removeprefix("Value error, ")
    found = _PATH_IN_MESSAGE.match(msg)
    return msg[found.end() :] if found else msg


def format_loc(loc: tuple[int | str, ...] | Any, prefix: str = "") -> str:
    """``('map', 'regions', 3, 'risk')`` -> ``map.regions[3].risk`` (with an optional prefix)."""
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif str(part).startswith(_VALIDATOR_PARTS):
            continue
        else:
            out += f".{part}" if out else str(part)
    return out
