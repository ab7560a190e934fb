from __future__ import annotations

import json
import random

import pytest

from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import (
    VANORI,
    VANORI_ORDER,
    Attribute,
    CreationRecord,
    EntryKind,
    GearKind,
    SongsOptions,
    VanoriAbility,
    create_character,
    custom_vanori,
    quick_character,
    redraw_attribute,
    reroll_max_resilience,
    reveal_attributes,
    roll_max_resilience,
    roll_vanori,
)
from saga_desktop.rules.songs.deck import TableDeck

from .helpers import cards, small_table, snapshot

A = Attribute
RNG = random.Random(0)


def test_attribute_cards_by_suit_in_order() -> None:
    deck = small_table("2S 3C 4D 5H")  # revealed from the top: 5♥, 4♦, 3♣, 2♠
    draw = reveal_attributes(deck, RNG)
    assert draw.values == {A.STRENGTH: 2, A.DEXTERITY: 1, A.WILLPOWER: 0, A.HEART: -1}
    assert deck.revealed == [] and deck.draw_pile == []
    assert sorted(deck.discard) == sorted(cards("2S 3C 4D 5H"))
    assert "Strength 5♥ +2" in draw.explain() and "Heart 2♠ -1" in draw.explain()


def test_two_redraws_of_different_attributes_that_stand() -> None:
    deck = small_table("9S 8S 2S 3C 4D 5H")
    draw = reveal_attributes(deck, RNG)
    draw = redraw_attribute(draw, A.HEART, deck, RNG)  # 8♠ replaces 2♠, worse or not it stands
    assert draw.card_for(A.HEART).card == cards("8S")[0]
    assert draw.card_for(A.HEART).redrawn_from == cards("2S")[0]
    with pytest.raises(RulesError, match="already redrawn"):
        redraw_attribute(draw, A.HEART, deck, RNG)
    draw = redraw_attribute(draw, A.WILLPOWER, deck, RNG)
    assert draw.redraws_used == 2
    with pytest.raises(RulesError, match="Only 2"):
        redraw_attribute(draw, A.STRENGTH, deck, RNG)
    assert "(redrawn, was 2♠)" in draw.explain()


def test_redraw_limit_is_an_option() -> None:
    deck = small_table("9S 8S 2S 3C 4D 5H")
    draw = reveal_attributes(deck, RNG, SongsOptions(attribute_redraws=0))
    with pytest.raises(RulesError):
        redraw_attribute(draw, A.HEART, deck, RNG)


@pytest.mark.parametrize(
    ("d6", "name"), list(enumerate(["Bear", "Wolf", "Raven", "Elk", "Ox", "Owl"], 1))
)
def test_vanori_by_d6(d6: int, name: str) -> None:
    assert roll_vanori(RNG, d6).vanori.name == name
    assert VANORI_ORDER[d6 - 1] == name.lower()


@pytest.mark.parametrize(
    ("vanori", "up2", "up1", "die"),
    [
        ("bear", A.STRENGTH, A.HEART, Die.D10),
        ("wolf", A.DEXTERITY, A.WILLPOWER, Die.D8),
        ("raven", A.WILLPOWER, A.DEXTERITY, Die.D6),
        ("elk", A.HEART, A.STRENGTH, Die.D10),
        ("ox", A.STRENGTH, A.WILLPOWER, Die.D12),
        ("owl", A.WILLPOWER, A.HEART, Die.D6),
    ],
)
def test_the_six_vanori(vanori: str, up2: Attribute, up1: Attribute, die: Die) -> None:
    v = VANORI[vanori]
    assert v.increase_for(up2) == 2 and v.increase_for(up1) == 1
    assert sum(v.increase_for(a) for a in A) == 3
    assert v.resilience_die is die and v.resilience_bonus == 3
    assert v.ability.value == vanori if vanori != "bear" else v.ability is VanoriAbility.BEAR_ARMOR
    assert v.ability_text


def test_roll_vanori_refuses_bad_values() -> None:
    with pytest.raises(RulesError):
        roll_vanori(RNG, 7)
    assert 1 <= roll_vanori(random.Random(3)).d6 <= 6


