"""At a player's seat the card table's accessible names never say a face-down card's value.

Resonance is the hard case: the seat's model knows each face-down deck's cards (it works out
the odds with them), but the table, and so what a screen reader hears, knows only their count.
"""

from __future__ import annotations

from PySide6.QtGui import QAccessible, QAccessibleInterface
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cardtable.words import card_plain
from tests.ui.network.table_fixtures import hosted, join

NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description


def everything_said(iface: QAccessibleInterface) -> list[str]:
    """Every name and description under an accessible object."""
    out = [iface.text(NAME), iface.text(DESCRIPTION)]
    for i in range(iface.childCount()):
        child = iface.child(i)
        if child is not None:
            out += everything_said(child)
    return out


def face_down_cards(session: Session) -> list[Card]:
    """The cards of every face-down pile at the host."""
    game = find_ruleset(session.campaign.ruleset)
    down = [s.name for s in game.piles(session.campaign) if s.face.value == "down"]
    return [Card.from_code(c) for name in down for c in session.campaign.piles[name]]


def test_a_resonance_seat_never_names_a_face_down_card(qtbot: QtBot) -> None:
    session = Session(find_ruleset("resonance").sample_campaign())
    with hosted(qtbot, session) as menu:
        client = join(menu, qtbot, "Ren")
        assert client.card_table is not None
        table = QAccessible.queryAccessibleInterface(client.card_table.view)
        assert table is not None and table.childCount() == 9  # deck, drawn, fatigue each
        said = " | ".join(everything_said(table))
        assert "51 cards face down" in said
        decks = [p for p in range(table.childCount()) if "'s deck: " in table.child(p).text(NAME)]
        assert len(decks) == 3 and all(table.child(p).childCount() == 0 for p in decks)
        hidden = face_down_cards(session)
        shown = {
            Card.from_code(c)
            for name, codes in session.campaign.piles.items()
            if not name.startswith("deck")
            for c in codes
        }
        for card in hidden:
            if card not in shown:  # each deck is its own: a card may show in another's
                assert f" {card_plain(card)}" not in f" {said}", card


def test_a_songs_seat_reads_its_hands_and_never_the_draw_pile(qtbot: QtBot) -> None:
    with hosted(qtbot, build_sample()) as menu:
        client = join(menu, qtbot, "Sam")
        assert client.card_table is not None
        table = QAccessible.queryAccessibleInterface(client.card_table.view)
        assert table is not None
        names = [table.child(i).text(NAME) for i in range(table.childCount())]
        assert "Ivar the Quiet's hand: ace of hearts" in names
        said = " | ".join(everything_said(table))
        session = menu.bridge.session
        for code in session.campaign.piles["draw"]:
            assert card_plain(Card.from_code(code)) not in said, code
