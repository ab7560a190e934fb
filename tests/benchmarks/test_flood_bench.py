"""An honest player's round trip while one address floods the host with key exchanges; memory.

Run with ``pytest -m bench -s tests/benchmarks/test_flood_bench.py``. A second process floods
the host from 127.0.0.1: it keeps 16 connections open at a time, each sending a well-formed offer
(a key exchange with a wrong code) and, 50 ms later or once answered, connecting again. Meanwhile a
joined player sends requests one after another and times each answer. Prints the median and 95th
percentile with and without the flood, and their ratio (measured in one run). The memory test
opens 50 unauthenticated connections from 50 addresses that each send the start of a big frame
(all but the last byte of 4 MiB, or 3 KB of a 4 KB one), and prints the host's resident memory
before, during and after.
"""

from __future__ import annotations

import select
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import RequestAnswered
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.transport import ClientTransport

ROUND_TRIPS = 80
FLOOD = """
import socket, sys, time
from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.network.crypto import SecureChannel
port, seconds, width = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
wrong = Code(CodeKind.PLAYER, "11-apple-apple-apple")
end = time.monotonic() + seconds
live = []
offers = 0
while time.monotonic() < end:
    while len(live) < width:
        s = socket.create_connection(("127.0.0.1", port))
        s.setblocking(False)
        s.send(SecureChannel.for_player(wrong).start())
        offers += 1
        live.append((s, time.monotonic()))
    time.sleep(0.002)
    kept = []
    for s, born in live:
        try:
            gone = s.recv(65536) == b""
        except BlockingIOError:
            gone = False
        except OSError:
            gone = True
        if gone or time.monotonic() - born > 0.05:
            s.close()
        else:
            kept.append((s, born))
    live = kept
print(offers)
"""
GARBAGE = """
import socket, struct, sys, time
port, peers, announced, sent = (int(arg) for arg in sys.argv[1:])
socks = []
for i in range(peers):  # each from its own address, as 50 computers (Linux answers all of 127/8)
    s = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.0.{i + 2}", 0))
    s.settimeout(5)
    try:
        s.sendall(struct.pack(">I", announced) + b"x" * sent)
    except OSError:
        pass
    socks.append(s)
print("sent", flush=True)
sys.stdin.readline()
for s in socks:
    s.close()
"""


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@pytest.fixture
def hosting(qtbot: QtBot) -> Iterator[Hosting]:
    host = Hosting(build_sample(), 0, ask_the_gm=False)
    yield host
    host.stop()
    qtbot.wait(50)


def _round_trips(qtbot: QtBot, player: ClientTransport, count: int) -> list[float]:
    answers: list[int] = []
    player.received.connect(
        lambda e: answers.append(e.request_id) if isinstance(e, RequestAnswered) else None
    )
    times = []
    for _ in range(count):
        start = time.perf_counter()
        request = player.request({"kind": "songs.RollPrompt", "prompt": 1})
        qtbot.waitUntil(lambda r=request: r in answers, timeout=10_000)
        times.append((time.perf_counter() - start) * 1000)
        qtbot.wait(10)
    return sorted(times)


def _p95(times: list[float]) -> float:
    return times[int(0.95 * (len(times) - 1))]


@pytest.mark.bench
def test_an_honest_players_round_trip_while_one_address_floods_offers(
    qtbot: QtBot, hosting: Hosting
) -> None:
    versions = hosting.table.versions()
    protocol = ClientProtocol(
        hosting.join_code, versions.app_version, dict(versions.rulesets), "Honest"
    )
    player = ClientTransport(protocol, "127.0.0.1", hosting.port)
    player.connect_to_host()
    qtbot.waitUntil(lambda: protocol.joined, timeout=10_000)
    quiet = _round_trips(qtbot, player, ROUND_TRIPS)
    with subprocess.Popen(
        [sys.executable, "-c", FLOOD, str(hosting.port), "12", "16"],
        stdout=subprocess.PIPE,
        text=True,
    ) as flood:
        qtbot.wait(1000)
        loaded = _round_trips(qtbot, player, ROUND_TRIPS)
        assert flood.poll() is None, "the flood ended before the measurement did"
        qtbot.waitUntil(lambda: flood.poll() is not None, timeout=30_000)
        offers = flood.communicate()[0].strip()
    player.close()
    ratio = _p95(loaded) / _p95(quiet)
    print(
        f"\nround trip, quiet: median {statistics.median(quiet):.1f} ms, p95 {_p95(quiet):.1f} ms"
        f"\nround trip, flood: median {statistics.median(loaded):.1f} ms, p95 {_p95(loaded):.1f}"
        f" ms\np95 ratio {ratio:.2f} (flood offers sent: {offers})"
    )
    assert ratio < 2.0


@pytest.mark.bench
@pytest.mark.parametrize(
    ("announced", "sent"),
    [(4 * 1024 * 1024, 4 * 1024 * 1024 - 1), (4000, 3000)],
    ids=["4 MiB frames", "3 KB of a 4 KB frame, held"],
)
def test_host_memory_after_a_flood_of_unauthenticated_peers(
    qtbot: QtBot, hosting: Hosting, announced: int, sent: int
) -> None:
    qtbot.wait(200)
    before = _rss_mb()
    with subprocess.Popen(
        [sys.executable, "-c", GARBAGE, str(hosting.port), "50", str(announced), str(sent)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as peers:
        assert peers.stdout is not None and peers.stdin is not None
        out = peers.stdout  # the host reads (its event loop runs) while the peers send
        qtbot.waitUntil(lambda: bool(select.select([out], [], [], 0)[0]), timeout=60_000)
        assert out.readline().strip() == "sent"
        during = before
        for _ in range(20):
            qtbot.wait(100)
            during = max(during, _rss_mb())
        open_during = hosting.protocol.connections()
        peers.communicate("\n", timeout=30)
    qtbot.wait(1500)
    after = _rss_mb()
    print(
        f"\nhost RSS: before {before:.1f} MB, during {during:.1f} MB, after {after:.1f} MB"
        f" (connections open during: {open_during})"
    )
    assert during - before < 10 and after - before < 10
