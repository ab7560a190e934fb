"""Heartbeats: each side notices a silent peer within 10 s; the player catches up on return."""

from __future__ import annotations

from saga_desktop.network.client_events import HostSilent, Joined
from saga_desktop.network.host import HostProtocol
from tests.network.harness import CODE, GM_CODE, Clock, FakeTable, Loopback, make_host, player


def _tick_both(net: Loopback, clock: Clock, seconds: int) -> None:
    """Let ``seconds`` pass with both sides' timers running and the network carrying everything."""
    for _ in range(seconds):
        clock.now += 1
        net.run(net.host.tick())
        for conn_id, link in net.links.items():
            if link.open:
                out = link.client.tick()
                link.events += out.events
                net.send_to_host(conn_id, out.data)


def test_a_host_killed_without_a_word_is_noticed_and_the_player_catches_up() -> None:
    clock = Clock()
    table, host, net = make_host(clock=clock)
    ada = net.connect("c1", player("Ada", clock=clock))
    _tick_both(net, clock, 30)  # a quiet half minute: the heartbeats keep everyone here
    assert ada.open and not any(isinstance(e, HostSilent) for e in ada.events)
    assert [s.state for s in host.seats()] == ["here"] and host.seats()[0].rtt == 0.0
    kept = host.kept_seats()
    silent_for = 0
    while not any(isinstance(e, HostSilent) for e in ada.events):  # the host lost its power
        clock.now += 1
        silent_for += 1
        out = ada.client.tick()
        ada.events += out.events
        assert silent_for <= 10
        if out.close:
            ada.open = False
    assert HostSilent().text == "Lost the host, trying again…" and not ada.client.joined
    table2 = FakeTable(seed=2)
    host2 = HostProtocol(table2, CODE, GM_CODE, clock=clock)
    table2.host = host2
    host2.restore_seats(kept)
    table2.view_for("s1")
    table2.tokens["t-s1"]["hex"] = "4,4"  # it changed while the player was away
    net2 = Loopback(host2)
    back = net2.connect("c2", ada.client)
    assert Joined("s1", "Ada", "player", False) in back.events
    assert ada.client.view == table2.current_view("s1")
    assert table is not table2


def test_the_host_sees_a_silent_player_away_then_gone_and_the_seat_waits() -> None:
    clock = Clock()
    _table, host, net = make_host(clock=clock)
    ada = net.connect("c1", player("Ada", clock=clock))
    bo = net.connect("c2", player("Bo", clock=clock), peer="10.0.0.3")
    _tick_both(net, clock, 4)
    ada.open = False  # Ada's computer froze: the network delivers nothing to or from it
    states = []
    for _ in range(10):
        clock.now += 1
        net.run(host.tick())
        states.append({s.name: s.state for s in host.seats()}["Ada"])
        out = bo.client.tick()
        net.send_to_host("c2", out.data)
    assert states[:3] == ["here"] * 3 and "away" in states and states[-1] == "gone"
    assert states.index("gone") <= 9 and {s.name: s.state for s in host.seats()}["Bo"] == "here"
    assert host.connections() == 1
    again = net.connect("c3", ada.client)
    assert ada.client.joined and again.open
    assert [s.state for s in host.seats()] == ["here", "here"]
