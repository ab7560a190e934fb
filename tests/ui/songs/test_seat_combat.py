"""Songs & Sagas combat over the network: a player attacks on the party's turn and defends on the
enemies', from their own window; the host rolls and reveals everything."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QMainWindow, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.combat import EndTurn, EnemyAttack, RollSetup, StartCombat
from saga_desktop.model.songs.ops.enemies import AddEnemy, EnemyStats
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.songs.seat_combat import SongsSeatCombat
from tests.ui.network.table_fixtures import let_in

WAIT = 5000


class Window(QMainWindow):
    """The main window's menu() contract, without the rest of the main window."""

    def menu(self, title: str) -> QMenu:
        return self.menuBar().addMenu(title)


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    window = Window()
    qtbot.addWidget(window)
    session_menu = SessionMenu(window, SessionBridge(build_sample(), window))
    assert session_menu.host(port=0) is not None
    yield session_menu
    for client in list(session_menu.clients):
        client.close()
    session_menu.stop_hosting()
    qtbot.wait(50)


def join(menu: SessionMenu, qtbot: QtBot, name: str) -> tuple[ClientWindow, SongsSeatCombat]:
    hosting = menu.hosting
    assert hosting is not None
    client = menu.open_client("127.0.0.1", hosting.port, hosting.join_code, name)
    let_in(hosting, client, qtbot)
    panel = client.findChild(SongsSeatCombat, "seatCombat")
    assert panel is not None and client.tabs.tabText(client.tabs.indexOf(panel)) == "Combat"
    return client, panel


def refused(client: ClientWindow, qtbot: QtBot, op: dict[str, object], says: str) -> None:
    client.banner.setText("")
    client.send(op)
    qtbot.waitUntil(lambda: says in client.banner.text(), timeout=WAIT)


def test_a_player_attacks_then_defends_from_their_window(qtbot: QtBot, menu: SessionMenu) -> None:
    session = menu.bridge.session
    ren, panel = join(menu, qtbot, "Ren")
    assert panel.findChild(object, "combatPhase").text() == "No fight is in progress."
    menu.bridge.apply(StartCombat(("e1",)))
    if session.campaign.play.combat.turn == "enemies":  # type: ignore[attr-defined]
        menu.bridge.apply(EndTurn())
    qtbot.waitUntil(lambda: "pc1" in panel.attack_buttons, timeout=WAIT)
    assert "pc2" not in panel.attack_buttons  # Sam's character is Sam's to play
    target, weapon, _attribute, _intent = panel.forms["pc1"]
    assert target.currentData() == "e1" and weapon.currentData() == "Bearded axe"
    panel.attack_buttons["pc1"].click()
    qtbot.waitUntil(lambda: panel.settle_button is not None, timeout=WAIT)
    assert panel.settle_button is not None and panel.settle_button.text() == "Settle my attack"
    panel.settle_button.click()
    qtbot.waitUntil(lambda: session.campaign.play.pending is None, timeout=WAIT)  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: "has acted" in _texts(panel), timeout=WAIT)
    menu.bridge.apply(EndTurn())
    menu.bridge.apply(EnemyAttack("e1", "pc1", RollSetup("dexterity")))
    qtbot.waitUntil(lambda: panel.settle_button is not None, timeout=WAIT)
    assert panel.settle_button is not None and panel.settle_button.text() == "Settle my defence"
    refused(ren, qtbot, {"kind": "songs.ResolveDefence", "take_damage": False}, "Only the GM")
    panel.settle_button.click()
    qtbot.waitUntil(lambda: session.campaign.play.pending is None, timeout=WAIT)  # type: ignore[attr-defined]
    assert session.campaign.journal[-1].character == "pc1"


def test_a_player_attacks_only_what_they_can_see_in_the_fight(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    ren, _panel = join(menu, qtbot, "Ren")
    other = menu.bridge.apply(AddEnemy(EnemyStats("Ridge wolf", 5)))
    menu.bridge.apply(StartCombat(("e1",)))
    if menu.bridge.session.campaign.play.combat.turn == "enemies":  # type: ignore[attr-defined]
        menu.bridge.apply(EndTurn())
    attack = {"kind": "songs.Attack", "character": "pc1", "weapon": "Bearded axe"}
    refused(ren, qtbot, {**attack, "target": other}, "someone you can see")
    refused(ren, qtbot, {**attack, "target": "e1", "feat_die": 12}, "Only the GM sets feat die")


def _texts(panel: SongsSeatCombat) -> str:
    from PySide6.QtWidgets import QLabel

    return "\n".join(label.text() for label in panel.findChildren(QLabel))
