"""A dropped player gets the same seat back and exactly what they missed."""

from __future__ import annotations

from saga_desktop.network.client_events import Closed, Joined, RequestAnswered, ViewChanged
from saga_desktop.network.host import HostLimits
from saga_desktop.network.messages import Patch, Snapshot, Welcome, decode
from tests.network.harness import RawClient, make_host, player


def test_a_dropped_player_gets_the_missed_revisions_replayed() -> None:
    tap: list[tuple[str, bytes]] = []
    table, host, net = make_host(tap=lambda conn, seat, data: tap.append((conn, data)))
    ada = net.connect("c1", player("Ada"))
    net.connect("c2", player("Bo"))
    net.drop("c1")
    assert ada.events[-1] == Closed("The connection to the host was lost.")
    for i in range(3):
        net.run(table.gm_move("t-s2", f"{i},1"))
    again = net.connect("c3", ada.client)
    sent = [decode(data) for conn, data in tap if conn == "c3"]
    welcome = next(m for m in sent if isinstance(m, Welcome))
    assert welcome.view is None and welcome.seat_id == "s1" and welcome.revision == 1
    assert [m.revision for m in sent if isinstance(m, Patch)] == [2, 3, 4]
    assert not any(isinstance(m, Snapshot) for m in sent)
    assert Joined("s1", "Ada", "player", True) in again.events
    assert ada.client.view == table.current_view("s1") and ada.client.revision == 4
    assert [s.name for s in host.seats()] == ["Ada", "Bo"]


def test_after_the_log_rolled_over_the_seat_gets_a_fresh_view() -> None:
    tap: list[tuple[str, bytes]] = []
    table, _host, net = make_host(
        limits=HostLimits(log_size=2), tap=lambda conn, seat, data: tap.append((conn, data))
    )
    ada = net.connect("c1", player("Ada"))
    net.drop("c1")
    for i in range(5):
        net.run(table.gm_move("t-s1", f"{i},9"))
    net.connect("c2", ada.client)
    sent = [decode(data) for conn, data in tap if conn == "c2"]
    welcome = next(m for m in sent if isinstance(m, Welcome))
    assert welcome.view == table.current_view("s1") and welcome.revision == 5
    assert not any(isinstance(m, Patch) for m in sent)
    assert ada.client.view == table.current_view("s1") and ada.client.revision == 5


def test_a_restarted_app_takes_its_seat_back_with_the_token_alone() -> None:
    table, host, net = make_host()
    first = net.connect("c1", player("Ada"))
    token = first.client.reconnect_token
    net.drop("c1")
    net.run(table.gm_move("t-s1", "3,3"))
    again = net.connect("c2", player(None, reconnect_token=token))
    assert again.client.seat_id == "s1" and again.client.view == table.current_view("s1")
    assert len(host.seats()) == 1


def test_a_seat_taken_back_while_the_old_connection_hangs_closes_the_old_one() -> None:
    _table, host, net = make_host()
    old = net.connect("c1", player("Ada"))
    new = net.connect("c2", player(None, reconnect_token=old.client.reconnect_token))
    assert old.events[-1] == Closed("Your seat was taken back by a new connection.")
    assert new.client.joined and [s.connected for s in host.seats()] == [True]
    assert host.connections() == 1


def test_an_unknown_token_is_refused_and_the_player_may_join_by_name() -> None:
    _table, host, net = make_host()
    link = net.connect("c1", player(None, reconnect_token="not-a-real-token-at-all"))
    assert "not known here" in link.events[-1].reason and not link.client.joined
    net.send_to_host("c1", link.client.join("Ada"))
    assert link.client.joined and len(host.seats()) == 1


def test_the_client_asks_to_resume_when_it_sees_a_gap() -> None:
    table, host, _net = make_host()
    raw = RawClient(host, "c1")
    raw.join("Ada")
    raw.feed(table.gm_move("t-s1", "1,1") + table.gm_move("t-s1", "2,2"))
    raw.send_json({"type": "resume", "last_revision": 0})
    assert [decode(m).type for m in raw.received[-2:]] == ["patch", "patch"]
    raw.send_json({"type": "resume", "last_revision": None})
    snapshot = decode(raw.received[-1])
    assert isinstance(snapshot, Snapshot) and snapshot.revision == 2
    assert snapshot.view == table.current_view("s1")


def test_a_client_that_misses_a_patch_resumes_and_catches_up() -> None:
    table, _host, net = make_host()
    link = net.connect("c1", player("Ada"))
    client = link.client
    net.run(table.gm_move("t-s1", "3,3"))
    client.revision -= 1  # as if a patch had been lost on the way
    net.run(table.gm_move("t-s1", "4,4"))
    assert client.revision == 2 and client.view == table.current_view("s1")
    changed = [e for e in link.events if isinstance(e, ViewChanged)]
    assert changed[-1].revision == 2


def test_a_restarted_app_is_heard_although_its_old_app_sent_requests() -> None:
    table, _host, net = make_host()
    first = net.connect("c1", player("Ada"))
    asked = [net.request("c1", {"kind": "move", "token": "t-s1", "hex": f"{i},1"}) for i in (1, 2)]
    assert all(RequestAnswered(i, True, "") in first.events for i in asked)
    token = first.client.reconnect_token
    net.drop("c1")  # the app is killed; a new one starts
    again = net.connect("c2", player(None, reconnect_token=token))
    request_id = net.request("c2", {"kind": "move", "token": "t-s1", "hex": "5,5"})
    assert RequestAnswered(request_id, True, "") in again.events
    assert again.client.view == table.current_view("s1")
