"""Resonance's card table at 1600x900: every label whole, and a card's tooltip names its pile.

Issue 31 (11): the lanes' labels were all cut ("Wren Callow…"), each pile's caption repeating
the owner's name the lane already shows; a card's tooltip named the card but not the pile.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui.cardtable.items import Caption, CardItem
from saga_desktop.ui.elide import plain_tip
from tests.ui.test_main_window import make_window


def test_every_label_fits_and_a_cards_tip_names_its_pile(qtbot: QtBot) -> None:
    session = Session(find_ruleset("resonance").sample_campaign())
    window = make_window(qtbot, session)
    window.resize(1600, 900)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    table = window.card_table
    assert table is not None and table.table_dock.isVisible()
    captions = [i for i in table.scene.items() if isinstance(i, Caption) and i.isVisible()]
    shown = [c for c in captions if c.full_text]
    assert shown
    cut = [c.full_text for c in shown if c.text() != c.full_text]
    assert not cut, cut
    names = {c.name for c in session.campaign.characters}
    for caption in shown:  # the lane says whose piles they are; a pile's caption does not repeat it
        if caption.full_text not in names:
            assert not any(caption.full_text.startswith(n) for n in names), caption.full_text
    first = session.campaign.characters[0]
    fatigue = [
        i
        for i in table.scene.items()
        if isinstance(i, CardItem) and i.card is not None and i.face_up
    ]
    assert fatigue
    tips = {i.toolTip() for i in fatigue}
    assert plain_tip(f"{first.name}'s fatigue: {fatigue_card(session, first.id)}") in tips, tips
    backs = [i for i in table.scene.items() if isinstance(i, CardItem) and i.card is None]
    assert any(i.toolTip() == plain_tip(f"{first.name}'s deck: face down") for i in backs)


def fatigue_card(session: Session, cid: str) -> str:
    from saga_desktop.rules.cards import Card
    from saga_desktop.ui.cardtable.words import card_plain

    code = session.campaign.piles[f"fatigue:{cid}"][-1]
    return card_plain(Card.from_code(code))  # "ace of hearts", as a screen reader says it
