"""Strict message models, and patches on views."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga_desktop.network.messages import (
    MAX_MESSAGE,
    Change,
    Hello,
    Join,
    MessageError,
    Patch,
    Request,
    Welcome,
    decode,
    encode,
)
from saga_desktop.network.patch import PatchError, apply_patch, diff


def test_messages_round_trip() -> None:
    for message in [
        Hello(app_version="1.0", protocol_version=1, rulesets={"songs-and-sagas": "3"}),
        Join(seat_name="Ada"),
        Join(reconnect_token="tok", last_revision=4),
        Request(request_id=3, op={"kind": "move", "hex": "1,2"}),
        Welcome(
            seat_id="s1", seat_name="A", role="player", reconnect_token="t", revision=0, view={}
        ),
        Patch(
            revision=2,
            changes=[Change(op="set", path=["a"], value=None), Change(op="del", path=["b"])],
        ),
    ]:
        assert decode(encode(message)) == message


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"type": "ping", "nonce": 1, "extra": 2}, r"ping\.extra\): Extra inputs"),
        ({"type": "teleport"}, "does not match any of the expected tags"),
        ({"nonce": 1}, "discriminator 'type'"),
        ({"type": "ping", "nonce": "1"}, r"ping\.nonce\): Input should be a valid integer"),
        ({"type": "request", "request_id": 1, "op": {}}, r"by 'op' \(or 'kind'\): 'kind' must"),
        ({"type": "request", "request_id": 1, "op": {"kind": 5}}, "'kind' must be text"),
        ({"type": "request", "request_id": 1, "op": {"op": 5, "kind": "x"}}, "'op' must be text"),
        ({"type": "join"}, "either a seat name or a reconnect token"),
        ({"type": "join", "seat_name": "a", "reconnect_token": "b"}, "either a seat name"),
        ({"type": "join", "seat_name": "a", "role": "dragon"}, r"join\.role"),
        (
            {"type": "patch", "revision": 1, "changes": [{"op": "del", "path": ["a"], "value": 1}]},
            "has no value",
        ),
        ({"type": "patch", "revision": 1, "changes": [{"op": "set", "path": []}]}, "at least 1"),
        ({"type": "resume", "last_revision": -1}, "greater than or equal to 0"),
    ],
)
def test_bad_messages_name_the_field(raw: dict[str, object], message: str) -> None:
    with pytest.raises(MessageError, match=message):
        decode(json.dumps(raw).encode())


@pytest.mark.parametrize(
    "raw", [b"", b"\xff\xfe", b"[1, 2]", b"null", b"{" * 5000, b'{"type": "ping"} trailing']
)
def test_garbage_is_a_message_error(raw: bytes) -> None:
    with pytest.raises(MessageError, match="Bad message"):
        decode(raw)


def test_an_oversized_message_is_refused_before_parsing() -> None:
    with pytest.raises(MessageError, match="over the limit"):
        decode(b" " * (MAX_MESSAGE + 1))


def test_apply_patch_sets_and_deletes_without_touching_the_input() -> None:
    view = {"tokens": {"t1": {"hex": "0,0"}, "t2": {"hex": "1,1"}}, "round": 1}
    frozen = json.dumps(view)
    new = apply_patch(
        view,
        [
            Change(op="set", path=["tokens", "t1", "hex"], value="2,2"),
            Change(op="del", path=["tokens", "t2"]),
            Change(op="set", path=["round"], value=2),
        ],
    )
    assert new == {"tokens": {"t1": {"hex": "2,2"}}, "round": 2}
    assert json.dumps(view) == frozen


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ([Change(op="del", path=["nope"])], "it is not there"),
        ([Change(op="set", path=["round", "x"], value=1)], "round is missing"),
        ([Change(op="set", path=["a", "b", "c"], value=1)], "a is missing"),
    ],
)
def test_a_change_that_does_not_fit_is_refused(changes: list[Change], message: str) -> None:
    view = {"round": 1}
    with pytest.raises(PatchError, match=message):
        apply_patch(view, changes)
    assert view == {"round": 1}


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3)
    ),
    max_leaves=12,
)
_views = st.dictionaries(st.text(max_size=2), _json, max_size=4)


@given(_views, _views)
def test_diff_then_apply_gives_the_new_view(old: dict, new: dict) -> None:
    frozen = json.dumps(old, sort_keys=True)
    changes = diff(old, new)
    assert json.dumps(apply_patch(old, changes), sort_keys=True) == json.dumps(new, sort_keys=True)
    assert json.dumps(old, sort_keys=True) == frozen
    assert (changes == []) == (json.dumps(old, sort_keys=True) == json.dumps(new, sort_keys=True))


def test_diff_tells_true_from_one() -> None:
    assert diff({"a": True}, {"a": 1}) == [Change(op="set", path=["a"], value=1)]
    assert diff({"a": [True]}, {"a": [1]}) == [Change(op="set", path=["a"], value=[1])]
