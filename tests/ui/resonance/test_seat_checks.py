"""Prompted Resonance checks at a player's seat, through real windows over loopback sockets.

The GM sends a check from the host's check panel; the player's own main window (a SeatWindow)
shows it in the game's check panel with its exact odds, the player draws (the host draws the
cards) and plays a card in the same card boxes the GM uses, and the host's campaign changes as
the rules say. The GM's controls are hidden or read-only at the seat, and the same operations
forged through the seat's bridge are refused by the host with nothing changed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget, QLabel, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation
from saga_desktop.model.resonance.access import pending_of
from saga_desktop.model.resonance.ops.adversaries import AddAdversary
from saga_desktop.model.resonance.ops.characters import NewScene
from saga_desktop.model.resonance.ops.checks import BeginCheck, CancelCheck, PlayCard
from saga_desktop.model.resonance.ops.contests import BeginGroup, BeginOpposed
from saga_desktop.model.resonance.ops.extended import DrawRound, StartExtended
from saga_desktop.model.resonance.ops.odds import preview_check
from saga_desktop.model.resonance.ops.prompts import CancelPromptedCheck, DrawPrompt, PromptCheck
from saga_desktop.model.resonance.sample import sample_campaign
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import Card
from saga_desktop.ui.appearance import Appearance, appearance_manager
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.prompt_dialog import PromptTargets
from saga_desktop.ui.resonance.panel import CheckPanel
from saga_desktop.ui.resonance.words import check_odds_text
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted

WAIT = 10_000
BODY = resonance.Stat.BODY


@pytest.fixture
def session() -> Session:
    return Session(sample_campaign())


@pytest.fixture
def menu(qtbot: QtBot, session: Session) -> Iterator[SessionMenu]:
    with hosted(qtbot, session) as menu:
        yield menu


def shot(window: SeatWindow, name: str) -> None:
    """Save the window for a person to look at, when SAGA_SCREENSHOTS names a folder.

    SAGA_SCREENSHOT_SIZE (``WxH``, 1366x768 unless set) is the window's size; with
    SAGA_SCREENSHOT_DARK set the app is dark.
    """
    folder = os.environ.get("SAGA_SCREENSHOTS")
    if folder:
        dark = bool(os.environ.get("SAGA_SCREENSHOT_DARK"))
        appearance_manager().set_choice(Appearance.DARK if dark else Appearance.LIGHT)
        width, height = os.environ.get("SAGA_SCREENSHOT_SIZE", "1366x768").split("x")
        window.resize(int(width), int(height))
        QTest.qWait(150)  # the docks lay out their new contents
        window.grab().save(str(Path(folder) / f"resonance-seat-{name}.png"))


def panel_of(window: SeatWindow) -> CheckPanel:
    panel = window.findChild(CheckPanel)
    assert panel is not None
    return panel


def gm_panel(qtbot: QtBot, menu: SessionMenu) -> CheckPanel:
    """The check panel of the host's own table, set to a Body check at DC 9 for Wren."""
    panel = CheckPanel(menu.bridge)
    qtbot.addWidget(panel)
    setup = panel.setup
    setup.character.setCurrentIndex(setup.character.findData("pc1"))
    setup.stat.setCurrentIndex(setup.stat.findData(BODY))
    setup.dc.setValue(9)
    return panel


def dump(session: Session) -> dict[str, Any]:
    return session.export().model_dump(mode="json")


