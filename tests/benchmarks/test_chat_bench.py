"""A chat line from one seat to every other seat, and what talk costs the campaign's file.

Run with ``pytest -m bench -s tests/benchmarks/test_chat_bench.py``. Eight players' windows (each
the main window at a seat, with its Table talk dock) join the sample and a 10,000-region campaign
over real loopback sockets; Player 0 says a line again and again; each other window's time from
the ``say`` call until its dock has the line is recorded (median and p95), with the host's part
(from the request's arrival to the last patch sealed). As in ``test_network_bench``, all windows
share this one process and event loop, so the later windows wait for the earlier ones' redraws.
A second test measures the file's growth per 1,000 lines and that it stops at the kept limit.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.chat import MAX_CHAT_KEPT
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.chat_table import CHAT_RATE
from saga_desktop.storage import encode
from saga_desktop.ui.chat.talk import talk_of
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.joining import SeatJoin
from saga_desktop.ui.network.menu import join_seat
from tests.benchmarks.big_campaign import big_campaign

LINES = 30
WAIT = 60_000


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))]


def _measure(
    qtbot: QtBot, session: Session, seats: int
) -> tuple[list[float], list[float], list[float]]:
    hosting = Hosting(session, 0)
    opened: list[SeatJoin] = []
    for i in range(seats):
        opened.append(join_seat("127.0.0.1", hosting.port, hosting.join_code, f"Player {i}"))
        qtbot.waitUntil(lambda: all(j.window is not None for j in opened), timeout=WAIT)
    talks = [talk_of(j.window.bridge.session) for j in opened]  # type: ignore[union-attr]
    refusals: list[str] = []
    talks[0].refused.connect(refusals.append)
    docks = [j.window.chat_feature.panel for j in opened]  # type: ignore[union-attr]
    latencies: list[float] = []
    host_part: list[float] = []
    table = hosting.table
    original = table.handle_request

    def timed(seat_id: str, op: dict) -> str | None:  # type: ignore[type-arg]
        start = time.perf_counter()
        out = original(seat_id, op)
        host_part.append((time.perf_counter() - start) * 1000)
        return out

    table.handle_request = timed  # type: ignore[method-assign]
    arrived: dict[int, float] = {}
    reached: dict[int, float] = {}  # the bytes reached the seat's protocol
    client_part: list[float] = []

    def seen(index: int) -> None:
        arrived.setdefault(index, time.perf_counter())

    def timed_receive(index: int, receive: Callable[[bytes], Any]) -> Callable[[bytes], Any]:
        def timed(data: bytes) -> Any:
            reached.setdefault(index, time.perf_counter())
            return receive(data)

        return timed

    for i, j in enumerate(opened):
        protocol = j.transport.protocol
        protocol.data_received = timed_receive(i, protocol.data_received)  # type: ignore[method-assign]

    for n in range(LINES):
        arrived.clear()
        reached.clear()
        offs = [
            talk.subscribe(lambda change, i=i: seen(i)) for i, talk in enumerate(talks) if i > 0
        ]
        start = time.perf_counter()
        assert talks[0].say("Player 0", f"Line {n}: the tide turns at the mill.")
        qtbot.waitUntil(lambda: len(arrived) == seats - 1 or bool(refusals), timeout=WAIT)
        assert not refusals
        latencies += [(t - start) * 1000 for t in arrived.values()]
        client_part += [(t - reached[i]) * 1000 for i, t in arrived.items() if i in reached]
        for off in offs:
            off()
        qtbot.wait(round(1000 / CHAT_RATE) + 20)  # as people talk: within the seat's rate
    assert all(d.lines.count() == LINES for d in docks)
    for j in opened:
        if j.window is not None:
            j.window.close()
        j.transport.close()
    hosting.stop()
    qtbot.wait(50)
    return latencies, host_part, client_part


@pytest.mark.bench
@pytest.mark.parametrize("seats", [8])
def test_a_chat_line_reaches_every_other_seat(qtbot: QtBot, seats: int) -> None:
    small, small_host, small_client = _measure(qtbot, build_sample(), seats)
    big, big_host, big_client = _measure(qtbot, Session(big_campaign()), seats)
    runs = (("sample", small, small_host, small_client), ("10k regions", big, big_host, big_client))
    for name, lat, host, client in runs:
        print(
            f"\n{name:>11}, {seats} seats: seat to every other seat median "
            f"{statistics.median(lat):.1f} ms, p95 {_p95(lat):.1f} ms; host part median "
            f"{statistics.median(host):.2f} ms, p95 {_p95(host):.2f} ms; each window's own part "
            f"(bytes in to dock updated) median {statistics.median(client):.2f} ms, p95 "
            f"{_p95(client):.2f} ms"
        )
    ratio = statistics.median(big_host) / statistics.median(small_host)
    print(f"10k regions / sample: host {ratio:.2f}x")
    assert _p95(big) < 100, "the goal is a p95 under 20 ms; this is a guard"
    assert ratio <= 2.5, "the host's part must not grow with the campaign"


@pytest.mark.bench
def test_file_growth_per_thousand_lines_and_its_bound() -> None:
    session = build_sample()
    before = len(encode(session.export()))
    for n in range(1000):
        session.talk.say("Ren", "Astrid Ulfsdottir", f"Line {n}: we make camp by the sluice gate.")
    after = len(encode(session.export()))
    per_thousand = after - before
    for n in range(MAX_CHAT_KEPT * 2):
        session.talk.say("Ren", "Ren", f"Flood {n}: we make camp by the sluice gate, again.")
    bounded = len(encode(session.export()))
    for n in range(1000):
        session.talk.say("Ren", "Ren", f"Flood {n}: we make camp by the sluice gate, again.")
    print(
        f"\nfile growth: {per_thousand / 1024:.0f} KiB per 1,000 lines of ~45 characters "
        f"({per_thousand / 1000:.0f} bytes a line); at the {MAX_CHAT_KEPT}-line bound the file "
        f"is {(bounded - before) / 1024:.0f} KiB over a quiet one and 1,000 more lines add "
        f"{len(encode(session.export())) - bounded} bytes"
    )
    assert abs(len(encode(session.export())) - bounded) < 10_000
