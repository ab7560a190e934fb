"""Enter on a card of the table does what a click on that card does in the game's panel.

Songs & Sagas: a revealed card is picked to keep (on a success), a hand's card offers the burns
its menus list; Resonance: a drawn card is played.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu, QPushButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.resonance.access import pending_of
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import Card
from saga_desktop.ui import announce as announce_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.view import TableView
from saga_desktop.ui.cardtable.words import card_words
from saga_desktop.ui.songs.play.roll_words import CardChoice
from tests.ui.songs.play.conftest import give, make_feature, party_session, stack
from tests.ui.songs.play.test_roll_panel import physical, roll
from tests.ui.test_main_window import make_window


@pytest.fixture
def spoken() -> Iterator[list[str]]:
    heard: list[str] = []
    listener = lambda a: heard.append(a.text)  # noqa: E731
    announce_module.listeners.append(listener)
    yield heard
    announce_module.listeners.remove(listener)


def press(qtbot: QtBot, view: TableView, *keys: Qt.Key) -> None:
    for key in keys:
        qtbot.keyClick(view, key)


def go_to(qtbot: QtBot, view: TableView, title: str) -> None:
    """Down the piles until the cursor is on the pile called ``title``."""
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    press(qtbot, view, Qt.Key.Key_Home)
    for _ in range(20):
        found = view.pile_cursor.current()
        assert found is not None
        if found[0].title == title:
            return
        press(qtbot, view, Qt.Key.Key_Down)
    raise AssertionError(f"no pile called {title}")


def test_songs_enter_on_a_revealed_card_picks_it_to_keep(qtbot: QtBot, spoken: list[str]) -> None:
    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    stack(session, "3H", "9D")
    physical(feature, 18)
    roll(qtbot, feature)
    result = feature.panel.result
    assert result.kept_card() == Card.from_code("3H")  # the first red card, picked for you
    go_to(qtbot, feature.view, "Revealed")
    press(qtbot, feature.view, Qt.Key.Key_Right, Qt.Key.Key_Right)
    assert spoken[-1] == "9 of diamonds ♦, 2 of 2 in Revealed"
    press(qtbot, feature.view, Qt.Key.Key_Return)
    assert result.kept_card() == Card.from_code("9D")
    assert spoken[-1].startswith("Pick 9 of diamonds")
    nine = next(b for b in result.keep_group.buttons() if isinstance(b, CardChoice))
    assert nine.isEnabled()


def test_songs_enter_on_a_card_in_hand_offers_its_burns(qtbot: QtBot, spoken: list[str]) -> None:
    session = party_session()
    give(session, "pc1", "5C")
    feature = make_feature(qtbot, SessionBridge(session))
    go_to(qtbot, feature.view, "Sigrid's hand")
    press(qtbot, feature.view, Qt.Key.Key_Right, Qt.Key.Key_Space)
    menu = feature.card_table.opened_menu
    assert isinstance(menu, QMenu) and menu.isVisible()
    texts = [a.text() for a in menu.actions()]
    assert any(t.startswith("Call the Gods") for t in texts), texts
    assert spoken[-1] == f"{len(texts)} choices for the 5 of clubs"
    call = next(a for a in menu.actions() if a.text().startswith("Call the Gods"))
    call.trigger()
    assert [c.card for c in feature.panel.setup.burns.choices()] == [Card.from_code("5C")]


def test_resonance_enter_on_a_drawn_card_plays_it(qtbot: QtBot, spoken: list[str]) -> None:
    from saga_desktop.model.registry import find_ruleset
    from saga_desktop.model.session import Session

    session = Session(find_ruleset("resonance").sample_campaign())
    window = make_window(qtbot, session)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    draw = window.findChild(QPushButton, "draw")
    assert draw is not None and draw.isEnabled()
    draw.click()
    pending = pending_of(session.campaign)
    assert isinstance(pending, resonance.PendingCheck)
    who = session.campaign.character(pending.draw.character_id).name
    card = pending.draw.cards[-1]
    table = window.card_table
    assert table is not None
    table.set_animations_enabled(False)
    go_to(qtbot, table.view, f"{who}'s drawn")
    entry = table.view.pile_cursor.current()
    assert entry is not None
    press(qtbot, table.view, *[Qt.Key.Key_Right] * (entry[0].cards.index(card) + 1))
    assert spoken[-1].startswith(card_words(card))
    press(qtbot, table.view, Qt.Key.Key_Enter)
    assert pending_of(session.campaign) is None, "the card was played"
    assert str(card) in session.campaign.journal[-1].text


def test_enter_on_the_discard_pile_lists_it_and_on_a_pile_reads_it(
    qtbot: QtBot, spoken: list[str]
) -> None:
    from saga_desktop.ui.cardtable.discard_viewer import DiscardViewer

    session = party_session()
    give(session, "pc1", "5C")
    feature = make_feature(qtbot, SessionBridge(session))
    go_to(qtbot, feature.view, "Discard")
    with qtbot.waitSignal(feature.card_table.dialogOpened) as opened:
        press(qtbot, feature.view, Qt.Key.Key_Return)
    assert isinstance(opened.args[0], DiscardViewer)
    opened.args[0].close()
    go_to(qtbot, feature.view, "Draw pile")
    press(qtbot, feature.view, Qt.Key.Key_Space)
    assert spoken[-1].startswith("Draw pile: ") and spoken[-1].endswith(" black")
    press(qtbot, feature.view, Qt.Key.Key_Right, Qt.Key.Key_Return)  # no card to step to
    assert spoken[-1].startswith("Draw pile: ")
    go_to(qtbot, feature.view, "Sigrid's hand")
    press(qtbot, feature.view, Qt.Key.Key_Return)
    assert spoken[-1].endswith(". Right arrow reads its cards")


def test_songs_enter_on_an_allys_card_offers_aid_an_ally(qtbot: QtBot, spoken: list[str]) -> None:
    session = party_session()
    give(session, "pc2", "6D")  # Bjorn (an Elk) holds the 6 of diamonds; Sigrid rolls
    feature = make_feature(qtbot, SessionBridge(session))
    go_to(qtbot, feature.view, "Bjorn's hand")
    press(qtbot, feature.view, Qt.Key.Key_Right, Qt.Key.Key_Return)
    assert spoken[-1].startswith("Aid an Ally, Bjorn"), spoken[-1]  # the one choice: done
    chosen = feature.panel.setup.burns.choices()
    assert [(c.kind.name, c.by, c.card.code) for c in chosen] == [("AID_AN_ALLY", "pc2", "6D")]


def test_l_reads_the_latest_action(qtbot: QtBot, spoken: list[str]) -> None:
    from saga_desktop.model.songs.ops.play import AskOracle

    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    session.apply(AskOracle("Is it safe?", 1))
    feature.view.setFocus()
    qtbot.waitUntil(feature.view.hasFocus)
    press(qtbot, feature.view, Qt.Key.Key_L)
    assert spoken[-1].startswith("Oracle: Is it safe?")
    assert spoken[-1] == feature.table_dock.latest.full_text
