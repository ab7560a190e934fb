"""The d20 dropped once, its shortcut, tokens numbered per viewer and laid out around the label.

Through real windows: the Map menu's *Drop the d20* (Ctrl+Shift+D, taken by no other entry of any
game's menus) is there until the party is on the map and then greyed (the model refuses a second
drop); cancelling the opening region's description takes the drop back. Unnamed tokens are
numbered over the tokens a viewer sees, and the tokens of a crowded hex leave its number and
title readable, on the GM's map and on the players' map (the Player View's centre).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QAction, QFontMetricsF, QKeySequence
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, DropD20
from saga_desktop.model.ops.tokens import MoveToken, PlaceToken, SetTokenHidden
from saga_desktop.model.registry import rulesets
from saga_desktop.model.session import Session
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map import MapFeature
from saga_desktop.ui.map.art import NUMBER_Y, TITLE_RECT
from saga_desktop.ui.map.chart_dialog import ChartDialog
from saga_desktop.ui.map.geometry import hex_centre
from saga_desktop.ui.map.tokens import RADIUS
from saga_desktop.ui.map.view import MapView, player_map
from tests.ui.conftest import answer_dialogs, seeded_session
from tests.ui.test_main_window import _discard_on_teardown, make_window

__all__ = ["_discard_on_teardown"]  # the main window's teardown answers "discard"

GAMES = sorted(g.id for g in rulesets() if g.sample_campaign() is not None)
TITLE = "The Listening Fen of Many Waters"


def test_the_d20_drops_once_then_its_entry_is_greyed(qtbot: QtBot, feature: MapFeature) -> None:
    drop = feature.actions["drop_d20"]
    assert drop.shortcut() == QKeySequence("Ctrl+Shift+D")
    assert drop.isEnabled() and drop.isVisible()
    answer_dialogs(feature, lambda d: None)  # the opening region's dialog stays open
    with qtbot.waitSignal(feature.view.dropFinished, timeout=5000):
        drop.trigger()
    session = feature.bridge.session
    party = session.campaign.map.party
    assert party is not None
    assert not drop.isEnabled(), "dropped once: the party travels from here"
    before = session.campaign.model_dump()
    feature.flows.drop_d20()  # a second drop (a script, a stale shortcut) moves nobody
    assert session.campaign.model_dump() == before
    assert "dropped once" in feature.window.statusBar().currentMessage()
    session.undo()
    assert drop.isEnabled(), "Undo takes the drop back, and the entry with it"


def test_cancelling_the_opening_region_takes_the_drop_back(
    qtbot: QtBot, feature: MapFeature
) -> None:
    session = feature.bridge.session
    cancelled: list[Hex] = []

    def cancel(dialog: QDialog) -> None:
        assert isinstance(dialog, ChartDialog)
        cancelled.append(dialog.hex)
        dialog.reject()

    answer_dialogs(feature, cancel)
    with qtbot.waitSignal(feature.view.dropFinished, timeout=5000):
        feature.actions["drop_d20"].trigger()
    qtbot.waitUntil(lambda: bool(cancelled), timeout=3000)
    qtbot.waitUntil(lambda: session.campaign.map.party is None, timeout=3000)
    assert session.campaign.map.regions == [] and session.undo_label is None
    assert feature.actions["drop_d20"].isEnabled()
    assert "taken back" in feature.window.statusBar().currentMessage()


def test_charting_the_landing_hex_keeps_the_drop(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session

    def chart(dialog: QDialog) -> None:
        assert isinstance(dialog, ChartDialog)
        dialog.form.title.setText("Landing")
        dialog.chart_button.click()
        dialog.accept()

    answer_dialogs(feature, chart)
    with qtbot.waitSignal(feature.view.dropFinished, timeout=5000):
        feature.actions["drop_d20"].trigger()
    qtbot.waitUntil(lambda: bool(session.campaign.map.regions), timeout=3000)
    party = session.campaign.map.party
    assert party is not None and session.campaign.map.region_at(party.q, party.r) is not None


@pytest.mark.parametrize("game", GAMES)
def test_drop_the_d20_shortcut_is_taken_by_no_other_entry(
    qtbot: QtBot, game: str, tmp_path: object
) -> None:
    campaign = next(g for g in rulesets() if g.id == game).sample_campaign()
    assert campaign is not None
    window = make_window(qtbot, Session(campaign))
    keys: dict[str, list[str]] = {}
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            keys.setdefault(key.toString(), []).append(action.text())
    assert keys.get("Ctrl+Shift+D") == ["&Drop the d20"]
    doubled = {k: v for k, v in keys.items() if len(set(v)) > 1}
    assert doubled == {}


# -- tokens ---------------------------------------------------------------------------------------


def _players_map(qtbot: QtBot, bridge: SessionBridge) -> MapView:
    view = player_map(bridge)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_unnamed_tokens_are_numbered_over_what_each_viewer_sees(
    qtbot: QtBot, feature: MapFeature
) -> None:
    session = feature.bridge.session
    ambush = session.apply(PlaceToken("enemy", 0, 0, hidden=True))  # t1: the GM's alone
    wolf = session.apply(PlaceToken("enemy", 1, 0))
    bear = session.apply(PlaceToken("enemy", 2, 0))
    camp = session.apply(PlaceToken("marker", 2, 0))
    players = _players_map(qtbot, feature.bridge)
    for view in (feature.view, players):
        texts = {i.token_id: (i.text, i.name) for i in view.tokens.items()}
        assert texts[wolf] == ("1", "Enemy 1") and texts[bear] == ("2", "Enemy 2")
        assert texts[camp] == ("1", "Marker 1")
    assert players.tokens.item(ambush) is None
    gm_ambush = feature.view.tokens.item(ambush)
    assert gm_ambush is not None and gm_ambush.text == "3", "the GM's hidden one after them"
    session.apply(SetTokenHidden(ambush, hidden=False))  # shown: first on the map, first in line
    texts = {i.token_id: i.text for i in players.tokens.items()}
    assert texts == {ambush: "1", wolf: "2", bear: "3", camp: "1"}


def _label_boxes(view: MapView, h: Hex, title: str) -> list[QRectF]:
    """The region's number and its title as drawn, in scene units."""
    centre = hex_centre(view.map_scene.layout, h.q, h.r)
    style = view.map_scene.map_style
    number = QFontMetricsF(style.number_font).boundingRect("1")
    number.moveCenter(centre + QPointF(0, NUMBER_Y))
    width = min(QFontMetricsF(style.title_font).horizontalAdvance(title), TITLE_RECT.width())
    line = QRectF(0, 0, width, QFontMetricsF(style.title_font).height())
    line.moveCenter(TITLE_RECT.translated(centre).center())
    return [number, line]


