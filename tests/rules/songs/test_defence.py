from __future__ import annotations

import json
import random

import pytest

from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import (
    Attribute,
    DefenceResult,
    Enemy,
    RollPurpose,
    SongsOptions,
    TrialRequest,
    begin_defence,
    begin_trial,
    damage_character_gear,
    resilience_request,
    resolve_defence,
    resolve_trial,
    tend_wounds,
    turn_the_table,
)

from .helpers import hero, small_table, snapshot

RNG = random.Random(0)
DEX = Attribute.DEXTERITY
QS = Card.from_code("QS")


def _setup(pile: str = "2H 3H 4H", hand: str = "QS"):  # type: ignore[no-untyped-def]
    return small_table(pile, extra_hands={"hero": hand}), hero(), Enemy.new("o", "Ogre", 15, Die.D8)


def test_success_avoids_and_a_natural_20_lowers_the_next_dr() -> None:
    deck, c, ogre = _setup()
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, d20=20)
    result = resolve_defence(defence, c, ogre, deck, RNG)
    assert not result.hit and result.damage == 0 and c.resilience == 10
    assert c.next_roll_dr_reduction == 2 and result.next_dr_reduction == 2
    assert result.explain().endswith("avoided Ogre's attack; next roll's DR -2")
    roll = begin_trial(TrialRequest(DEX, 12, 1), c, deck, RNG, d20=11)
    assert roll.dr == 10 + 2 * roll.black_count
    resolve_trial(roll, c, deck, RNG)
    assert c.next_roll_dr_reduction == 0


def test_natural_20_reduction_is_an_option() -> None:
    deck, c, ogre = _setup()
    options = SongsOptions(defence_natural_20_dr_reduction=3)
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, options, d20=20)
    resolve_defence(defence, c, ogre, deck, RNG, options)
    assert c.next_roll_dr_reduction == 3


def test_setback_takes_the_enemy_die_minus_armor() -> None:
    deck, c, ogre = _setup()
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, d20=5)
    result = resolve_defence(defence, c, ogre, deck, RNG, damage_roll=7, armor_roll=3)
    assert result.hit and result.die is Die.D8 and result.damage == 4 and c.resilience == 6
    assert c.xp == 1
    assert result.explain().endswith(
        "hit by Ogre: d8 7 - armor d4 3 = 4 damage (resilience 10 → 6)"
    )
    assert DefenceResult.from_data(json.loads(json.dumps(result.to_data()))) == result


def test_natural_1_steps_the_enemy_die_up() -> None:
    deck, c, ogre = _setup()
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, d20=1)
    result = resolve_defence(defence, c, ogre, deck, RNG, damage_roll=10, armor_roll=1)
    assert result.die is Die.D10 and result.damage == 9


def test_bear_adds_a_d4_even_on_broken_armor() -> None:
    deck, c, ogre = _setup()
    c.armor.damage = 1  # a d4 set, broken
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, d20=5)
    result = resolve_defence(defence, c, ogre, deck, RNG, bear_card=QS, damage_roll=5, bear_roll=4)
    assert result.armor_die is None and result.bear_roll == 4 and result.damage == 1
    assert "- Bear d4 4 = 1 damage" in result.explain()
    assert QS not in deck.hands["hero"]


def test_bear_refusals_change_nothing() -> None:
    deck, c, ogre = _setup()
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, d20=15)
    before = snapshot(deck, c, ogre)
    with pytest.raises(RulesError, match="only helps"):
        resolve_defence(defence, c, ogre, deck, RNG, bear_card=QS)
    assert snapshot(deck, c, ogre) == before
    deck, c, ogre = _setup()
    c.vanori = hero("owl").vanori
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, d20=5)
    before = snapshot(deck, c, ogre)
    with pytest.raises(RulesError, match="Owl"):
        resolve_defence(defence, c, ogre, deck, RNG, bear_card=QS)
    with pytest.raises(RulesError, match="from 1 to 8"):
        resolve_defence(defence, c, ogre, deck, RNG, damage_roll=9)
    with pytest.raises(RulesError, match="came from"):
        resolve_defence(defence, c, Enemy.new("x", "X", 3), deck, RNG)
    assert snapshot(deck, c, ogre) == before


