"""A stop that ends the game says so at the seat, and *Join again* brings the player back.

Real sockets: the GM's app hosts, Ren's window joins, the GM chooses *Stop hosting* (the game
ends: no "Reconnecting…" for ever), then hosts again with the same code; Ren clicks *Join again*.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client_events import Closed
from saga_desktop.ui import announce
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.transport import PAUSED
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import Window

WAIT = 10_000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    window = Window()
    qtbot.addWidget(window)
    session_menu = SessionMenu(window, SessionBridge(build_sample(), window))
    yield session_menu
    session_menu.stop_hosting()
    qtbot.wait(50)


def test_stop_hosting_ends_the_game_and_join_again_brings_the_player_back(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    spoken: list[str] = []

    def heard(said: announce.Announcement) -> None:
        spoken.append(said.text)

    announce.listeners.append(heard)
    try:
        hosting = menu.host(port=0)
        assert hosting is not None
        port, join_code, gm_code = hosting.port, hosting.join_code, hosting.gm_code
        ren = seat_window(qtbot, menu, "Ren")
        button = ren.join_again.button
        assert not button.isVisible()
        menu.stop_hosting()
        qtbot.waitUntil(lambda: ren.transport.finished, timeout=WAIT)
        qtbot.waitUntil(button.isVisible, timeout=WAIT)
        line = ren.connection_line.text()
        assert line.startswith("Not connected: The GM stopped hosting. The game is over for now")
        assert "Reconnecting" not in line and "Join again" in ren.connection_line.toolTip()
        assert any("The game is over for now" in t and "Join again" in t for t in spoken)
        assert button.accessibleName() == "Join again"
        qtbot.wait(1500)
        assert not ren.transport.protocol.joined and ren.transport.finished  # no retry

        # The GM hosts again with the same code; Ren joins again with one click.
        again = Hosting(
            menu.bridge.session, port, join_code=join_code, gm_code=gm_code, ask_the_gm=False
        )
        try:
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: ren.transport.protocol.joined, timeout=WAIT)
            assert ren.transport.protocol.seat_name == "Ren"
            qtbot.waitUntil(lambda: not button.isVisible(), timeout=WAIT)
            assert "Connected" in ren.connection_line.text()
        finally:
            again.stop()
            ren.close()
    finally:
        announce.listeners.remove(heard)


def test_a_pause_says_the_player_comes_back_and_shows_no_button(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    assert menu.host(port=0) is not None
    ren = seat_window(qtbot, menu, "Ren")
    ren.join_again.on_event(Closed("The host was stopped.", back=True))
    assert ren.connection_line.text() == f"The host was stopped. {PAUSED}"
    assert not ren.join_again.button.isVisible()
    ren.close()


def test_hosting_the_same_campaign_again_keeps_its_codes_and_seats_for_join_again(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    hosting = menu.host(port=0)
    assert hosting is not None
    port, join_code, gm_code = hosting.port, hosting.join_code.text, hosting.gm_code.text
    ren = seat_window(qtbot, menu, "Ren")
    button = ren.join_again.button
    menu.stop_hosting()
    qtbot.waitUntil(button.isVisible, timeout=WAIT)
    # The GM's Session › Host this campaign… again: the same game comes back.
    menu.host_action.trigger()
    again = menu.hosting
    assert again is not None and again is not hosting
    assert (again.port, again.join_code.text, again.gm_code.text) == (port, join_code, gm_code)
    assert menu.dialog is not None and "same port, codes and seats" in menu.dialog.notice.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ren.transport.protocol.joined, timeout=WAIT)
    assert again.claims() == []  # its own seat back, no asking the GM again
    assert [s.name for s in again.seats()] == ["Ren"]
    ren.close()
