from __future__ import annotations

import pytest

from saga_desktop.rules.cards import FULL_DECK, Card, Suit
from saga_desktop.rules.resonance import (
    Degree,
    Stat,
    Tier,
    card_value,
    degree_of,
    describe_dc,
    effective_value,
    resonates,
)

from .helpers import card

# The rules text's resonance table: base value -> effective value at stat 2, 3, 4, 5.
RESONANCE_TABLE = {
    "2": (4, 5, 6, 7),
    "4": (6, 7, 8, 9),
    "5": (7, 8, 9, 10),
    "7": (9, 10, 11, 12),
    "8": (10, 11, 12, 13),
    "10": (12, 13, 14, 15),
    "J": (13, 14, 15, 16),
    "Q": (14, 15, 16, 17),
    "K": (15, 16, 17, 18),
    "A": (16, 17, 18, 19),
}


@pytest.mark.parametrize("rank", list(RESONANCE_TABLE))
@pytest.mark.parametrize("stat", list(Stat))
def test_resonance_table_cell_by_cell(rank: str, stat: Stat) -> None:
    matching = Card.from_code(rank + stat.suit.value)
    for stat_value, expected in zip((2, 3, 4, 5), RESONANCE_TABLE[rank], strict=True):
        assert effective_value(matching, stat, stat_value) == expected
        for suit in Suit:
            if suit is not stat.suit:
                other = Card.from_code(rank + suit.value)
                assert effective_value(other, stat, stat_value) == card_value(other)


def test_card_values() -> None:
    assert [card_value(card(c)) for c in "2S 9H 10D JC QS KH AD".split()] == [
        2, 9, 10, 11, 12, 13, 14,
    ]  # fmt: skip
    assert sorted({card_value(c) for c in FULL_DECK}) == list(range(2, 15))


def test_suits_of_the_stats() -> None:
    assert Stat.HEART.suit is Suit.HEARTS
    assert Stat.BODY.suit is Suit.CLUBS
    assert Stat.MIND.suit is Suit.DIAMONDS
    assert Stat.SPIRIT.suit is Suit.SPADES
    assert all(Stat.of_suit(s.suit) is s for s in Stat)
    assert resonates(card("4C"), Stat.BODY)
    assert not resonates(card("4C"), Stat.SPIRIT)


def test_worked_examples_mira_and_dran() -> None:
    # Mira, Spirit 4.
    assert effective_value(card("7S"), Stat.SPIRIT, 4) == 11
    assert effective_value(card("7H"), Stat.SPIRIT, 4) == 7
    assert effective_value(card("5S"), Stat.SPIRIT, 4) == 9
    assert effective_value(card("9H"), Stat.SPIRIT, 4) == 9
    # Dran, Body 3.
    assert [effective_value(card(c), Stat.BODY, 3) for c in ("4C", "JD", "8H")] == [7, 11, 8]


def test_highest_result_is_legendary() -> None:
    assert max(effective_value(c, Stat.MIND, 5) for c in FULL_DECK) == Tier.LEGENDARY == 19
    assert max(card_value(c) for c in FULL_DECK) == 14


def test_tiers() -> None:
    assert [int(t) for t in Tier] == [4, 7, 10, 13, 16, 19]
    assert describe_dc(16) == "DC 16 (Very Hard)"
    assert describe_dc(9) == "DC 9"


@pytest.mark.parametrize(
    ("margin", "degree"),
    [
        (0, Degree.BARE),
        (1, Degree.SOLID),
        (3, Degree.SOLID),
        (4, Degree.STRONG),
        (6, Degree.STRONG),
        (7, Degree.EXCEPTIONAL),
        (15, Degree.EXCEPTIONAL),
        (-1, Degree.NEAR_MISS),
        (-2, Degree.NEAR_MISS),
        (-3, Degree.CLEAR_FAILURE),
        (-12, Degree.CLEAR_FAILURE),
    ],
)
def test_degrees(margin: int, degree: Degree) -> None:
    assert degree_of(margin) is degree
    assert degree.success == (margin >= 0)
