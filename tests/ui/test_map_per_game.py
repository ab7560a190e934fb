"""Rolling tables and a six-mile hex only in the game whose text has them (Songs & Sagas)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map.region_form import RegionForm
from tests.ui.test_window_sizes import _discard_on_teardown, window_for

__all__ = ["_discard_on_teardown"]


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_tables_and_miles_follow_the_game(qtbot: QtBot, game: str) -> None:
    has = game == "songs-and-sagas"
    assert find_ruleset(game).charting.tables is has
    window = window_for(qtbot, game, (1366, 768))
    feature = window.map_feature  # type: ignore[attr-defined]
    tables = feature.tables_dock
    assert tables.toggleViewAction().isVisible() is has, "the View menu offers the dock"
    tables.show()  # a layout saved in another game brings it back: it goes again
    QApplication.processEvents()
    assert tables.isVisible() is has
    # The region form rolls on tables only where the game has them.
    party = window.document.bridge.session.campaign.map.party
    dialog = feature.flows.edit_region(Hex(party.q, party.r))
    assert dialog is not None
    assert bool(dialog.findChild(RegionForm).buttons) is has
    dialog.reject()
    # A journey is counted in miles only where the text gives a hex its size.
    plan = feature.flows.plan_travel(Hex(party.q + 2, party.r))
    assert plan is not None
    assert ("12 miles" in plan.summary.text()) is has, plan.summary.text()
    plan.reject()
