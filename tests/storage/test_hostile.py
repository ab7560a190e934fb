"""Files the JSON parsers accept but a campaign must refuse: one clear line, the file untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saga_desktop.model.campaign import Campaign
from saga_desktop.storage import CampaignFileError, decode, encode, load_campaign
from saga_desktop.storage.codec import FORMAT_VERSION
from saga_desktop.storage.hostile import MAX_INT_DIGITS, clip, looks_suspect

MARK = '"zz": "X"'


def _with_detail(sample_bytes: bytes, replacement: str) -> bytes:
    """The sample with one journal detail replaced by raw JSON text."""
    doc = json.loads(sample_bytes)
    doc["campaign"]["journal"][0]["details"]["zz"] = "X"
    text = json.dumps(doc)
    assert MARK in text
    return text.replace(MARK, replacement, 1).encode()


def _refused(path: Path, data: bytes, match: str) -> str:
    path.write_bytes(data)
    with pytest.raises(CampaignFileError, match=match) as info:
        load_campaign(path)
    assert path.read_bytes() == data, "a refused file is never changed"
    message = str(info.value)
    assert "\n" not in message and len(message) < 300
    return message


def test_a_huge_integer_names_its_field(sample_bytes: bytes, tmp_path: Path) -> None:
    doc = json.loads(sample_bytes)
    doc["campaign"]["map"]["days"] = 12345
    text = json.dumps(doc).replace('"days": 12345', '"days": ' + "9" * 5000)
    message = _refused(tmp_path / "a.saga", text.encode(), "5,000 digits")
    assert message.startswith("campaign.map.days:")


def test_a_huge_integer_in_the_envelope_and_in_details(sample_bytes: bytes, tmp_path: Path) -> None:
    text = sample_bytes.decode().replace(
        f'"format_version": {FORMAT_VERSION}', '"format_version": ' + "7" * 4400
    )
    assert _refused(tmp_path / "a.saga", text.encode(), "digits").startswith("format_version:")
    data = _with_detail(sample_bytes, '"zz": -' + "1" * (MAX_INT_DIGITS + 1))
    message = _refused(tmp_path / "b.saga", data, "digits")
    assert message.startswith("campaign.journal[0].details.zz:")


def test_a_long_but_allowed_integer_in_details_loads(sample_bytes: bytes) -> None:
    data = _with_detail(sample_bytes, '"zz": ' + "1" * MAX_INT_DIGITS)
    campaign, _ = decode(data)
    assert campaign.journal[0].details["zz"] == int("1" * MAX_INT_DIGITS)


@pytest.mark.parametrize("where", ["name", "description", "journal-text"])
def test_a_lone_surrogate_is_refused_with_its_path(
    sample_bytes: bytes, tmp_path: Path, where: str
) -> None:
    doc = json.loads(sample_bytes)
    if where == "journal-text":
        doc["campaign"]["journal"][2]["text"] = "SURR"
        path = "campaign.journal[2].text"
    else:
        doc["campaign"][where] = "SURR"
        path = f"campaign.{where}"
    data = json.dumps(doc).replace("SURR", "a\\udfff").encode()
    message = _refused(tmp_path / "a.saga", data, "broken character")
    assert message.startswith(path + ":")


def test_a_lone_surrogate_in_details_is_refused_not_loaded(
    sample_bytes: bytes, tmp_path: Path
) -> None:
    """JSON.stringify writes such escapes; loading them used to make every save fail later."""
    for raw in ('"zz": "\\udfff"', '"zz": ["ok", "\\ud83d"]', '"\\udfff": 1'):
        message = _refused(tmp_path / "a.saga", _with_detail(sample_bytes, raw), "broken")
        assert message.startswith("campaign.journal[0].details")


def test_a_surrogate_pair_is_valid_text(sample_bytes: bytes) -> None:
    data = _with_detail(sample_bytes, '"zz": "\\ud83d\\ude00 and \\u00e9"')
    campaign, _ = decode(data)
    assert campaign.journal[0].details["zz"] == "\U0001f600 and é"
    assert decode(encode(campaign))[0] == campaign


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "-2E+400"])
def test_nan_and_infinity_are_refused(sample_bytes: bytes, tmp_path: Path, number: str) -> None:
    message = _refused(tmp_path / "a.saga", _with_detail(sample_bytes, f'"zz": {number}'), "number")
    assert message.startswith("campaign.journal[0].details.zz:")
    doc = json.loads(sample_bytes)
    doc["campaign"]["rng"]["gauss_next"] = 0.5
    text = json.dumps(doc).replace('"gauss_next": 0.5', f'"gauss_next": {number}')
    assert _refused(tmp_path / "b.saga", text.encode(), "number").startswith(
        "campaign.rng.gauss_next:"
    )


def test_words_that_only_look_suspect_still_load(sample: Campaign) -> None:
    """The fast path's scan may raise a false alarm; the careful reading then accepts the file."""
    copy = sample.model_copy(deep=True)
    copy.description = "NaN and Infinity are words; 1e999 too; so is \\udfff written out"
    data = encode(copy)
    assert looks_suspect(data)
    assert decode(data)[0] == copy


def test_duplicate_journal_ids_are_refused(sample_bytes: bytes, tmp_path: Path) -> None:
    doc = json.loads(sample_bytes)
    journal = doc["campaign"]["journal"]
    journal[4]["id"] = journal[1]["id"]
    message = _refused(tmp_path / "a.saga", json.dumps(doc).encode(), "earlier entry")
    assert message.startswith("campaign.journal[4].id:")


def test_refusals_quote_input_briefly(sample_bytes: bytes, tmp_path: Path) -> None:
    huge = "Q" * 5_000_000
    doc = json.loads(sample_bytes)
    doc["campaign"]["piles"]["draw"][0] = huge
    message = _refused(tmp_path / "a.saga", json.dumps(doc).encode(), "not a playing card")
    assert "Q" * 80 + "…" in message and "Q" * 81 not in message
    doc = json.loads(sample_bytes)
    doc[huge] = 1
    assert "Q" * 81 not in _refused(tmp_path / "b.saga", json.dumps(doc).encode(), "unknown")
    doc = json.loads(sample_bytes)
    doc["format"] = huge
    assert "Q" * 81 not in _refused(tmp_path / "c.saga", json.dumps(doc).encode(), "format")


def test_clip_makes_one_short_line() -> None:
    assert clip("abc") == "abc"
    assert clip("x" * 100) == "x" * 80 + "…"
    assert clip("two\nlines\u2028and\x00") == "two\\nlines\\u2028and\\x00"
    assert clip("lone \udfff") == "lone \\udfff"
