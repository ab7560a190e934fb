"""A face-down card is drawn as a back, whatever was painted before it on the table."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cards import BACK, FACE
from saga_desktop.ui.cardtable.feature import CardTableFeature, install_card_table


def colour_at_pile(feature: CardTableFeature, pile: str) -> QColor:
    """The colour the view shows a little inside the top card of a pile (off its pattern)."""
    view, scene = feature.view, feature.scene
    rect = scene.layout.card_rect(scene.centre_of(pile))
    point = view.mapFromScene(rect.left() + rect.width() * 0.2, rect.center().y())
    return QColor(view.viewport().grab().toImage().pixel(point))


def near(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 40


def test_a_deck_beside_a_face_up_pile_shows_its_back(qtbot: QtBot) -> None:
    # Each lane paints a face-up pile's cream edges before its deck's top back; the back took
    # that cream from the shared painter and looked like a blank face.
    session = Session(find_ruleset("resonance").sample_campaign())
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("map"))
    feature = install_card_table(window, SessionBridge(session), QSettings())
    window.resize(1300, 700)
    window.show()
    qtbot.waitExposed(window)
    decks = [p.name for p in feature.scene.piles if p.cards is None and p.count]
    assert decks
    for pile in decks:
        seen = colour_at_pile(feature, pile)
        assert near(seen, BACK) and not near(seen, FACE), f"{pile} shows {seen.name()}"
