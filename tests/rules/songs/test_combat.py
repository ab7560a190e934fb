from __future__ import annotations

import json
import random

import pytest

from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import (
    AttackResult,
    Attribute,
    Enemy,
    GearKind,
    TrialRequest,
    begin_attack,
    check_morale,
    damage_character_gear,
    damage_enemy_gear,
    resolve_attack,
    roll_initiative,
    turn_the_table,
)
from saga_desktop.rules.songs.combat import attack_die, defence_die

from .helpers import hero, small_table, snapshot

RNG = random.Random(0)
STR = Attribute.STRENGTH


@pytest.mark.parametrize(
    ("success", "d20", "die"),
    [
        (True, 14, Die.D6),
        (True, 20, Die.D8),
        (True, 1, Die.D6),
        (False, 5, Die.D4),
        (False, 20, Die.D4),
        (False, 1, Die.D4),
    ],
)
def test_attack_die_from_d6(success: bool, d20: int, die: Die) -> None:
    assert attack_die(Die.D6, success, d20) is die


def test_attack_die_bounds() -> None:
    assert attack_die(Die.D12, True, 20) is Die.D12
    assert attack_die(Die.D10, False, 1) is Die.D6
    assert attack_die(Die.D4, False, 1) is Die.D4
    assert defence_die(Die.D8, 1) is Die.D10
    assert defence_die(Die.D12, 1) is Die.D12
    assert defence_die(Die.D8, 2) is Die.D8


@pytest.mark.parametrize(
    ("code", "party"), [("2H", True), ("2D", True), ("2C", False), ("2S", False)]
)
def test_initiative(code: str, party: bool) -> None:
    record = roll_initiative(small_table(code), RNG)
    assert record.party_first is party
    assert (
        record.explain()
        == f"Initiative: {record.card}, the {'party goes' if party else 'enemies go'} first"
    )


def test_morale_check() -> None:
    record = check_morale(Enemy.new("w", "Wolves", 5, count=3), small_table("2S"), RNG)
    assert record.morale.value == "double_down" and not record.leaves_fight


def test_weapon_attack_with_damage_minus_armor() -> None:
    deck = small_table("2H 3H")
    c = hero(strength=2)
    draugr = Enemy.new("d", "Draugr", 10, Die.D8, Die.D6)
    attack = begin_attack(TrialRequest(STR, 12, 1), c, draugr, deck, RNG, weapon="axe", d20=20)
    result = resolve_attack(attack, c, draugr, deck, RNG, damage_roll=7, armor_roll=2)
    assert result.die is Die.D8 and result.damage == 5 and draugr.resilience == 5
    assert result.result.kept == Card.from_code("3H")
    assert result.explain().endswith(
        "Axe (d6) against Draugr: d8 7 - armor d6 2 = 5 damage (resilience 10 → 5)"
    )
    assert AttackResult.from_data(json.loads(json.dumps(result.to_data()))) == result


def test_damage_never_below_zero_and_defeat() -> None:
    deck = small_table("2H 3H 4H 5H")
    c = hero()
    draugr = Enemy.new("d", "Draugr", 3, Die.D8, Die.D6)
    attack = begin_attack(TrialRequest(STR, 12, 1), c, draugr, deck, RNG, weapon="Axe", d20=5)
    result = resolve_attack(attack, c, draugr, deck, RNG, damage_roll=1, armor_roll=6)
    assert result.die is Die.D4 and result.damage == 0 and c.xp == 1
    attack = begin_attack(TrialRequest(STR, 12, 1), c, draugr, deck, RNG, feat_die=Die.D12, d20=15)
    result = resolve_attack(attack, c, draugr, deck, RNG, damage_roll=12, armor_roll=1)
    assert result.defeated and draugr.defeated and ", defeated" in result.explain()
    with pytest.raises(RulesError, match="already down"):
        begin_attack(TrialRequest(STR, 12, 1), c, draugr, deck, RNG, weapon="Axe")


def test_setback_on_a_natural_one_steps_down_twice() -> None:
    deck = small_table("2H")
    c = hero()
    troll = Enemy.new("t", "Troll", 20)
    attack = begin_attack(TrialRequest(STR, 12, 1), c, troll, deck, RNG, feat_die=Die.D10, d20=1)
    result = resolve_attack(attack, c, troll, deck, RNG, damage_roll=6)
    assert result.die is Die.D6 and result.damage == 6 and result.armor_die is None


