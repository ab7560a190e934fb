"""The players' screen shows the last result of every game, and never a GM-only line."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.ui.player.panels import headline_of, last_public_result


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_the_last_result_of_each_game_reaches_the_players(game: str) -> None:
    ruleset = find_ruleset(game)
    campaign = ruleset.sample_campaign()
    assert campaign is not None
    entry = last_public_result(campaign)
    assert entry is not None and entry.kind in ruleset.result_kinds
    assert headline_of(entry)
    secret = {"note", *ruleset.secret_journal_kinds}
    later = campaign.journal[campaign.journal.index(entry) + 1 :]
    assert all(e.kind not in ruleset.result_kinds or e.kind in secret for e in later)


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_the_players_screen_speaks_each_games_map(qtbot: QtBot, game: str) -> None:
    from PySide6.QtCore import QSettings

    from saga_desktop.model.session import Session
    from saga_desktop.ui.bridge import SessionBridge
    from saga_desktop.ui.map import player_map
    from saga_desktop.ui.player import PlayerWindow

    campaign = find_ruleset(game).sample_campaign()
    assert campaign is not None
    player = PlayerWindow(SessionBridge(Session(campaign)), QSettings(), player_map)
    qtbot.addWidget(player)
    player.show()
    risk_shown = player.region.risk.isVisibleTo(player)
    assert risk_shown is (game == "songs-and-sagas"), "risk only where the game rates it"
    assert player.table.isVisibleTo(player) is bool(campaign.piles), "no card strip without cards"
