"""From a GM's action to its display on every client, over real loopback sockets.

Run with ``pytest -m bench -s tests/benchmarks/test_network_bench.py``. For 1, 4 and 8 joined
player windows, on the sample campaign and on a 10,000-region one, the GM edits a region's notes
(a change to a region and a journal line) again and again; each client's time from the call to
``Session.apply`` until its window has redrawn the change is recorded. Prints the median and 95th
percentile, and the bytes sent to the players per action (plaintext, before sealing).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import EditRegion
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client_events import ViewChanged
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.menu import open_client_window
from tests.benchmarks.big_campaign import big_campaign

ACTIONS = 25
WAIT = 60_000


def _measure(qtbot: QtBot, session: Session, clients: int) -> tuple[list[float], float]:
    sent: list[int] = []
    hosting = Hosting(
        session, 0, tap=lambda conn, seat, data: sent.append(len(data)) if seat else None
    )
    windows: list[ClientWindow] = []
    for i in range(clients):  # one by one: the host lets few from one address join at once
        windows.append(
            open_client_window("127.0.0.1", hosting.port, hosting.join_code, f"Player {i}")
        )
        qtbot.waitUntil(lambda: all(w.transport.protocol.joined for w in windows), timeout=WAIT)
    seen: dict[int, list[float]] = {}

    def recorder(index: int) -> Callable[[object], None]:
        def record(event: object) -> None:
            if isinstance(event, ViewChanged):
                seen.setdefault(index, []).append(time.perf_counter())

        return record

    for i, w in enumerate(windows):
        w.transport.received.connect(recorder(i))  # after the window's own handler: drawn
    region = session.campaign.map.regions[len(session.campaign.map.regions) // 2]
    latencies: list[float] = []
    sent.clear()
    for n in range(ACTIONS):
        seen.clear()
        start = time.perf_counter()
        session.apply(EditRegion(region.q, region.r, notes=f"Round {n}: the tide turns."))
        qtbot.waitUntil(lambda: len(seen) == clients, timeout=WAIT)
        latencies += [(times[0] - start) * 1000 for times in seen.values()]
    per_action = sum(sent) / ACTIONS / clients
    for w in windows:
        w.close()
    hosting.stop()
    qtbot.wait(50)
    return latencies, per_action


@pytest.mark.bench
@pytest.mark.parametrize("campaign", ["sample", "10k regions"])
@pytest.mark.parametrize("clients", [1, 4, 8])
def test_gm_action_to_client_display(qtbot: QtBot, campaign: str, clients: int) -> None:
    session = build_sample() if campaign == "sample" else Session(big_campaign())
    latencies, per_action = _measure(qtbot, session, clients)
    latencies.sort()
    median = statistics.median(latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    print(
        f"\n{campaign:>11}, {clients} client(s): median {median:.1f} ms, p95 {p95:.1f} ms, "
        f"{per_action:.0f} bytes per action per player"
    )
    assert median < 250


@pytest.mark.bench
def test_joining_a_campaign_bigger_than_one_message() -> None:
    """A 30,000-region campaign's GM view is several messages: joining still takes it whole."""
    from saga_desktop.model.ruleset import Viewer
    from saga_desktop.network.client import ClientProtocol
    from saga_desktop.network.host import HostProtocol
    from saga_desktop.network.messages import MAX_MESSAGE, Welcome, decode
    from saga_desktop.network.table import SessionTable
    from tests.network.harness import CODE, GM_CODE, Loopback

    for regions in (10_000, 30_000):
        table = SessionTable(Session(big_campaign(regions=regions)))
        sent: list[bytes] = []
        host = HostProtocol(table, CODE, GM_CODE, tap=lambda c, s, data, out=sent: out.append(data))
        table.attach(host.publish)
        net = Loopback(host)
        v = table.versions()
        start = time.perf_counter()
        gm = net.connect("gm", ClientProtocol(GM_CODE, v.app_version, dict(v.rulesets), "G", "gm"))
        took = time.perf_counter() - start
        assert gm.client.view == table.build_view(Viewer.GM)
        welcome = next(m for m in map(decode, sent) if isinstance(m, Welcome))
        print(
            f"\n{regions} regions, GM view: {sum(map(len, sent)) / 1024:.0f} KiB in "
            f"{welcome.parts + 1} message(s) of at most {max(map(len, sent)) / 1024:.0f} KiB "
            f"(limit {MAX_MESSAGE / 1024:.0f}); joined in {took * 1000:.0f} ms"
        )
        assert max(map(len, sent)) <= MAX_MESSAGE
