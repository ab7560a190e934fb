"""Every suit table of the rules, and the one-card look-ups."""

from __future__ import annotations

import random

import pytest

from saga_desktop.rules.cards import Suit
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import SongsOptions, reveal_reaction
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.rules.songs.tables import (
    ATTRIBUTE_BY_SUIT,
    BLESSING_ATTRIBUTE_BY_SUIT,
    BLESSING_RESILIENCE_BY_SUIT,
    DR_DESCRIPTORS,
    MORALE_BY_SUIT,
    REACTION_BY_SUIT,
    REST_BY_SUIT,
    RISK_BY_SUIT,
    Morale,
    Reaction,
    RegionMood,
    Trouble,
    describe_dr,
    party_goes_first,
    reveal_and_discard,
    reveal_morale,
)

from .helpers import cards, small_table

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def test_attribute_table() -> None:
    assert dict(ATTRIBUTE_BY_SUIT) == {H: 2, D: 1, C: 0, S: -1}


def test_risk_table() -> None:
    assert dict(RISK_BY_SUIT) == {
        H: (1, RegionMood.SERENITY),
        D: (2, RegionMood.TWIST),
        C: (2, RegionMood.THREAT),
        S: (3, RegionMood.DANGER),
    }


def test_dr_descriptors() -> None:
    assert dict(DR_DESCRIPTORS) == {9: "Easy", 12: "Normal", 15: "Challenging"}
    assert describe_dr(12) == "12 (Normal)"
    assert describe_dr(13) == "13"


def test_rest_table() -> None:
    assert dict(REST_BY_SUIT) == {
        H: (5, Trouble.NONE),
        D: (3, Trouble.NONE),
        C: (2, Trouble.AHEAD),
        S: (1, Trouble.HERE),
    }


def test_reaction_table() -> None:
    assert dict(REACTION_BY_SUIT) == {
        H: Reaction.HELPFUL,
        D: Reaction.CURIOUS,
        C: Reaction.WARY,
        S: Reaction.HOSTILE,
    }


@pytest.mark.parametrize(("suit", "first"), [(H, True), (D, True), (C, False), (S, False)])
def test_initiative_table(suit: Suit, first: bool) -> None:
    card = next(c for c in cards("5H 5D 5C 5S") if c.suit is suit)
    assert party_goes_first(card) is first


def test_morale_table() -> None:
    assert dict(MORALE_BY_SUIT) == {
        H: Morale.FLEE,
        D: Morale.SURRENDER,
        C: Morale.STAY,
        S: Morale.DOUBLE_DOWN,
    }


def test_blessing_tables() -> None:
    assert dict(BLESSING_ATTRIBUTE_BY_SUIT) == {H: 2, D: 1, C: 0, S: 0}
    assert dict(BLESSING_RESILIENCE_BY_SUIT) == {H: 2, D: 1, C: 0, S: 0}


def test_every_enum_has_a_text() -> None:
    for kind in (Reaction, Morale, RegionMood):
        for member in kind:
            assert member.text
    assert Trouble.NONE.text == "" and Trouble.HERE.text


@pytest.mark.parametrize(
    ("code", "reaction"), [("QH", "helpful"), ("QD", "curious"), ("QC", "wary"), ("QS", "hostile")]
)
def test_reveal_reaction(code: str, reaction: str) -> None:
    deck = small_table(f"2H {code}")
    record = reveal_reaction(deck, random.Random(0), npc="the ferryman")
    assert record.reaction.value == reaction
    assert deck.discard == cards(code) and deck.revealed == []
    assert "ferryman" in record.explain() and code[0] in record.explain()


def test_reveal_morale() -> None:
    deck = small_table("2S 3H")
    record = reveal_morale(deck, random.Random(0), "w", "Wolves")
    assert record.morale is Morale.FLEE and record.leaves_fight
    assert record.explain() == "Morale of Wolves: 3♥, they panic and run"


def test_lookups_keep_waiting_cards_in_place() -> None:
    deck = small_table("2S 3H 4H", revealed="KS")
    reveal_and_discard(deck, random.Random(0), 2)
    assert deck.revealed == cards("KS")
    assert sorted(deck.discard) == sorted(cards("4H 3H"))


def test_lookup_refused_without_cards() -> None:
    deck = small_table("")
    before = deck.to_data()
    with pytest.raises(RulesError, match="Only 0"):
        reveal_reaction(deck, random.Random(0))
    assert deck.to_data() == before
    with pytest.raises(RulesError):
        reveal_and_discard(small_table("2H"), random.Random(0), 2)
    # loose reveals cycle through the reachable cards instead
    record = reveal_and_discard(
        small_table("2H"), random.Random(0), 2, SongsOptions(hold_revealed=False)
    )
    assert len(record.cards) == 2


def test_reaction_from_a_full_deck(rng: random.Random, deck: TableDeck) -> None:
    record = reveal_reaction(deck, rng)
    assert record.reaction is REACTION_BY_SUIT[record.card.suit]
    deck.check()
