"""The autosave slots that bring back work after a crash."""

from __future__ import annotations

import threading
from pathlib import Path

from saga_desktop.model.campaign import Campaign
from saga_desktop.storage import encode, load_campaign
from saga_desktop.storage.recovery import AutosaveWriter, RecoveryStore


def test_slot_round_trip(sample: Campaign, tmp_path: Path) -> None:
    store = RecoveryStore(tmp_path / "recovery")
    slot = store.new_slot()
    slot.write(encode(sample), sample.name, tmp_path / "mine.saga")
    [entry] = store.entries()
    assert entry.name == sample.name
    assert entry.source == tmp_path / "mine.saga"
    assert load_campaign(entry.path).campaign == sample
    store.slot(entry.slot_id).discard()
    assert store.entries() == []


def test_unreadable_descriptions_are_skipped(sample: Campaign, tmp_path: Path) -> None:
    store = RecoveryStore(tmp_path)
    slot = store.new_slot()
    slot.write(encode(sample), sample.name, None)
    slot.meta_path.write_text("{not json", "utf-8")
    assert store.entries() == []


def test_writer_keeps_only_the_newest(sample: Campaign, tmp_path: Path) -> None:
    store = RecoveryStore(tmp_path)
    errors: list[Exception] = []
    writer = AutosaveWriter(store.new_slot(), errors.append)
    for i in range(30):
        sample.description = f"state {i}"
        writer.submit(encode(sample), sample.name, None)
    assert writer.flush()
    writer.close()
    [entry] = store.entries()
    assert load_campaign(entry.path).campaign.description == "state 29"
    assert errors == []


def test_writer_reports_errors(sample: Campaign, tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    errors: list[Exception] = []
    done = threading.Event()

    def report(exc: Exception) -> None:
        errors.append(exc)
        done.set()

    writer = AutosaveWriter(RecoveryStore(blocker / "sub").new_slot(), report)
    writer.submit(encode(sample), sample.name, None)
    assert done.wait(5)
    writer.close()
    assert errors
