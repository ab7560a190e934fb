"""The card table: the 52 cards on screen, animations driven by the model, speed and motion."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSettings, Qt
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.play import AskOracle, EndScene, RollInitiative
from saga_desktop.model.songs.ops.rolls import BeginTrial, ResolveTrial
from saga_desktop.model.songs.table import DISCARD, DRAW, REVEALED, hand_pile, table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.discard_viewer import DiscardViewer
from saga_desktop.ui.cardtable.motion import REDUCED_KEY, SPEED_KEY
from saga_desktop.ui.songs.play import TableFeature
from tests.ui.songs.play.conftest import give, make_feature

S = songs.Attribute.STRENGTH


def assert_matches_model(feature: TableFeature, session: Session) -> None:
    """What is on screen is the model's table, card for card, and adds up to 52.

    The draw pile lies face down: the scene knows only how many cards it holds, and no item on
    the table carries one of them.
    """
    t = table_of(session.campaign)
    scene = feature.scene
    counts = scene.counts()
    assert sum(counts.values()) == 52
    assert counts[DRAW] == len(t.draw) and scene.cards_in(DRAW) is None
    assert [c.code for c in scene.cards_in(DISCARD) or []] == t.discard
    assert [c.code for c in scene.cards_in(REVEALED) or []] == t.revealed
    for owner, cards in t.hands.items():
        assert [c.code for c in scene.cards_in(hand_pile(owner)) or []] == cards
        n = len(cards)
        assert scene.hand_caption(owner) == f"{n} card{'s' if n != 1 else ''}"
    assert scene.caption(DRAW) == f"Draw pile {len(t.draw)}"
    assert scene.caption(DISCARD) == f"Discard {len(t.discard)}"
    reds = sum(1 for code in t.draw if Card.from_code(code).is_red)
    assert scene.meter.counts == (reds, len(t.draw) - reds)
    on_table = {item.card.code for item in scene.card_items.values() if item.card is not None}
    assert not on_table & set(t.draw), "a face-down card is known to the scene"
    layout = scene.layout
    for key, spot in scene.shown.items():
        item = scene.card_items[key]
        assert item.pos() == layout.position(spot)
        assert item.face_up == spot.face_up
        assert item.isVisible() == spot.visible


def test_cards_on_screen_are_conserved(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    assert_matches_model(feature, session)
    give(session, "pc2", "AH", "KS")
    feature.show_table(animate=False)
    assert_matches_model(feature, session)
    for op in (
        BeginTrial("pc1", S, 9, risk=3, d20=20),
        ResolveTrial(),
        AskOracle("Is it safe?", 3),
        RollInitiative(),
        BeginTrial("pc3", S, 12, risk=2, d20=1),
    ):
        with qtbot.waitSignal(feature.animationsFinished, timeout=3000):
            session.apply(op)
        assert_matches_model(feature, session)
    with qtbot.waitSignal(feature.animationsFinished):
        session.apply(ResolveTrial())
    with qtbot.waitSignal(feature.animationsFinished):
        session.apply(EndScene())
    assert_matches_model(feature, session)
    assert feature.scene.counts()[DISCARD] == 0


def test_animations_play_and_finish(qtbot: QtBot, session: Session) -> None:
    feature = make_feature(qtbot, SessionBridge(session), animated=True)
    animator = feature.scene.animator
    with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
        session.apply(BeginTrial("pc1", S, 12, risk=3))
        assert animator.running
    stats = animator.stats
    assert stats.frames >= 10, stats
    assert_matches_model(feature, session)
    assert feature.table_dock.latest.full_text.startswith("Sigrid (Strength trial)")


def test_any_operation_that_moves_cards_animates(qtbot: QtBot, session: Session) -> None:
    feature = make_feature(qtbot, SessionBridge(session), animated=True)
    with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
        session.apply(ChartRegion(1, 0, title="Fjord"))  # the map's own operation
        assert feature.scene.animator.running
    assert feature.scene.animator.stats.frames > 0
    assert_matches_model(feature, session)


def test_a_new_change_finishes_the_running_animation(qtbot: QtBot, session: Session) -> None:
    feature = make_feature(qtbot, SessionBridge(session), animated=True)
    animator = feature.scene.animator
    session.apply(AskOracle("First?", 4))
    assert animator.running
    finished: list[bool] = []
    feature.animationsFinished.connect(lambda: finished.append(True))
    session.apply(RollInitiative())  # interrupts: the oracle's cards jump into place at once
    assert finished == [True] and animator.running
    qtbot.waitUntil(lambda: len(finished) == 2, timeout=5000)
    assert_matches_model(feature, session)


def test_undo_rewinds_the_cards(qtbot: QtBot, session: Session) -> None:
    feature = make_feature(qtbot, SessionBridge(session), animated=True)
    with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
        session.apply(BeginTrial("pc1", S, 12, risk=2))
    with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
        session.undo()
        assert feature.scene.animator.running
    assert_matches_model(feature, session)
    assert feature.table_dock.latest.full_text == "Undid: Strength trial roll"


def test_animations_can_be_turned_off(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    with qtbot.waitSignal(feature.animationsFinished, timeout=100):
        session.apply(AskOracle("Quick?", 2))
    assert not feature.scene.animator.running
    assert_matches_model(feature, session)


def test_speed_and_reduced_motion_are_remembered(qtbot: QtBot, session: Session) -> None:
    feature = make_feature(qtbot, SessionBridge(session), animated=True)
    with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
        session.apply(BeginTrial("pc1", S, 12, risk=3, d20=5))
    normal = feature.scene.animator.duration_ms
    session.undo()
    feature.scene.animator.finish_now()
    feature.actions["speed_fast"].trigger()
    assert QSettings().value(SPEED_KEY) is not None
    with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
        session.apply(BeginTrial("pc1", S, 12, risk=3, d20=5))
    assert feature.scene.animator.duration_ms < normal * 0.7
    feature.actions["reduced_motion"].trigger()
    assert feature.motion.reduced_motion and not feature.motion.animations_enabled
    assert QSettings().value(REDUCED_KEY) in (True, "true")
    with qtbot.waitSignal(feature.animationsFinished, timeout=100):
        session.apply(ResolveTrial())
    again = make_feature(qtbot, SessionBridge(session), animated=True)
    assert again.motion.reduced_motion and again.motion.speed > 1
    assert again.actions["speed_fast"].isChecked() and again.actions["reduced_motion"].isChecked()


def test_discard_viewer(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    session.apply(AskOracle("Look?", 3))
    opened: list[object] = []
    feature.dialogOpened.connect(opened.append)
    view = feature.view
    centre = view.mapFromScene(QPointF(feature.scene.centre_of(DISCARD)))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert opened and isinstance(opened[0], DiscardViewer)
    viewer = opened[0]
    assert viewer.listed() == list(reversed(table_of(session.campaign).discard))
    n = len(table_of(session.campaign).discard)
    assert viewer.summary.text().startswith(f"{n} cards in the discard pile")
    session.apply(RollInitiative())
    assert viewer.listed()[0] == table_of(session.campaign).discard[-1]
    viewer.close()


def test_session_replaced_shows_the_new_table(qtbot: QtBot, feature: TableFeature) -> None:
    from tests.ui.songs.play.conftest import party_session

    other = party_session(seed=99)
    give(other, "pc1", "QH")
    feature.bridge.replace(other)
    assert_matches_model(feature, other)
