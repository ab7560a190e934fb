"""The card table lays out any ruleset's piles: a lane per character with a deck of their own."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.feature import CardTableFeature
from saga_desktop.ui.cardtable.layout import CARD_W, LaneShape, TableLayout
from tests.ui.cardtable.conftest import Decks, Draw, Recover, Tire, deck_session, table_window


def assert_matches(feature: CardTableFeature, session: Session) -> None:
    """Every lane shows its character's piles; no face-down card is known on screen."""
    scene = feature.scene
    campaign = session.campaign
    for c in campaign.characters:
        deck, fatigue, drawn = (campaign.piles[f"{p}:{c.id}"] for p in ("deck", "fatigue", "drawn"))
        assert len(deck) + len(fatigue) + len(drawn) == 52
        assert scene.counts()[f"deck:{c.id}"] == len(deck)
        assert scene.cards_in(f"deck:{c.id}") is None
        assert [x.code for x in scene.cards_in(f"fatigue:{c.id}") or []] == fatigue
        assert [x.code for x in scene.cards_in(f"drawn:{c.id}") or []] == drawn
        assert scene.caption(f"deck:{c.id}") == f"Deck {len(deck)}"
        assert scene.lane_name(c.id) == c.name
        assert scene.hand_caption(c.id) == f"Drawn {len(drawn)}"
        known = {k[1] for k, item in scene.card_items.items() if k[0] == f"deck:{c.id}"}
        assert known == set(fatigue) | set(drawn)
    for key, spot in scene.shown.items():
        item = scene.card_items[key]
        assert item.pos() == scene.layout.position(spot)
        assert item.face_up == spot.face_up and item.isVisible() == spot.visible
        assert (item.card is None) == (not spot.face_up)


def test_a_lane_per_character(qtbot: QtBot, decks: Decks) -> None:
    session = deck_session()
    feature = table_window(qtbot, SessionBridge(session))
    lanes = feature.scene.layout.lanes
    ids = [c.id for c in session.campaign.characters]
    assert [lane.owner for lane in lanes] == ids, "no shared lane: this game has no shared piles"
    for lane, cid in zip(lanes, ids, strict=True):
        assert lane.stacks == (f"deck:{cid}", f"fatigue:{cid}")
        assert lane.rows == (f"drawn:{cid}",)
    assert not feature.scene.meter.isVisible()
    assert feature.table_dock.toggleViewAction().isEnabled()
    assert_matches(feature, session)


def test_drawn_cards_turn_up_from_their_own_deck(qtbot: QtBot, decks: Decks) -> None:
    session = deck_session()
    feature = table_window(qtbot, SessionBridge(session), animated=True)
    bo = session.campaign.characters[1].id
    scene = feature.scene
    with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
        session.apply(Draw(bo, 2))
        motions = scene.animator._motions
        turned = [m for m in motions if m.card[0] == f"deck:{bo}"]
        assert len(turned) == 2
        for m in turned:
            assert m.keys[0].flip == 0.0, "it starts as a back"
            assert m.keys[-1].flip == 1.0
            assert any(k.pos == scene.centre_of(f"deck:{bo}") for k in m.keys)
    assert_matches(feature, session)
    for op in (Tire(bo), Draw(bo, 3), Recover(bo)):
        with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
            session.apply(op)
        assert_matches(feature, session)
    assert scene.counts()[f"deck:{bo}"] == 52
    with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
        session.undo()
        assert scene.animator.running, "undo rewinds"
    assert_matches(feature, session)


@pytest.mark.parametrize("text", [13.0, 16.0, 22.0])
@pytest.mark.parametrize("columns", [1, 2, 3])
def test_lanes_never_run_into_each_other(columns: int, text: float) -> None:
    """Three characters with a deck, a fatigue pile and drawn cards, in a narrow table."""
    lanes = [LaneShape(None, ("draw", "discard"), ("revealed",))]
    lanes += [
        LaneShape(f"pc{i}", (f"deck-{i}", f"fatigue-{i}"), (f"drawn-{i}",)) for i in (1, 2, 3)
    ]
    layout = TableLayout.fitting(lanes, columns, 500.0, text)
    rects = {f"pc{i}": layout.lane_rect(f"pc{i}") for i in (1, 2, 3)}
    for owner, lane in rects.items():
        i, rect = owner[-1], lane.adjusted(-0.5, -0.5, 0.5, 0.5)  # float rounding
        for pile in (f"deck-{i}", f"fatigue-{i}"):
            assert rect.contains(layout.card_rect(layout.centre(pile))), pile
            assert rect.left() <= layout.caption_rect(pile).right() <= rect.right(), pile
        row = layout.row_rect(f"drawn-{i}")
        assert row.width() >= 2 * CARD_W and rect.contains(row), owner
        for other, rect2 in rects.items():
            assert other == owner or not lane.intersects(rect2), (owner, other)
