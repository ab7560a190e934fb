"""The players' screen says each game's result in plain words: who beat whom, and by how much."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map import player_map
from saga_desktop.ui.player import PlayerWindow


def players_screen(qtbot: QtBot, game: str) -> tuple[PlayerWindow, Session]:
    campaign = find_ruleset(game).sample_campaign()
    assert campaign is not None
    session = Session(campaign)
    player = PlayerWindow(SessionBridge(session), QSettings(), player_map)
    qtbot.addWidget(player)
    player.show()
    return player, session


def test_a_resonance_opposed_check_and_a_check_read_as_sentences(qtbot: QtBot) -> None:
    from saga_desktop.model.resonance.access import pending_of
    from saga_desktop.model.resonance.ops.adversaries import AddAdversary
    from saga_desktop.model.resonance.ops.checks import BeginCheck, PlayCard
    from saga_desktop.model.resonance.ops.contests import BeginOpposed
    from saga_desktop.rules import resonance

    player, session = players_screen(qtbot, "resonance")
    assert player.result.headline.text() == "Wren Calloway beats Sister Ainé by 6"
    adversary = session.apply(AddAdversary("the guard", 9, 8))
    session.apply(BeginCheck("pc2", resonance.Stat.BODY, None, adversary))
    drawn = pending_of(session.campaign)
    assert isinstance(drawn, resonance.PendingCheck)
    session.apply(PlayCard(drawn.draw.cards[0]))
    words = player.result.headline.text()
    assert words.startswith("Oskar Vell ") and "the guard's Guard" in words, words
    # A drawn opposed check is secret until the reveal: the headline does not move.
    session.apply(BeginOpposed("pc1", resonance.Stat.HEART, "pc3", resonance.Stat.MIND))
    assert player.result.headline.text() == words


def test_a_dice_pool_check_and_a_round_read_as_sentences(qtbot: QtBot) -> None:
    from saga_desktop.model.dicepool.ops.checks import RollCheck

    player, session = players_screen(qtbot, "dice-pool")
    assert player.result.headline.text() == "Oswin Hale wounds Mill warden: level 2 injury"
    session.apply(RollCheck("pc1", "int", "Survival", cl=3, faces=(6, 1, 1, 1, 5, 1, 1)))
    assert player.result.headline.text() == "Mara Fenwick's check: 2 wins against CL 3 — fails"
