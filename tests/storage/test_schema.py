"""The JSON Schema shipped in resources/ matches the models; golden files of each version load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saga_desktop.resources import resource
from saga_desktop.storage import FORMAT_VERSION, load_campaign
from saga_desktop.storage.schema import SCHEMA_FILE, schema_text

DATA = Path(__file__).resolve().parents[1] / "data"


def test_shipped_schema_matches_the_models() -> None:
    shipped = resource(*SCHEMA_FILE).read_text("utf-8")
    assert shipped == schema_text(), (
        "resources/schema is out of date: run `uv run python -m saga_desktop.storage.schema`"
    )


def test_schema_is_json_schema() -> None:
    schema = json.loads(schema_text())
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert schema["properties"]["format_version"]["const"] == FORMAT_VERSION


@pytest.mark.parametrize("version", range(1, FORMAT_VERSION + 1))
def test_golden_file_of_every_version_loads(version: int) -> None:
    golden = DATA / f"campaign-v{version}.saga"
    assert golden.is_file(), f"keep a golden file for format version {version}"
    result = load_campaign(golden)
    assert result.version == version
    assert result.campaign.characters and result.campaign.journal


def test_sample_campaign_is_current() -> None:
    from saga_desktop.model.songs.sample import sample_campaign
    from saga_desktop.resources import SAMPLE_CAMPAIGN
    from saga_desktop.storage import encode

    shipped = resource(*SAMPLE_CAMPAIGN).read_bytes()
    assert shipped == encode(sample_campaign()), (
        "the sample campaign is out of date: run `uv run python -m saga_desktop.storage.sample`"
    )
