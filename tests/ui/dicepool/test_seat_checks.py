"""Prompted dice-pool checks at a player's seat, over real loopback sockets.

The GM sends a check from the host's own check dock; the player's window (the main window at
their seat) shows it in the game's check dock, with the exact odds the host rolls against, and
rolls it there with a helper; the host rolls the dice. Physical dice are typed by the player only
when the GM asked for them. What only the GM does is hidden or read-only at the seat, and the
same operation forged through the bridge is refused by the host with nothing changed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.odds import check_pool_preview, check_preview
from saga_desktop.model.dicepool.ops.checks import (
    CancelPrompt,
    PromptCheck,
    ResolvePrompt,
    RollCheck,
)
from saga_desktop.model.ops.characters import EditCharacter
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.dicepool import check_seat
from saga_desktop.ui.dicepool.check import CheckDock
from saga_desktop.ui.gate import barred
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.prompt_dialog import PromptTargets
from tests.model.dicepool.conftest import party_session
from tests.ui.dicepool.seat_helpers import refused_everywhere
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted

WAIT = 10_000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    session = party_session()
    session.apply(EditCharacter("pc1", player="Ren"))  # Mara
    session.apply(EditCharacter("pc2", player="Sam"))  # Bren
    with hosted(qtbot, session) as menu:
        yield menu


def host(menu: SessionMenu) -> Session:
    return menu.bridge.session


def check_dock(window: SeatWindow) -> CheckDock:
    dock = window.findChild(CheckDock, "dicepool-check")
    assert dock is not None
    return dock


def send_from_gm(qtbot: QtBot, menu: SessionMenu, targets: PromptTargets) -> CheckDock:
    """The GM sets up REF against CL 4 in the host's own check dock and sends it."""
    dock = CheckDock(menu.bridge)
    qtbot.addWidget(dock)
    dock.attribute.setCurrentIndex(dock.attribute.findData("ref"))
    dock.cl.setValue(4)
    dock.prompt_to(targets)
    return dock


def waiting(dock: CheckDock) -> list[int]:
    return [dock.queue.item(i).data(256) for i in range(dock.queue.count())]


def test_the_player_rolls_the_check_the_gm_sent_with_a_helper(
    qtbot: QtBot, menu: SessionMenu, monkeypatch: pytest.MonkeyPatch
) -> None:
    ren = seat_window(qtbot, menu, "Ren")
    dock = check_dock(ren)
    assert dock.setup.isHidden() and "No check waits" in dock.seat_note.text()
    alerts: list[object] = []
    monkeypatch.setattr(check_seat.QApplication, "alert", lambda w, *_a: alerts.append(w))
    combat = ren.findChild(QDockWidget, "dicepool-combat")
    assert combat is not None
    ren.tabifyDockWidget(dock, combat)
    combat.raise_()  # the player looks at the fight tracker when the GM asks
    qtbot.waitUntil(lambda: dock.visibleRegion().isEmpty(), timeout=WAIT)
    send_from_gm(qtbot, menu, PromptTargets(("pc1", "pc2"), "Ford the river"))
    qtbot.waitUntil(lambda: waiting(dock) == [1], timeout=WAIT)  # Bren's check is Sam's
    assert alerts == [ren]
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty(), timeout=WAIT)  # forward
    assert combat.visibleRegion().isEmpty()
    assert not dock.setup.isHidden() and "Ford the river" in dock.queue.item(0).text()
    assert (dock.character_id, dock.attribute.currentData(), dock.cl.value()) == ("pc1", "ref", 4)
    campaign = host(menu).campaign
    alone = check_preview(campaign, "pc1", "ref", "", "skill", 4)
    assert dock.odds.text().startswith(f"Success {dp.percent(alone.success)}")
    (helper,) = dock.helpers  # Bren may assist
    helper.on.setChecked(True)
    helped = check_preview(campaign, "pc1", "ref", "", "skill", 4, dock.assists())
    assert helped != alone and dock.odds.text().startswith(f"Success {dp.percent(helped.success)}")
    journal = len(campaign.journal)
    dock.roll_button.click()
    play = host(menu).campaign.play.model_dump(mode="json")
    assert [p["character"] for p in play["prompts"]] == ["pc2"]  # Sam's still waits
    assert play["check"]["roller_name"] == "Mara" and len(play["check"]["assists"]) == 1
    assert len(host(menu).campaign.journal) == journal + 1
    qtbot.waitUntil(lambda: dock.setup.isHidden(), timeout=WAIT)
    assert not dock.result_box.isHidden()  # the host's roll, in the GM's own result widget
    assert dock.verdict.text().startswith(("Success", "Failure"))
    assert dock.result_dice.faces == tuple(play["check"]["roll"]["faces"])


