"""The joining side, driven by a hand-written host end, including a hostile one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.network.client import ClientOutput, ClientProtocol, NotJoinedError
from saga_desktop.network.client_events import Closed, HostRefused, Joined, ViewChanged
from saga_desktop.network.codes import CodeKind
from saga_desktop.network.crypto import SecureChannel
from saga_desktop.network.messages import PROTOCOL_VERSION, Join, Resume, decode
from tests.network.harness import CODE, player


class FakeHost:
    """The host's end of the channel, sending whatever the test says."""

    def __init__(self, client: ClientProtocol) -> None:
        self.client = client
        self.channel = SecureChannel.for_host({CodeKind.PLAYER: CODE})
        self.heard: list[Any] = []
        out = self._to_client(self.channel.receive(client.connection_made()).send)
        while out.data and not self.channel.is_open:
            out = self._to_client(self.channel.receive(out.data).send)
        self._hear(out.data)

    def _to_client(self, data: bytes) -> ClientOutput:
        return self.client.data_received(data)

    def _hear(self, data: bytes) -> None:
        self.heard += [decode(m) for m in self.channel.receive(data).messages]

    def say(self, message: dict[str, Any]) -> ClientOutput:
        out = self.client.data_received(self.channel.seal(json.dumps(message).encode()))
        self._hear(out.data)
        return out

    def seat(self, view: dict[str, Any] | None = None, revision: int = 0) -> ClientOutput:
        self.say(
            {
                "type": "hello",
                "app_version": "1.2.0",
                "protocol_version": PROTOCOL_VERSION,
                "rulesets": {},
            }
        )
        return self.say(
            {
                "type": "welcome",
                "seat_id": "s1",
                "seat_name": "Ada",
                "role": "player",
                "reconnect_token": "tok-1",
                "revision": revision,
                "view": view or {"a": {"b": 1}},
            }
        )


def patch(revision: int, *changes: dict[str, Any]) -> dict[str, Any]:
    return {"type": "patch", "revision": revision, "changes": list(changes)}


def test_the_client_says_hello_then_joins_by_name() -> None:
    host = FakeHost(player("Ada"))
    assert host.heard[0].type == "hello" and host.heard[0].app_version == "1.2.0"
    out = host.seat()
    assert host.heard[-1] == Join(seat_name="Ada")
    assert out.events == [
        Joined("s1", "Ada", "player", False),
        ViewChanged(0, {"a": {"b": 1}}, None),
    ]
    assert host.client.reconnect_token == "tok-1"


def test_patches_apply_in_order_and_a_gap_asks_to_resume_once() -> None:
    host = FakeHost(player("Ada"))
    host.seat()
    host.say(patch(1, {"op": "set", "path": ["a", "c"], "value": 2}))
    assert host.client.view == {"a": {"b": 1, "c": 2}} and host.client.revision == 1
    host.say(patch(1, {"op": "del", "path": ["a"]}))  # a duplicate is ignored
    assert host.client.view == {"a": {"b": 1, "c": 2}}
    host.say(patch(3, {"op": "del", "path": ["a"]}))
    host.say(patch(4, {"op": "del", "path": ["a"]}))
    assert [m for m in host.heard if isinstance(m, Resume)] == [Resume(last_revision=1)]
    host.say(patch(2, {"op": "set", "path": ["z"], "value": 0}))
    assert host.client.revision == 2


def test_a_patch_that_does_not_fit_asks_for_a_snapshot() -> None:
    host = FakeHost(player("Ada"))
    host.seat()
    host.say(patch(1, {"op": "del", "path": ["nothing"]}))
    assert host.heard[-1] == Resume(last_revision=None) and host.client.revision == 0
    out = host.say({"type": "snapshot", "revision": 5, "view": {"new": {}}})
    assert out.events == [ViewChanged(5, {"new": {}}, None)] and host.client.revision == 5


