"""Older files are upgraded step by step on load, after the original is backed up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from saga_desktop.storage import codec, files, load_campaign, migrations
from saga_desktop.storage.backups import BackupStore


def test_an_older_file_is_backed_up_then_upgraded(
    sample_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pretend this app writes format 2, whose one change renames the campaign."""
    seen: list[int] = []

    def v1_to_v2(campaign: dict[str, Any]) -> dict[str, Any]:
        seen.append(1)
        return {**campaign, "name": campaign["name"] + " (upgraded)"}

    monkeypatch.setattr(codec, "FORMAT_VERSION", 2)
    monkeypatch.setattr(files, "FORMAT_VERSION", 2)
    monkeypatch.setattr(migrations, "STEPS", {1: v1_to_v2})
    original = sample_file.read_bytes()
    store = BackupStore(tmp_path / "backups")
    result = load_campaign(sample_file, store)
    assert seen == [1]
    assert result.version == 1 and result.migrated
    assert result.campaign.name == "The Shattered Coast (upgraded)"
    assert result.upgrade_backup is not None
    assert result.upgrade_backup.read_bytes() == original
    assert "before-upgrade-from-v1" in result.upgrade_backup.name
    assert sample_file.read_bytes() == original, "loading never changes the file"


def test_a_failing_step_is_reported_and_changes_nothing(
    sample_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(campaign: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("regions")

    monkeypatch.setattr(codec, "FORMAT_VERSION", 2)
    monkeypatch.setattr(migrations, "STEPS", {1: broken})
    original = sample_file.read_bytes()
    with pytest.raises(files.CampaignFileError, match="could not be upgraded"):
        load_campaign(sample_file)
    assert sample_file.read_bytes() == original
