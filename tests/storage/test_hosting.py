"""The kept hosting state: written whole, read back, forgotten; a damaged file is ignored."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

from saga_desktop.storage.hosting import HostingStore, KeptHosting, KeptSeat

STATE = KeptHosting(
    4321,
    "42-lantern-otter-maple",
    "17-anchor-bison-cedar-daisy-eagle",
    (
        KeptSeat("seat1", "Ren", "player", "tok-ren"),
        KeptSeat("seat2", "Gwen", "gm", "tok-gwen"),
        KeptSeat("seat3", "Sam", "player", "tok-sam", free=True),  # freed by the GM
    ),
    "ab" * 32,  # the internet endpoint's key
    51820,
)


def test_a_kept_state_reads_back_as_it_was_and_is_forgotten(tmp_path: Path) -> None:
    store = HostingStore(tmp_path / "hosting")
    assert store.load("camp-1") is None
    assert store.keep("camp-1", STATE) is None
    assert store.load("camp-1") == STATE
    assert store.load("camp-2") is None
    store.forget("camp-1")
    assert store.load("camp-1") is None
    store.forget("camp-1")  # forgetting twice is fine


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_only_the_gms_account_may_read_the_codes(tmp_path: Path) -> None:
    store = HostingStore(tmp_path)
    store.keep("camp-1", STATE)
    path = store.path_for("camp-1")
    assert path is not None and stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.parametrize(
    "content",
    [
        b"not json",
        b"[]",
        json.dumps({"port": 70000, "join_code": "a", "gm_code": "b", "seats": []}).encode(),
        json.dumps({"port": 1, "join_code": "", "gm_code": "b", "seats": []}).encode(),
        json.dumps({"port": 1, "join_code": "a", "gm_code": "b", "seats": [{"x": 1}]}).encode(),
        json.dumps(
            {
                "port": 1,
                "join_code": "a",
                "gm_code": "b",
                "seats": [{"seat_id": "s", "name": "n", "role": "boss", "token": "t"}],
            }
        ).encode(),
    ],
)
def test_a_damaged_state_is_no_state(tmp_path: Path, content: bytes) -> None:
    store = HostingStore(tmp_path)
    path = store.path_for("camp-1")
    assert path is not None
    path.write_bytes(content)
    assert store.load("camp-1") is None


def test_an_id_that_cannot_name_a_file_is_refused(tmp_path: Path) -> None:
    store = HostingStore(tmp_path)
    assert store.path_for("../evil") is None
    assert store.keep("../evil", STATE) is not None
    assert store.load("../evil") is None
    assert not list(tmp_path.iterdir())