def test_the_gms_controls_are_hidden_or_read_only_and_forged_ones_refused(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    ren = seat_window(qtbot, menu, "Ren")
    dock = check_dock(ren)
    host(menu).apply(PromptCheck("pc1", "ref", "", "skill", 3))
    qtbot.waitUntil(lambda: waiting(dock) == [1], timeout=WAIT)
    for hidden in (dock.prompt_button, dock.cancel_button, dock.resolve_button):
        assert hidden.isHidden()
    for read_only in (dock.character, dock.attribute, dock.trait, dock.cl, dock.physical):
        assert barred(read_only)
    assert dock.faces.isEnabled() is False  # the host rolls: the GM did not ask for real dice
    before = host(menu).export().model_dump(mode="json")
    for forged in (
        PromptCheck("pc1", "str", "", "skill", 1),
        CancelPrompt(1),
        RollCheck("pc1", "ref", "", "skill", 1),
        ResolvePrompt(1, faces=(6, 6, 6, 6, 6, 6)),
    ):
        refused_everywhere(menu, ren, forged)
    assert host(menu).export().model_dump(mode="json") == before


def test_physical_dice_are_typed_in_the_players_window(qtbot: QtBot, menu: SessionMenu) -> None:
    ren = seat_window(qtbot, menu, "Ren")
    dock = check_dock(ren)
    send_from_gm(qtbot, menu, PromptTargets(("pc1",), physical=True))
    qtbot.waitUntil(lambda: waiting(dock) == [1], timeout=WAIT)
    assert dock.physical.isChecked() and dock.faces.isEnabled()
    assert dock.roll_button.text() == "Send my dice"
    dock.roll_button.click()
    assert "Type the faces" in dock.problem.text()  # nothing sent
    dock.faces.setText("9 9 9")
    dock.roll_button.click()
    assert "Not rolled" in dock.problem.text()
    assert host(menu).campaign.play.model_dump()["prompts"]
    pool = check_pool_preview(host(menu).campaign, "pc1", "ref").size
    dock.faces.setText(" ".join(["6"] * pool))
    dock.roll_button.click()
    check = host(menu).campaign.play.model_dump(mode="json")["check"]
    assert check["roll"]["faces"] == [6] * pool and check["roll"]["physical"]
    qtbot.waitUntil(lambda: dock.result_dice.faces == (6,) * pool, timeout=WAIT)


def test_a_player_whose_app_was_killed_finds_the_check_still_waiting(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    hosting = menu.hosting
    assert hosting is not None
    ren = seat_window(qtbot, menu, "Ren")
    send_from_gm(qtbot, menu, PromptTargets(("pc1",)))
    qtbot.waitUntil(lambda: waiting(check_dock(ren)) == [1], timeout=WAIT)
    check_dock(ren).helpers[0].on.setChecked(True)  # mid-roll
    socket = ren.transport._socket
    assert socket is not None
    socket.abort()  # the app dies: no goodbye, its window gone
    ren.transport.blockSignals(True)
    ren.hide()  # (closed for good when the test ends)
    qtbot.waitUntil(lambda: not hosting.seats()[0].connected, timeout=WAIT)
    again = seat_window(qtbot, menu, "Ren")
    assert [s.name for s in hosting.seats()] == ["Ren"]  # the same seat, taken back
    dock = check_dock(again)
    qtbot.waitUntil(lambda: waiting(dock) == [1], timeout=WAIT)
    dock.roll_button.click()
    assert host(menu).campaign.play.model_dump()["prompts"] == []


def test_a_gm_seat_keeps_the_gms_whole_check_dock(qtbot: QtBot, menu: SessionMenu) -> None:
    hosting = menu.hosting
    assert hosting is not None
    gm = seat_window(qtbot, menu, "Gunn", hosting.gm_code)
    dock = check_dock(gm)
    assert dock.seat is None and dock.seat_note.isHidden()
    assert not dock.prompt_button.isHidden() and dock.character.isEnabled()
    dock.attribute.setCurrentIndex(dock.attribute.findData("ref"))
    dock.prompt_to(PromptTargets(("pc2",), "Lift the gate"))
    assert [p.character for p in host(menu).campaign.play.prompts] == ["pc2"]  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: waiting(dock) == [1], timeout=WAIT)  # every prompt, not a seat's
    assert not dock.cancel_button.isHidden() and not dock.resolve_button.isHidden()
