"""A player's window fits a 1366×768 screen at 200% in each game: no dock sets its least size.

A game's form (Songs & Sagas' wide one, the dice pool game's tall one) unscrolled made the window
wider or taller than the screen at 200% and squeezed the map to a sliver.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from tests.ui.network.table_fixtures import hosted, join

SCREEN_AT_200 = (683, 384)
"""A 1366×768 screen at 200%, in the window's own (scaled) pixels."""


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_a_players_window_fits_a_small_screen_at_200_percent(qtbot: QtBot, game: str) -> None:
    session = Session(find_ruleset(game).sample_campaign())
    with hosted(qtbot, session) as menu:
        client = join(menu, qtbot, session.campaign.characters[0].player)
        least = client.minimumSizeHint()
        width, height = SCREEN_AT_200
        assert least.width() <= width and least.height() <= height, least
        for dock in client.findChildren(QDockWidget):
            hint = dock.minimumSizeHint()
            assert hint.width() <= width // 2, dock.objectName()
            assert hint.height() <= height // 2, dock.objectName()
