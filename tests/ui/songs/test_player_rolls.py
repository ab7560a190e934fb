"""Prompted Songs & Sagas rolls at a player's seat, through the player's own main window.

The GM sends a roll from the roll panel's queue; the player (a :class:`SeatWindow` over real
loopback sockets) sees it in the same roll panel, with the same odds view and burn buttons,
burns, rolls (the host draws and rolls), and settles the roll in the same result view. The
GM's controls are not there at the seat, and the same requests forged through the bridge are
refused by the host with nothing changed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.operation import Operation
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.prompts import CancelPromptedRoll, PromptRoll, RollPrompt
from saga_desktop.model.songs.ops.rolls import (
    AddBurn,
    BeginTrial,
    BurnChoice,
    ResolveTrial,
    preview_trial,
)
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.songs.state import play_of, sheet_of
from saga_desktop.network.client_events import RequestAnswered
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.remote_session import request_of
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.prompt_dialog import PromptTargets
from saga_desktop.ui.songs.play.burn_dialog import BurnFor
from saga_desktop.ui.songs.play.player_setup import PlayerSetup
from saga_desktop.ui.songs.play.prompt_queue import PromptQueue
from saga_desktop.ui.songs.play.roll_panel import RollPanel
from saga_desktop.ui.songs.play.roll_setup import RollSetup
from tests.ui.network.seat_fixtures import seat_session, seat_window
from tests.ui.network.table_fixtures import hosted
from tests.ui.test_window_sizes import fully_shown

WAIT = 10_000
HEART = songs.Attribute.HEART
CTG = songs.BurnKind.CALL_THE_GODS


def sample() -> Session:
    """The Shattered Coast, Astrid (pc1, Ren's) holding the 7♥ and Ivar (pc2, Sam's) the A♥."""
    session = build_sample()
    piles = session.campaign.piles
    piles["draw"].remove("7H")
    piles["hand:pc1"].append("7H")
    return session


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, sample()) as menu:
        yield menu


def host(menu: SessionMenu) -> Session:
    return menu.bridge.session


def dump(menu: SessionMenu) -> dict[str, Any]:
    return host(menu).export().model_dump(mode="json", exclude={"modified"})


def send(
    qtbot: QtBot, menu: SessionMenu, targets: PromptTargets, dr: int = 15, who: str = "pc2"
) -> PromptQueue:
    """The GM sends a Heart roll from the roll panel's queue, as set up in the GM's panel."""
    setup = RollSetup(menu.bridge)
    qtbot.addWidget(setup)
    setup.sync()
    setup.prefill(who, HEART, dr=dr)
    queue = PromptQueue(menu.bridge, setup)
    qtbot.addWidget(queue)
    queue.send_to(targets)
    return queue


def panel_of(window: SeatWindow) -> RollPanel:
    panel = window.findChild(RollPanel)
    assert panel is not None
    return panel


def prompted(qtbot: QtBot, panel: RollPanel, count: int = 1) -> PlayerSetup:
    """The panel once ``count`` prompts of the seat's show, with the first one set up."""
    qtbot.waitUntil(lambda: panel.prompts.list.count() == count, timeout=WAIT)
    setup = panel.setup
    assert isinstance(setup, PlayerSetup) and setup.prompt is not None
    return setup


def refused_by_host(qtbot: QtBot, window: SeatWindow, op: Operation) -> str:
    """Send ``op`` past the window's own check; the host's refusal (fails if it accepts)."""
    answers: list[RequestAnswered] = []
    window.transport.received.connect(
        lambda e: answers.append(e) if isinstance(e, RequestAnswered) else None
    )
    window.transport.request(request_of(op))
    qtbot.waitUntil(lambda: bool(answers), timeout=WAIT)
    assert not answers[0].ok, op
    return answers[0].message


def host_odds(menu: SessionMenu, risk: int, burns: tuple[BurnChoice, ...] = ()) -> Any:
    op = BeginTrial("pc2", HEART, 15, risk=risk, burns=burns)
    return preview_trial(host(menu).campaign, op)


