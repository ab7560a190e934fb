"""Internet play against the LAN socket, measured in one run on loopback (relays off).

Run with ``pytest -m bench -s tests/benchmarks/test_internet_bench.py``. On the sample, one player
joins over the LAN socket and one over the internet transport (an iroh QUIC stream), five times
each; then the GM edits a region's notes again and again and each player's time from
``Session.apply`` until the change is in their view is recorded. Prints join times and latencies
(median and 95th percentile) for both ways in, and the ratio internet / LAN.
"""

from __future__ import annotations

import os
import statistics
import time

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import EditRegion
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import ViewChanged
from saga_desktop.network.internet_link import parse_internet_link
from saga_desktop.ui.network.endpoints import RelayChoice
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.transport import ClientTransport

JOINS = 5
ACTIONS = 60
WAIT = 20_000


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


@pytest.mark.bench
def test_internet_join_and_latency_against_the_lan(qtbot: QtBot) -> None:
    session = build_sample()
    hosting = Hosting(session, 0, ask_the_gm=False, internet=RelayChoice("off"))
    link = hosting.internet_link()
    assert link is not None
    ticket = parse_internet_link(link).ticket
    versions = hosting.table.versions()
    clients: list[ClientTransport] = []

    def join(name: str, internet: bool) -> tuple[ClientTransport, float]:
        protocol = ClientProtocol(
            hosting.join_code, versions.app_version, dict(versions.rulesets), name
        )
        client = ClientTransport(
            protocol, "127.0.0.1", hosting.port, ticket=ticket if internet else None
        )
        clients.append(client)
        start = time.perf_counter()
        client.connect_to_host()
        qtbot.waitUntil(lambda: protocol.joined and protocol.view is not None, timeout=WAIT)
        return client, (time.perf_counter() - start) * 1000

    try:
        joins: dict[str, list[float]] = {"LAN": [], "internet": []}
        for i in range(JOINS):
            for way in ("LAN", "internet"):
                client, ms = join(f"{way} {i}", way == "internet")
                joins[way].append(ms)
                client.close()
        lan, _ = join("Ren", False)
        net, _ = join("Sam", True)
        seen: dict[str, float] = {}
        for way, client in (("LAN", lan), ("internet", net)):
            client.received.connect(
                lambda e, way=way: (
                    seen.setdefault(way, time.perf_counter())
                    if isinstance(e, ViewChanged)
                    else None
                )
            )
        region = session.campaign.map.regions[0]
        latency: dict[str, list[float]] = {"LAN": [], "internet": []}
        for n in range(ACTIONS):
            seen.clear()
            start = time.perf_counter()
            session.apply(EditRegion(region.q, region.r, notes=f"Round {n}: the tide turns."))
            qtbot.waitUntil(lambda: len(seen) == 2, timeout=WAIT)
            for way, at in seen.items():
                latency[way].append((at - start) * 1000)
        print("\ninternet transport against the LAN socket (loopback, relays off, one run):")
        for name, figures in (("join", joins), ("action -> view", latency)):
            for way in ("LAN", "internet"):
                values = figures[way]
                print(
                    f"  {name:15} {way:8}: median {statistics.median(values):6.2f} ms,"
                    f" p95 {p95(values):6.2f} ms"
                )
            ratio = statistics.median(figures["internet"]) / statistics.median(figures["LAN"])
            print(f"  {name:15} internet / LAN (medians): {ratio:.2f}x")
        print(f"  (load average while measuring: {os.getloadavg()[0]:.1f})")
        # Guards, as ratios measured in one run (a loaded machine slows both alike).
        for figures in (joins, latency):
            assert statistics.median(figures["internet"]) <= 3 * statistics.median(figures["LAN"])
    finally:
        for client in clients:
            client.close()
        hosting.stop()
