"""Saving refuses what loading would refuse, writes through links, and reports every problem."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from saga_desktop.model.campaign import Campaign
from saga_desktop.storage import CampaignFileError, codec, encode, load_campaign, save_campaign
from saga_desktop.storage.atomic import STALE_TEMP_SECONDS
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore


def _broken(sample: Campaign) -> Campaign:
    """A campaign holding a lone surrogate in memory (as a JavaScript tool could write it)."""
    copy = sample.model_copy(deep=True)
    entry = copy.journal[0]
    copy.journal[0] = entry.model_copy(update={"details": {**entry.details, "x": "\udfff"}})
    return copy


def test_an_unencodable_campaign_is_refused_and_nothing_changes(
    sample: Campaign, tmp_path: Path
) -> None:
    target = tmp_path / "a.saga"
    save_campaign(sample, target)
    before = target.read_bytes()
    with pytest.raises(CampaignFileError, match="cannot be written"):
        encode(_broken(sample))
    with pytest.raises(CampaignFileError, match="cannot be written"):
        save_campaign(_broken(sample), target, BackupStore(tmp_path / "backups"))
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["a.saga"], "no temp file, no backup"


def test_saving_and_loading_share_one_size_limit(
    sample: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    size = len(encode(sample))
    target = tmp_path / "a.saga"
    target.write_bytes(b"old")
    monkeypatch.setattr(codec, "MAX_BYTES", size - 1)
    with pytest.raises(CampaignFileError, match=r"limited to .* not written"):
        save_campaign(sample, target, BackupStore(tmp_path / "backups"))
    assert target.read_bytes() == b"old", "refused before anything on disk changed"
    assert not (tmp_path / "backups").exists()
    monkeypatch.setattr(codec, "MAX_BYTES", size)
    result = save_campaign(sample, target)
    assert load_campaign(target).campaign == sample  # what saves, loads
    assert result.near_limit.startswith("This campaign takes") and "100%" in result.near_limit
    monkeypatch.setattr(codec, "MAX_BYTES", size - 1)
    with pytest.raises(CampaignFileError, match="limited to"):
        load_campaign(target)


def test_the_warning_comes_at_the_warning_share() -> None:
    limit = codec.MAX_BYTES
    assert codec.size_warning(int(limit * codec.WARN_FRACTION)) is None
    assert codec.size_warning(int(limit * 0.85)) is not None


def test_backups_of_two_files_never_mix(sample: Campaign, tmp_path: Path) -> None:
    """Same campaign id in both files: saving the copy 10 times keeps every backup of ours."""
    sample = sample.model_copy(deep=True)
    store = BackupStore(tmp_path / "backups", keep=10)
    ours, copy = tmp_path / "ours.saga", tmp_path / "copy.saga"
    for i in range(3):
        sample.description = f"ours {i}"
        save_campaign(sample, ours, store)
    for i in range(10):
        sample.description = f"copy {i}"
        save_campaign(sample, copy, store)
    mine = store.list(ours)
    assert len(mine) == 3
    assert {load_campaign(b.path).campaign.description for b in mine} == {
        "ours 0",
        "ours 1",
        "ours 2",
    }
    assert len(store.list(copy)) == 10
    same_name = tmp_path / "elsewhere" / "ours.saga"
    assert store.folder(same_name) != store.folder(ours)


def test_a_failed_backup_is_reported_not_swallowed(sample: Campaign, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    result = save_campaign(sample, tmp_path / "a.saga", BackupStore(blocker))
    assert load_campaign(tmp_path / "a.saga").campaign == sample
    assert "backup could not be written" in result.backup_problem


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_saving_through_a_link_writes_its_target(sample: Campaign, tmp_path: Path) -> None:
    real = tmp_path / "real" / "campaign.saga"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "link.saga"
    link.symlink_to(real)
    store = BackupStore(tmp_path / "backups")
    result = save_campaign(sample, link, store)
    assert link.is_symlink() and result.target == real.resolve()
    assert load_campaign(real).campaign == sample
    assert store.list(link) == store.list(real) and len(store.list(real)) == 1


def _temp(folder: Path, name: str, age: float) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(b"partial")
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_stale_temp_files_are_removed_everywhere_we_write(sample: Campaign, tmp_path: Path) -> None:
    old = STALE_TEMP_SECONDS + 60
    backups = tmp_path / "backups"
    store = BackupStore(backups)
    target = tmp_path / "a.saga"
    beside = _temp(tmp_path, ".a.saga.abc_1234.tmp", old)
    young = _temp(tmp_path, ".a.saga.abcd5678.tmp", 5)
    foreign = _temp(tmp_path, "notes.tmp", old)
    in_backups = _temp(store.folder(target), ".20260101T000000_000000Z-save.saga.k2j4h5g6.tmp", old)
    save_campaign(sample, target, store)
    assert not beside.exists() and not in_backups.exists()
    assert young.exists() and foreign.exists()
    recovery = RecoveryStore(tmp_path / "recovery")
    killed = _temp(recovery.root, ".0123abcd.saga.zzzzzzzz.tmp", old)
    assert recovery.remove_stale_temp_files() == 1 and not killed.exists()


def test_a_failed_upgrade_backup_is_reported(
    sample_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saga_desktop.storage import files, migrations

    now = codec.FORMAT_VERSION
    monkeypatch.setattr(codec, "FORMAT_VERSION", now + 1)
    monkeypatch.setattr(files, "FORMAT_VERSION", now + 1)
    monkeypatch.setattr(migrations, "STEPS", {**migrations.STEPS, now: lambda c: c})
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    result = load_campaign(sample_file, BackupStore(blocker))
    assert result.upgrade_backup is None
    assert "could not be backed up" in result.warning
