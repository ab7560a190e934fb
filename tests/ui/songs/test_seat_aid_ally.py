"""Aid an Ally from the ally's own seat: the helper's player burns the card for another's roll.

Astrid (Ren's) fails a Heart trial; Ivar (Sam's) holds the A♥. In Sam's window the roll shows
with *Aid an Ally* offering Ivar's card (and nothing that only Ren or the GM may do); Sam burns
it, the host adds +2 to Astrid's roll and takes the card from Ivar's hand. Ren's window no
longer says "(no cards)" as if nobody could help. The host refuses the same request for a card
Sam's characters do not hold, or for Astrid's own hand.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.model.songs.access import trial_of
from saga_desktop.model.songs.combat_queries import pending
from saga_desktop.model.songs.ops.aid import AidAlly
from saga_desktop.model.songs.ops.combat import EndTurn, EnemyAttack, RollSetup, StartCombat
from saga_desktop.model.songs.ops.rolls import BeginTrial, pending_trial
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.songs.state import play_of
from saga_desktop.rules import songs
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.remote_session import request_of
from saga_desktop.ui.songs.play.roll_panel import RollPanel
from tests.ui.network.seat_fixtures import forged, seat_window
from tests.ui.network.table_fixtures import WAIT, hosted

AID = songs.BurnKind.AID_AN_ALLY


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[tuple[Session, SessionMenu]]:
    session = build_sample()
    piles = session.campaign.piles
    piles["draw"].remove("7H")
    piles["hand:pc1"].append("7H")  # Astrid holds the 7♥, Ivar the A♥
    with hosted(qtbot, session) as menu:
        yield session, menu


def test_the_allys_player_burns_their_card_for_anothers_roll(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    sam = seat_window(qtbot, menu, "Sam")
    ren = seat_window(qtbot, menu, "Ren")
    menu.bridge.apply(BeginTrial("pc1", songs.Attribute.HEART, 20, risk=0, d20=2))
    before = pending_trial(session.campaign)
    assert before is not None and not before.success
    panel = sam.findChild(RollPanel)
    assert panel is not None
    result = panel.result
    qtbot.waitUntil(lambda: panel.showing_result and not result.choices.isHidden(), timeout=WAIT)
    aid = result.burns.buttons[AID]
    assert aid.isVisibleTo(result) and aid.isEnabled() and aid.text() == "Aid an Ally"
    for hidden in (result.settle, result.turn, result.burns.buttons[songs.BurnKind.CALL_THE_GODS]):
        assert not hidden.isVisibleTo(result), hidden
    assert "You may aid it" in result.keep_note.text()
    offered = {(code, hand) for (kind, code, hand) in result.burns.menu_actions if kind is AID}
    assert offered == {("AH", "pc2")}  # Ivar's card only; nobody else's
    theirs = ren.findChild(RollPanel)
    assert theirs is not None
    qtbot.waitUntil(lambda: not theirs.result.choices.isHidden(), timeout=WAIT)
    assert theirs.result.burns.buttons[AID].text() == "Aid an Ally (an ally's player offers it)"
    assert "(no cards)" not in theirs.result.burns.buttons[AID].text()
    result.burns.menu_actions[(AID, "AH", "pc2")].trigger()
    qtbot.waitUntil(lambda: "AH" not in session.campaign.piles["hand:pc2"], timeout=WAIT)
    after = pending_trial(session.campaign)
    assert after is not None and after.score == before.score + 2
    assert [b.hand_id for b in after.burns] == ["pc2"]
    assert session.campaign.journal[-1].kind == "burn"
    # The host checks the helper's request: only the seat's own characters, their own cards.
    assert "own characters" in forged(qtbot, sam, request_of(AidAlly("pc1", "7H")))
    assert forged(qtbot, sam, request_of(AidAlly("pc2", "7H")))  # Ivar holds no 7♥


def test_in_a_fight_the_ally_aids_a_defence_from_the_combat_dock(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    sam = seat_window(qtbot, menu, "Sam")
    feature = sam.combat_feature  # type: ignore[attr-defined]
    feature.show_dock()
    panel = feature.panel
    menu.bridge.apply(StartCombat(("e1",)))
    if play_of(session.campaign).combat.turn != "enemies":  # type: ignore[union-attr]
        menu.bridge.apply(EndTurn())
    setup = RollSetup("dexterity", 20, 0, d20=2)
    menu.bridge.apply(EnemyAttack("e1", "pc1", setup))  # Astrid (Ren's) fails to defend
    aid = panel.aid
    qtbot.waitUntil(lambda: aid.isVisibleTo(panel) and bool(aid.buttons), timeout=WAIT)
    assert not panel.settle.isVisibleTo(panel)  # Ren settles it, not Sam
    assert set(aid.buttons) == {("pc2", "AH")}  # Ivar's card only
    before = pending(session.campaign)
    assert before is not None
    aid.buttons[("pc2", "AH")].click()
    qtbot.waitUntil(lambda: "AH" not in session.campaign.piles["hand:pc2"], timeout=WAIT)
    after = pending(session.campaign)
    assert after is not None
    assert trial_of(after).score == trial_of(before).score + 2
    qtbot.waitUntil(lambda: not aid.buttons, timeout=WAIT)  # no card left to offer
