"""Property: at least 1,000 generated corrupt files all give one clear message, files untouched."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga_desktop.storage import CampaignFileError, load_campaign

WRONG_VALUES: list[Any] = ["x", 3.5, -(10**12), [], {}, None, True, "\x00"]
RAW_KINDS: dict[str, list[str]] = {
    "huge-int": ["9" * 4301, "-" + "1" * 6000],
    "lone-surrogate": ['"\\udfff"', '"ok \\ud800 then"', '["\\udc00"]', '{"\\udfff": 1}'],
    "nan-infinity": ["NaN", "Infinity", "-Infinity", "1e999", "[1, NaN]"],
}
KINDS = [
    "truncate",
    "junk",
    "wrong-type",
    "drop-key",
    "nest",
    "envelope",
    "duplicate-journal-id",
    *RAW_KINDS,
]


def _leaves(
    node: Any, path: tuple[Any, ...] = (), *, with_details: bool = False
) -> list[tuple[Any, ...]]:
    """Paths of every value in the campaign (inside free-form journal details only if asked)."""
    if "details" in path and not with_details:
        return []
    out: list[tuple[Any, ...]] = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += _leaves(value, (*path, key), with_details=with_details)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _leaves(value, (*path, i), with_details=with_details)
    return out


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def _type_of(doc: Any, path: tuple[Any, ...]) -> type:
    for key in path:
        doc = doc[key]
    return type(doc)


@st.composite
def corrupt_files(draw: st.DrawFn, original: bytes, kind: str | None = None) -> bytes:
    kind = kind or draw(st.sampled_from(KINDS))
    if kind == "truncate":
        return original[: draw(st.integers(0, len(original) - 3))]
    if kind == "junk":
        at = draw(st.integers(0, len(original)))
        junk = draw(st.sampled_from([b"\xff", b"\xc3(", b"\x80\x80", b"\xed\xa0\x80"]))
        return original[:at] + junk + original[at:]
    doc = json.loads(original)
    if kind == "envelope":
        field = draw(st.sampled_from(["format", "format_version", "campaign"]))
        doc[field] = draw(st.sampled_from([None, 99, "v1", [], {"a": 1}]))
        return json.dumps(doc).encode()
    if kind == "nest":
        depth = draw(st.integers(20, 3000))
        return b"[" * depth + json.dumps(doc).encode() + b"]" * depth
    if kind == "duplicate-journal-id":
        journal = doc["campaign"]["journal"]
        i, j = draw(st.lists(st.integers(0, len(journal) - 1), min_size=2, max_size=2, unique=True))
        journal[j]["id"] = journal[i]["id"]
        return json.dumps(doc).encode()
    paths = _leaves(doc["campaign"], with_details=kind in RAW_KINDS)
    rng = random.Random(draw(st.integers(0, 2**32)))
    path = ("campaign", *rng.choice(paths))
    if kind in RAW_KINDS:
        # Values json.dumps cannot write: put a marker there, then swap in the raw JSON text.
        _set(doc, path, "@@RAW@@")
        raw = draw(st.sampled_from(RAW_KINDS[kind]))
        return json.dumps(doc).replace('"@@RAW@@"', raw, 1).encode()
    if kind == "wrong-type":
        current = _type_of(doc, path)
        value = draw(st.sampled_from([v for v in WRONG_VALUES if type(v) is not current]))
        if (
            current in (int, float)
            and isinstance(value, (int, float))
            and not isinstance(value, bool)
        ):
            value = "x"
        _set(doc, path, value)
    else:  # drop a key or a list item
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.append(parent[path[-1]])  # a duplicate: cards, ids and hexes must be unique
    return json.dumps(doc).encode()


def test_corrupt_files_give_one_clear_message(sample_bytes: bytes, tmp_path: Path) -> None:
    counted = {"bad": 0, "still-valid": 0}
    path = tmp_path / "corrupt.saga"

    @settings(max_examples=1300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one_file(data: st.DataObject) -> None:
        blob = data.draw(corrupt_files(sample_bytes))
        path.write_bytes(blob)
        digest = hashlib.sha256(blob).hexdigest()
        try:
            load_campaign(path)
        except CampaignFileError as exc:
            message = str(exc)
            assert message and "\n" not in message and len(message) < 400
            assert "Traceback" not in message
            counted["bad"] += 1
        else:
            # Dropping a key that has a default, or a value that still fits, is a valid file.
            counted["still-valid"] += 1
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest

    one_file()
    print(f"corrupt files: {counted}")
    assert counted["bad"] >= 1000, counted


def test_values_json_cannot_carry_are_always_refused(sample_bytes: bytes, tmp_path: Path) -> None:
    """Huge numbers, lone surrogates, NaN and Infinity anywhere, duplicate journal ids."""
    path = tmp_path / "hostile.saga"

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one_file(data: st.DataObject) -> None:
        kind = data.draw(st.sampled_from([*RAW_KINDS, "duplicate-journal-id"]))
        blob = data.draw(corrupt_files(sample_bytes, kind))
        path.write_bytes(blob)
        try:
            load_campaign(path)
        except CampaignFileError as exc:
            message = str(exc)
            assert message and "\n" not in message and len(message) < 400
        else:
            raise AssertionError(f"a {kind} file loaded")
        assert path.read_bytes() == blob

    one_file()