def test_requests_need_a_seat_and_a_kind() -> None:
    client = player("Ada")
    with pytest.raises(NotJoinedError):
        client.request({"kind": "draw"})
    host = FakeHost(client)
    host.seat()
    with pytest.raises(ValueError, match="Not a request"):
        client.request({"no": "kind"})
    with pytest.raises(ValueError, match="too big"):
        client.request({"kind": "note", "text": "x" * 5_000_000})
    request_id, data = client.request({"kind": "draw"})
    host._hear(data)
    assert host.heard[-1].request_id == request_id and host.heard[-1].op == {"kind": "draw"}
    assert client.request({"kind": "draw"})[0] == request_id + 1


def test_a_refusal_while_seated_is_an_event_and_bye_closes() -> None:
    host = FakeHost(player("Ada"))
    host.seat()
    assert host.say({"type": "refused", "reason": "No."}).events == [HostRefused("No.")]
    out = host.say({"type": "bye", "reason": "Good night."})
    assert out.events == [Closed("Good night.")] and out.close and not host.client.joined
    assert host.client.connection_lost() == []


def test_pings_are_answered() -> None:
    host = FakeHost(player("Ada"))
    host.seat()
    host.say({"type": "ping", "nonce": 77})
    assert host.heard[-1].type == "pong" and host.heard[-1].nonce == 77


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.binary(max_size=100) | st.sampled_from([b"{}", b'{"type":"patch"}']), max_size=6)
)
def test_a_hostile_host_cannot_make_the_client_raise(payloads: list[bytes]) -> None:
    host = FakeHost(player("Ada"))
    host.seat()
    for payload in payloads:
        out = host.client.data_received(host.channel.seal(payload))
        if out.close:
            assert isinstance(out.events[-1], Closed)
            break
    assert host.client.view == {"a": {"b": 1}}


def _welcome_in_parts(host: FakeHost, parts: int) -> None:
    host.say(
        {"type": "hello", "app_version": "1.2.0", "protocol_version": PROTOCOL_VERSION,
         "rulesets": {}}
    )  # fmt: skip
    host.say(
        {"type": "welcome", "seat_id": "s1", "seat_name": "Ada", "role": "player",
         "reconnect_token": "tok-1", "revision": 3, "view": {"map": {}}, "parts": parts}
    )  # fmt: skip


def test_a_view_in_parts_counts_once_whole() -> None:
    client = player("Ada")
    host = FakeHost(client)
    _welcome_in_parts(host, 2)
    assert not client.joined and client.view is None  # nothing shown half-built
    first = {"op": "set", "path": ["map", "0,0"], "value": {"title": "Home"}}
    assert (
        host.say({"type": "view_part", "revision": 3, "index": 0, "changes": [first]}).events == []
    )
    second = {"op": "set", "path": ["name"], "value": "Coast"}
    out = host.say({"type": "view_part", "revision": 3, "index": 1, "changes": [second]})
    view = {"map": {"0,0": {"title": "Home"}}, "name": "Coast"}
    assert out.events == [Joined("s1", "Ada", "player", False), ViewChanged(3, view, None)]
    assert client.joined and client.view == view and client.revision == 3


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "view_part", "revision": 3, "index": 1, "changes": []},  # out of order
        {"type": "view_part", "revision": 4, "index": 0, "changes": []},  # another view's
        {"type": "patch", "revision": 4, "changes": []},  # broke off
        {"type": "view_part", "revision": 3, "index": 0,
         "changes": [{"op": "set", "path": ["nowhere", "x"], "value": 1}]},  # does not fit
    ],
)  # fmt: skip
def test_a_view_in_parts_broken_off_closes_with_a_reason(bad: dict[str, Any]) -> None:
    client = player("Ada")
    host = FakeHost(client)
    _welcome_in_parts(host, 2)
    out = host.say(bad)
    assert out.close and isinstance(out.events[-1], Closed)
    assert "table" in out.events[-1].reason and client.view is None