def test_max_resilience_with_one_reroll() -> None:
    roll = roll_max_resilience(VANORI["ox"], RNG, value=2)
    assert roll.total == 5
    roll = reroll_max_resilience(roll, RNG, value=1)
    assert roll.total == 4 and roll.rolls == (2, 1)  # the reroll stands, even if worse
    assert roll.explain() == "Max resilience: d12 1 + 3 = 4 (rerolled, was 2)"
    with pytest.raises(RulesError, match="already rerolled"):
        reroll_max_resilience(roll, RNG)
    with pytest.raises(RulesError):
        roll_max_resilience(VANORI["owl"], RNG, value=7)
    for _ in range(50):
        assert 4 <= roll_max_resilience(VANORI["bear"], RNG).total <= 13


def test_create_character() -> None:
    deck = small_table("2S 3C 4D 5H")
    draw = reveal_attributes(deck, RNG)
    bear = VANORI["bear"]
    record = create_character(
        "sig", "Sigrid", draw, bear, roll_max_resilience(bear, RNG, 7), "Axe", deck
    )
    c = record.character
    assert c.attributes == {A.STRENGTH: 4, A.DEXTERITY: 1, A.WILLPOWER: 0, A.HEART: 0}
    assert c.max_resilience == c.resilience == 10
    assert c.armor.kind is GearKind.ARMOR and c.armor.die is Die.D4
    assert [(e.kind, e.name, e.weapon.die if e.weapon else None) for e in c.inventory] == [
        (EntryKind.WEAPON, "Axe", Die.D6)
    ]
    assert c.free_slots == 5 and c.xp == 0
    assert deck.hands["sig"] == []
    assert "Sigrid is guarded by the Bear" in record.explain()
    again = CreationRecord.from_data(json.loads(json.dumps(record.to_data())))
    assert again == record


def test_create_character_refusals() -> None:
    deck = small_table("2S 3C 4D 5H")
    draw = reveal_attributes(deck, RNG)
    bear = VANORI["bear"]
    res = roll_max_resilience(bear, RNG, 7)
    with pytest.raises(RulesError, match="d12"):
        create_character("x", "X", draw, VANORI["ox"], res, "Axe")
    with pytest.raises(RulesError, match="already has a hand"):
        create_character("hero", "X", draw, bear, res, "Axe", deck)
    with pytest.raises(RulesError, match="name"):
        create_character("x", "  ", draw, bear, res, "Axe")
    with pytest.raises(RulesError, match="weapon"):
        create_character("x", "X", draw, bear, res, "")


def test_custom_vanori() -> None:
    fox = custom_vanori("Fox", A.DEXTERITY, A.HEART, Die.D8, "Burn a card to vanish in a crowd.")
    assert fox.ability is VanoriAbility.CUSTOM and fox.increase_for(A.DEXTERITY) == 2
    with pytest.raises(RulesError):
        custom_vanori("Fox", A.HEART, A.HEART, Die.D8, "")
    with pytest.raises(RulesError):
        custom_vanori("", A.HEART, A.DEXTERITY, Die.D8, "")
    with pytest.raises(RulesError):
        custom_vanori("Fox", A.HEART, A.DEXTERITY, Die.D20, "")


def test_quick_character_uses_the_table_deck(rng: random.Random, deck: TableDeck) -> None:
    record = quick_character(deck, rng, "eira", "Eira", vanori="raven", weapon="Bow")
    c = record.character
    assert c.vanori.name == "Raven" and record.vanori_roll is None
    assert record.attributes.redraws_used <= 2
    assert all(card.value >= 0 or card.redrawn_from for card in record.attributes.cards) or (
        record.attributes.redraws_used == 2
    )
    assert deck.hands["eira"] == []
    assert len(deck.discard) == 4 + record.attributes.redraws_used
    deck.check()
    rolled = quick_character(deck, rng, "bo", "Bo")
    assert rolled.vanori_roll is not None and rolled.character.vanori == rolled.vanori_roll.vanori


def test_quick_character_refusals_change_nothing(rng: random.Random, deck: TableDeck) -> None:
    before = snapshot(deck)
    for kwargs in ({"character_id": "hero"}, {"vanori": "fox"}, {"name": ""}, {"weapon": " "}):
        args = {"character_id": "new", "name": "New", **kwargs}
        with pytest.raises(RulesError):
            quick_character(deck, rng, args.pop("character_id"), args.pop("name"), **args)  # type: ignore[arg-type]
        assert snapshot(deck) == before


def test_creation_needs_cards() -> None:
    deck = small_table("2H 3H")
    with pytest.raises(RulesError):
        reveal_attributes(deck, RNG)
    assert deck.draw_pile == cards("2H 3H")
