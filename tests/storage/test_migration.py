"""Older files are upgraded step by step on load, after the original is backed up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from saga_desktop.model.songs.table import table_of
from saga_desktop.storage import codec, files, load_campaign, migrations
from saga_desktop.storage.backups import BackupStore

DATA = Path(__file__).parent.parent / "data"


def test_a_format_1_file_is_backed_up_then_upgraded_to_named_piles(tmp_path: Path) -> None:
    """The real step 1 -> 2: the one card table becomes the ruleset's named piles."""
    path = tmp_path / "old.saga"
    path.write_bytes((DATA / "campaign-v1.saga").read_bytes())
    original = path.read_bytes()
    old_table = json.loads(original)["campaign"]["table"]
    result = load_campaign(path, BackupStore(tmp_path / "backups"))
    assert result.version == 1 and result.migrated
    t = table_of(result.campaign)
    assert list(t.draw) == old_table["draw"] and list(t.discard) == old_table["discard"]
    assert {k: list(v) for k, v in t.hands.items()} == old_table["hands"]
    assert result.upgrade_backup is not None
    assert result.upgrade_backup.read_bytes() == original
    assert path.read_bytes() == original, "loading never changes the file"


def test_a_format_1_table_with_an_unknown_field_is_refused(tmp_path: Path) -> None:
    doc = json.loads((DATA / "campaign-v1.saga").read_bytes())
    doc["campaign"]["table"]["stack"] = []
    path = tmp_path / "odd.saga"
    path.write_text(json.dumps(doc), "utf-8")
    with pytest.raises(files.CampaignFileError, match=r"table\.stack"):
        load_campaign(path)


def test_an_older_file_is_backed_up_then_upgraded(
    sample_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pretend this app writes the next format, whose one change renames the campaign."""
    now = codec.FORMAT_VERSION
    seen: list[int] = []

    def step(campaign: dict[str, Any]) -> dict[str, Any]:
        seen.append(now)
        return {**campaign, "name": campaign["name"] + " (upgraded)"}

    monkeypatch.setattr(codec, "FORMAT_VERSION", now + 1)
    monkeypatch.setattr(files, "FORMAT_VERSION", now + 1)
    monkeypatch.setattr(migrations, "STEPS", {**migrations.STEPS, now: step})
    original = sample_file.read_bytes()
    store = BackupStore(tmp_path / "backups")
    result = load_campaign(sample_file, store)
    assert seen == [now]
    assert result.version == now and result.migrated
    assert result.campaign.name == "The Shattered Coast (upgraded)"
    assert result.upgrade_backup is not None
    assert result.upgrade_backup.read_bytes() == original
    assert f"before-upgrade-from-v{now}" in result.upgrade_backup.name
    assert sample_file.read_bytes() == original, "loading never changes the file"


def test_a_failing_step_is_reported_and_changes_nothing(
    sample_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(campaign: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("regions")

    now = codec.FORMAT_VERSION
    monkeypatch.setattr(codec, "FORMAT_VERSION", now + 1)
    monkeypatch.setattr(migrations, "STEPS", {**migrations.STEPS, now: broken})
    original = sample_file.read_bytes()
    with pytest.raises(files.CampaignFileError, match="could not be upgraded"):
        load_campaign(sample_file)
    assert sample_file.read_bytes() == original


def test_a_format_2_file_is_upgraded_to_a_map_without_tokens(tmp_path: Path) -> None:
    result = load_campaign(DATA / "campaign-v2.saga")
    assert result.version == 2 and result.migrated
    assert result.campaign.map.tokens == []
    doc = json.loads((DATA / "campaign-v2.saga").read_bytes())
    doc["campaign"]["map"]["tokens"] = []
    path = tmp_path / "odd.saga"
    path.write_text(json.dumps(doc), "utf-8")
    with pytest.raises(files.CampaignFileError, match=r"map\.tokens is not a field of format 2"):
        load_campaign(path)


def test_the_format_3_golden_file_keeps_its_tokens() -> None:
    tokens = load_campaign(DATA / "campaign-v3.saga").campaign.map.tokens
    assert [(t.kind, t.hidden) for t in tokens] == [
        ("character", False),
        ("character", False),
        ("enemy", True),
        ("marker", False),
    ]


def test_a_format_2_file_upgrades_to_characters_all_accepted(tmp_path: Path) -> None:
    """The real step 2 -> 3: every older character was the GM's, so it plays at the table."""
    path = tmp_path / "v2.saga"
    path.write_bytes((DATA / "campaign-v2.saga").read_bytes())
    result = load_campaign(path, BackupStore(tmp_path / "backups"))
    assert result.version == 2 and result.migrated
    assert [c.status for c in result.campaign.characters] == ["accepted", "accepted"]


def test_format_3_keeps_characters_waiting_for_the_gm() -> None:
    result = load_campaign(DATA / "campaign-v3.saga")
    waiting = {c.name: (c.status, c.review) for c in result.campaign.characters if not c.accepted}
    assert waiting["Hild"] == ("submitted", "")
    assert waiting["Eyvind"][0] == "returned" and "Vanori" in waiting["Eyvind"][1]