def test_the_player_burns_rolls_and_settles_the_gms_roll_in_the_roll_panel(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    sam = seat_window(qtbot, menu, "Sam")
    panel = panel_of(sam)
    assert panel.setup.what.text().startswith("No roll waits")  # type: ignore[attr-defined]
    assert panel.footer.isHidden() and panel.prompts.isHidden()
    dock = sam.findChild(QDockWidget, "roll-panel")
    assert dock is not None
    combat = sam.findChild(QDockWidget, "combat")
    assert combat is not None
    sam.tabifyDockWidget(dock, combat)
    combat.raise_()
    qtbot.waitUntil(lambda: dock.visibleRegion().isEmpty(), timeout=WAIT)  # behind the Combat tab
    with qtbot.waitSignal(panel.wantsAttention, timeout=WAIT):
        queue = send(qtbot, menu, PromptTargets(("pc2",), "Calm the horse"))
    assert queue.list.count() == 1 and "Calm the horse" in queue.list.item(0).text()
    setup = prompted(qtbot, panel)
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty(), timeout=WAIT)  # come forward
    assert panel.prompts.title() == "Rolls the GM sent you" and not panel.footer.isHidden()
    picked = panel.prompts.list.currentItem().text()
    assert picked == "#1 Ivar the Quiet: Heart trial vs DR 15, risk 3 — Calm the horse"
    assert not setup.what.isVisibleTo(panel)
    risk = play_of(host(menu).campaign).prompts[0].risk
    plain = host_odds(menu, risk)
    assert setup.odds.odds == plain
    setup.burns.menu_actions[(CTG, "AH", "pc2")].trigger()  # Ivar holds the A♥
    burn = BurnChoice(CTG, Card.from_code("AH"))
    assert setup.odds.odds == host_odds(menu, risk, (burn,)) != plain
    assert setup.roll_button.text() == "Roll" and setup.roll_button.isEnabled()
    setup.roll_button.click()
    qtbot.waitUntil(lambda: panel.showing_result, timeout=WAIT)
    roll = play_of(host(menu).campaign).pending
    assert roll is not None and roll["character_id"] == "pc2" and queue.list.count() == 0
    assert [b["card"] for b in roll["burns"]] == ["AH"]  # type: ignore[index,union-attr]
    result = panel.result
    qtbot.waitUntil(lambda: not result.choices.isHidden(), timeout=WAIT)  # the d20 has landed
    assert "Call the Gods" in result.score.text() and result.consequence.isHidden()
    assert panel.prompts.isHidden()  # nothing else waits for Sam
    result.settle.click()
    qtbot.waitUntil(lambda: not result.outcome.isHidden(), timeout=WAIT)
    campaign = host(menu).campaign
    assert play_of(campaign).pending is None and campaign.journal[-1].kind == "trial"
    assert result.outcome.text() == campaign.journal[-1].text  # the host's own words
    result.new_roll.click()
    assert panel.showing_setup and panel.footer.isHidden()


