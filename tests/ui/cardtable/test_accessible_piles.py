"""The card table read as a screen reader reads it: piles and cards as named objects.

Through Qt's own accessibility API (``QAccessible.queryAccessibleInterface``), offscreen: the
same tree AT-SPI, UI Automation and VoiceOver are given.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from pytestqt.qtbot import QtBot

from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_piles
from saga_desktop.rules.cards import Card
from saga_desktop.ui import announce as announce_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.words import card_words, pile_name
from tests.ui.songs.play.conftest import give, make_feature, party_session

NAME = QAccessible.Text.Name


@pytest.fixture
def spoken() -> Iterator[list[str]]:
    heard: list[str] = []
    listener = lambda a: heard.append(a.text)  # noqa: E731
    announce_module.listeners.append(listener)
    yield heard
    announce_module.listeners.remove(listener)


def children(iface: QAccessibleInterface) -> list[QAccessibleInterface]:
    return [iface.child(i) for i in range(iface.childCount())]


def test_piles_and_cards_are_named_objects_face_down_never_by_value(qtbot: QtBot) -> None:
    session = party_session()
    sigrid = session.campaign.characters[0]
    give(session, sigrid.id, "AH", "QS")
    feature = make_feature(qtbot, SessionBridge(session))
    table = QAccessible.queryAccessibleInterface(feature.view)
    assert table is not None and table.text(NAME) == "Card table"
    piles = children(table)
    names = [p.text(NAME) for p in piles]
    assert len(piles) == 3 + len(session.campaign.characters)  # draw, discard, revealed, hands
    assert all(names), names
    draw = session.campaign.piles["draw"]
    reds = sum(1 for c in draw if Card.from_code(c).is_red)
    black = len(draw) - reds
    assert names[0] == f"Draw pile: {len(draw)} cards face down, {reds} red, {black} black"
    discard = session.campaign.piles["discard"]
    top = card_words(Card.from_code(discard[-1])).rsplit(" ", 1)[0]
    assert names[1] == f"Discard: {len(discard)} card{'s' * (len(discard) != 1)}, top {top}"
    assert piles[1].child(0).text(NAME) == card_words(Card.from_code(discard[-1]))
    assert "Sigrid's hand: ace of hearts, queen of spades" in names
    hand = piles[names.index("Sigrid's hand: ace of hearts, queen of spades")]
    assert [c.text(NAME) for c in children(hand)] == ["ace of hearts ♥", "queen of spades ♠"]
    assert hand.child(0).parent().text(NAME) == hand.text(NAME)
    assert piles[0].childCount() == 0  # a face-down stack is read as one: its cards are nobody's
    for pile in piles:
        for card in children(pile):
            assert card.text(NAME) in {
                card_words(Card.from_code(c))
                for c in session.campaign.piles[pile_of(session, pile)]
            }


def pile_of(session: object, pile: QAccessibleInterface) -> str:
    return pile.pile  # type: ignore[attr-defined,no-any-return]


def test_the_discard_names_its_top_card(qtbot: QtBot) -> None:
    session = party_session()
    piles_now = session.campaign.piles
    piles_now["draw"] += piles_now["discard"]
    piles_now["discard"] = []
    give(session, session.campaign.characters[0].id, "10C")
    piles = visible_piles(session.campaign, Viewer.TABLE)
    hand = next(p for p in piles if p.owner is not None and p.count)
    names = {c.id: c.name for c in session.campaign.characters}
    assert pile_name(piles, hand, names) == "Sigrid's hand: 10 of clubs"
    discard = next(p for p in piles if p.name == "discard")
    assert pile_name(piles, discard, names) == "Discard: empty"


def test_arrows_walk_piles_and_cards_each_step_spoken_and_the_ring_follows(
    qtbot: QtBot, spoken: list[str]
) -> None:
    session = party_session()
    sigrid = session.campaign.characters[0]
    give(session, sigrid.id, "AH", "QS")
    feature = make_feature(qtbot, SessionBridge(session))
    view = feature.view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    assert spoken[-1].startswith("Draw pile: ")
    ring = view.pile_cursor.rect()
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert spoken[-1].startswith("Discard: 1 card, top ")
    assert view.pile_cursor.rect() != ring
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert spoken[-1] == "Sigrid's hand: ace of hearts, queen of spades"
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert spoken[-1] == "ace of hearts ♥, 1 of 2 in Sigrid's hand"
    table = QAccessible.queryAccessibleInterface(view)
    focused = table.focusChild()
    assert focused is not None and focused.text(NAME) == "ace of hearts ♥"
    assert focused.state().focused
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)  # at the end: said again, never silent
    assert spoken[-2:] == ["queen of spades ♠, 2 of 2 in Sigrid's hand"] * 2
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert spoken[-1].startswith("Ulla's hand")
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert spoken[-1].startswith("Draw pile")


def test_a_pile_whose_words_change_tells_the_screen_reader(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saga_desktop.model.songs.ops.play import RollInitiative
    from saga_desktop.ui.cardtable import accessible

    sent: list[tuple[QAccessible.Event, str]] = []

    def record(event: object) -> None:
        iface = event.accessibleInterface()  # type: ignore[attr-defined]
        sent.append((event.type(), iface.text(NAME) if iface is not None else ""))  # type: ignore[attr-defined]

    monkeypatch.setattr(accessible.QAccessible, "isActive", staticmethod(lambda: True))
    monkeypatch.setattr(accessible.QAccessible, "updateAccessibility", staticmethod(record))
    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    feature.view.pile_interface("draw")  # the screen reader has read the draw pile
    sent.clear()
    with qtbot.waitSignal(feature.animationsFinished, timeout=5000):
        session.apply(RollInitiative())
    kinds = [kind for kind, _name in sent]
    assert QAccessible.Event.NameChanged in kinds, sent
    assert any(
        kind == QAccessible.Event.NameChanged and name.startswith("Draw pile: ")
        for kind, name in sent
    )


def test_a_table_too_big_for_its_dock_scrolls_to_the_focus(qtbot: QtBot) -> None:
    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    view = feature.view
    feature.table_dock.setFloating(True)
    feature.table_dock.resize(260, 200)  # far too small: the table scrolls
    qtbot.waitUntil(lambda: view.horizontalScrollBar().maximum() > 0 or
                    view.verticalScrollBar().maximum() > 0)  # fmt: skip
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_End)
    ring = view.mapFromScene(view.pile_cursor.rect()).boundingRect()
    assert view.viewport().rect().contains(ring), "the focused pile is in sight, whole"


def test_the_focus_ring_shows_only_while_the_table_has_the_keyboard(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QPushButton

    from saga_desktop.ui.cardtable.view import RING

    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    view = feature.view

    def gold() -> int:
        image = view.viewport().grab().toImage()
        return sum(
            1
            for y in range(0, image.height(), 2)
            for x in range(0, image.width(), 2)
            if image.pixelColor(x, y).name() == RING.name()
        )

    assert gold() == 0
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    assert gold() > 20, "a ring round the draw pile"
    other = feature.table_dock.findChild(QPushButton)
    assert other is not None
    other.setFocus()
    qtbot.waitUntil(lambda: not view.hasFocus())
    assert gold() == 0


def test_a_click_takes_the_keyboard_cursor_along(qtbot: QtBot, spoken: list[str]) -> None:
    session = party_session()
    give(session, session.campaign.characters[0].id, "AH", "QS")
    feature = make_feature(qtbot, SessionBridge(session))
    view = feature.view
    entry = view.entry("hand:pc1")
    assert entry is not None
    centre = view.pile_cursor.card_rect(entry, 1).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(centre))
    qtbot.waitUntil(view.hasFocus)
    assert view.pile_cursor.current() == (entry, 1)
    assert spoken[-1] == "queen of spades ♠, 2 of 2 in Sigrid's hand"  # the focus says it
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert spoken[-1] == "ace of hearts ♥, 1 of 2 in Sigrid's hand"


def test_a_table_too_big_for_its_dock_scrolls_one_way_only(qtbot: QtBot) -> None:
    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    view = feature.view
    feature.table_dock.setFloating(True)
    feature.table_dock.resize(300, 170)  # far too small: one column, scrolled down
    qtbot.waitUntil(lambda: view.verticalScrollBar().maximum() > 0)
    assert view.horizontalScrollBar().maximum() == 0, "no scrolling sideways as well"
