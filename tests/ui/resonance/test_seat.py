"""Prompted Resonance checks end to end on the loopback: the GM sends a check from the check
panel, the player draws and plays their card in their own window; the host draws the cards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.resonance.ops.checks import BeginCheck
from saga_desktop.model.resonance.ops.odds import preview_check
from saga_desktop.model.resonance.sample import sample_campaign
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.prompt_dialog import PromptTargets
from saga_desktop.ui.resonance.panel import CheckPanel
from saga_desktop.ui.resonance.seat import ChecksPanel
from saga_desktop.ui.resonance.words import check_odds_text
from tests.ui.network.table_fixtures import hosted, join

WAIT = 5000
BODY = resonance.Stat.BODY


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, Session(sample_campaign())) as menu:
        yield menu


def checks(client: ClientWindow) -> ChecksPanel:
    tabs = [client.tabs.tabText(i) for i in range(client.tabs.count())]
    panel = client.tabs.widget(tabs.index("Checks"))
    assert isinstance(panel, ChecksPanel)
    client.tabs.setCurrentWidget(panel)
    return panel


def gm_panel(qtbot: QtBot, menu: SessionMenu) -> CheckPanel:
    panel = CheckPanel(menu.bridge)
    qtbot.addWidget(panel)
    setup = panel.setup
    setup.character.setCurrentIndex(setup.character.findData("pc1"))
    setup.stat.setCurrentIndex(setup.stat.findData(BODY))
    setup.dc.setValue(9)
    return panel


def test_the_gm_sends_a_check_and_the_player_draws_and_plays_it(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    ren = join(menu, qtbot, "Ren")
    gm = gm_panel(qtbot, menu)
    gm.prompts.send_to(PromptTargets(("pc1",), "Climb the cliff"))
    assert gm.prompts.list.count() == 1 and "Climb the cliff" in gm.prompts.list.item(0).text()
    panel = checks(ren)
    qtbot.waitUntil(lambda: len(panel.boxes) == 1, timeout=WAIT)
    (box,) = panel.boxes.values()
    campaign = menu.bridge.session.campaign
    odds = preview_check(campaign, BeginCheck("pc1", BODY, 9))
    degrees = campaign.play.options.degrees_of_success  # type: ignore[union-attr]
    assert box.odds.text() == check_odds_text(odds, degrees)
    box.draw.click()
    qtbot.waitUntil(lambda: panel.drawn is not None, timeout=WAIT)
    assert not panel.boxes and gm.prompts.list.count() == 0
    drawn = panel.drawn
    assert drawn is not None and len(drawn.buttons) == len(drawn.draw.cards) >= 2
    card = drawn.draw.cards[-1]
    drawn.buttons[card].click()
    qtbot.waitUntil(lambda: panel.drawn is None and bool(panel.last.text()), timeout=WAIT)
    assert menu.bridge.session.campaign.piles["fatigue:pc1"][-1] == card.code
    assert panel.last.text().startswith("Last check: ")


def test_a_player_killed_with_cards_drawn_gets_back_to_them(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    hosting = menu.hosting
    assert hosting is not None
    ren = join(menu, qtbot, "Ren")
    gm_panel(qtbot, menu).prompts.send_to(PromptTargets(("pc1",)))
    qtbot.waitUntil(lambda: len(checks(ren).boxes) == 1, timeout=WAIT)
    next(iter(checks(ren).boxes.values())).draw.click()
    qtbot.waitUntil(lambda: checks(ren).drawn is not None, timeout=WAIT)
    drawn = checks(ren).drawn.draw.cards  # type: ignore[union-attr]
    socket = ren.transport._socket
    assert socket is not None
    socket.abort()  # the app dies before the card is played
    ren.transport.blockSignals(True)
    ren.deleteLater()
    qtbot.waitUntil(lambda: not hosting.seats()[0].connected, timeout=WAIT)
    again = join(menu, qtbot, "Ren")
    panel = checks(again)
    qtbot.waitUntil(lambda: panel.drawn is not None, timeout=WAIT)
    assert panel.drawn.draw.cards == drawn  # type: ignore[union-attr]
    panel.drawn.buttons[drawn[0]].click()  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: panel.drawn is None, timeout=WAIT)