def test_the_gms_controls_are_not_at_the_seat_and_forged_requests_change_nothing(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    send(qtbot, menu, PromptTargets(("pc1",)))  # Ren's Astrid: not Sam's to roll
    send(qtbot, menu, PromptTargets(("pc2",)))
    sam = seat_window(qtbot, menu, "Sam")
    panel = panel_of(sam)
    setup = prompted(qtbot, panel)
    assert "#2 Ivar the Quiet" in panel.prompts.list.item(0).text()
    for hidden in (
        setup.character, setup.attribute, setup.dr, setup.risk, setup.adjustments,
        setup.trial, setup.physical, panel.prompts.send_button, panel.prompts.cancel_button,
        panel.prompts.act_button,
    ):  # fmt: skip
        assert not hidden.isVisibleTo(panel), hidden
    assert setup.burns.isVisibleTo(panel)
    aid = setup.burns.buttons[songs.BurnKind.AID_AN_ALLY]
    assert not aid.isEnabled()  # Astrid's 7♥ is Ren's to give, not Sam's
    play = sam.findChild(QDockWidget, "roll-panel")
    assert play is not None
    feature = sam.table_feature  # type: ignore[attr-defined]
    shown = {key for key, act in feature.actions.items() if act.isVisible()}
    assert {"prepared", "owl"} <= shown  # a player starts no roll: the GM sends them (issue 31)
    assert not shown & {"roll", "cancel_roll", "oracle", "reaction", "initiative", "morale", "rest",
                        "end_scene", "next_session"}  # fmt: skip
    before = dump(menu)
    ally = BurnChoice(songs.BurnKind.AID_AN_ALLY, Card.from_code("7H"), "pc1")
    forged: list[Operation] = [
        BeginTrial("pc2", HEART, 9),
        PromptRoll("pc2", HEART, 9),
        CancelPromptedRoll(2),
        RollPrompt(1),  # Astrid's
        RollPrompt(2, d20=20),  # the GM did not ask for real dice
        RollPrompt(2, (ally,)),
        RollPrompt(
            2, (BurnChoice(songs.BurnKind.COME_PREPARED, Card.from_code("AH"), None, "rope", 3),)
        ),
    ]
    for op in forged:
        assert sam.bridge.apply(op) is None, op  # the window's own check, in the host's words
        assert refused_by_host(qtbot, sam, op)
    assert dump(menu) == before
    setup.roll_button.click()
    qtbot.waitUntil(lambda: panel.showing_result, timeout=WAIT)
    before = dump(menu)
    for op in (ResolveTrial(consequence="The horse bolts"), AddBurn(ally)):
        assert sam.bridge.apply(op) is None, op
        assert refused_by_host(qtbot, sam, op)
    assert dump(menu) == before


def test_a_physical_d20_typed_by_the_player(qtbot: QtBot, menu: SessionMenu) -> None:
    send(qtbot, menu, PromptTargets(("pc2",), physical=True), dr=9)
    sam = seat_window(qtbot, menu, "Sam")
    panel = panel_of(sam)
    setup = prompted(qtbot, panel)
    assert setup.physical.isChecked() and not setup.physical.isVisibleTo(panel)
    assert setup.d20.isVisibleTo(panel) and setup.d20.isEnabled()
    assert setup.d20.text() == "type what your d20 shows"
    assert setup.roll_button.text() == "Send my d20" and not setup.roll_button.isEnabled()
    assert "Type the number" in setup.roll_button.toolTip()  # nothing typed, nothing sent
    setup.d20.setValue(20)
    assert setup.roll_button.isEnabled()
    setup.roll_button.click()
    qtbot.waitUntil(lambda: panel.showing_result, timeout=WAIT)
    pending = play_of(host(menu).campaign).pending
    assert pending is not None and pending["d20"] == 20 and pending["physical"]


def test_a_setback_burns_one_more_card_then_marks_xp(qtbot: QtBot, menu: SessionMenu) -> None:
    send(qtbot, menu, PromptTargets(("pc2",), physical=True), dr=15)
    sam = seat_window(qtbot, menu, "Sam")
    panel = panel_of(sam)
    setup = prompted(qtbot, panel)
    setup.d20.setValue(2)
    setup.roll_button.click()
    result = panel.result
    qtbot.waitUntil(lambda: not result.choices.isHidden(), timeout=WAIT)
    assert result.roll is not None and not result.roll.success
    assert not result.burns.isHidden() and result.turn.isEnabled()
    result.burns.menu_actions[(CTG, "AH", "pc2")].trigger()  # burn more: +2, still short
    pending = play_of(host(menu).campaign).pending
    assert pending is not None and len(pending["burns"]) == 1  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: not result.turn.isEnabled(), timeout=WAIT)  # no card left to turn
    assert result.settle.text() == "Accept the setback (mark XP)"
    result.settle.click()
    qtbot.waitUntil(lambda: not result.outcome.isHidden(), timeout=WAIT)
    assert sheet_of(host(menu).campaign.character("pc2")).xp == 1


def test_the_player_turns_the_table(qtbot: QtBot, menu: SessionMenu) -> None:
    send(qtbot, menu, PromptTargets(("pc2",), physical=True), dr=15)
    sam = seat_window(qtbot, menu, "Sam")
    panel = panel_of(sam)
    setup = prompted(qtbot, panel)
    setup.d20.setValue(2)
    setup.roll_button.click()
    result = panel.result
    qtbot.waitUntil(lambda: not result.choices.isHidden(), timeout=WAIT)
    result.turn_actions["AH"].trigger()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not result.outcome.isHidden(), timeout=WAIT)
    assert result.headline.text() == "Success (the table turned)"
    campaign = host(menu).campaign
    assert "turned into a success" in campaign.journal[-1].text
    assert campaign.piles["hand:pc2"] == [] and play_of(campaign).pending is None


