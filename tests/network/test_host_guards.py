"""The host's gates: versions, wrong codes, key agreements, unproved connections, big frames."""

from __future__ import annotations

import pytest

from saga_desktop.network.client_events import Closed
from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.network.crypto import WRONG_CODE
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.messages import PROTOCOL_VERSION
from tests.network.harness import CODE, Clock, FakeTable, make_host, player, reason_of

WRONG = Code(CodeKind.PLAYER, "42-lantern-otter-mango")


@pytest.mark.parametrize(
    ("app", "rulesets", "named"),
    [
        ("1.1.0", {"songs-and-sagas": "3"}, "Saga Desktop 1.2.0 on the host, 1.1.0 in your app"),
        ("1.2.0", {"songs-and-sagas": "2"}, "songs-and-sagas rules 3 on the host, 2 in your app"),
        ("1.2.0", {}, "songs-and-sagas rules 3 on the host, missing in your app"),
    ],
)
def test_a_version_mismatch_is_one_clear_refusal_naming_both(
    app: str, rulesets: dict[str, str], named: str
) -> None:
    from saga_desktop.network.client import ClientProtocol

    _table, host, net = make_host()
    link = net.connect("c1", ClientProtocol(CODE, app, rulesets, "Ada"))
    closed = [event for event in link.events if isinstance(event, Closed)]
    assert len(closed) == 1 and named in closed[0].reason
    assert closed[0].reason.startswith("Versions differ: ")
    assert link.closed_by_host is not None or not link.open
    assert host.seats() == [] and host.connections() == 0


def test_a_protocol_mismatch_names_both_protocols() -> None:
    from tests.network.harness import RawClient

    _table, host, _net = make_host()
    raw = RawClient(host, "c1")
    raw.send_json(
        {
            "type": "hello",
            "app_version": "1.2.0",
            "protocol_version": 9,
            "rulesets": {"songs-and-sagas": "3"},
        }
    )
    assert f"network protocol {PROTOCOL_VERSION} on the host, 9 in your app" in reason_of(
        raw.last()
    )
    assert raw.closed is not None


def test_a_wrong_code_gets_one_try_per_connection_and_hears_so_only_later() -> None:
    clock = Clock()
    _table, host, net = make_host(clock=clock)
    link = net.connect("c1", player("Ada", code=WRONG))
    assert link.events == [] and host.connections() == 1  # held: the guesser waits
    clock.now += 1.9
    net.run(host.tick())
    assert link.events == []
    clock.now += 0.1
    net.run(host.tick())
    assert link.events == [Closed(WRONG_CODE)] and not link.open
    assert host.connections() == 0 and host.keys.failures("10.0.0.2") == 1


def test_a_right_code_from_a_guessers_address_is_let_in_at_once() -> None:
    clock = Clock()
    _table, host, net = make_host(clock=clock)
    guesses = [net.connect(f"g{i}", player(code=WRONG)) for i in range(3)]
    clock.now += 1
    guesses += [net.connect(f"h{i}", player(code=WRONG)) for i in range(2)]
    right = net.connect("neighbour", player("Ada"))
    assert right.client.joined and not any(g.events for g in guesses)
    assert host.keys.failures("10.0.0.2") == 0  # someone there knew the code


def test_many_wrong_codes_slow_the_address_but_a_right_code_still_gets_in() -> None:
    clock = Clock()
    _table, host, net = make_host(clock=clock)
    for i in range(20):
        clock.now += 0.5
        net.connect(f"g{i}", player(code=WRONG))
        net.run(host.tick())
    assert host.keys.slowed("10.0.0.2")
    clock.now += 2.5
    net.run(host.tick())
    right = net.connect("neighbour", player("Ada"))
    assert not right.client.joined and not right.events  # waits its turn, is not refused
    for _ in range(10):
        clock.now += 1
        net.run(host.tick())
    assert right.client.joined and not host.keys.slowed("10.0.0.2")
    other = net.connect("other-address", player("Bo"), peer="10.0.0.3")
    assert other.client.joined


def test_offers_over_an_addresss_budget_wait_without_a_key_agreement() -> None:
    from saga_desktop.network.crypto import SecureChannel

    clock = Clock()
    host = HostProtocol(FakeTable(), CODE, clock=clock)
    answered = []
    for i in range(8):
        host.connection_made(f"c{i}", "10.6.6.6")
        answered.append(host.data_received(f"c{i}", SecureChannel.for_player(CODE).start()))
    assert [bool(a) for a in answered] == [True] * 4 + [False] * 4  # a burst of 4, then wait
    assert host.connection_made("elsewhere", "10.0.0.5") == []
    assert host.data_received("elsewhere", SecureChannel.for_player(CODE).start())
    clock.now += 1
    assert len(host.tick()) == 2  # two a second from one address


def test_a_fixed_number_of_unproved_connections_the_oldest_goes_first() -> None:
    from saga_desktop.network.interface import HostLimits

    _table, host, net = make_host(clock=Clock(), limits=HostLimits(unauthenticated=8))
    ada = net.connect("ada", player("Ada"))
    for i in range(8):
        assert host.connection_made(f"c{i}", f"10.7.{i}.1") == []
    (shed,) = host.connection_made("c8", "10.7.8.1")
    assert shed.conn_id == "c0" and "busy" in shed.reason  # type: ignore[union-attr]
    assert host.connections() == 9 and ada.open  # 8 unproved and Ada


def test_a_big_frame_before_the_handshake_is_refused_at_once() -> None:
    import struct

    host = HostProtocol(FakeTable(), CODE, clock=Clock())
    host.connection_made("c1", "10.6.6.6")
    (closed,) = host.data_received("c1", struct.pack(">I", 4 * 1024 * 1024) + b"\x01" * 64)
    assert closed.conn_id == "c1" and "limit is 4096" in closed.reason  # type: ignore[union-attr]
    assert host.connections() == 0


def test_connections_that_never_prove_the_code_or_never_join_are_closed() -> None:
    from saga_desktop.network.crypto import SecureChannel

    clock = Clock()
    _table, host, net = make_host(clock=clock)
    ada = net.connect("c1", player("Ada"))
    host.connection_made("idle", "10.6.6.6")
    host.connection_made("silent", "10.6.6.7")
    host.data_received("idle", SecureChannel.for_player(CODE).start())  # then never confirms
    for _ in range(9):
        clock.now += 1
        actions = host.tick()
        assert [a for a in actions if a.conn_id == "idle"] == []
        net.run(actions)  # Ada hears the heartbeats and answers them
    clock.now += 1
    actions = host.tick()
    (closed,) = [a for a in actions if a.conn_id == "idle"]
    assert "prove the code" in closed.reason  # type: ignore[union-attr]
    net.run(actions)
    assert ada.open and host.connections() == 2
    for _ in range(50):
        clock.now += 1
        actions = host.tick()
        net.run(actions)
    assert host.conn("silent") is None and ada.open and host.connections() == 1
