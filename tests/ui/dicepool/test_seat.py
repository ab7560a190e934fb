"""Prompted dice-pool checks end to end on the loopback: the GM sends, the player rolls in their
own window, the host rolls the dice; a player whose app was killed finds the check still there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.odds import check_pool_preview, check_preview
from saga_desktop.model.ops.characters import EditCharacter
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.check import CheckDock
from saga_desktop.ui.dicepool.seat import ChecksPanel
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.prompt_dialog import PromptDialog, PromptTargets
from tests.model.dicepool.conftest import party_session
from tests.ui.network.table_fixtures import Window, join

WAIT = 5000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    QSettings().clear()
    window = Window()
    qtbot.addWidget(window)
    session = party_session()
    session.apply(EditCharacter("pc1", player="Ren"))
    session.apply(EditCharacter("pc2", player="Sam"))
    session_menu = SessionMenu(window, SessionBridge(session, window))
    session_menu.host(port=0)
    yield session_menu
    for client in list(session_menu.clients):
        client.close()
    session_menu.stop_hosting()
    qtbot.wait(50)


def checks(client: ClientWindow) -> ChecksPanel:
    tabs = [client.tabs.tabText(i) for i in range(client.tabs.count())]
    panel = client.tabs.widget(tabs.index("Checks"))
    assert isinstance(panel, ChecksPanel)
    client.tabs.setCurrentWidget(panel)
    return panel


def send_from_gm(qtbot: QtBot, menu: SessionMenu, targets: PromptTargets) -> CheckDock:
    dock = CheckDock(menu.bridge)
    qtbot.addWidget(dock)
    dock.attribute.setCurrentIndex(dock.attribute.findData("ref"))
    dock.cl.setValue(4)
    dock.prompt_to(targets)
    return dock


def test_the_gm_sends_a_check_and_the_player_rolls_it_in_their_window(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    ren, sam = join(menu, qtbot), join(menu, qtbot, "Sam")
    assert ren.tabs.tabText(ren.tabs.currentIndex()) == "Sheet"
    send_from_gm(qtbot, menu, PromptTargets(("pc1", "pc2"), "Ford the river"))
    shown = lambda: ren.tabs.tabText(ren.tabs.currentIndex())  # noqa: E731
    qtbot.waitUntil(lambda: shown() == "Checks", timeout=WAIT)  # the tab comes forward
    panel = checks(ren)
    qtbot.waitUntil(lambda: len(panel.boxes) == 1, timeout=WAIT)
    qtbot.waitUntil(lambda: len(checks(sam).boxes) == 1, timeout=WAIT)
    (box,) = panel.boxes.values()
    campaign = menu.bridge.session.campaign
    alone = check_preview(campaign, "pc1", "ref", "", "skill", 4)
    assert f"Success {dp.percent(alone.success)}" in box.odds.text()
    assert box.title() == "Check 1 for Mara" and "Ford the river" in box.what.text()
    (helper,) = box.helpers  # Bren may assist
    helper.on.setChecked(True)
    helped = check_preview(campaign, "pc1", "ref", "", "skill", 4, box.assists())
    assert helped != alone and f"Success {dp.percent(helped.success)}" in box.odds.text()
    box.roll.click()
    qtbot.waitUntil(lambda: not panel.boxes, timeout=WAIT)
    qtbot.waitUntil(lambda: not panel.last_box.isHidden(), timeout=WAIT)
    play = campaign.play.model_dump(mode="json")
    assert [p["character"] for p in play["prompts"]] == ["pc2"]  # Sam's still waits
    assert play["check"]["roller_name"] == "Mara" and len(play["check"]["assists"]) == 1
    assert panel.last_verdict.text().startswith(("Success", "Failure"))


def test_physical_dice_typed_in_the_players_window(qtbot: QtBot, menu: SessionMenu) -> None:
    ren = join(menu, qtbot)
    send_from_gm(qtbot, menu, PromptTargets(("pc1",), physical=True))
    panel = checks(ren)
    qtbot.waitUntil(lambda: len(panel.boxes) == 1, timeout=WAIT)
    (box,) = panel.boxes.values()
    assert not box.faces.isHidden()
    box.roll.click()
    assert "Type the faces" in box.problem.text()  # nothing sent
    box.faces.setText("9 9 9")
    box.roll.click()
    qtbot.waitUntil(lambda: "refused" in ren.banner.text(), timeout=WAIT)
    assert menu.bridge.session.campaign.play.model_dump()["prompts"]
    pool = check_pool_preview(menu.bridge.session.campaign, "pc1", "ref").size
    box = next(iter(panel.boxes.values()))
    box.faces.setText(" ".join(["6"] * pool))
    box.roll.click()
    qtbot.waitUntil(lambda: not panel.boxes, timeout=WAIT)
    check = menu.bridge.session.campaign.play.model_dump(mode="json")["check"]
    assert check["roll"]["faces"] == [6] * pool and check["roll"]["physical"]


def test_a_player_whose_app_was_killed_finds_the_check_still_waiting(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    hosting = menu.hosting
    assert hosting is not None
    ren = join(menu, qtbot)
    send_from_gm(qtbot, menu, PromptTargets(("pc1",)))
    qtbot.waitUntil(lambda: len(checks(ren).boxes) == 1, timeout=WAIT)
    next(iter(checks(ren).boxes.values())).helpers[0].on.setChecked(True)  # mid-roll
    socket = ren.transport._socket
    assert socket is not None
    socket.abort()  # the app dies: no goodbye, its window gone
    ren.transport.blockSignals(True)
    ren.deleteLater()
    qtbot.waitUntil(lambda: not hosting.seats()[0].connected, timeout=WAIT)
    again = join(menu, qtbot)
    assert [s.name for s in hosting.seats()] == ["Ren"]  # the same seat, taken back
    panel = checks(again)
    qtbot.waitUntil(lambda: len(panel.boxes) == 1, timeout=WAIT)
    next(iter(panel.boxes.values())).roll.click()
    qtbot.waitUntil(lambda: not panel.boxes, timeout=WAIT)
    assert menu.bridge.session.campaign.play.model_dump()["prompts"] == []


def test_the_send_dialog_names_the_check_and_the_characters(qtbot: QtBot) -> None:
    dialog = PromptDialog("REF against CL 4", [("pc1", "Mara"), ("pc2", "Bren")], ["pc1"])
    qtbot.addWidget(dialog)
    assert dialog.targets() == PromptTargets(("pc1",))
    dialog.list.item(1).setCheckState(dialog.list.item(0).checkState())
    dialog.reason.setText("  Ford   the river ")
    dialog.physical.setChecked(True)
    assert dialog.targets() == PromptTargets(("pc1", "pc2"), "Ford the river", True)
    for i in (0, 1):
        dialog.list.item(i).setCheckState(Qt.CheckState.Unchecked)
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
