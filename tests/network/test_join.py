"""A whole join over the loopback: handshake, versions, seat, live changes, reconnect."""

from __future__ import annotations

from saga_desktop.network.client_events import Closed, Connected, Joined, RequestAnswered
from saga_desktop.network.host import HostLimits
from tests.network.harness import SECRET, make_host, player


def test_a_player_joins_and_sees_their_view() -> None:
    table, host, net = make_host()
    link = net.connect("c1", player("Ada"))
    kinds = [type(event) for event in link.events]
    assert kinds[:2] == [Connected, Joined]
    client = link.client
    assert client.joined and client.seat_id == "s1"
    assert client.view == table.current_view("s1")
    assert [(s.name, s.connected) for s in host.seats()] == [("Ada", True)]


def test_requests_change_every_seat_and_answer_the_sender() -> None:
    table, _host, net = make_host()
    ada, bo = net.connect("c1", player("Ada")), net.connect("c2", player("Bo"))
    request_id = net.request("c1", {"kind": "move", "token": "t-s1", "hex": "2,3"})
    assert RequestAnswered(request_id, True, "") in ada.events
    assert ada.client.view["tokens"]["t-s1"]["hex"] == "2,3"
    assert bo.client.view == table.current_view("s2")
    assert bo.client.view["tokens"]["t-s1"]["hex"] == "2,3"


def test_the_table_decides_ownership() -> None:
    table, _host, net = make_host()
    ada, _bo = net.connect("c1", player("Ada")), net.connect("c2", player("Bo"))
    request_id = net.request("c1", {"kind": "move", "token": "t-s2", "hex": "9,9"})
    assert RequestAnswered(request_id, False, "That token is not yours to move.") in ada.events
    assert table.tokens["t-s2"]["hex"] == "0,0"
    assert table.requests[-1] == ("s1", {"kind": "move", "token": "t-s2", "hex": "9,9"})


def test_changes_made_by_the_gm_reach_every_connected_seat() -> None:
    table, host, net = make_host()
    links = [net.connect(f"c{i}", player(f"P{i}")) for i in range(3)]
    net.run(table.gm_move("t-s1", "5,5"))
    for i, link in enumerate(links):
        assert link.client.view == table.current_view(f"s{i + 1}")
        assert link.client.revision == host.seats()[i].revision


def test_a_taken_name_is_refused_but_the_connection_may_pick_another() -> None:
    _table, host, net = make_host()
    net.connect("c1", player("Ada"))
    second = net.connect("c2", player("ada"))
    assert not second.client.joined
    assert "taken" in second.events[-1].reason
    net.send_to_host("c2", second.client.join("Bo"))
    assert second.client.joined and [s.name for s in host.seats()] == ["Ada", "Bo"]


def test_a_gm_seat_needs_the_gm_code() -> None:
    from tests.network.harness import GM_CODE

    _table, _host, net = make_host()
    cheat = net.connect("c1", player("Eve", role="gm"))
    assert not cheat.client.joined and "GM code" in cheat.events[-1].reason
    gm = net.connect("c2", player("Co-GM", code=GM_CODE, role="gm"))
    assert gm.client.joined and gm.client.view["gm"]["secret"] == SECRET


def test_a_player_who_leaves_is_closed_and_keeps_the_seat() -> None:
    _table, host, net = make_host()
    link = net.connect("c1", player("Ada"))
    net.send_to_host("c1", link.client.leave("dinner"))
    assert link.closed_by_host is not None and "dinner" in link.closed_by_host
    assert [(s.name, s.connected) for s in host.seats()] == [("Ada", False)]


def test_kick_and_close_all_say_why() -> None:
    _table, host, net = make_host(limits=HostLimits())
    ada, bo = net.connect("c1", player("Ada")), net.connect("c2", player("Bo"))
    net.run(host.kick("s1", "Take a break."))
    assert ada.events[-1] == Closed("Take a break.") and bo.open
    net.run(host.close_all("The GM stopped hosting."))
    assert bo.events[-1] == Closed("The GM stopped hosting.") and host.connections() == 0


def test_the_transport_must_not_reuse_a_live_connection_id() -> None:
    import pytest

    _table, host, net = make_host()
    net.connect("c1", player("Ada"))
    with pytest.raises(ValueError, match="already in use"):
        host.connection_made("c1", "10.0.0.9")
    assert host.connections() == 1