def test_another_players_roll_waits_read_only(qtbot: QtBot, menu: SessionMenu) -> None:
    ren = seat_window(qtbot, menu, "Ren")
    send(qtbot, menu, PromptTargets(("pc2",)))
    sam = seat_window(qtbot, menu, "Sam")
    prompted(qtbot, panel_of(sam)).roll_button.click()
    watching = panel_of(ren)
    assert watching.prompts.isHidden()  # Sam's prompt is not Ren's
    qtbot.waitUntil(lambda: watching.showing_result, timeout=WAIT)
    qtbot.waitUntil(lambda: not watching.result.keep_note.isHidden(), timeout=WAIT)
    result = watching.result
    for hidden in (result.settle, result.turn, result.consequence):  # Sam's to settle
        assert not hidden.isVisibleTo(result)
    # What Ren may do is aid it, from Astrid's hand, on a setback (the ruling allowing).
    assert result.choices.isHidden() == (result.roll is None or result.roll.success)
    assert "Ivar the Quiet's player settles this roll" in result.keep_note.text()
    assert all(not b.isEnabled() for b in watching.result.keep_group.buttons())
    before = dump(menu)
    assert "another player's" in refused_by_host(qtbot, ren, ResolveTrial())
    assert dump(menu) == before


def test_a_player_killed_mid_roll_gets_back_to_the_roll_waiting(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    hosting = menu.hosting
    assert hosting is not None
    send(qtbot, menu, PromptTargets(("pc1",), "Hold the door"), who="pc1")
    ren = SeatWindow(seat_session(qtbot, menu, "Ren"))  # not closed at the end: it dies
    ren.show()
    panel = panel_of(ren)
    prompted(qtbot, panel).roll_button.click()
    qtbot.waitUntil(lambda: panel.showing_result, timeout=WAIT)
    socket = ren.transport._socket
    assert socket is not None
    socket.abort()  # the app dies before the roll is settled
    ren.transport.blockSignals(True)
    ren.deleteLater()
    qtbot.waitUntil(lambda: not hosting.seats()[0].connected, timeout=WAIT)
    again = panel_of(seat_window(qtbot, menu, "Ren"))
    assert [s.name for s in hosting.seats()] == ["Ren"]
    assert again.showing_result and again.result.may_settle
    qtbot.waitUntil(lambda: not again.result.choices.isHidden(), timeout=WAIT)
    again.result.settle.click()
    qtbot.waitUntil(lambda: play_of(host(menu).campaign).pending is None, timeout=WAIT)


def test_come_prepared_from_the_play_menu_for_the_players_own_character(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    sam = seat_window(qtbot, menu, "Sam")
    feature = sam.table_feature  # type: ignore[attr-defined]
    dialog = feature.open_burn(BurnFor.PREPARED)
    assert [dialog.character.itemText(i) for i in range(dialog.character.count())] == [
        "Ivar the Quiet"
    ]
    dialog.text.setText("a coil of rope")
    dialog.burn()
    campaign = host(menu).campaign
    assert "a coil of rope" in [i.name for i in sheet_of(campaign.character("pc2")).inventory]
    assert campaign.piles["hand:pc2"] == []


def test_a_small_screen_shows_the_roll_and_how_to_settle_it(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    send(qtbot, menu, PromptTargets(("pc2",), "Calm the horse before it bolts into the fen"))
    send(qtbot, menu, PromptTargets(("pc2",), "Hold fast", physical=True), dr=12)
    sam = seat_window(qtbot, menu, "Sam")
    sam.resize(1024, 600)
    panel = panel_of(sam)
    setup = prompted(qtbot, panel, 2)
    qtbot.waitUntil(lambda: fully_shown(setup.roll_button), timeout=WAIT)
    assert fully_shown(setup.odds.headline) and fully_shown(panel.prompts.list)
    setup.roll_button.click()
    result = panel.result
    qtbot.waitUntil(lambda: not result.choices.isHidden(), timeout=WAIT)
    qtbot.waitUntil(lambda: fully_shown(result.settle), timeout=WAIT)
    assert fully_shown(result.headline) and panel.prompts.isHidden()  # #2 waits its turn
