"""The card table in French: the dock, the spoken piles and cards, the captions on the felt."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.resources import resources_dir
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cardtable.items import Caption
from saga_desktop.ui.cardtable.words import card_plain, card_words
from tests.ui.test_main_window import make_window

ENGLISH = {"Draw pile", "Discard", "Revealed", "Deck", "Drawn", "Fatigue", "Empty", "No cards"}


def _french() -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")


def test_cards_are_named_in_french() -> None:
    _french()
    assert card_plain(Card.from_code("QS")) == "dame de pique"
    assert card_plain(Card.from_code("AH")) == "as de cœur"
    assert card_words(Card.from_code("10C")) == "10 de trèfle ♣"
    assert card_words(None) == "carte face cachée"


def test_the_songs_table_speaks_french(qtbot: QtBot) -> None:
    _french()
    window = make_window(qtbot, Session(find_ruleset("songs-and-sagas").sample_campaign()))
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    table = window.card_table
    assert table is not None
    dock = table.table_dock
    assert dock.windowTitle() == "Table de cartes"
    assert dock.discard_button.text() == "Défausse…"
    assert dock.latest.accessibleName() == "Dernière action"
    names = [e.name for e in table.view.pile_cursor.entries()]
    draw = next(n for n in names if n.startswith("Pioche\u00a0: "))
    assert "cartes face cachée" in draw and "rouges" in draw, draw
    assert table.actions["discard"].text() == "Voir la &défausse…"
    captions = {c.full_text for c in table.scene.items() if isinstance(c, Caption)}
    assert not ENGLISH & captions, ENGLISH & captions
    assert any(c.startswith("Pioche") for c in captions), captions


def test_the_resonance_lanes_speak_french(qtbot: QtBot) -> None:
    _french()
    session = Session(find_ruleset("resonance").sample_campaign())
    window = make_window(qtbot, session)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    table = window.card_table
    assert table is not None
    first = session.campaign.characters[0].name
    titles = [e.title for e in table.view.pile_cursor.entries()]
    assert f"Paquet de {first}" in titles, titles
    captions = {c.full_text for c in table.scene.items() if isinstance(c, Caption)}
    assert not ENGLISH & captions, ENGLISH & captions
