"""A seat belongs to the app that took it; a name with a character waits for the GM's leave."""

from __future__ import annotations

from saga_desktop.network.claims import WAITING
from saga_desktop.network.client_events import Closed, Waiting
from saga_desktop.network.host import HostProtocol
from tests.network.harness import CODE, GM_CODE, FakeTable, Loopback, player

CHARACTERS = {"ren", "sam"}


def guarded_host() -> tuple[FakeTable, HostProtocol, Loopback]:
    table = FakeTable()
    host = HostProtocol(
        table, CODE, GM_CODE, guarded=lambda name: name.casefold() in CHARACTERS, gm_at_host=True
    )
    table.host = host
    return table, host, Loopback(host)


def test_a_second_app_asking_for_a_taken_seat_waits_for_the_gm() -> None:
    _table, host, net = guarded_host()
    ren = net.connect("c1", player("Ren"))
    (claim,) = host.claims()
    assert Waiting(WAITING) in ren.events and not ren.client.joined
    net.run(host.answer(claim.claim_id, True))
    assert ren.client.joined and ren.client.seat_name == "Ren"
    intruder = net.connect("c2", player("ren"), peer="10.0.0.9")
    assert not intruder.client.joined and Waiting(WAITING) in intruder.events
    (claim,) = host.claims()
    assert claim.text() == "ren (new computer) asks for ren's seat"
    net.run(host.answer(claim.claim_id, False))
    assert not intruder.client.joined and "did not let you in" in intruder.events[-1].reason
    assert ren.open and ren.client.joined and host.claims() == []


def test_the_gm_can_give_a_taken_seat_to_a_new_computer_and_the_old_token_stops_working() -> None:
    _table, host, net = guarded_host()
    old = net.connect("c1", player("Ren"))
    net.run(host.answer(host.claims()[0].claim_id, True))
    old_token = old.client.reconnect_token
    new = net.connect("c2", player("Ren"), peer="10.0.0.9")
    net.run(host.answer(host.claims()[0].claim_id, True))
    assert new.client.joined and new.client.seat_id == old.client.seat_id
    assert not old.open and "another computer" in old.events[-1].reason
    stale = net.connect("c3", player(None, reconnect_token=old_token))
    assert not stale.client.joined and "not known here" in stale.events[-1].reason


def test_a_new_player_without_a_character_sits_down_at_once() -> None:
    _table, host, net = guarded_host()
    link = net.connect("c1", player("Newcomer"))
    assert link.client.joined and host.claims() == []
    taken = net.connect("c2", player("newcomer"))
    assert Waiting(WAITING) in taken.events  # taken: even without a character, the GM decides


def test_the_gm_frees_moves_and_removes_seats() -> None:
    table, host, net = guarded_host()
    ada = net.connect("c1", player("Ada"))
    net.run(host.move_seat("s1", "Sam"))
    assert ada.client.view == table.current_view("s1") and table.seats["s1"]["name"] == "Sam"
    assert [s.name for s in host.seats()] == ["Sam"]
    net.run(host.free_seat("s1"))
    assert not ada.open and "freed your seat" in ada.events[-1].reason
    assert host.seats()[0].free
    back = net.connect("c2", player("Sam"), peer="10.0.0.7")
    assert back.client.joined and back.client.seat_id == "s1" and not host.seats()[0].free
    net.run(host.remove_seat("s1"))
    assert host.seats() == [] and "s1" not in table.seats
    assert isinstance(back.events[-1], Closed) and "removed you" in back.events[-1].reason


def test_without_a_gm_to_ask_names_are_first_come_and_a_taken_one_is_refused() -> None:
    from tests.network.harness import make_host

    _table, _host, net = make_host()
    assert net.connect("c1", player("Ren")).client.joined
    taken = net.connect("c2", player("Ren"))
    assert not taken.client.joined and "is taken" in taken.events[-1].reason


def test_a_freed_seat_stays_free_after_the_host_restarts() -> None:
    _table, host, net = guarded_host()
    ada = net.connect("c1", player("Ada"))
    assert ada.client.joined
    net.run(host.free_seat("s1"))
    kept = host.kept_seats()
    assert [(s.seat_id, s.free) for s in kept] == [("s1", True)]
    # The GM's app crashed and hosts again from what it kept: the old app may not come back in,
    # the next app asking by the name takes the seat (as before the crash).
    _table2, host2, net2 = guarded_host()
    host2.restore_seats(kept)
    assert host2.seats()[0].free
    old = net2.connect("c1", player(None, reconnect_token=ada.client.reconnect_token))
    assert not old.client.joined
    back = net2.connect("c2", player("Ada"), peer="10.0.0.7")
    assert back.client.joined and back.client.seat_id == "s1" and not host2.seats()[0].free
