"""Prompted Songs & Sagas rolls end to end on the loopback: the GM sends a roll from the roll
panel, the player burns and rolls in their own window, settles it; the host draws and rolls."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.rolls import BeginTrial, BurnChoice, preview_trial
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.prompt_dialog import PromptTargets
from saga_desktop.ui.songs.play.prompt_queue import PromptQueue
from saga_desktop.ui.songs.play.roll_setup import RollSetup
from saga_desktop.ui.songs.seat import RollsPanel
from tests.ui.network.table_fixtures import hosted, join

WAIT = 5000
HEART = songs.Attribute.HEART


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


def rolls(client: ClientWindow) -> RollsPanel:
    tabs = [client.tabs.tabText(i) for i in range(client.tabs.count())]
    panel = client.tabs.widget(tabs.index("Rolls"))
    assert isinstance(panel, RollsPanel)
    client.tabs.setCurrentWidget(panel)
    return panel


def send(qtbot: QtBot, menu: SessionMenu, targets: PromptTargets, dr: int = 15) -> PromptQueue:
    setup = RollSetup(menu.bridge)
    qtbot.addWidget(setup)
    setup.sync()
    setup.prefill("pc1", HEART, dr=dr)
    queue = PromptQueue(menu.bridge, setup)
    qtbot.addWidget(queue)
    queue.send_to(targets)
    return queue


def test_the_player_burns_rolls_and_settles_the_gms_roll_in_their_window(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    sam = join(menu, qtbot, "Sam")
    queue = send(qtbot, menu, PromptTargets(("pc2",), "Calm the horse"))
    assert queue.list.count() == 1 and "Calm the horse" in queue.list.item(0).text()
    panel = rolls(sam)
    qtbot.waitUntil(lambda: len(panel.boxes) == 1, timeout=WAIT)
    (box,) = panel.boxes.values()
    assert box.title() == "Roll 1 for Ivar the Quiet" and "DR 15" in box.what.text()
    campaign = menu.bridge.session.campaign
    risk = campaign.play.model_dump()["prompts"][0]["risk"]
    plain = preview_trial(campaign, BeginTrial("pc2", HEART, 15, risk=risk))
    assert box.odds.text() == plain.explain().capitalize()
    ((combo, card, _owner),) = box.burns  # Ivar holds the A♥
    combo.setCurrentIndex(combo.findData("call_the_gods"))
    burn = BurnChoice(songs.BurnKind.CALL_THE_GODS, Card.from_code("AH"))
    burned = preview_trial(campaign, BeginTrial("pc2", HEART, 15, risk=risk, burns=(burn,)))
    assert card.code == "AH" and box.odds.text() == burned.explain().capitalize() != plain
    box.roll.click()
    qtbot.waitUntil(lambda: panel.pending is not None, timeout=WAIT)
    assert not panel.boxes and queue.list.count() == 0
    pending = panel.pending
    assert pending is not None and "Call the Gods" in pending.text.text()
    pending.settle.click()
    qtbot.waitUntil(lambda: panel.pending is None and bool(panel.last.text()), timeout=WAIT)
    assert menu.bridge.session.campaign.play.model_dump()["pending"] is None
    assert panel.last.text().startswith("Last roll: ")


def test_a_player_killed_mid_roll_gets_back_to_the_roll_waiting(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    hosting = menu.hosting
    assert hosting is not None
    ren = join(menu, qtbot, "Ren")
    send(qtbot, menu, PromptTargets(("pc1",)))
    qtbot.waitUntil(lambda: len(rolls(ren).boxes) == 1, timeout=WAIT)
    next(iter(rolls(ren).boxes.values())).roll.click()
    qtbot.waitUntil(lambda: rolls(ren).pending is not None, timeout=WAIT)
    socket = ren.transport._socket
    assert socket is not None
    socket.abort()  # the app dies before the roll is settled
    ren.transport.blockSignals(True)
    ren.deleteLater()
    qtbot.waitUntil(lambda: not hosting.seats()[0].connected, timeout=WAIT)
    again = join(menu, qtbot, "Ren")
    panel = rolls(again)
    qtbot.waitUntil(lambda: panel.pending is not None, timeout=WAIT)
    assert [s.name for s in hosting.seats()] == ["Ren"]
    panel.pending.settle.click()  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: panel.pending is None, timeout=WAIT)


def test_a_physical_d20_typed_by_the_player(qtbot: QtBot, menu: SessionMenu) -> None:
    ren = join(menu, qtbot, "Ren")
    send(qtbot, menu, PromptTargets(("pc1",), physical=True), dr=9)
    panel = rolls(ren)
    qtbot.waitUntil(lambda: len(panel.boxes) == 1, timeout=WAIT)
    (box,) = panel.boxes.values()
    assert not box.d20.isHidden() and box.roll.text() == "Send my d20"
    box.roll.click()
    assert "Type the number" in box.problem.text()  # nothing typed, nothing sent
    box.d20.setValue(20)
    box.roll.click()
    qtbot.waitUntil(lambda: panel.pending is not None, timeout=WAIT)
    pending = menu.bridge.session.campaign.play.model_dump()["pending"]
    assert pending["d20"] == 20 and pending["physical"]
