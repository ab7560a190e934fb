"""A character a player sent has no lane on the card table until the GM accepts it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.characters import AcceptCharacter, AddCharacter
from saga_desktop.ui.bridge import SessionBridge
from tests.ui.cardtable.conftest import Decks, deck_session, table_window


def test_a_sent_character_has_no_lane_until_accepted(qtbot: QtBot, decks: Decks) -> None:
    session = deck_session()
    dee = session.apply(AddCharacter("Dee", player="Dee", submit=True))
    feature = table_window(qtbot, SessionBridge(session))
    playing = [c.id for c in session.campaign.characters if c.id != dee]
    assert [lane.owner for lane in feature.scene.layout.lanes] == playing
    assert f"deck:{dee}" not in feature.scene.counts()
    session.apply(AcceptCharacter(dee))
    qtbot.waitUntil(lambda: [lane.owner for lane in feature.scene.layout.lanes] == [*playing, dee])
    assert feature.scene.counts()[f"deck:{dee}"] == 52
    assert feature.scene.lane_name(dee) == "Dee"