def test_the_player_draws_the_gms_check_with_exact_odds_and_plays_a_card(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    ren = seat_window(qtbot, menu, "Ren")
    panel = panel_of(ren)
    assert not panel.setup.isVisible()  # nothing sent yet: no setup of the GM's at the seat
    dock = ren.findChild(QDockWidget, "resonance-check")
    regions = ren.findChild(QDockWidget, "RegionsDock")
    assert dock is not None and regions is not None
    ren.tabifyDockWidget(dock, regions)
    regions.raise_()  # the player reads the regions: the check dock lies behind
    qtbot.waitUntil(lambda: dock.visibleRegion().isEmpty(), timeout=WAIT)
    feature = ren.resonance_feature  # type: ignore[attr-defined]
    with qtbot.waitSignal(feature.panel.player.prompted, timeout=WAIT):
        gm_panel(qtbot, menu).prompts.send_to(PromptTargets(("pc1",), "Climb the cliff"))
    queue = panel.prompts
    qtbot.waitUntil(lambda: queue.list.count() == 1, timeout=WAIT)
    assert "Climb the cliff" in queue.list.item(0).text()
    assert queue.title() == "Checks the GM sent you"
    setup = panel.setup
    assert setup.isVisible() and setup.character.currentData() == "pc1"
    odds = preview_check(session.campaign, BeginCheck("pc1", BODY, 9))
    degrees = session.campaign.play.options.degrees_of_success  # type: ignore[attr-defined]
    assert setup.odds.text().startswith(check_odds_text(odds, degrees))
    assert all(not w.isEnabled() for w in (setup.kind, setup.character, setup.stat, setup.dc))
    assert not queue.cancel_button.isVisible() and not queue.act_button.isVisible()
    assert not queue.send_button.isVisible() and not panel.foes.isVisible()
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty(), timeout=WAIT)  # brought forward
    qtbot.wait(100)
    shot(ren, "prompt")

    assert setup.draw_button.isEnabled()
    setup.draw_button.click()
    assert session.campaign.play.pending is not None  # type: ignore[attr-defined]
    assert session.campaign.play.prompts == []  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: "pc1" in panel.boxes, timeout=WAIT)
    box = panel.boxes["pc1"]
    assert box.isEnabled() and len(box.buttons) == len(box.draw.cards) >= 2
    assert not panel.cancel.isVisible() and not setup.isVisible()
    qtbot.wait(100)  # the dock lays the new boxes out
    shot(ren, "pending")
    card = box.draw.cards[-1]
    box.buttons[card].click()
    assert session.campaign.piles["fatigue:pc1"][-1] == card.code
    assert session.campaign.play.pending is None  # type: ignore[attr-defined]
    entry = session.campaign.journal[-1]
    assert entry.kind == "check"
    qtbot.waitUntil(lambda: panel.result.text() == f"Last check: {entry.text}", timeout=WAIT)
    ren.close()


