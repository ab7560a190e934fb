"""The hex cursor from the keyboard alone: steps, jumps, what is spoken, Enter, the menu key."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, MoveParty
from saga_desktop.model.ops.tokens import PlaceToken
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui import announce
from saga_desktop.ui.map import MapFeature
from tests.ui.conftest import answer_dialogs


@pytest.fixture
def spoken() -> Iterator[list[announce.Announcement]]:
    out: list[announce.Announcement] = []
    announce.listeners.append(out.append)
    yield out
    announce.listeners.remove(out.append)


def _charted(feature: MapFeature) -> None:
    s = feature.bridge.session
    s.apply(ChartRegion(0, 0, title="Camp", terrain="Hills"))
    s.apply(ChartRegion(3, -3, title="Far Tower", terrain="Ruins"))
    s.apply(MoveParty(0, 0))


def test_tab_reaches_the_map_and_the_arrows_step_hex_by_hex(
    qtbot: QtBot, feature: MapFeature, spoken: list[announce.Announcement]
) -> None:
    view = feature.view
    _charted(feature)
    assert view.focusPolicy() & Qt.FocusPolicy.TabFocus
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.current_hex == Hex(0, 0)
    assert "Camp" in spoken[-1].text and "party is here" in spoken[-1].text
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.current_hex == Hex(1, 0)
    assert spoken[-1].text == "Uncharted hex 1, 0. 1 hex east of the party."
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_E)  # north-east on a pointy map
    assert view.current_hex == Hex(1, -1)
    assert "north-east of the party" in spoken[-1].text


def test_n_jumps_between_charted_regions_and_the_view_follows(
    qtbot: QtBot, feature: MapFeature, spoken: list[announce.Announcement]
) -> None:
    view = feature.view
    _charted(feature)
    view.set_hex_px(200)
    view.centre_on_hex(0, 0)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    qtbot.keyClick(view, Qt.Key.Key_N)
    assert view.current_hex == Hex(3, -3)
    assert spoken[-1].text.startswith("Region 2 — Far Tower. Ruins.")
    assert "visited" in spoken[-1].text
    x, y = view.map_scene.layout.to_point(Hex(3, -3))
    centre = view.mapFromScene(x, y)
    assert view.viewport().rect().contains(centre)
    qtbot.keyClick(view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    assert view.current_hex == Hex(0, 0)


def test_enter_opens_the_hex_and_the_menu_key_its_menu(
    qtbot: QtBot, feature: MapFeature, spoken: list[announce.Announcement]
) -> None:
    view = feature.view
    _charted(feature)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    activated: list[object] = []
    menus: list[object] = []
    # the flows open real dialogs and menus: stop them reaching the screen here
    view.hexActivated.disconnect()
    view.contextMenuWanted.disconnect()
    view.hexActivated.connect(activated.append)
    view.contextMenuWanted.connect(lambda h, _pos: menus.append(h))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert activated == [Hex(0, 0)]
    qtbot.keyClick(view, Qt.Key.Key_Menu)
    qtbot.keyClick(view, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    assert menus == [Hex(0, 0), Hex(0, 0)]


def test_ctrl_arrows_still_pan(qtbot: QtBot, feature: MapFeature) -> None:
    view = feature.view
    before = view.mapToScene(view.viewport().rect().center())
    qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    after = view.mapToScene(view.viewport().rect().center())
    assert after.x() > before.x()
    assert view.current_hex is None


def test_focus_puts_a_ringed_cursor_on_the_party_and_says_where(
    qtbot: QtBot, feature: MapFeature, spoken: list[announce.Announcement]
) -> None:
    view = feature.view
    _charted(feature)
    view.clearFocus()
    view.set_current_hex(None)
    cursor_item = view.map_scene.cursor
    thin = cursor_item.pen().widthF()
    view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(view.hasFocus)
    assert view.current_hex == Hex(0, 0)
    assert cursor_item.isVisible() and cursor_item.pen().widthF() > thin
    assert "Camp" in spoken[-1].text
    view.clearFocus()
    assert cursor_item.pen().widthF() == thin


def test_the_gm_moves_a_token_with_m_and_escape_calls_it_off(
    qtbot: QtBot, feature: MapFeature, spoken: list[announce.Announcement]
) -> None:
    view = feature.view
    _charted(feature)
    session = feature.bridge.session
    tid = str(session.apply(PlaceToken(category="enemy", q=2, r=-1, name="Troll")))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_T)  # to the token's hex
    assert view.current_hex == Hex(2, -1)
    assert "Tokens: Troll" in spoken[-1].text
    qtbot.keyClick(view, Qt.Key.Key_M)
    assert spoken[-1].text.startswith("Picked up Troll")
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert "cancelled" in spoken[-1].text
    qtbot.keyClick(view, Qt.Key.Key_M)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_M)
    token = session.campaign.map.token(tid)
    assert token is not None and (token.q, token.r) == (3, -1)
    assert "Move Troll to hex (3, -1)" in spoken[-1].text
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_M)  # nothing to pick up here
    assert spoken[-1].text == "No token here that you can move."


def test_the_d20_drop_from_the_keyboard_says_where_it_landed(
    qtbot: QtBot, feature: MapFeature, spoken: list[announce.Announcement]
) -> None:
    assert feature.actions["drop_d20"].shortcut().toString() == "Ctrl+Shift+D"
    dialogs = answer_dialogs(feature, lambda d: d.reject())
    feature.actions["drop_d20"].trigger()
    party = feature.bridge.session.campaign.map.party
    assert party is not None
    said = [a.text for a in spoken if a.text.startswith("The d20 landed showing")]
    assert said and f"on hex {party.q}, {party.r}" in said[0]
    assert "Uncharted land: describe the region." in said[0]
    assert feature.view.current_hex == Hex(party.q, party.r)
    qtbot.waitUntil(lambda: bool(dialogs))


def test_the_menu_key_pops_the_hex_menu_up_at_the_cursor(
    qtbot: QtBot, feature: MapFeature, spoken: list[announce.Announcement]
) -> None:
    view = feature.view
    _charted(feature)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_N)  # from the party's Camp to the Far Tower
    qtbot.keyClick(view, Qt.Key.Key_Menu)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    texts = [a.text() for a in menu.actions()]
    assert any("Far Tower" in t for t in texts) and "&Edit region…" in texts
    mnemonics = [t[t.index("&") + 1].lower() for t in texts if "&" in t.replace("&&", "")]
    assert len(mnemonics) == len(set(mnemonics)), texts
    where = view.viewport().mapFromGlobal(menu.pos())
    x, y = view.map_scene.layout.to_point(Hex(3, -3))
    centre = view.mapFromScene(x, y)
    assert (where - centre).manhattanLength() < 4
    menu.close()


def test_escape_passes_on_when_no_token_move_waits(qtbot: QtBot, feature: MapFeature) -> None:
    view = feature.view
    seen: list[int] = []
    window = view.window()
    original = window.keyPressEvent

    def key(event: object) -> None:
        seen.append(1)
        original(event)  # type: ignore[arg-type]

    window.keyPressEvent = key  # type: ignore[method-assign]
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert seen, "Escape reaches the window (the Player View leaves full screen with it)"


def test_nothing_to_go_to_is_said_plainly(
    qtbot: QtBot, feature: MapFeature, spoken: list[announce.Announcement]
) -> None:
    view = feature.view  # an empty map: no party, no region, no token
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_N)
    assert spoken[-1].text == "No charted region yet."
    qtbot.keyClick(view, Qt.Key.Key_T)
    assert spoken[-1].text == "No tokens on the map."
    qtbot.keyClick(view, Qt.Key.Key_P)
    assert spoken[-1].text == "The party has not landed yet."
    count = len(spoken)
    qtbot.keyClick(view, Qt.Key.Key_P, Qt.KeyboardModifier.ShiftModifier)
    assert len(spoken) == count, "Shift+P is no map key: nothing is said"