def test_turn_the_table_avoids_the_hit() -> None:
    deck, c, ogre = _setup()
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, d20=5)
    result = resolve_defence(defence, c, ogre, deck, RNG, turn_the_table=turn_the_table(c, QS))
    assert not result.hit and c.resilience == 10 and c.xp == 0


def test_consequence_instead_of_damage() -> None:
    deck, c, ogre = _setup()
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, d20=5)
    result = resolve_defence(
        defence, c, ogre, deck, RNG, take_damage=False, consequence="armor dented"
    )
    damage_character_gear(c)
    assert result.hit and result.damage == 0 and result.die is None
    assert "no damage" in result.explain() and c.armor.broken


def test_raven_weakened_enemy_and_resilience_zero_then_tending() -> None:
    deck, c, ogre = _setup("2H 3H 4H 5H 6H 7H")
    ogre.weakened = 1
    c.resilience = 3
    defence = begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG, d20=5)
    assert defence.enemy_die is Die.D6
    result = resolve_defence(defence, c, ogre, deck, RNG, damage_roll=6, armor_roll=1)
    assert c.resilience == 0 and result.reached_zero
    assert "a resilience trial is due" in result.explain()
    request = resilience_request(c, risk=1)
    assert request.purpose is RollPurpose.RESILIENCE and request.attribute is Attribute.STRENGTH
    resolve_trial(begin_trial(request, c, deck, RNG, d20=2), c, deck, RNG)
    assert c.incapacitated
    with pytest.raises(RulesError):
        begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG)
    record = tend_wounds(c, "Scarred", 2)
    assert c.resilience == 1 and not c.incapacitated and c.free_slots == 3
    assert (
        record.explain()
        == "wounds tended: back to 1 resilience; added condition Scarred (2 slots); 3 slots free"
    )
    with pytest.raises(RulesError, match="not incapacitated"):
        tend_wounds(c, "Again")


def test_tending_needs_room_for_the_condition() -> None:
    c = hero()
    c.incapacitated, c.resilience = True, 0
    before = snapshot(c)
    with pytest.raises(RulesError, match="free slot"):
        tend_wounds(c, "Broken leg", 6)
    assert snapshot(c) == before


def test_a_downed_enemy_attacks_no_one() -> None:
    deck, c, ogre = _setup()
    ogre.resilience = 0
    with pytest.raises(RulesError, match="down"):
        begin_defence(TrialRequest(DEX, 12, 1), c, ogre, deck, RNG)


def test_a_blessing_does_not_raise_a_character_who_went_down() -> None:
    # The failed resilience trial marks the eighth XP box: the blessing raises max resilience
    # by 2 (2H), but the character stays at 0, incapacitated, until tended back to 1.
    deck, c, _ogre = _setup("2H 2D 2C 3S 4S 5S")
    c.resilience, c.xp = 0, 7
    roll = begin_trial(resilience_request(c, risk=1), c, deck, RNG, d20=2)
    result = resolve_trial(roll, c, deck, RNG)
    assert result.xp is not None and len(result.xp.blessings) == 1
    blessing = result.xp.blessings[0]
    assert (blessing.max_before, blessing.max_after) == (10, 12)
    assert (blessing.resilience_before, blessing.resilience_after) == (0, 0)
    assert c.incapacitated and c.resilience == 0 and c.max_resilience == 12
    tend_wounds(c, "Scarred")
    assert c.resilience == 1 and not c.incapacitated


def test_a_blessing_still_raises_a_standing_character() -> None:
    deck, c, _ogre = _setup("2H 2D 2C 3S 4S 5H")
    c.resilience, c.xp = 4, 7
    roll = begin_trial(TrialRequest(DEX, 12, 1), c, deck, RNG, d20=2)
    resolve_trial(roll, c, deck, RNG)
    assert (c.max_resilience, c.resilience) == (12, 6)
