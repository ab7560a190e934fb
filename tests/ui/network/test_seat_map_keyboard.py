"""A player's seat over a real loopback connection: the map read and a token moved by keyboard.

The seat's map is the players' map: the hex cursor walks it, M moves the seat's own token (the
host moves it), another's token does not pick up, and a hidden token is absent for the screen
reader exactly as on screen.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.tokens import PlaceToken
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui import announce
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.network.seat_fixtures import seat_map, token_at
from tests.ui.network.table_fixtures import Window, let_in

WAIT = 5000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    window = Window()
    qtbot.addWidget(window)
    session = build_sample()
    session.apply(PlaceToken("character", 6, 0, character="pc1"))  # t1: Ren's Astrid
    session.apply(PlaceToken("character", 5, 0, character="pc2"))  # t2: Sam's Ivar
    session.apply(PlaceToken("enemy", 4, 0, name="Glass wolf", hidden=True))  # t3: the GM's
    session_menu = SessionMenu(window, SessionBridge(session, window))
    session_menu.host(port=0)
    yield session_menu
    for client in list(session_menu.clients):
        client.close()
    session_menu.stop_hosting()
    qtbot.wait(50)


@pytest.fixture
def spoken() -> Iterator[list[str]]:
    out: list[str] = []

    def heard(a: announce.Announcement) -> None:
        out.append(a.text)

    announce.listeners.append(heard)
    yield out
    announce.listeners.remove(heard)


def join(menu: SessionMenu, qtbot: QtBot, name: str) -> SeatWindow:
    hosting = menu.hosting
    assert hosting is not None
    client = menu.open_client("127.0.0.1", hosting.port, hosting.join_code, name)
    window = let_in(hosting, client, qtbot)
    qtbot.waitExposed(window)
    return window


def test_a_player_moves_their_own_token_by_keyboard(
    qtbot: QtBot, menu: SessionMenu, spoken: list[str]
) -> None:
    session = menu.bridge.session
    ren = join(menu, qtbot, "Ren")
    view = seat_map(ren)
    astrid = session.campaign.characters[0].name
    view.setFocus()
    for _ in range(3):  # T steps through the hexes with tokens: on to Astrid's
        qtbot.keyClick(view, Qt.Key.Key_T)
        if view.current_hex == Hex(6, 0):
            break
    assert view.current_hex == Hex(6, 0) and astrid in spoken[-1]
    qtbot.keyClick(view, Qt.Key.Key_M)
    assert spoken[-1].startswith(f"Picked up {astrid}")
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_M)
    qtbot.waitUntil(lambda: getattr(session.campaign.map.token("t1"), "q", 0) == 7, timeout=WAIT)
    qtbot.waitUntil(lambda: token_at(view, "t1") == (7, 0), timeout=WAIT)
    qtbot.keyClick(view, Qt.Key.Key_T)  # to Sam's Ivar: not Ren's to move
    assert view.current_hex == Hex(5, 0)
    qtbot.keyClick(view, Qt.Key.Key_M)
    assert spoken[-1] == "No token here that you can move."
    t2 = session.campaign.map.token("t2")
    assert t2 is not None and (t2.q, t2.r) == (5, 0)


def test_the_seats_map_reads_no_hidden_token(qtbot: QtBot, menu: SessionMenu) -> None:
    ren = join(menu, qtbot, "Ren")
    view = seat_map(ren)
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface is not None
    names = [iface.child(i).text(QAccessible.Text.Name) for i in range(iface.childCount())]
    hidden = [r for r in menu.bridge.session.campaign.map.regions if r.hidden]
    shown = [r for r in menu.bridge.session.campaign.map.regions if not r.hidden]
    assert sum(n.startswith("Region ") for n in names) == len(shown)
    assert not any(r.title and r.title in " ".join(names) for r in hidden if r.title)
    assert "Glass wolf" not in " ".join(names)
    assert sum(not n.startswith("Region ") for n in names) == 2  # Astrid and Ivar
