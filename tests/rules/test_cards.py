from __future__ import annotations

import pytest

from saga_desktop.rules.cards import DECK_SIZE, FULL_DECK, Card, Colour, Rank, Suit
from saga_desktop.rules.errors import RulesError


def test_full_deck_has_52_distinct_cards() -> None:
    assert DECK_SIZE == 52
    assert len(set(FULL_DECK)) == 52
    assert sum(c.is_red for c in FULL_DECK) == 26


@pytest.mark.parametrize("card", FULL_DECK)
def test_code_round_trip(card: Card) -> None:
    assert Card.from_code(card.code) == card
    assert Card.from_code(card.code.lower()) == card


def test_codes_names_and_colours() -> None:
    ten = Card(Rank.TEN, Suit.HEARTS)
    assert ten.code == "10H"
    assert ten.name == "10♥"
    assert ten.long_name == "10 of Hearts"
    queen = Card.from_code("QS")
    assert queen.long_name == "Queen of Spades"
    assert queen.is_black and not queen.is_red
    assert Suit.DIAMONDS.colour is Colour.RED
    assert Suit.CLUBS.colour is Colour.BLACK
    assert [s.symbol for s in Suit] == ["♥", "♦", "♣", "♠"]


@pytest.mark.parametrize("bad", ["", "X", "1H", "11S", "QX", "10", "AHH"])
def test_bad_codes_are_refused(bad: str) -> None:
    with pytest.raises(RulesError):
        Card.from_code(bad)


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


def test_cards_sort_by_rank_then_suit() -> None:
    assert sorted(Card.from_code(c) for c in ["9S", "9H", "2C", "9D"]) == [
        Card.from_code(c) for c in ["2C", "9H", "9D", "9S"]
    ]
    assert Suit.HEARTS < Suit.SPADES and Suit.CLUBS >= Suit.DIAMONDS
    assert sorted(FULL_DECK)[0] == Card.from_code("AH")
