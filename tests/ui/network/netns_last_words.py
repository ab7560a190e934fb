"""Both ends of the last-words test across two network namespaces (test_internet_last_words_netns).

``python -m tests.ui.network.netns_last_words host BIND_IP`` serves a small host on an iroh
endpoint (relays off), prints its ticket, refuses wrong codes at once and removes every seated
player with a reason; it ends when its input closes. ``... player TICKET RUNS`` makes RUNS joins
with a wrong code, then RUNS joins that get removed, and prints one JSON line of what it read.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import sys
import time

from saga_desktop.network.client_events import Closed
from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.network.interface import HostLimits
from saga_desktop.ui.network.endpoints import InternetHost, RelayChoice
from tests.network.harness import make_host, player
from tests.ui.network.test_endpoints import NetHost, NetPlayer, Pump

OFF = RelayChoice("off")
REMOVED = "The GM gave your seat to another computer."
WRONG = Code(CodeKind.PLAYER, "42-lantern-otter-cedar")


def host(bind_ip: str) -> int:
    pump = Pump()
    table, protocol, _ = make_host(limits=HostLimits(code_delay=0.05))
    net = NetHost.__new__(NetHost)
    net.table, net.host, net.wire = table, protocol, []
    net.endpoint = InternetHost(
        pump.post, net._made, net._data, net._lost, relay=OFF, bind=f"{bind_ip}:0"
    )
    print(net.endpoint.start(), flush=True)
    while not select.select([sys.stdin], [], [], 0)[0]:
        with contextlib.suppress(AssertionError):
            pump.until(lambda: False, timeout=0.05)
        net.run(protocol.tick())
        for seat in protocol.seats():
            if seat.state == "here":
                net.run(protocol.kick(seat.seat_id, REMOVED))
    net.endpoint.stop()
    return 0


def player_runs(ticket: str, runs: int) -> int:
    from tests.ui.network import test_endpoints

    test_endpoints.LOOPBACK = os.environ["SAGA_DESKTOP_INTERNET_BIND"]  # this namespace's address
    pump = Pump()
    out: dict[str, list[str]] = {"wrong": [], "removed": []}
    for key, code in (("wrong", WRONG), ("removed", None)):
        for n in range(runs):
            p = NetPlayer.__new__(NetPlayer)
            p.pump, p.ticket, p.events, p.lost = pump, ticket, [], []
            p.client = player(f"Ada{n}", code=code) if code else player(f"Ada{n}")
            p.pipe = p._open()
            end = time.monotonic() + 5
            while time.monotonic() < end and not any(isinstance(e, Closed) for e in p.events):
                with contextlib.suppress(AssertionError):
                    pump.until(lambda: False, timeout=0.05)
            closed = [e.reason for e in p.events if isinstance(e, Closed)]
            out[key].append(closed[0] if closed else f"nothing ({p.lost})")
            p.pipe.close()
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "host":
        sys.exit(host(sys.argv[2]))
    sys.exit(player_runs(sys.argv[2], int(sys.argv[3])))
