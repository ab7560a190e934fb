from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.rules.cards import FULL_DECK, Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs.deck import TableDeck

from .helpers import cards, small_table


def test_new_deck_is_shuffled_and_complete() -> None:
    deck = TableDeck.new(random.Random(1), ["a", "b"])
    deck.check()
    assert len(deck.draw_pile) == 52
    assert deck.draw_pile != list(FULL_DECK)
    assert deck.hands == {"a": [], "b": []}


def test_reveal_takes_from_the_top_and_holds() -> None:
    deck = small_table("2H 3H 4S")
    record = deck.reveal(2, random.Random(0))
    assert record.cards == tuple(cards("4S 3H"))
    assert deck.revealed == cards("4S 3H")
    assert record.black_count == 1 and record.red_count == 1
    assert not record.short and record.reshuffled_before == ()


def test_reveal_without_hold_discards() -> None:
    deck = small_table("2H 3H 4S")
    deck.reveal(2, random.Random(0), hold=False)
    assert deck.revealed == []
    assert deck.discard == cards("4S 3H")


def test_reshuffle_mid_reveal_leaves_held_cards_out() -> None:
    deck = small_table("2H", discard="5C 6C")
    record = deck.reveal(3, random.Random(0))
    assert record.reshuffled_before == (1,)
    assert set(record.cards) == set(cards("2H 5C 6C"))
    assert deck.draw_pile == [] and deck.discard == []


def test_reshuffle_without_hold_may_show_a_card_again() -> None:
    deck = small_table("2H")
    record = deck.reveal(3, random.Random(0), hold=False)
    assert record.cards == tuple(cards("2H 2H 2H"))
    assert record.reshuffled_before == (1, 2)
    deck.check()


def test_short_reveal_when_everything_is_in_hands() -> None:
    deck = small_table("2H", discard="3H")
    record = deck.reveal(4, random.Random(0))
    assert record.short and len(record.cards) == 2


def test_empty_pile_is_refilled_straight_after_a_reveal() -> None:
    deck = small_table("2H", discard="3H 4H")
    record = deck.reveal(1, random.Random(0))
    assert record.reshuffled_after
    assert sorted(deck.draw_pile) == sorted(cards("3H 4H")) and deck.discard == []


def test_resolve_keeps_one_card_and_discards_the_rest() -> None:
    deck = small_table("2H 3H 4S")
    deck.reveal(3, random.Random(0))
    deck.resolve(Card.from_code("3H"), "hero")
    assert deck.hands["hero"] == cards("3H")
    assert sorted(deck.discard) == sorted(cards("4S 2H"))
    with pytest.raises(RulesError):
        deck.resolve(Card.from_code("3H"), "hero")


def test_discard_revealed_moves_only_the_named_cards() -> None:
    deck = small_table("2H 3H 4S")
    deck.reveal(3, random.Random(0))
    deck.discard_revealed(cards("3H"))
    assert deck.revealed == cards("4S 2H")
    with pytest.raises(RulesError):
        deck.discard_revealed(cards("5H"))


def test_take_won_card_finds_it_anywhere() -> None:
    deck = small_table("2H", discard="3H")
    deck.take_won_card(Card.from_code("3H"), "hero")
    deck.take_won_card(Card.from_code("2H"), "hero")
    assert deck.hands["hero"] == cards("3H 2H")
    with pytest.raises(RulesError):
        deck.take_won_card(Card.from_code("2H"), "ally")


def test_burn_end_scene_and_hands() -> None:
    deck = small_table("2H", discard="3H", extra_hands={"hero": "KS"})
    deck.burn("hero", Card.from_code("KS"))
    assert Card.from_code("KS") in deck.discard
    with pytest.raises(RulesError):
        deck.burn("hero", Card.from_code("KS"))
    deck.reveal(1, random.Random(0))
    deck.end_scene(random.Random(0))
    assert deck.discard == [] and deck.revealed == []
    assert len(deck.draw_pile) == 3
    deck.add_hand("new")
    with pytest.raises(RulesError):
        deck.add_hand("new")
    assert deck.remove_hand("stash")
    assert len(deck.discard) == 49
    with pytest.raises(RulesError):
        deck.remove_hand("stash")
    deck.check()


def test_check_names_doubles_and_missing() -> None:
    deck = TableDeck.new(random.Random(0))
    deck.draw_pile[0] = deck.draw_pile[1]
    with pytest.raises(RulesError, match=r"twice.*missing"):
        deck.check()


def test_data_round_trip_and_bad_data() -> None:
    deck = small_table("2H 3S", discard="4D", revealed="5C", extra_hands={"hero": "KS"})
    assert TableDeck.from_data(deck.to_data()) == deck
    with pytest.raises(RulesError):
        TableDeck.from_data({"draw_pile": "2H"})
    with pytest.raises(RulesError):
        TableDeck.from_data({"draw_pile": ["2H"], "hands": {"a": [3]}})


def test_colour_counts_and_holder() -> None:
    deck = small_table("2H 3S 4S", discard="4D", extra_hands={"hero": "KS"})
    assert deck.colour_counts() == (1, 2, 1, 0)
    assert deck.holder_of(Card.from_code("KS")) == "hero"
    assert deck.holder_of(Card.from_code("2H")) is None


OPS = st.lists(
    st.tuples(
        st.sampled_from(
            ["reveal", "reveal_loose", "resolve", "take", "burn", "end", "add", "remove", "give"]
        ),
        st.integers(0, 60),
        st.integers(0, 60),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(OPS, st.integers(0, 1000))
def test_cards_are_never_created_or_lost(ops: list[tuple[str, int, int]], seed: int) -> None:
    rng = random.Random(seed)
    deck = TableDeck.new(rng, ["a", "b"])
    for op, x, y in ops:
        before = deck.to_data()
        hand_ids = sorted(deck.hands) or ["nobody"]
        hand_id = hand_ids[y % len(hand_ids)]
        try:
            if op == "reveal":
                deck.reveal(x % 8, rng)
            elif op == "reveal_loose":
                deck.reveal(x % 60, rng, hold=False)
            elif op == "resolve":
                keep = deck.revealed[x % len(deck.revealed)] if deck.revealed and x % 2 else None
                deck.resolve(keep, hand_id)
            elif op == "take":
                deck.take_won_card(FULL_DECK[x % 52], hand_id)
            elif op == "burn":
                hand = deck.hands.get(hand_id, [])
                deck.burn(hand_id, hand[x % len(hand)] if hand else FULL_DECK[x % 52])
            elif op == "end":
                deck.end_scene(rng)
            elif op == "add":
                deck.add_hand(f"h{x % 4}")
            elif op == "remove":
                deck.remove_hand(f"h{x % 4}" if y % 2 else hand_id)
            elif op == "give":
                deck.take_from_revealed(FULL_DECK[x % 52], hand_id)
        except RulesError:
            assert deck.to_data() == before, f"{op} changed the table before refusing"
        deck.check()
        assert len(deck.all_cards()) == 52
