"""At a player's seat, over loopback: menus hold only what the seat can use, a drag says whose token
went where, and unnamed tokens are numbered over the tokens the player sees.

A player's window hides *Edit › Undo/Redo* (the host's history is the GM's) and *Play › Trial or
fate roll…* (Ctrl+R: the GM starts rolls; a player rolls what is sent); a GM's seat keeps them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.tokens import PlaceToken
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.geometry import hex_centre
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
    session.apply(PlaceToken("character", 6, 0, character="pc1"))  # t1: Ren's
    session.apply(PlaceToken("enemy", 4, 0, hidden=True))  # t2: the GM's ambush
    session.apply(PlaceToken("enemy", 5, 0))  # t3: the first enemy the players see
    session_menu = SessionMenu(window, SessionBridge(session, window))
    session_menu.host(port=0)
    yield session_menu
    for client in list(session_menu.clients):
        client.close()
    session_menu.stop_hosting()
    qtbot.wait(50)


def join(menu: SessionMenu, qtbot: QtBot, name: str, *, gm: bool = False) -> SeatWindow:
    hosting = menu.hosting
    assert hosting is not None
    code = hosting.gm_code if gm else hosting.join_code
    client = menu.open_client("127.0.0.1", hosting.port, code, name)
    window = let_in(hosting, client, qtbot)
    qtbot.waitExposed(window)
    return window


def usable(window: SeatWindow) -> dict[str, QAction]:
    """The window's actions a user can reach: visible, by their object names (or texts)."""
    return {a.objectName() or a.text(): a for a in window.findChildren(QAction) if a.isVisible()}


def test_a_players_menus_hold_no_undo_nor_roll_a_gms_seat_keeps_them(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    ren = join(menu, qtbot, "Ren")
    assert not ren.undo_action.isVisible() and not ren.redo_action.isVisible()
    assert not ren.edit_menu.menuAction().isVisible(), "an Edit menu with nothing in it: gone"
    assert "play_roll" not in usable(ren)
    keys = {k.toString() for a in usable(ren).values() for k in a.shortcuts()}
    assert QKeySequence("Ctrl+R").toString() not in keys, "Ctrl+R does nothing it seems to"
    assert QKeySequence(QKeySequence.StandardKey.Undo).toString() not in keys
    gunn = join(menu, qtbot, "Gunn", gm=True)
    assert gunn.undo_action.isVisible() and gunn.edit_menu.menuAction().isVisible()
    assert "play_roll" in usable(gunn)


def test_a_players_own_drag_says_whose_token_and_where(qtbot: QtBot, menu: SessionMenu) -> None:
    ren = join(menu, qtbot, "Ren")
    session = menu.bridge.session
    astrid = session.campaign.characters[0].name
    fen = session.campaign.map.region_at(5, 0)
    assert fen is not None
    waiting: list[str] = []
    ren.remote.pendingChanged.connect(lambda label: label and waiting.append(label))
    shown = seat_map(ren)
    item = shown.tokens.item("t1")
    assert item is not None
    vp = shown.viewport()
    start = shown.mapFromScene(item.pos())
    end = shown.mapFromScene(hex_centre(shown.map_scene.layout, 5, 0))
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for i in range(1, 11):
        qtbot.mouseMove(vp, start + (end - start) * (i / 10))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    qtbot.waitUntil(lambda: token_at(shown, "t1") == (5, 0), timeout=WAIT)
    said = f"Move {astrid} to region {fen.number} ({fen.title})"
    assert waiting == [said], "the status bar names the move while the host answers"
    card_table = ren.card_table
    assert card_table is not None
    qtbot.waitUntil(lambda: card_table.table_dock.latest.full_text == said, timeout=WAIT)


def test_a_player_sees_enemy_1_where_the_gm_hides_an_enemy_before_it(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    ren = join(menu, qtbot, "Ren")
    shown = seat_map(ren)
    assert shown.tokens.item("t2") is None
    enemy = shown.tokens.item("t3")
    assert enemy is not None and (enemy.text, enemy.name) == ("1", "Enemy 1")
    assert "Enemy 1" in enemy.toolTip()
    lines = [e.said for e in ren.remote.campaign.journal]
    assert "An enemy token is placed in region 3 (The Listening Fen)." in lines
    assert not any("Enemy 2" in t or "Enemy 3" in t for t in lines), "no count of hidden ones"
