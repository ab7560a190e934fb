"""Saving is atomic: a crash at any instant leaves the old file or the new one."""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from saga_desktop.model.campaign import Campaign
from saga_desktop.storage import encode, load_campaign, save_campaign
from saga_desktop.storage.atomic import atomic_write
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.errors import CampaignFileError


def test_atomic_write_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "a.saga"
    atomic_write(target, b"one")
    atomic_write(target, b"two")
    assert target.read_bytes() == b"two"
    assert [p.name for p in tmp_path.iterdir()] == ["a.saga"]


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "a.saga"
    atomic_write(target, b"old")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="No space"):
        atomic_write(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.saga"]


def test_save_reports_an_unwritable_folder(sample: Campaign, tmp_path: Path) -> None:
    with pytest.raises(CampaignFileError, match=r"could not be saved|No permission"):
        save_campaign(sample, tmp_path / "missing-folder" / "x.saga")


def test_save_keeps_rotating_backups(sample: Campaign, tmp_path: Path) -> None:
    store = BackupStore(tmp_path / "backups", keep=10)
    target = tmp_path / "saga.saga"
    for i in range(13):
        sample.description = f"save number {i}"
        save_campaign(sample, target, store)
    backups = store.list(target)
    assert len(backups) == 10
    newest = load_campaign(backups[0].path).campaign
    oldest = load_campaign(backups[-1].path).campaign
    assert newest.description == "save number 12"
    assert oldest.description == "save number 3"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork() to kill a saver mid-write")
def test_killed_in_the_middle_of_saving_the_file_always_loads(
    sample: Campaign, tmp_path: Path
) -> None:
    """A child saves in a loop; it is SIGKILLed at random moments 100 times."""
    target = tmp_path / "saga.saga"
    a = sample.model_copy(deep=True)
    b = sample.model_copy(deep=True)
    a.description = "A" * 50_000
    b.description = "B" * 70_000
    save_campaign(a, target)
    valid = {encode(a), encode(b)}
    rng = random.Random(4)
    for _ in range(100):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: save forever
            os.close(read_end)
            try:
                os.write(write_end, b"go")
                while True:
                    save_campaign(b, target)
                    save_campaign(a, target)
            except BaseException:
                os._exit(3)
        os.close(write_end)
        os.read(read_end, 2)
        os.close(read_end)
        time.sleep(rng.uniform(0, 0.03))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status), "the saver died on its own"
        assert target.read_bytes() in valid
        load_campaign(target)
    sys.stdout.write(f"leftover temp files: {len(list(tmp_path.glob('.*.tmp')))}\n")
