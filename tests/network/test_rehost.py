"""A host restarted after a crash seats its players again with their ids and tokens."""

from __future__ import annotations

import pytest

from saga_desktop.network.client_events import Joined
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.messages import Patch, Welcome, decode
from saga_desktop.network.seats import KeptSeat
from tests.network.harness import CODE, GM_CODE, FakeTable, Loopback, make_host, player


def _restarted(kept: list[KeptSeat], tap: list[tuple[str, bytes]]) -> tuple[FakeTable, Loopback]:
    table = FakeTable(seed=2)
    host = HostProtocol(table, CODE, GM_CODE, tap=lambda conn, _s, data: tap.append((conn, data)))
    table.host = host
    host.restore_seats(kept)
    for seat in kept:  # as the app's table does: every seat's view is followed from the start
        table.view_for(seat.seat_id)
    return table, Loopback(host)


def test_a_restored_seat_taken_back_by_token_gets_its_whole_view() -> None:
    table, host, net = make_host()
    ada = net.connect("c1", player("Ada"))
    net.connect("c2", player("Bo"))
    net.run(table.gm_move("t-s2", "1,1"))
    net.run(table.gm_move("t-s2", "2,2"))
    old_revision = ada.client.revision
    kept = host.kept_seats()
    assert [(k.seat_id, k.name, k.role) for k in kept] == [
        ("s1", "Ada", "player"),
        ("s2", "Bo", "player"),
    ]
    net.drop("c1")  # the host is gone: its sockets die with it
    tap: list[tuple[str, bytes]] = []
    table2, net2 = _restarted(kept, tap)
    table2.tokens["t-s1"]["hex"] = "7,7"
    for step in range(old_revision):  # the new host's revisions reach the player's old number
        net2.run(table2.gm_move("t-s2", f"{step},5"))
    assert old_revision > 0 and [s.revision for s in net2.host.seats()] == [old_revision] * 2
    again = net2.connect("c9", ada.client)
    sent = [decode(data) for conn, data in tap if conn == "c9"]
    welcome = next(m for m in sent if isinstance(m, Welcome))
    assert welcome.seat_id == "s1" and welcome.view == table2.current_view("s1")
    assert not any(isinstance(m, Patch) for m in sent)
    assert Joined("s1", "Ada", "player", False) in again.events
    assert ada.client.view == table2.current_view("s1")
    net2.run(table2.gm_move("t-s1", "8,8"))  # afterwards, patches as usual
    assert ada.client.view == table2.current_view("s1")


def test_a_wrong_token_is_refused_by_a_restored_host() -> None:
    _table, host, net = make_host()
    net.connect("c1", player("Ada"))
    _table2, net2 = _restarted(host.kept_seats(), [])
    link = net2.connect("c2", player(None, reconnect_token="not-the-token-of-any-seat"))
    assert "not known here" in link.events[-1].reason and not link.client.joined


def test_new_seats_never_get_a_restored_seat_id() -> None:
    _table, host, net = make_host()
    net.connect("c1", player("Ada"))
    net.connect("c2", player("Bo"))
    kept = [k for k in host.kept_seats() if k.seat_id == "s2"]
    table2, net2 = _restarted(kept, [])
    cy = net2.connect("c3", player("Cy"))
    dee = net2.connect("c4", player("Dee"))
    assert (cy.client.seat_id, dee.client.seat_id) == ("s3", "s4")
    assert set(table2.seats) == {"s2", "s3", "s4"}


def test_a_name_of_a_restored_seat_is_not_given_to_someone_else() -> None:
    _table, host, net = make_host()
    net.connect("c1", player("Ada"))
    _table2, net2 = _restarted(host.kept_seats(), [])
    link = net2.connect("c2", player("ada"))
    assert "is taken" in link.events[-1].reason and not link.client.joined


def test_seats_are_restored_only_before_anyone_connects_and_only_once() -> None:
    table, host, net = make_host()
    net.connect("c1", player("Ada"))
    kept = host.kept_seats()
    with pytest.raises(ValueError, match="before anyone connects"):
        host.restore_seats(kept)
    fresh = HostProtocol(FakeTable(), CODE, GM_CODE)
    with pytest.raises(ValueError, match="twice"):
        fresh.restore_seats(kept + kept)
    assert table.seats["s1"]["name"] == "Ada"