@pytest.mark.parametrize("players", [False, True])
def test_tokens_in_a_crowded_hex_leave_its_number_and_title_readable(
    qtbot: QtBot, feature: MapFeature, players: bool
) -> None:
    session = feature.bridge.session
    session.apply(ChartRegion(0, 0, TITLE))
    for name in ("Astrid", "Ivar", "Wolf", "Camp"):
        session.apply(PlaceToken("marker", 0, 0, name=name))
    view = _players_map(qtbot, feature.bridge) if players else feature.view
    view.set_hex_px(80)  # titles are written from 58 px a hex
    view.centre_on_hex(0, 0)
    scale = view.scale_factor()
    boxes = _label_boxes(view, Hex(0, 0), TITLE)
    items = view.tokens.items()
    assert len(items) == 4
    for item in items:
        r = (RADIUS + 1) / scale
        disc = QRectF(item.pos().x() - r, item.pos().y() - r, 2 * r, 2 * r)
        for box in boxes:
            assert not disc.intersects(box), f"{item.name} covers the region's label"
    spots = {(round(i.pos().x(), 1), round(i.pos().y(), 1)) for i in items}
    assert len(spots) == 4, "no token covers another"


def test_a_seeded_drop_is_refused_the_second_time_at_the_model() -> None:
    session = seeded_session(7)
    session.apply(DropD20())
    with pytest.raises(ValueError, match="dropped once"):
        session.apply(DropD20())


def test_tokens_keep_their_places_when_a_neighbour_leaves_the_hex(
    qtbot: QtBot, feature: MapFeature
) -> None:
    session = feature.bridge.session
    first, second, third = (
        session.apply(PlaceToken("marker", 0, 0, name=name)) for name in ("Camp", "Well", "Cairn")
    )
    view = feature.view
    homes = {t: view.tokens.item(t).home for t in (first, second, third)}  # type: ignore[union-attr]
    session.apply(MoveToken(first, 3, 0))
    for token in (second, third):
        item = view.tokens.item(token)
        assert item is not None and item.home == homes[token], "no shuffle"
    fourth = session.apply(PlaceToken("marker", 0, 0, name="Fire"))
    item = view.tokens.item(fourth)
    assert item is not None and item.home == homes[first], "a newcomer takes the free place"
