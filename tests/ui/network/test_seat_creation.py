"""Players make their characters in their own windows; the GM accepts them or sends them back.

The Songs & Sagas cases drive the player's own main window: tests/ui/songs/test_player_creation.py.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.creation_panel import CreationPanel
from saga_desktop.ui.network.menu import SessionMenu
from tests.ui.network.table_fixtures import Window, join

WAIT = 5000


def hosted(qtbot: QtBot, game: str) -> SessionMenu:
    window = Window()
    qtbot.addWidget(window)
    campaign = find_ruleset(game).sample_campaign()
    assert campaign is not None
    menu = SessionMenu(window, SessionBridge(Session(campaign), window))
    assert menu.host(port=0) is not None
    return menu


def close(menu: SessionMenu, qtbot: QtBot) -> None:
    for client in list(menu.clients):
        client.close()
    menu.stop_hosting()
    qtbot.wait(50)


def panel_of(client: ClientWindow) -> CreationPanel:
    panel = client.findChild(CreationPanel, "seatCreation")
    assert panel is not None
    assert client.tabs.tabText(client.tabs.indexOf(panel)) == "Character"
    return panel


@pytest.mark.parametrize("game", ["resonance", "dice-pool"])
def test_every_game_gives_players_its_creation_form(qtbot: QtBot, game: str) -> None:
    menu = hosted(qtbot, game)
    try:
        client = join(menu, qtbot, "Kari")
        panel = panel_of(client)
        panel.name.setText("Vey")
        if game == "dice-pool":
            form = panel.form
            form.attrs["str"].setValue(2)  # type: ignore[attr-defined]
            skills = form.traits["skills"]  # type: ignore[attr-defined]
            assert skills.title().startswith("Skills: each 1 to ")  # rows with the rules' limits
            climb, points = skills.add_row()
            climb.setText("Climb")
            assert points.maximum() == skills.top
        panel.send_button.click()
        campaign = menu.bridge.session.campaign
        qtbot.waitUntil(
            lambda: (
                any(c.name == "Vey" for c in campaign.characters)
                or "refused" in client.banner.text()
            ),
            timeout=WAIT,
        )
        assert "refused" not in client.banner.text(), client.banner.text()
        vey = next(c for c in campaign.characters if c.name == "Vey")
        assert vey.status == "submitted" and vey.player == "Kari"
    finally:
        close(menu, qtbot)