def test_gm_controls_are_hidden_at_a_seat_and_forged_ones_refused(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    session.apply(PromptCheck("pc1", BODY, 9))
    ren = seat_window(qtbot, menu, "Ren")
    panel = panel_of(ren)
    qtbot.waitUntil(lambda: panel.prompts.list.count() == 1, timeout=WAIT)
    shown = {a.text() for a in ren.menu("&Play").actions() if a.isVisible()}
    assert "&Check panel" in shown
    assert not shown & {"Single check…", "Group check…", "C&ancel check", "New &scene"}
    before = dump(session)
    forged: list[Operation] = [
        BeginCheck("pc1", BODY, 2),
        BeginGroup(("pc1",), BODY, 2),
        PromptCheck("pc1", BODY, 2),
        CancelPromptedCheck(1),
        AddAdversary("A friendlier harbourmaster", guard=1, resolve=1),
        NewScene(session=False),
        DrawPrompt(7),
    ]
    for op in forged:
        assert ren.bridge.apply(op) is None
    assert dump(session) == before
    sam = seat_window(qtbot, menu, "Sam")  # Oskar's player: Wren's prompt is not theirs
    assert panel_of(sam).prompts.list.count() == 0
    assert sam.bridge.apply(DrawPrompt(1)) is None
    assert dump(session) == before
    session.apply(DrawPrompt(1))  # the GM draws it here, for Ren
    qtbot.waitUntil(lambda: "pc1" in panel_of(sam).boxes, timeout=WAIT)
    assert not panel_of(sam).boxes["pc1"].isEnabled()  # another player's cards: read-only
    before = dump(session)
    drawn = session.campaign.piles["drawn:pc1"]  # Ren's cards, played by Sam's forged request
    assert sam.bridge.apply(PlayCard(Card.from_code(drawn[0]))) is None
    assert sam.bridge.apply(CancelCheck()) is None
    assert dump(session) == before
    qtbot.waitUntil(lambda: panel_of(ren).boxes.get("pc1") is not None, timeout=WAIT)
    assert panel_of(ren).boxes["pc1"].isEnabled()
    ren.close()
    sam.close()


def test_a_player_killed_with_cards_drawn_gets_back_to_them(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    hosting = menu.hosting
    assert hosting is not None
    session.apply(PromptCheck("pc1", BODY, 9))
    ren = seat_window(qtbot, menu, "Ren")
    panel = panel_of(ren)
    qtbot.waitUntil(lambda: panel.setup.draw_button.isEnabled(), timeout=WAIT)
    panel.setup.draw_button.click()
    qtbot.waitUntil(lambda: "pc1" in panel.boxes, timeout=WAIT)
    drawn = panel.boxes["pc1"].draw.cards
    transport = ren.bridge.session.transport  # type: ignore[attr-defined]
    socket = transport._socket  # the app dies: its connection just stops
    assert socket is not None
    socket.abort()
    transport.blockSignals(True)
    ren.hide()  # the dead app's window: qtbot closes it at the end
    qtbot.waitUntil(lambda: not hosting.seats()[0].connected, timeout=WAIT)
    again = panel_of(seat_window(qtbot, menu, "Ren"))
    qtbot.waitUntil(lambda: "pc1" in again.boxes, timeout=WAIT)
    assert again.boxes["pc1"].draw.cards == drawn
    again.boxes["pc1"].buttons[drawn[0]].click()
    assert session.campaign.piles["fatigue:pc1"][-1] == drawn[0].code


def test_the_other_side_and_the_extended_rounds_stay_read_only_at_a_seat(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    ren = seat_window(qtbot, menu, "Ren")
    panel = panel_of(ren)
    session.apply(BeginOpposed("pc1", BODY, "pc2", resonance.Stat.MIND))
    qtbot.waitUntil(lambda: {"pc1", "pc2"} <= panel.boxes.keys(), timeout=WAIT)
    mine, theirs = panel.boxes["pc1"], panel.boxes["pc2"]
    assert mine.buttons and mine.isEnabled()  # Wren's own side: Ren plays it
    assert not theirs.buttons and not theirs.isEnabled()  # Oskar's lie face down
    drawn = len(session.campaign.piles["drawn:pc2"])
    assert any(f"{drawn} cards face down" in t for t in texts(theirs))
    assert not any("could be drawn" in t for t in texts(theirs))
    assert theirs.look_button.isHidden()  # the other side's cards are not this seat's to see
    assert not panel.cancel.isVisible() and not panel.play_group.isVisible()
    session.apply(CancelCheck())
    session.apply(StartExtended("Escape the mine", BODY, 9, 12, 4, ("pc1", "pc2")))
    qtbot.waitUntil(lambda: panel.tracker.isVisible(), timeout=WAIT)
    assert not panel.tracker.draw_round.isVisible() and not panel.tracker.end.isVisible()
    session.apply(DrawRound())
    qtbot.waitUntil(lambda: {"pc1", "pc2"} <= panel.boxes.keys(), timeout=WAIT)
    assert all(box.buttons and not box.isEnabled() for box in panel.boxes.values())
    assert panel.waiting.text() == "The GM plays this check: each card drawn shows below"
    assert not panel.play_group.isVisible()
    shot(ren, "round")
    ren.close()


def seen(window: SeatWindow) -> Campaign:
    """The campaign as the seat's window has it."""
    return window.bridge.session.campaign


def texts(box: QWidget) -> list[str]:
    return [label.text() for label in box.findChildren(QLabel)]


def test_a_gm_seat_keeps_the_whole_check_panel(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    assert menu.hosting is not None
    gm = seat_window(qtbot, menu, "Gunn", menu.hosting.gm_code)
    panel = panel_of(gm)
    assert panel.player is None and panel.setup.isVisible() and panel.foes.isVisible()
    assert panel.setup.kind.isEnabled() and panel.prompts.send_button.isVisible()
    shown = {a.text() for a in gm.menu("&Play").actions() if a.isVisible()}
    assert {"Single check…", "Group check…", "C&ancel check", "New &scene"} <= shown
    panel.setup.character.setCurrentIndex(panel.setup.character.findData("pc2"))
    panel.prompts.send_to(PromptTargets(("pc2",)))
    assert [p.character for p in session.campaign.play.prompts] == ["pc2"]  # type: ignore[attr-defined]
    gm.close()


def test_the_player_picks_which_of_their_checks_to_draw(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    mind = resonance.Stat.MIND
    session.apply(PromptCheck("pc1", BODY, 9))
    session.apply(PromptCheck("pc1", mind, adversary="npc1", defence="resolve", reason="Bluff"))
    ren = seat_window(qtbot, menu, "Ren")
    panel, setup = panel_of(ren), panel_of(ren).setup
    qtbot.waitUntil(lambda: panel.prompts.list.count() == 2, timeout=WAIT)
    panel.prompts.list.setCurrentRow(1)
    assert setup.stat.currentData() is mind and setup.target.currentData() == "npc1"
    odds = preview_check(session.campaign, BeginCheck("pc1", mind, None, "npc1", "resolve"))
    degrees = session.campaign.play.options.degrees_of_success  # type: ignore[attr-defined]
    assert setup.odds.text().startswith(check_odds_text(odds, degrees))
    session.apply(PromptCheck("pc2", BODY, 9))  # the table changes: Ren's pick stays
    qtbot.waitUntil(lambda: len(seen(ren).play.prompts) == 3, timeout=WAIT)  # type: ignore[attr-defined]
    assert panel.prompts.selected() == 2 and setup.stat.currentData() is mind
    setup.draw_button.click()
    pending = pending_of(session.campaign)
    assert isinstance(pending, resonance.PendingCheck) and pending.request.stat is mind
    assert [p.id for p in session.campaign.play.prompts] == [1, 3]  # type: ignore[attr-defined]
    ren.close()
