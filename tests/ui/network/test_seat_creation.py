"""Players make their characters in their own windows; the GM accepts them or sends them back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.creation_panel import CreationPanel
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.songs.seat_creation import SongsCreationForm
from tests.ui.network.seat_fixtures import widget_texts
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


@pytest.fixture
def songs(qtbot: QtBot) -> Iterator[SessionMenu]:
    menu = hosted(qtbot, "songs-and-sagas")
    yield menu
    close(menu, qtbot)


def close(menu: SessionMenu, qtbot: QtBot) -> None:
    for client in list(menu.clients):
        client.close()
    menu.stop_hosting()
    qtbot.wait(50)


def make_songs_character(panel: CreationPanel, qtbot: QtBot, vanori: str) -> None:
    """Play the creation steps in the Songs form: reveal, redraw one, the Vanori, resilience."""
    form = panel.form
    assert isinstance(form, SongsCreationForm)
    steps = form.buttons
    qtbot.waitUntil(lambda: steps["reveal"].isEnabled(), timeout=WAIT)
    steps["reveal"].click()
    qtbot.waitUntil(lambda: steps["redraw"].isEnabled(), timeout=WAIT)
    assert "Attributes: Strength" in form.attributes.text()
    form.redraw.setCurrentIndex(form.redraw.findData("heart"))
    steps["redraw"].click()
    qtbot.waitUntil(lambda: "1 redraw left" in form.attributes.text(), timeout=WAIT)
    form.vanori.setCurrentIndex(form.vanori.findData(vanori))
    steps["choose_vanori"].click()
    qtbot.waitUntil(lambda: steps["roll_resilience"].isEnabled(), timeout=WAIT)
    steps["roll_resilience"].click()
    qtbot.waitUntil(lambda: steps["reroll_resilience"].isEnabled(), timeout=WAIT)
    assert not steps["roll_vanori"].isEnabled()  # the Vanori is settled with its die


def panel_of(client: ClientWindow) -> CreationPanel:
    panel = client.findChild(CreationPanel, "seatCreation")
    assert panel is not None
    assert client.tabs.tabText(client.tabs.indexOf(panel)) == "Character"
    return panel


def test_a_player_makes_a_character_and_the_gm_accepts_it(qtbot: QtBot, songs: SessionMenu) -> None:
    client = join(songs, qtbot, "Kari")
    panel = panel_of(client)
    assert "no character yet" in panel.standing.text()
    assert not panel.send_button.isEnabled()
    panel.name.setText("Sigrun")
    panel.send_button.click()
    qtbot.waitUntil(lambda: "Reveal your attribute cards first" in panel.problem.text())
    make_songs_character(panel, qtbot, "owl")
    panel.send_button.click()
    campaign = songs.bridge.session.campaign
    qtbot.waitUntil(lambda: any(c.name == "Sigrun" for c in campaign.characters), timeout=WAIT)
    sigrun = next(c for c in campaign.characters if c.name == "Sigrun")
    assert (sigrun.status, sigrun.player, sigrun.sheet.vanori) == ("submitted", "Kari", "owl")  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: "waiting for the GM's approval" in panel.standing.text(), timeout=WAIT)
    assert "Review characters (1 waiting)" in songs.review_action.text()
    assert "Sigrun waits for your approval" in songs.window.statusBar().currentMessage()
    dialog = songs.review.show_dialog()
    shown = dialog.shown_sheet()
    assert shown is not None and not dialog.back_button.isEnabled()
    assert any("Owl" in text for text in widget_texts(shown))  # the GM's own sheet, not a dump
    dialog.accept_button.click()
    assert campaign.character(sigrun.id).accepted
    qtbot.waitUntil(lambda: "Sigrun: at the table" in panel.standing.text(), timeout=WAIT)
    assert client.sheet is not None
    assert client.sheet.tabText(0) == "Sigrun" and client.sheet.widget(0).isEnabled()
    assert songs.review_action.text() == "&Review characters…"


def test_a_character_sent_back_is_changed_and_sent_again(qtbot: QtBot, songs: SessionMenu) -> None:
    client = join(songs, qtbot, "Kari")
    panel = panel_of(client)
    panel.name.setText("Sigrun")
    make_songs_character(panel, qtbot, "bear")
    panel.send_button.click()
    campaign = songs.bridge.session.campaign
    qtbot.waitUntil(lambda: any(c.status == "submitted" for c in campaign.characters), timeout=WAIT)
    dialog = songs.review.show_dialog()
    qtbot.keyClicks(dialog.reason, "We have a Sigrun already; pick another name.")
    dialog.back_button.click()
    sent_back = next(c for c in campaign.characters if c.name == "Sigrun")
    assert sent_back.status == "returned"
    qtbot.waitUntil(lambda: "pick another name" in panel.standing.text(), timeout=WAIT)
    assert panel.send_button.text() == "Send it again" and panel.name.text() == "Sigrun"
    panel.name.setText("Sigrid")
    make_songs_character(panel, qtbot, "elk")
    panel.send_button.click()
    qtbot.waitUntil(lambda: any(c.name == "Sigrid" for c in campaign.characters), timeout=WAIT)
    again = next(c for c in campaign.characters if c.name == "Sigrid")
    assert again.id == sent_back.id and again.status == "submitted"
    assert all(c.name != "Sigrun" for c in campaign.characters)
    assert songs.bridge.session.undo()  # the GM rewinds: Sigrun is back, sent back
    qtbot.waitUntil(lambda: "pick another name" in panel.standing.text(), timeout=WAIT)


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
