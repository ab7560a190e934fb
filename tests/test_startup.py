"""Start-up measures (saga_desktop.startup): the collector held until the window is up."""

from __future__ import annotations

import gc

import pytest

from saga_desktop import startup


@pytest.fixture
def collector_state() -> object:
    was = gc.isenabled()
    yield
    gc.unfreeze()
    startup._held = startup._frozen = False
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
