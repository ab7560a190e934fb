"""Hostile peers: the host never raises, refuses with a message, drops persistent offenders."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga_desktop.network.client_events import Closed
from saga_desktop.network.framing import encode_frame
from saga_desktop.network.host import HostLimits
from saga_desktop.network.messages import MAX_MESSAGE, PROTOCOL_VERSION
from tests.network.harness import Clock, RawClient, make_host, player, reason_of

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def seated(**kwargs: Any):  # type: ignore[no-untyped-def]
    """A table with an honest player Ada (c1) and a hostile joined client Mallory (c9)."""
    table, host, net = make_host(**kwargs)
    ada = net.connect("c1", player("Ada"))
    raw = RawClient(host, "c9", net=net)
    raw.join("Mallory")
    return table, host, net, ada, raw


def honest_player_still_plays(table, net, ada) -> None:  # type: ignore[no-untyped-def]
    net.request("c1", {"kind": "move", "token": "t-s1", "hex": "7,7"})
    assert ada.client.view == table.current_view("s1")
    assert ada.client.view["tokens"]["t-s1"]["hex"] == "7,7"


@FUZZ
@given(st.lists(st.binary(max_size=300), min_size=1, max_size=5))
def test_garbage_before_the_handshake_is_refused_and_closed(chunks: list[bytes]) -> None:
    table, host, net = make_host()
    ada = net.connect("c1", player("Ada"))
    host.connection_made("evil", "10.6.6.6")
    for chunk in chunks:
        host.data_received("evil", chunk)
    assert host.seats()[0].name == "Ada" and len(host.seats()) == 1
    honest_player_still_plays(table, net, ada)


@FUZZ
@given(st.lists(st.binary(min_size=1, max_size=300), min_size=1, max_size=8))
def test_garbage_plaintext_is_refused_with_a_message(payloads: list[bytes]) -> None:
    table, _host, net, ada, raw = seated()
    before = json.dumps(table.current_view("s1"), sort_keys=True)
    seen = len(raw.received)
    for payload in payloads:
        if raw.closed:
            break
        raw.send(payload)
    replies = [json.loads(m) for m in raw.received[seen:]]
    refusals = sum(reply["type"] == "refused" and bool(reason_of(reply)) for reply in replies)
    assert all(reply["type"] in ("refused", "pong", "bye") for reply in replies)
    assert json.dumps(table.current_view("s1"), sort_keys=True) == before
    assert (raw.closed is not None) == (refusals >= 5)
    honest_player_still_plays(table, net, ada)


_hostile = st.sampled_from(
    [
        {"type": "request", "request_id": 1, "op": {"kind": "move", "token": "t-s1", "hex": "6,6"}},
        {"type": "request", "request_id": 2, "op": {"kind": "play", "card": "c1"}},
        {"type": "request", "request_id": 3, "op": {"kind": "move"}, "seat_id": "s1"},
        {"type": "request", "request_id": "3", "op": {"kind": "draw"}},
        {"type": "request", "request_id": 4, "op": {"kind": 7}},
        {"type": "request", "request_id": 5, "op": {"kind": "self-destruct"}},
        {
            "type": "welcome",
            "seat_id": "s1",
            "seat_name": "Ada",
            "role": "gm",
            "reconnect_token": "x",
            "revision": 0,
            "view": {},
        },
        {"type": "patch", "revision": 9, "changes": []},
        {"type": "join", "seat_name": "Ada"},
        {"type": "join", "reconnect_token": "guess", "role": "gm"},
        {
            "type": "hello",
            "app_version": "1.2.0",
            "protocol_version": PROTOCOL_VERSION,
            "rulesets": {},
        },
        {"type": "ping", "nonce": 1, "extra": True},
        {"type": "resume", "last_revision": 10**6},
        {"type": "snapshot", "revision": 0, "view": {"gm": {}}},
    ]
)


@FUZZ
@given(st.lists(_hostile, min_size=1, max_size=12))
def test_hostile_messages_never_act_for_another_seat(messages: list[dict[str, Any]]) -> None:
    table, host, net, ada, raw = seated()
    for message in messages:
        if raw.closed:
            break
        raw.send_json(message)
    assert table.tokens["t-s1"]["hex"] == "0,0" and table.hands["s1"] == {}
    assert all(seat == "s2" for seat, _op in table.requests)
    assert [seat.name for seat in host.seats()] == ["Ada", "Mallory"]
    honest_player_still_plays(table, net, ada)


def test_a_replayed_request_is_refused_and_not_done_twice() -> None:
    table, _host, _net, _ada, raw = seated()
    raw.send_json({"type": "request", "request_id": 1, "op": {"kind": "draw"}})
    raw.send_json({"type": "request", "request_id": 1, "op": {"kind": "draw"}})
    assert len(table.hands["s2"]) == 1
    assert raw.last() == {
        "type": "request_result",
        "request_id": 1,
        "ok": False,
        "message": "",
        "words": {
            "key": "Request {request} was already handled; it is not done twice.",
            "values": {"request": 1},
        },
    }


def test_a_replayed_sealed_frame_is_refused() -> None:
    table, _host, _net, _ada, raw = seated()
    frame = raw.channel.seal(b'{"type":"request","request_id":9,"op":{"kind":"draw"}}')
    raw.send_raw(frame)
    raw.send_raw(frame)
    assert len(table.hands["s2"]) == 1 and "failed its check" in reason_of(raw.last())


def test_five_bad_messages_and_the_offender_is_dropped() -> None:
    table, host, net, ada, raw = seated()
    for i in range(4):
        raw.send(b"not json")
        assert raw.closed is None and raw.last()["type"] == "refused", i
    raw.send_json({"type": "ping", "nonce": 1, "sneaky": 1})
    assert raw.closed is not None and "Dropped after 5 bad messages" in raw.closed
    assert raw.last()["type"] == "bye"
    assert [(s.name, s.connected) for s in host.seats()] == [("Ada", True), ("Mallory", False)]
    honest_player_still_plays(table, net, ada)


def test_an_oversized_frame_closes_the_connection_cleanly() -> None:
    table, _host, net, ada, raw = seated()
    raw.send_raw((MAX_MESSAGE + 100_000).to_bytes(4, "big") + b"x" * 100)
    assert raw.closed is not None and "over the limit" in raw.closed
    honest_player_still_plays(table, net, ada)


def test_an_oversized_message_inside_a_frame_is_refused() -> None:
    table, _host, net, ada, raw = seated()
    raw.send(b" " * (MAX_MESSAGE + 10))
    assert "over the limit" in reason_of(raw.last()) and raw.closed is None
    honest_player_still_plays(table, net, ada)


def test_a_flood_over_the_rate_limit_is_dropped() -> None:
    clock = Clock()
    table, _host, net, ada, raw = seated(clock=clock, limits=HostLimits(rate=10, burst=20))
    frames = b"".join(raw.channel.seal(b'{"type":"ping","nonce":1}') for _ in range(40))
    raw.send_raw(frames)
    assert raw.closed is not None and "Too many messages too fast" in raw.closed
    clock.now += 10
    honest_player_still_plays(table, net, ada)


def test_a_steady_stream_under_the_limit_is_fine() -> None:
    clock = Clock()
    _table, _host, _net, _ada, raw = seated(clock=clock, limits=HostLimits(rate=10, burst=20))
    for _ in range(100):
        clock.now += 0.2
        raw.send_json({"type": "ping", "nonce": 2})
    assert raw.closed is None and raw.last() == {"type": "pong", "nonce": 2}


def test_a_table_that_fails_on_a_request_does_not_stop_the_game() -> None:
    table, _host, net, ada, raw = seated()
    raw.send_json({"type": "request", "request_id": 1, "op": {"kind": "boom"}})
    answer = raw.last()
    assert answer["ok"] is False and answer["message"] == ""  # words, never the host's sentence
    assert "error in the GM's app" in answer["words"]["key"]
    honest_player_still_plays(table, net, ada)


def test_an_unsealed_frame_after_the_handshake_closes_the_connection() -> None:
    _table, host, _net, _ada, raw = seated()
    raw.send_raw(encode_frame(b"\x01" + b"x" * 40))
    assert raw.closed is not None and host.connections() == 1


def test_a_view_too_big_to_send_closes_that_seat_only() -> None:
    table, _host, net = make_host()
    ada = net.connect("c1", player("Ada"))
    bo = net.connect("c2", player("Bo"))
    table.hands["s2"]["huge"] = "x" * MAX_MESSAGE  # one value bigger than any message
    net.run(table.publish())
    closed = bo.events[-1]
    assert isinstance(closed, Closed)
    assert closed.reason.startswith("The table is too big to send over the network: hand/huge")
    del table.hands["s2"]["huge"]
    honest_player_still_plays(table, net, ada)
