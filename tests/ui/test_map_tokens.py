"""Tokens on the GM's map and the players' map, through real widgets: drag, menu, glide, secrets."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QHelpEvent
from PySide6.QtWidgets import QApplication, QGraphicsScene, QInputDialog, QToolTip
from pytestqt.qtbot import QtBot

from saga_desktop.i18n.words import english
from saga_desktop.model.campaign import Token
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.ops.tokens import MoveToken, PlaceToken, SetTokenHidden
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map import MapFeature
from saga_desktop.ui.map.geometry import hex_at
from saga_desktop.ui.map.tokens import TokenItem, TokenLayer
from saga_desktop.ui.map.view import MapView, player_map
from tests.ui.conftest import answer_dialogs, hex_pos


def _drag(qtbot: QtBot, feature: MapFeature, item: TokenItem, to: Hex) -> None:
    vp = feature.view.viewport()
    start = feature.view.mapFromScene(item.pos())
    end = hex_pos(feature, to)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for i in range(1, 11):
        qtbot.mouseMove(vp, start + (end - start) * (i / 10))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)


def _item(view: MapView, token_id: str) -> TokenItem:
    item = view.tokens.item(token_id)
    assert item is not None
    return item


def _hex_of(view: MapView, item: TokenItem) -> Hex:
    return hex_at(view.map_scene.layout, item.pos())


def test_dragging_a_token_moves_it_in_one_undoable_step(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    cid = session.apply(AddCharacter("Brand"))
    tid = session.apply(PlaceToken("character", 0, 0, character=cid))
    item = _item(feature.view, tid)
    assert item.text == "B" and _hex_of(feature.view, item) == Hex(0, 0)
    steps = len(session._undo)
    _drag(qtbot, feature, item, Hex(2, -1))
    token = session.campaign.map.token(tid)
    assert token is not None and (token.q, token.r) == (2, -1)
    assert (
        len(session._undo) == steps + 1
        and english(session.undo_label or "") == "Move Brand to hex (2, -1)"
    )
    assert item.pos() == item.home and _hex_of(feature.view, item) == Hex(2, -1)
    session.undo()
    assert item.pos() == item.home and _hex_of(feature.view, item) == Hex(0, 0)
    _drag(qtbot, feature, item, Hex(0, 0))  # onto its own hex: nothing happens
    assert len(session._undo) == steps and item.pos() == item.home


def test_moves_glide_unless_motion_is_reduced(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    tid = session.apply(PlaceToken("enemy", 0, 0))
    item = _item(feature.view, tid)
    feature.set_reduced_motion(False)
    session.apply(MoveToken(tid, 3, 0))
    assert feature.view.tokens.gliding and item.pos() != item.home  # the model moved at once
    qtbot.waitUntil(lambda: not feature.view.tokens.gliding, timeout=2000)
    assert item.pos() == item.home and _hex_of(feature.view, item) == Hex(3, 0)
    feature.set_reduced_motion(True)
    session.undo()
    assert not feature.view.tokens.gliding and _hex_of(feature.view, item) == Hex(0, 0)


def _menu_actions(feature: MapFeature, h: Hex) -> dict[str, QAction]:
    menu = feature.flows.context_menu(h)
    out: dict[str, QAction] = {}
    for action in menu.actions():
        text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        out.setdefault(text, action)  # the first token's section comes first
        sub = action.menu()
        if sub is not None:
            for inner in sub.actions():
                out["Place: " + inner.text().replace("&", "")] = inner
    return out


def test_the_hex_menu_places_moves_renames_hides_and_removes(
    qtbot: QtBot, feature: MapFeature
) -> None:
    session = feature.bridge.session
    session.apply(AddCharacter("Ada & Co"))
    actions = _menu_actions(feature, Hex(1, 1))
    actions["Place: Ada  Co"].trigger()
    actions["Place: Enemy, hidden from players"].trigger()
    actions["Place: Marker"].trigger()
    m = session.campaign.map
    assert [(t.kind, t.hidden) for t in m.tokens] == [
        ("character", False),
        ("enemy", True),
        ("marker", False),
    ]
    assert len(feature.view.tokens.items()) == 3
    assert len({i.pos().toTuple() for i in feature.view.tokens.items()}) == 3, (
        "no token covers another"
    )
    actions = _menu_actions(feature, Hex(1, 1))
    assert "Token: Ada & Co" in actions and "Place: Ada  Co (move their token here)" in actions
    dialogs = answer_dialogs(feature, lambda d: _rename(d, "Scout"))
    actions["Rename…"].trigger()  # the first token's section
    qtbot.waitUntil(lambda: getattr(m.token("t1"), "name", "") == "Scout")
    assert isinstance(dialogs[0], QInputDialog)
    actions = _menu_actions(feature, Hex(1, 1))
    actions["Move…"].trigger()
    qtbot.mouseClick(
        feature.view.viewport(), Qt.MouseButton.LeftButton, pos=hex_pos(feature, Hex(4, 0))
    )
    assert (m.tokens[0].q, m.tokens[0].r) == (4, 0)
    actions = _menu_actions(feature, Hex(1, 1))
    actions["Hide token from players"].trigger()
    assert m.tokens[1].hidden is False  # t1 moved away: the section is the hidden enemy's
    actions["Remove token"].trigger()
    assert [t.id for t in m.tokens] == ["t1", "t3"]
    assert feature.view.tokens.item("t2") is None


def _rename(dialog: object, name: str) -> None:
    assert isinstance(dialog, QInputDialog)
    dialog.setTextValue(name)
    dialog.accept()


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen tooltips
def test_a_token_tooltip_is_plain_text(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    tid = session.apply(PlaceToken("enemy", 0, 0, name="<b>Wolf</b> & <img src=x>"))
    view = feature.view
    pos = view.mapFromScene(_item(view, tid).pos())
    event = QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    assert QToolTip.isVisible()
    text = QToolTip.text()
    assert "&lt;b&gt;Wolf&lt;/b&gt; &amp; &lt;img src=x&gt;" in text and "<img" not in text
    QToolTip.hideText()


def test_the_players_map_shows_no_hidden_token_and_lets_nobody_drag(qtbot: QtBot) -> None:
    from tests.ui.conftest import seeded_session

    session = seeded_session()
    bridge = SessionBridge(session)
    view = player_map(bridge)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    shown = session.apply(PlaceToken("marker", 0, 0, name="Camp"))
    secret = session.apply(PlaceToken("enemy", 1, 0, name="Ambush", hidden=True))
    assert [i.token_id for i in view.tokens.items()] == [shown]
    assert not _item(view, shown).movable
    session.apply(SetTokenHidden(secret, hidden=False))
    assert view.tokens.item(secret) is not None
    session.apply(SetTokenHidden(secret))
    assert view.tokens.item(secret) is None
    session.apply(MoveToken(shown, 2, 2))  # the players' screen glides too
    assert view.tokens.gliding
    qtbot.waitUntil(lambda: not view.tokens.gliding, timeout=2000)
    assert hex_at(view.map_scene.layout, _item(view, shown).pos()) == Hex(2, 2)
    view.set_reduced_motion(True)
    session.undo()
    assert hex_at(view.map_scene.layout, _item(view, shown).pos()) == Hex(0, 0)
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=view.mapFromScene(_item(view, shown).pos()))
    qtbot.mouseMove(vp, QPoint(10, 10))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=QPoint(10, 10))
    assert hex_at(view.map_scene.layout, _item(view, shown).pos()) == Hex(0, 0)


def test_a_held_or_dragged_token_is_not_pulled_back_by_other_changes(qtbot: QtBot) -> None:
    scene = QGraphicsScene()
    layer = TokenLayer(scene)
    layer.reduced_motion = True
    centre = lambda q, r: QPointF(100 * q, 100 * r)  # noqa: E731
    one, two = Token(id="t1", kind="marker", q=0, r=0), Token(id="t2", kind="enemy", q=1, r=0)
    layer.show([one, two], {}, centre, animate=True)
    item = layer.item("t1")
    assert item is not None
    dropped = QPointF(250, 250)
    item.setPos(dropped)
    layer.hold("t1")  # waiting for the host's answer
    layer.show([one, two.model_copy(update={"q": 2})], {}, centre, animate=True)
    assert item.pos() == dropped, "another token's move leaves it where it was put down"
    layer.show([one.model_copy(update={"q": 3}), two], {}, centre, animate=True)
    assert item.pos() == item.home and item.home.x() > 250, "the answer moved it"
    item.setPos(dropped)
    item.dragging = True  # under the mouse
    layer.show([one.model_copy(update={"q": 3}), two], {}, centre, animate=True)
    assert item.pos() == dropped
    item.dragging = False
    layer.hold("t1")
    layer.settle()  # refused: back home
    assert item.pos() == item.home
