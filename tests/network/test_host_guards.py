"""The host's gates: versions must match, wrong codes get one try and then wait."""

from __future__ import annotations

import pytest

from saga_desktop.network.client_events import Closed
from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.network.crypto import WRONG_CODE
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.messages import PROTOCOL_VERSION
from tests.network.harness import CODE, Clock, FakeTable, make_host, player

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
    assert f"network protocol {PROTOCOL_VERSION} on the host, 9 in your app" in raw.last()["reason"]
    assert raw.closed is not None


def test_a_wrong_code_gets_one_try_per_connection() -> None:
    _table, host, net = make_host()
    link = net.connect("c1", player("Ada", code=WRONG))
    assert link.events == [Closed(WRONG_CODE)] and not link.open
    assert host.connections() == 0 and host.attempts.failures("10.0.0.2") == 1


def test_repeated_wrong_codes_from_one_address_are_slowed_down() -> None:
    clock = Clock()
    _table, host, net = make_host(clock=clock)
    net.connect("c1", player(code=WRONG))
    retry = net.connect("c2", player(code=WRONG))
    assert "wait 1 s" in retry.events[-1].reason
    assert host.attempts.failures("10.0.0.2") == 1  # a refused try is not even checked
    for waited in (1, 2, 4, 8):
        clock.now += waited
        assert net.connect(f"w{waited}", player(code=WRONG)).events == [Closed(WRONG_CODE)]
    assert host.attempts.wait_for("10.0.0.2") == 16
    early = net.connect("right-but-early", player("Ada"))
    assert "wait 16 s" in early.events[-1].reason and not early.client.joined
    other = net.connect("other-address", player("Bo"), peer="10.0.0.3")
    assert other.client.joined  # only the guessing address waits
    clock.now += 16
    assert net.connect("right", player("Ada")).client.joined
    assert host.attempts.failures("10.0.0.2") == 0


def test_parallel_connections_do_not_get_extra_tries() -> None:
    from saga_desktop.network.crypto import SecureChannel

    host = HostProtocol(FakeTable(), CODE, clock=Clock())
    channels = [SecureChannel.for_player(WRONG) for _ in range(4)]
    confirms = []
    for i, channel in enumerate(channels):
        host.connection_made(f"c{i}", "10.9.9.9")
        (pake,) = host.data_received(f"c{i}", channel.start())
        confirms.append(channel.receive(pake.data).send)  # type: ignore[union-attr]
    reasons = []
    for i, confirm in enumerate(confirms):
        for action in host.data_received(f"c{i}", confirm):
            reason = getattr(action, "reason", None)
            if reason:
                reasons.append(reason)
    assert reasons[0] == WRONG_CODE and all("wait" in reason for reason in reasons[1:])
    assert host.attempts.failures("10.9.9.9") == 1


def test_the_delay_is_capped_and_old_peers_are_forgotten() -> None:
    from saga_desktop.network.guard import CodeAttempts

    clock = Clock()
    attempts = CodeAttempts(clock, base=1.0, cap=60.0, max_peers=3)
    for _ in range(20):
        attempts.failed("a")
    assert attempts.wait_for("a") == 60.0
    for peer in "bcd":
        attempts.failed(peer)
    assert attempts.failures("a") == 0 and attempts.failures("d") == 1


def test_one_address_cannot_hold_many_unjoined_connections() -> None:
    host = HostProtocol(FakeTable(), CODE, clock=Clock())
    for i in range(4):
        assert host.connection_made(f"c{i}", "10.6.6.6") == []
    (refused,) = host.connection_made("c4", "10.6.6.6")
    assert refused.conn_id == "c4" and "still joining" in refused.reason  # type: ignore[union-attr]
    assert host.connections() == 4 and host.data_received("c4", b"x") == []
    assert host.connection_made("elsewhere", "10.0.0.5") == []


def test_connections_that_never_join_are_closed_after_the_timeout() -> None:
    clock = Clock()
    _table, host, net = make_host(clock=clock)
    ada = net.connect("c1", player("Ada"))
    host.connection_made("idle", "10.6.6.6")
    clock.now += 59
    assert host.expire() == []
    clock.now += 1
    (closed,) = host.expire()
    assert closed.conn_id == "idle" and "too long" in closed.reason  # type: ignore[union-attr]
    assert ada.open and host.connections() == 1
