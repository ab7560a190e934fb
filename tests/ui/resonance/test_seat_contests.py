"""Opposed and group checks at a player's seat, through real windows over loopback sockets.

The rules have each side of an opposed check, and each member of a group check, draw and play
their own card. The GM draws; each player then plays their own character's part from the check
dock of their own window (the GM's own card boxes), the other parts stay read-only, and the
host settles the check when the last card is in. A forged play for another's character is
refused by the host with nothing changed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.resonance.access import pending_of
from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.ops.contests import (
    BeginGroup,
    BeginOpposed,
    PlayGroup,
    PlayGroupCard,
    PlayOpposed,
)
from saga_desktop.model.resonance.ops.extended import DrawRound, StartExtended
from saga_desktop.model.resonance.sample import sample_campaign
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import Card
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.remote_session import request_of
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.resonance.panel import CheckPanel
from tests.ui.network.seat_fixtures import forged, seat_window
from tests.ui.network.table_fixtures import hosted
from tests.ui.resonance.test_seat_checks import dump, gm_panel, panel_of, shot, texts

WAIT = 10_000
BODY, HEART, MIND = resonance.Stat.BODY, resonance.Stat.HEART, resonance.Stat.MIND


@pytest.fixture
def session() -> Session:
    return Session(sample_campaign())


@pytest.fixture
def menu(qtbot: QtBot, session: Session) -> Iterator[SessionMenu]:
    with hosted(qtbot, session) as menu:
        yield menu


def live_box(qtbot: QtBot, window: SeatWindow, cid: str) -> CheckPanel:
    """The window's check panel once ``cid``'s cards are there to play."""
    panel = panel_of(window)
    qtbot.waitUntil(lambda: cid in panel.boxes and bool(panel.boxes[cid].buttons), timeout=WAIT)
    return panel


def played(panel: CheckPanel, cid: str) -> bool:
    box = panel.boxes.get(cid)
    return box is not None and any("waiting for the others" in t for t in texts(box))


def opposed_result(session: Session) -> resonance.OpposedResult:
    entry = session.campaign.journal[-1]
    assert entry.kind == "opposed"
    return resonance.OpposedResult.from_data(entry.details)


def by_the_rules(result: resonance.OpposedResult) -> resonance.Side | None:
    """The winner as the rules say: the higher value, a tie to the defender."""
    one, two = result.first_value, result.pending.second.value(result.second_card)
    if one != two:
        return resonance.Side.FIRST if one > two else resonance.Side.SECOND
    assert result.pending.defender is not None
    return result.pending.defender


def test_a_player_plays_their_side_against_an_npc_the_gm_plays(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    npc = session.apply(CreateCharacter("Harbourmaster Quell", (2, 3, 5, 2), "GM"))
    ren = seat_window(qtbot, menu, "Ren")
    dock = ren.findChild(QDockWidget, "resonance-check")
    regions = ren.findChild(QDockWidget, "RegionsDock")
    assert dock is not None and regions is not None
    ren.tabifyDockWidget(dock, regions)
    regions.raise_()
    qtbot.waitUntil(lambda: dock.visibleRegion().isEmpty(), timeout=WAIT)
    gm = gm_panel(qtbot, menu)
    pending = session.apply(BeginOpposed("pc1", HEART, npc, MIND, defender="second"))
    panel = live_box(qtbot, ren, "pc1")
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty(), timeout=WAIT)  # brought forward
    mine, theirs = panel.boxes["pc1"], panel.boxes[npc]
    assert mine.isEnabled() and set(mine.buttons) == set(pending.first.cards)
    assert not theirs.isEnabled() and not theirs.buttons and theirs.look_button.isHidden()
    assert panel.waiting.text().startswith("Opposed check: choose your card")
    assert not panel.cancel.isVisible() and not panel.play_group.isVisible()
    qtbot.wait(100)
    shot(ren, "opposed-your-card")
    card = pending.first.cards[0]
    mine.buttons[card].click()
    assert play_of(session.campaign).choices["pc1"].card == card.code
    assert pending_of(session.campaign) is not None  # the NPC has not chosen: nothing revealed
    qtbot.waitUntil(lambda: played(panel, "pc1"), timeout=WAIT)
    assert panel.waiting.text().startswith("Your card is in: waiting for the other side")
    assert texts(panel.boxes["pc1"])[-1].startswith(f"Played {card}, waiting for the others")
    shot(ren, "opposed-played")
    assert played(gm, "pc1")  # the GM's table shows the card is in, not which card
    assert texts(gm.boxes["pc1"])[-1].startswith("Played, waiting for the others")
    gm.boxes[npc].look_button.click()
    npc_card = pending.second.cards[-1]
    gm.boxes[npc].buttons[npc_card].click()
    result = opposed_result(session)
    assert (result.first_card, result.second_card) == (card, npc_card)
    assert result.winner == by_the_rules(result)
    assert session.campaign.piles["fatigue:pc1"][-1] == card.code
    text = session.campaign.journal[-1].text
    qtbot.waitUntil(lambda: panel.result.text() == f"Last check: {text}", timeout=WAIT)
    ren.close()


def test_two_players_each_play_their_own_side_in_secret(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    ren, sam = seat_window(qtbot, menu, "Ren"), seat_window(qtbot, menu, "Sam")
    pending = session.apply(BeginOpposed("pc1", BODY, "pc2", BODY))
    ren_panel, sam_panel = live_box(qtbot, ren, "pc1"), live_box(qtbot, sam, "pc2")
    assert not ren_panel.boxes["pc2"].isEnabled() and not sam_panel.boxes["pc1"].isEnabled()
    assert not sam_panel.boxes["pc1"].buttons  # Wren's cards lie face down for Sam
    ren_card, sam_card = pending.first.cards[-1], pending.second.cards[0]
    ren_panel.boxes["pc1"].buttons[ren_card].click()
    qtbot.waitUntil(lambda: played(sam_panel, "pc1"), timeout=WAIT)
    assert play_of(sam.bridge.session.campaign).choices["pc1"].card is None  # still secret
    assert sam_panel.boxes["pc2"].isEnabled()
    sam_panel.boxes["pc2"].buttons[sam_card].click()
    result = opposed_result(session)
    assert (result.first_card, result.second_card) == (ren_card, sam_card)
    if result.first_value == result.pending.second.value(sam_card):
        assert result.decided_by is not resonance.Decider.VALUE  # no defender: a tie-break
    else:
        assert result.winner == by_the_rules(result)
    text = session.campaign.journal[-1].text
    for panel in (ren_panel, sam_panel):
        qtbot.waitUntil(lambda p=panel: p.result.text() == f"Last check: {text}", timeout=WAIT)
    ren.close()
    sam.close()


def test_each_player_plays_their_card_in_a_group_check(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    ren, sam = seat_window(qtbot, menu, "Ren"), seat_window(qtbot, menu, "Sam")
    pending = session.apply(BeginGroup(("pc1", "pc2", "pc3"), BODY, dc=9))
    cards = {d.character_id: d.cards[0] for d in pending.draws}
    ren_panel = live_box(qtbot, ren, "pc1")
    assert ren_panel.boxes["pc1"].isEnabled()
    assert not ren_panel.boxes["pc2"].isEnabled() and not ren_panel.boxes["pc3"].isEnabled()
    assert not ren_panel.play_group.isVisible()
    assert "play your card" in ren_panel.waiting.text()
    ren_panel.boxes["pc1"].buttons[cards["pc1"]].click()  # played at once: no group button
    assert set(play_of(session.campaign).choices) == {"pc1"}
    assert pending_of(session.campaign) is not None
    qtbot.waitUntil(lambda: played(ren_panel, "pc1"), timeout=WAIT)
    assert f"Played {cards['pc1']}" in texts(ren_panel.boxes["pc1"])[-1]
    assert ren_panel.waiting.text().endswith("waiting for 2 more cards")
    shot(ren, "group-played")
    session.apply(PlayGroupCard("pc3", cards["pc3"]))  # the GM plays for Ada's character
    sam_panel = live_box(qtbot, sam, "pc2")
    qtbot.waitUntil(lambda: played(sam_panel, "pc3"), timeout=WAIT)
    sam_panel.boxes["pc2"].buttons[cards["pc2"]].click()  # the last card settles the group
    entry = session.campaign.journal[-1]
    assert entry.kind == "group" and play_of(session.campaign).pending is None
    result = resonance.GroupResult.from_data(entry.details)
    assert [r.played for r in result.results] == [cards[c] for c in ("pc1", "pc2", "pc3")]
    passed = [r.effective >= 9 for r in result.results]
    assert [r.success for r in result.results] == passed
    assert result.success == (2 * sum(passed) >= 3)
    qtbot.waitUntil(lambda: ren_panel.result.text() == f"Last check: {entry.text}", timeout=WAIT)
    ren.close()
    sam.close()


def test_the_gm_plays_the_cards_still_missing_at_once(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    ren = seat_window(qtbot, menu, "Ren")
    gm = gm_panel(qtbot, menu)
    pending = session.apply(BeginGroup(("pc1", "pc2", "pc3"), BODY, dc=9))
    ren_panel = live_box(qtbot, ren, "pc1")
    gm.boxes["pc2"].buttons[pending.draws[1].cards[0]].click()  # the GM picks first
    ren_panel.boxes["pc1"].buttons[pending.draws[0].cards[-1]].click()
    assert played(gm, "pc1") and not gm.play_group.isEnabled()
    assert gm.waiting.text().endswith("(1 still to pick)")
    gm.boxes["pc3"].buttons[pending.draws[2].cards[0]].click()
    assert gm.play_group.isEnabled()
    gm.play_group.click()
    result = resonance.GroupResult.from_data(session.campaign.journal[-1].details)
    assert result.results[0].played == pending.draws[0].cards[-1]  # Wren's own card
    assert session.undo()  # the whole-group play undoes to Wren's card in, the others to pick
    assert set(play_of(session.campaign).choices) == {"pc1"}
    ren.close()


def test_forged_plays_for_anothers_character_are_refused(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    sam = seat_window(qtbot, menu, "Sam")
    pending = session.apply(BeginOpposed("pc1", BODY, "pc2", MIND))
    live_box(qtbot, sam, "pc2")
    before = dump(session)
    wren = pending.first.cards[0]
    assert sam.bridge.apply(PlayOpposed("pc1", wren)) is None
    message = forged(qtbot, sam, request_of(PlayOpposed("pc1", wren)))
    assert "your own characters" in message
    assert dump(session) == before
    session.apply(PlayOpposed("pc1", wren))
    session.apply(PlayOpposed("pc2", pending.second.cards[0]))
    group = session.apply(BeginGroup(("pc1", "pc2"), BODY, dc=9))
    qtbot.waitUntil(lambda: "play your card" in panel_of(sam).waiting.text(), timeout=WAIT)
    before = dump(session)
    plays: dict[str, Card | None] = {d.character_id: d.cards[0] for d in group.draws}
    for op in (PlayGroupCard("pc1", plays["pc1"]), PlayGroup(plays)):
        assert sam.bridge.apply(op) is None
        forged(qtbot, sam, request_of(op))
    assert dump(session) == before
    session.apply(PlayGroup(plays))
    session.apply(StartExtended("Escape the mine", BODY, 9, 12, 4, ("pc1", "pc2")))
    rounds = session.apply(DrawRound())
    panel = panel_of(sam)
    gms = "The GM plays this check: each card drawn shows below"
    qtbot.waitUntil(lambda: panel.waiting.text() == gms, timeout=WAIT)
    assert not panel.boxes["pc2"].isEnabled()  # a round of the extended check: the GM's
    assert panel.boxes["pc2"].toolTip() == "The GM plays the rounds of the extended check"
    before = dump(session)
    message = forged(qtbot, sam, request_of(PlayGroupCard("pc2", rounds.draws[1].cards[0])))
    assert "GM plays the rounds" in message
    assert dump(session) == before
    sam.close()
