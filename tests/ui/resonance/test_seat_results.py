"""Resonance at the table: the Send dialog, opposed and group checks, and their results.

Resonance draws cards, so the GM's Send dialog offers no physical dice (the dice pool game's
still does). *Send to players…* sends only a single check; for an opposed or group check it is
greyed and says why (each player plays their own side from their window once the GM draws). An
opposed check settled by a player's last card shows its result in the GM's dock until the GM
draws the next, and the player's action line does not keep asking them to choose.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QLabel, QPushButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.sample import build_sample
from saga_desktop.model.resonance.access import pending_of
from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.ops.contests import BeginOpposed
from saga_desktop.model.resonance.sample import sample_campaign
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance
from saga_desktop.ui import prompt_dialog
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.check import CheckDock
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.resonance.panel import CheckPanel
from tests.ui.network.seat_fixtures import seat_sheet, seat_window
from tests.ui.network.table_fixtures import hosted
from tests.ui.resonance.test_seat_checks import gm_panel
from tests.ui.resonance.test_seat_contests import live_box, played

WAIT = 10_000
HEART, MIND = resonance.Stat.HEART, resonance.Stat.MIND


@pytest.fixture
def session() -> Session:
    return Session(sample_campaign())


@pytest.fixture
def menu(qtbot: QtBot, session: Session) -> Iterator[SessionMenu]:
    with hosted(qtbot, session) as menu:
        yield menu


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> list[prompt_dialog.PromptDialog]:
    """Every Send dialog opened, closed at once as if cancelled."""
    opened: list[prompt_dialog.PromptDialog] = []

    def exec_(dialog: prompt_dialog.PromptDialog) -> int:
        opened.append(dialog)
        return 0

    monkeypatch.setattr(prompt_dialog.PromptDialog, "exec", exec_)
    return opened


def test_the_send_dialog_offers_physical_dice_only_in_a_game_with_dice(
    qtbot: QtBot, dialogs: list[prompt_dialog.PromptDialog]
) -> None:
    panel = CheckPanel(SessionBridge(Session(sample_campaign())))
    qtbot.addWidget(panel)
    assert panel.prompts.send_button.isEnabled()
    panel.prompts.send_button.click()
    dice = CheckDock(SessionBridge(build_sample()))
    qtbot.addWidget(dice)
    dice.prompt_button.click()
    resonance_dialog, dice_dialog = dialogs
    assert resonance_dialog.physical.isHidden(), "Resonance has no dice"
    assert not resonance_dialog.targets().physical
    assert not dice_dialog.physical.isHidden()


@pytest.mark.parametrize("kind", ["opposed", "group"])
def test_send_says_why_it_is_greyed_for_opposed_and_group_checks(qtbot: QtBot, kind: str) -> None:
    panel = CheckPanel(SessionBridge(Session(sample_campaign())))
    qtbot.addWidget(panel)
    send = panel.prompts.send_button
    panel.setup.set_kind(kind)
    assert not send.isEnabled()
    assert "each player plays their own" in send.toolTip()
    assert "each player plays their own" in send.accessibleDescription()
    panel.setup.set_kind("single")
    assert send.isEnabled() and "each player plays their own" not in send.toolTip()


def test_an_opposed_check_a_player_settles_shows_its_result_at_the_gms_dock(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    npc = session.apply(CreateCharacter("Harbourmaster Quell", (2, 3, 5, 2), "GM"))
    ren = seat_window(qtbot, menu, "Ren")
    gm = gm_panel(qtbot, menu)
    pending = session.apply(BeginOpposed("pc1", HEART, npc, MIND, defender="second"))
    gm.boxes[npc].look_button.click()
    gm.boxes[npc].buttons[pending.second.cards[0]].click()  # the GM's side first
    assert gm.result.text() == ""
    panel = live_box(qtbot, ren, "pc1")
    panel.boxes["pc1"].buttons[pending.first.cards[0]].click()  # Ren's card settles it
    assert pending_of(session.campaign) is None
    entry = session.campaign.journal[-1]
    assert entry.kind == "opposed"
    assert gm.result.text() == f"Last check: {entry.text}", "the GM's dock lost the result"
    assert gm.setup.isVisibleTo(gm)  # ready for the next check, the result still under it
    gm.setup.set_kind("single")
    gm.draw()  # the GM starts another: the old result goes
    assert not gm.result.text().startswith("Last check:")


def test_a_players_action_line_does_not_ask_them_to_choose_after_they_chose(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    npc = session.apply(CreateCharacter("Harbourmaster Quell", (2, 3, 5, 2), "GM"))
    ren = seat_window(qtbot, menu, "Ren")
    pending = session.apply(BeginOpposed("pc1", HEART, npc, MIND, defender="second"))
    panel = live_box(qtbot, ren, "pc1")
    line = ren.findChild(QLabel, "table-latest")
    assert line is not None
    panel.boxes["pc1"].buttons[pending.first.cards[0]].click()
    qtbot.waitUntil(lambda: played(panel, "pc1"), timeout=WAIT)
    qtbot.waitUntil(lambda: "secret" in line.full_text, timeout=WAIT)  # type: ignore[attr-defined]
    assert "Choose a card" not in line.full_text  # type: ignore[attr-defined]


def test_a_resonance_players_sheet_has_no_greyed_gm_buttons(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    me = session.campaign.characters[0]
    ren = seat_window(qtbot, menu, me.player)
    sheet = seat_sheet(ren, me.id)
    sheet.show()
    shown = [b.text() for b in sheet.findChildren(QPushButton) if b.isVisibleTo(sheet)]
    assert shown == ["View fatigue…"], shown  # Set stats and Rest are the GM's: not shown
