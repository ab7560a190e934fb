"""Tokens over a real loopback connection: the GM moves, players see; a player moves their own.

A player's map is the map of the main window at the seat: the players' map (as on the Player
View) over the seat's typed view, on which the seat's own tokens move by asking the host.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.tokens import MoveToken, PlaceToken
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.geometry import hex_centre
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.network.seat_fixtures import forged, seat_map, token_at
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


def join(menu: SessionMenu, qtbot: QtBot, name: str) -> SeatWindow:
    hosting = menu.hosting
    assert hosting is not None
    client = menu.open_client("127.0.0.1", hosting.port, hosting.join_code, name)
    window = let_in(hosting, client, qtbot)
    qtbot.waitExposed(window)
    return window


def _drag(qtbot: QtBot, client: SeatWindow, token_id: str, q: int, r: int) -> None:
    shared = seat_map(client)
    item = shared.tokens.item(token_id)
    assert item is not None
    vp = shared.viewport()
    start = shared.mapFromScene(item.pos())
    layout = shared.map_scene.layout
    end = shared.mapFromScene(hex_centre(layout, q, r))
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for i in range(1, 11):
        qtbot.mouseMove(vp, start + (end - start) * (i / 10))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)


def test_gm_moves_players_see_a_player_moves_their_own_and_not_anothers(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    session = menu.bridge.session
    ren, sam = join(menu, qtbot, "Ren"), join(menu, qtbot, "Sam")
    ren_map, sam_map = seat_map(ren), seat_map(sam)
    for client in (ren, sam):
        tokens = seat_map(client).tokens
        assert {i.token_id for i in tokens.items()} == {"t1", "t2"}, "t3 is hidden"
        assert "Glass wolf" not in str(client.view)
    assert [i.token_id for i in ren_map.tokens.items() if i.movable] == ["t1"]
    assert [i.token_id for i in sam_map.tokens.items() if i.movable] == ["t2"]

    menu.bridge.apply(MoveToken("t2", 5, 1))  # the GM moves Ivar: everyone sees it
    for shown in (ren_map, sam_map):
        qtbot.waitUntil(lambda m=shown: token_at(m, "t2") == (5, 1), timeout=WAIT)
        qtbot.waitUntil(lambda m=shown: not m.tokens.gliding, timeout=WAIT)

    _drag(qtbot, ren, "t1", 7, -1)  # Ren drags Astrid through the widget: the host moves her
    qtbot.waitUntil(lambda: getattr(session.campaign.map.token("t1"), "q", 0) == 7, timeout=WAIT)
    qtbot.waitUntil(lambda: token_at(sam_map, "t1") == (7, -1), timeout=WAIT)
    qtbot.waitUntil(lambda: not ren_map.tokens.gliding, timeout=WAIT)
    assert token_at(ren_map, "t1") == (7, -1)

    before = session.campaign.model_dump()
    _drag(qtbot, ren, "t2", 3, 0)  # Sam's token does not move under Ren's mouse
    assert token_at(ren_map, "t2") == (5, 1)
    move = {"kind": "core.MoveToken", "token": "t2", "q": 3, "r": 0}
    assert "your own characters" in forged(qtbot, ren, move)  # forged: refused
    hidden = {"kind": "core.MoveToken", "token": "t3", "q": 3, "r": 0}
    assert "no such token" in forged(qtbot, ren, hidden)  # hidden: as if absent
    assert session.campaign.model_dump() == before, "nothing changed"
    qtbot.waitUntil(lambda: not ren_map.tokens.gliding, timeout=WAIT)
    assert token_at(ren_map, "t2") == (5, 1)
    hosting = menu.hosting
    assert hosting is not None and ren.view == hosting.table.build_view(Viewer.player("pc1"))


def test_a_refused_drop_glides_back_with_the_reason_in_the_status_bar(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    ren = join(menu, qtbot, "Ren")
    shown = seat_map(ren)
    item = shown.tokens.item("t1")
    assert item is not None
    item.setPos(hex_centre(shown.map_scene.layout, 100_001, 0))  # dragged beyond the map's edge
    shown.tokens.dropped.emit("t1", item.pos())
    qtbot.waitUntil(lambda: "beyond the edge" in ren.statusBar().currentMessage(), timeout=WAIT)
    qtbot.waitUntil(lambda: token_at(shown, "t1") == (6, 0), timeout=WAIT)
