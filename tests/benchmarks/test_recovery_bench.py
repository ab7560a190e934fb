"""Recovery costs the same per change however big the campaign: one log line, not an encode.

Run with ``pytest -m bench -s tests/benchmarks/test_recovery_bench.py``. Records the same
changes (applies, undos, redos) on a 10-region and a 10,000-region, 5,000-line campaign in one
run, the app's way (:class:`RecoveryRecorder`) and ``--serve``'s way (its ``Server``, the file
written on a timer), and compares per change what the recovery log costs. The fold into a new
base every ``COMPACT_EVERY`` lines and a whole encode are printed beside it for scale.
"""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from saga_desktop.model.changes import Cause, Changes
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.session import Session
from saga_desktop.serve import Server
from saga_desktop.storage.codec import encode
from saga_desktop.storage.recorder import COMPACT_EVERY, RecoveryRecorder
from saga_desktop.storage.recovery import RecoverySlot
from tests.benchmarks.big_campaign import big_campaign

ACTIONS = 200
UNDOS = 60
APPLIED: list[Changes] = []


def _small() -> Session:
    small = Session(new_campaign("Small", rng=random.Random(1)))
    small.apply(AddCharacter("Ada"))
    for q in range(10):
        small.apply(ChartRegion(q, 0))
    return Session(small.export().model_copy(deep=True))


def _play(session: Session, listener: Callable[[Changes], None]) -> dict[Cause, list[float]]:
    """Apply, undo and redo with ``listener`` timed on each change; seconds per cause."""
    times: dict[Cause, list[float]] = {Cause.APPLY: [], Cause.UNDO: [], Cause.REDO: []}

    def timed(changes: Changes) -> None:
        t0 = time.perf_counter()
        listener(changes)
        times[changes.cause].append(time.perf_counter() - t0)
        if changes.cause is Cause.APPLY:
            APPLIED.append(changes)

    session.subscribe(timed)
    free = [(q, -q - 500) for q in range(1000, 1000 + ACTIONS)]
    for i in range(ACTIONS):
        session.apply(AddNote(f"Note {i}") if i % 2 else ChartRegion(*free[i], title=f"B{i}"))
    for _ in range(UNDOS):
        session.undo()
    for _ in range(UNDOS):
        session.redo()
    return times


def _alone(session: Session, slot: RecoverySlot, changes: list[Changes]) -> list[float]:
    """The same apply lines written back to back (no apply between to cool the caches)."""
    recorder = RecoveryRecorder(slot)
    recorder.attach(session, None)
    times = []
    for change in changes:
        t0 = time.perf_counter()
        recorder.record(change)
        times.append(time.perf_counter() - t0)
    recorder.discard()
    return times


def _median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1e3


@pytest.mark.bench
def test_recovery_cost_does_not_grow_with_the_campaign(qapp: object, tmp_path: Path) -> None:
    figures: dict[str, dict[str, float]] = {}
    sessions = {"10 regions": _small, "10,000 regions": lambda: Session(big_campaign())}
    for name, make in sessions.items():
        session = make()
        recorder = RecoveryRecorder(RecoverySlot(tmp_path / "app" / name[:2]))
        recorder.attach(session, None)
        APPLIED.clear()
        times = _play(session, recorder.record)
        alone = _alone(session, RecoverySlot(tmp_path / "alone" / name[:2]), APPLIED)
        t0 = time.perf_counter()
        recorder.rebase()  # what every COMPACT_EVERY lines cost
        fold = time.perf_counter() - t0
        recorder.discard()
        served = make()
        hosting: Any = None  # stopping is not measured
        server = Server(tmp_path / f"{name[:2]}.saga", served, hosting, io.StringIO())
        listener = served._listeners.pop()  # time the server's own listener
        serve_times = _play(served, listener)
        assert server.recorder is not None
        server.recorder.discard()
        t0 = time.perf_counter()
        encode(session.export())
        whole = time.perf_counter() - t0
        figures[name] = {
            "alone": _median_ms(alone),
            "apply": _median_ms(times[Cause.APPLY]),
            "undo": _median_ms(times[Cause.UNDO]),
            "redo": _median_ms(times[Cause.REDO]),
            "serve": _median_ms(serve_times[Cause.APPLY]),
            "fold": fold * 1e3,
            "encode": whole * 1e3,
        }
    small, big = figures.values()
    print("\nrecovery log per change (median ms): 10 regions vs 10,000 regions, ratio")
    print("  (alone: the apply lines back to back; the others right after their change)")
    for key in ("alone", "apply", "undo", "redo", "serve"):
        print(f"  {key:6} {small[key]:.3f} vs {big[key]:.3f} = {big[key] / small[key]:.2f}x")
    print(
        f"a fold into a new base (every {COMPACT_EVERY} lines): {small['fold']:.1f} vs "
        f"{big['fold']:.1f} ms, {small['fold'] / COMPACT_EVERY:.3f} vs "
        f"{big['fold'] / COMPACT_EVERY:.3f} ms per line spread out\n"
        f"for scale, one whole encode: {small['encode']:.1f} vs {big['encode']:.1f} ms"
    )
    for key in ("alone", "undo", "redo"):
        assert big[key] / small[key] <= 2.5, key
    for key in ("alone", "apply", "undo", "redo", "serve"):
        assert big[key] < big["encode"] / 20, f"{key}: a line must cost far less than an encode"