def test_gm_consequence_instead_of_damage() -> None:
    deck = small_table("2H")
    c = hero()
    troll = Enemy.new("t", "Troll", 20)
    attack = begin_attack(TrialRequest(STR, 12, 1), c, troll, deck, RNG, weapon="Axe", d20=2)
    result = resolve_attack(
        attack, c, troll, deck, RNG, deal_damage=False, consequence="the axe is stuck"
    )
    assert result.damage == 0 and troll.resilience == 20
    assert "the GM's consequence instead" in result.explain()


def test_turned_attack_uses_the_success_die() -> None:
    deck = small_table("2H", extra_hands={"hero": "QS"})
    c = hero()
    troll = Enemy.new("t", "Troll", 20)
    attack = begin_attack(TrialRequest(STR, 15, 1), c, troll, deck, RNG, weapon="Axe", d20=3)
    result = resolve_attack(
        attack,
        c,
        troll,
        deck,
        RNG,
        turn_the_table=turn_the_table(c, Card.from_code("QS")),
        damage_roll=6,
    )
    assert result.die is Die.D6 and result.result.success and c.xp == 0


def test_attack_refusals_change_nothing() -> None:
    deck = small_table("2H 3H")
    c = hero()
    troll = Enemy.new("t", "Troll", 20, armor=Die.D4)
    before = snapshot(deck, c, troll)
    request = TrialRequest(STR, 12, 1)
    for kwargs in (
        {},
        {"weapon": "Axe", "feat_die": Die.D6},
        {"weapon": "Sword"},
        {"feat_die": Die.D20},
    ):
        with pytest.raises(RulesError):
            begin_attack(request, c, troll, deck, RNG, **kwargs)  # type: ignore[arg-type]
    assert snapshot(deck, c, troll) == before
    attack = begin_attack(request, c, troll, deck, RNG, weapon="Axe", d20=15)
    before = snapshot(deck, c, troll)
    for kwargs in ({"damage_roll": 7}, {"armor_roll": 5}, {"damage_roll": 0}):
        with pytest.raises(RulesError):
            resolve_attack(attack, c, troll, deck, RNG, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="aimed at"):
        resolve_attack(attack, c, Enemy.new("x", "Other", 3), deck, RNG)
    assert snapshot(deck, c, troll) == before


def test_broken_weapon_cannot_attack_but_a_feat_can() -> None:
    deck = small_table("2H")
    c = hero()
    for _ in range(2):
        damage_character_gear(c, "Axe")
    assert c.inventory[0].weapon is not None and c.inventory[0].weapon.broken
    with pytest.raises(RulesError, match="broken"):
        begin_attack(TrialRequest(STR, 12, 1), c, Enemy.new("t", "T", 3), deck, RNG, weapon="Axe")
    begin_attack(TrialRequest(STR, 12, 1), c, Enemy.new("t", "T", 3), deck, RNG, feat_die=Die.D4)


def test_enemies() -> None:
    wolves = Enemy.new("w", "Wolves", 12, Die.D6, Die.D4, count=5)
    assert wolves.label == "Wolves (x5)"
    assert wolves.describe() == "Wolves (x5): resilience 12/12, d6 damage, armor d4"
    record = damage_enemy_gear(wolves, GearKind.ARMOR)
    assert record.explain() == "Wolves armor damaged: d4 → broken" and wolves.armor_die is None
    damage_enemy_gear(wolves, GearKind.WEAPON)
    damage_enemy_gear(wolves, GearKind.WEAPON)
    assert wolves.weapon.broken and wolves.damage_die is Die.D4  # fights with what is at hand
    with pytest.raises(RulesError):
        damage_enemy_gear(Enemy.new("x", "X", 3), GearKind.ARMOR)
    for bad in (
        {"resilience": 0},
        {"weapon": Die.D20},
        {"armor": Die.D8},
        {"count": 0},
        {"name": ""},
    ):
        args = {"id": "x", "name": "X", "resilience": 5, **bad}
        with pytest.raises(RulesError):
            Enemy.new(**args)  # type: ignore[arg-type]
