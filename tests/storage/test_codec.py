"""Reading and writing campaign files, and every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saga_desktop.model.campaign import Campaign
from saga_desktop.storage import FORMAT_VERSION, CampaignFileError, decode, encode, load_campaign
from saga_desktop.storage.codec import MAX_BYTES
from saga_desktop.storage.errors import Problem


def test_round_trip_is_exact(sample: Campaign) -> None:
    data = encode(sample)
    campaign, version = decode(data)
    assert version == FORMAT_VERSION
    assert campaign == sample
    assert encode(campaign) == data


def test_envelope_shape(sample_bytes: bytes) -> None:
    raw = json.loads(sample_bytes)
    assert raw["format"] == "saga-desktop/campaign"
    assert raw["format_version"] == FORMAT_VERSION
    assert set(raw) == {"format", "format_version", "campaign"}


def test_byte_order_mark_is_accepted(sample_bytes: bytes, sample: Campaign) -> None:
    assert decode(b"\xef\xbb\xbf" + sample_bytes)[0] == sample


def _doc(sample_bytes: bytes) -> dict:
    return json.loads(sample_bytes)


def _bad(data: bytes, match: str) -> CampaignFileError:
    with pytest.raises(CampaignFileError, match=match) as info:
        decode(data)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return info.value


def test_empty() -> None:
    _bad(b"", "empty")
    _bad(b"   \n", "empty")


def test_truncated(sample_bytes: bytes) -> None:
    _bad(sample_bytes[: len(sample_bytes) // 2], r"not valid JSON .* line \d+, column \d+")


def test_not_json() -> None:
    _bad(b"hello, this is a letter", "not valid JSON")


def test_not_utf8() -> None:
    _bad(b'{"format": "\xff\xfe"}', r"not UTF-8 .*0xff")


def test_not_an_envelope() -> None:
    _bad(b"[1, 2, 3]", "no envelope")
    _bad(b'{"format": "something-else", "format_version": 1, "campaign": {}}', "format:")


def test_envelope_fields(sample_bytes: bytes) -> None:
    doc = _doc(sample_bytes)
    _bad(json.dumps({**doc, "format_version": "one"}).encode(), "format_version")
    _bad(json.dumps({**doc, "extra": 1}).encode(), "extra: unknown field")
    del doc["campaign"]
    _bad(json.dumps(doc).encode(), "campaign: missing")


def test_newer_version_names_what_is_needed(sample_bytes: bytes) -> None:
    doc = _doc(sample_bytes)
    doc["format_version"] = FORMAT_VERSION + 1
    err = _bad(json.dumps(doc).encode(), "newer Saga Desktop")
    assert err.problem is Problem.NEWER
    assert f"format version {FORMAT_VERSION + 1}" in str(err)
    assert "Update the app" in str(err)


def test_wrong_type_names_the_field_path(sample_bytes: bytes) -> None:
    doc = _doc(sample_bytes)
    doc["campaign"]["characters"][1]["sheet"]["xp"] = "lots"
    _bad(json.dumps(doc).encode(), r"^campaign\.characters\[1\]\.sheet\.xp: ")


def test_out_of_range_value(sample_bytes: bytes) -> None:
    doc = _doc(sample_bytes)
    doc["campaign"]["characters"][0]["sheet"]["xp"] = 9
    _bad(
        json.dumps(doc).encode(), r"campaign\.characters\[0\]\.sheet\.xp: .*less than or equal to 8"
    )


def test_missing_field(sample_bytes: bytes) -> None:
    doc = _doc(sample_bytes)
    del doc["campaign"]["name"]
    _bad(json.dumps(doc).encode(), r"campaign\.name: Field required")


def test_unknown_ruleset(sample_bytes: bytes) -> None:
    doc = _doc(sample_bytes)
    doc["campaign"]["ruleset"] = "no-such-game"
    _bad(json.dumps(doc).encode(), r"campaign\.ruleset")


def test_cards_must_be_conserved(sample_bytes: bytes) -> None:
    doc = _doc(sample_bytes)
    piles = doc["campaign"]["piles"]
    piles["discard"].append(piles["draw"][0])
    _bad(json.dumps(doc).encode(), r"campaign\.piles\.discard: card .* appears twice")


def test_hostile_strings(sample_bytes: bytes) -> None:
    doc = _doc(sample_bytes)
    doc["campaign"]["name"] = "evil\x00name"
    _bad(json.dumps(doc).encode(), r"campaign\.name: .*control characters")
    doc = _doc(sample_bytes)
    doc["campaign"]["description"] = "x" * 200_000
    _bad(json.dumps(doc).encode(), r"campaign\.description")


def test_deeply_nested(sample_bytes: bytes) -> None:
    _bad(b"[" * 100_000 + b"]" * 100_000, "nested too deeply|not a Saga Desktop")
    doc = _doc(sample_bytes)
    deep: object = 1
    for _ in range(40):
        deep = {"d": deep}
    doc["campaign"]["journal"][0]["details"] = {"x": deep}
    _bad(json.dumps(doc).encode(), r"campaign\.journal\[0\]\.details: .*nested")


def test_absurdly_large(tmp_path: Path) -> None:
    _bad(b" " * (MAX_BYTES + 1), r"limited to 64 MB")
    big = tmp_path / "big.saga"
    with big.open("wb") as f:
        f.truncate(MAX_BYTES + 10)
    with pytest.raises(CampaignFileError, match="limited to 64 MB"):
        load_campaign(big)


def test_unreadable_paths(tmp_path: Path) -> None:
    with pytest.raises(CampaignFileError, match="no file") as info:
        load_campaign(tmp_path / "nope.saga")
    assert info.value.problem is Problem.UNREADABLE
    with pytest.raises(CampaignFileError, match="is a folder") as info:
        load_campaign(tmp_path)
    assert info.value.problem is Problem.UNREADABLE


def test_loading_never_touches_the_file(sample_file: Path) -> None:
    before = sample_file.read_bytes()
    stat = sample_file.stat()
    load_campaign(sample_file)
    assert sample_file.read_bytes() == before
    assert sample_file.stat().st_mtime_ns == stat.st_mtime_ns
