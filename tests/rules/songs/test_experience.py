from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import (
    XP_BOXES,
    Attribute,
    Omen,
    SongsOptions,
    XpRecord,
    mark_xp,
    owl_insight,
    start_session,
)
from saga_desktop.rules.songs.deck import TableDeck

from .helpers import hero, small_table, snapshot

RNG = random.Random(0)
A = Attribute


def test_marking_xp() -> None:
    c = hero()
    record = mark_xp(c, small_table("2H"), RNG)
    assert (c.xp, record.before, record.after, record.blessings) == (1, 0, 1, ())
    assert record.explain() == "marked XP: 0 → 1/8"


def test_full_track_clears_and_brings_the_blessing() -> None:
    # revealed from the top: strength 9♥, dexterity 9♦, willpower 9♣, heart 9♠, resilience 8♥
    deck = small_table("8H 9S 9C 9D 9H")
    c = hero(strength=1, resilience=10)
    c.resilience = 4
    c.xp = 7
    record = mark_xp(c, deck, RNG)
    assert c.xp == 0 and record.after == 0
    (blessing,) = record.blessings
    assert c.attributes == {A.STRENGTH: 3, A.DEXTERITY: 1, A.WILLPOWER: 0, A.HEART: 0}
    assert [ch.omen for ch in blessing.attributes] == [False, False, False, True]
    assert blessing.omen is Omen.BAD and not blessing.vision
    assert (c.max_resilience, c.resilience) == (12, 6)
    assert "Heart 9♠ omen" in blessing.explain() and "a bad omen" in blessing.explain()
    assert XpRecord.from_data(record.to_data()) == record
    assert sorted(deck.discard) == sorted(Card.from_code(x) for x in ["8H", "9S", "9C", "9D", "9H"])


def test_several_spades_and_a_vision() -> None:
    deck = small_table("2S 3S 4S 5C 6H")
    c = hero()
    c.xp = 7
    (blessing,) = mark_xp(c, deck, RNG).blessings
    assert blessing.omen is Omen.MENACING and blessing.vision
    assert "a menacing omen" in blessing.explain() and "vision" in blessing.explain()


def test_blessing_may_leave_current_resilience() -> None:
    c = hero(resilience=10)
    c.resilience, c.xp = 4, 7
    mark_xp(
        c,
        small_table("2H 2D 2C 3S 4S"),
        RNG,
        options=SongsOptions(blessing_raises_resilience=False),
    )
    assert (c.max_resilience, c.resilience) == (12, 4)


def test_attributes_top_out() -> None:
    c = hero(strength=10)
    c.xp = 7
    mark_xp(c, small_table("2H 2D 2C 3S 4H"), RNG)
    assert c.attributes[A.STRENGTH] == 10


def test_blessing_needs_five_cards() -> None:
    c = hero()
    c.xp = 7
    deck = small_table("2H 3H")
    before = snapshot(deck, c)
    with pytest.raises(RulesError):
        mark_xp(c, deck, RNG)
    assert snapshot(deck, c) == before
    with pytest.raises(RulesError):
        mark_xp(c, small_table("2H"), RNG, 0)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 3), max_size=12), st.integers(0, 100))
def test_xp_never_reaches_a_ninth_box(marks: list[int], seed: int) -> None:
    rng = random.Random(seed)
    deck = TableDeck.new(rng, ["hero"])
    c = hero()
    total = 0
    for n in marks:
        record = mark_xp(c, deck, rng, n)
        total += n
        assert 0 <= c.xp < XP_BOXES and record.after == c.xp
        assert len(record.blessings) == (record.before + n) // XP_BOXES
    assert c.xp == total % XP_BOXES
    deck.check()


def test_owl_marks_twice_once_per_session() -> None:
    deck = small_table("2H 3H 4H 5H 6H", extra_hands={"hero": "KS QS"})
    owl = hero("owl")
    owl.xp = 6
    record = owl_insight(owl, deck, RNG, Card.from_code("KS"))
    assert (
        record.marks == 2 and record.owl is not None and len(record.blessings) == 1 and owl.xp == 0
    )
    assert "marked XP 2 times (Hero burned K♠ for the Owl)" in record.explain()
    before = snapshot(deck, owl)
    with pytest.raises(RulesError, match="already used"):
        owl_insight(owl, deck, RNG, Card.from_code("QS"))
    assert snapshot(deck, owl) == before
    assert start_session([owl]).character_ids == ("hero",)
    owl_insight(owl, deck, RNG, Card.from_code("QS"))
    assert owl.xp == 2
    with pytest.raises(RulesError, match="Bear"):
        owl_insight(hero("bear"), deck, RNG, Card.from_code("QS"))
