"""The autosave slots that bring back work after a crash."""

from __future__ import annotations

from pathlib import Path

from saga_desktop.model.campaign import Campaign
from saga_desktop.storage import encode, load_campaign
from saga_desktop.storage.recovery import RecoveryStore


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
