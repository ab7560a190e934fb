"""Recovery costs the same per action however big the campaign: one log line, not an encode.

Run with ``pytest -m bench -s tests/benchmarks/test_recovery_bench.py``. Applies the same kinds of
action to a 10-region and a 10,000-region campaign in one run and compares, per action, what the
recovery log adds and the UI thread's whole time (apply plus log). The old design, encoding the
whole campaign after every action, is measured beside it for scale.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

import pytest

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.session import Session
from saga_desktop.storage.codec import encode
from saga_desktop.storage.oplog import OperationLog
from tests.benchmarks.big_campaign import big_campaign

ACTIONS = 200


def _measure(session: Session, log: OperationLog) -> tuple[float, float, float, float]:
    """Milliseconds per action: the log line alone (back to back), the log line right after
    each apply (caches cooled by the apply), apply + log, and a whole encode for scale."""
    line, whole, done = [], [], []
    free = [(q, -q - 500) for q in range(1000, 1000 + ACTIONS)]
    for i in range(ACTIONS):
        op = AddNote(f"Note {i}") if i % 2 else ChartRegion(*free[i], title=f"Bench {i}")
        t0 = time.perf_counter()
        session.apply(op)
        t1 = time.perf_counter()
        log.applied(op, session.campaign.modified, "gm")
        t2 = time.perf_counter()
        line.append(t2 - t1)
        whole.append(t2 - t0)
        done.append((op, session.campaign.modified))
    t0 = time.perf_counter()
    for op, at in done:
        log.applied(op, at, "gm")
    alone = (time.perf_counter() - t0) / len(done)
    t0 = time.perf_counter()
    for _ in range(3):
        encode(session.export())
    encoded = (time.perf_counter() - t0) / 3
    ms = 1e3
    return alone * ms, statistics.median(line) * ms, statistics.median(whole) * ms, encoded * ms


@pytest.mark.bench
def test_recovery_cost_does_not_grow_with_the_campaign(tmp_path: Path) -> None:
    small = Session(new_campaign("Small", rng=random.Random(1)))
    small.apply(AddCharacter("Ada"))
    for q in range(10):
        small.apply(ChartRegion(q, 0))
    big = Session(big_campaign(regions=10_000, journal=5_000))
    figures = {}
    for name, session in (("10 regions", small), ("10,000 regions", big)):
        log = OperationLog(tmp_path / f"{name}.log")
        log.restart()
        figures[name] = _measure(session, log)
        log.close()
    (s_alone, s_line, s_whole, s_enc), (b_alone, b_line, b_whole, b_enc) = figures.values()
    ratio = b_alone / s_alone
    print(
        f"\nrecovery per action, the log line: {s_alone:.3f} ms (10 regions) vs {b_alone:.3f} ms "
        f"(10,000 regions) = {ratio:.2f}x (goal <= 1.5x)\n"
        f"  the same line right after each apply: {s_line:.3f} ms vs {b_line:.3f} ms\n"
        f"UI thread per action (apply + log): {s_whole:.2f} ms vs {b_whole:.2f} ms\n"
        f"for scale, one whole encode (the old recovery copy): {s_enc:.1f} ms vs {b_enc:.1f} ms"
    )
    assert ratio <= 1.5
    assert b_line < b_enc / 20, "a line must cost far less than encoding the campaign"
