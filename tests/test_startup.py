"""Start-up measures (saga_desktop.startup): the collector held until the window is up."""

from __future__ import annotations

import gc
import random
import weakref

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop import startup
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge


@pytest.fixture
def collector_state() -> object:
    was = gc.isenabled()
    yield
    gc.unfreeze()
    startup._held = startup._frozen = startup._refreeze_pending = False
    if was:
        gc.enable()


@pytest.mark.usefixtures("collector_state")
def test_the_collector_waits_for_the_window_then_keeps_start_up_aside_until_replaced() -> None:
    gc.enable()
    startup.hold_collector()
    assert not gc.isenabled()
    kept = [object() for _ in range(10)]  # something start-up made
    startup.settle_collector()
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    startup.settle_collector()  # once only
    startup.release_start_up()
    assert gc.get_freeze_count() == 0
    assert kept


def _tracked(obj: object) -> bool:
    """Whether the collector walks ``obj`` (a frozen object is in no generation)."""
    return any(o is obj for o in gc.get_objects())


@pytest.mark.usefixtures("collector_state")
def test_an_opened_campaign_is_frozen_once_settled_and_the_old_one_is_freed(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(startup, "REFREEZE_AFTER_MS", 20)
    gc.enable()
    startup.hold_collector()
    old = Session(new_campaign("Old saga", rng=random.Random(1)))
    window_part: dict[str, object] = {"campaign": old.campaign}  # a cycle, as widgets make
    window_part["self"] = window_part
    bridge = SessionBridge(old)
    startup.settle_collector()
    old_campaign = weakref.ref(old.campaign)
    assert not _tracked(old.campaign)
    new = Session(new_campaign("New saga", rng=random.Random(2)))
    del old, window_part  # only the frozen cycle holds the old campaign now
    bridge.replace(new)
    assert gc.get_freeze_count() == 0  # the old campaign may go at once
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0, timeout=2000)
    assert old_campaign() is None
    assert not _tracked(new.campaign)  # full collections during play skip it
