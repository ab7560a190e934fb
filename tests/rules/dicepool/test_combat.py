from __future__ import annotations

import random

import pytest

from saga_desktop.rules.dicepool import (
    Action,
    Armor,
    ArmorPenalty,
    Declaration,
    DicePoolOptions,
    OffhandBonus,
    Phase,
    Side,
    Weapon,
    combat_pool,
    combatant,
    compare,
    declaration_order,
    declare,
    resolution_order,
    roll_combat,
    start_encounter,
    threatened,
)
from saga_desktop.rules.dicepool.character import CharacterCard
from saga_desktop.rules.errors import RulesError

from .helpers import bren, declare_all, duel, fight_to_outcomes, hound, mara, prone, roll_all

ATTACKS = {"mara": (Action.ATTACK, "hound"), "hound": (Action.ATTACK, "mara")}


def test_maras_nine_wins_against_the_hounds_seven_is_victory_level_two() -> None:
    fight = fight_to_outcomes(ATTACKS, {"mara": 9, "hound": 7})
    assert fight.phase is Phase.OUTCOMES
    (exchange,) = fight.exchanges
    assert (exchange.winner_id, exchange.loser_id) == ("mara", "hound")
    assert exchange.level == exchange.victory == 2
    assert exchange.winner_side is Side.PLAYER and exchange.winner_name == "Mara"
    assert exchange.explain() == "Mara 9 vs Hound 7: Mara wins, victory level 2 (Player action)"


def test_the_target_wins_the_exchange_when_it_rolls_higher() -> None:
    fight = fight_to_outcomes(
        {"mara": (Action.ATTACK, "hound"), "hound": (Action.MOVE, "")}, {"mara": 2, "hound": 5}
    )
    (exchange,) = fight.exchanges
    assert exchange.winner_id == "hound" and exchange.victory == 3


def test_a_tie_applies_nothing() -> None:
    fight = fight_to_outcomes(ATTACKS, {"mara": 4, "hound": 4})
    (exchange,) = fight.exchanges
    assert exchange.winner_id == "" and exchange.victory == 0
    assert "a tie, no outcome" in exchange.explain()


def test_a_defender_scores_no_victory() -> None:
    fight = fight_to_outcomes(
        {"mara": (Action.ATTACK, "hound"), "hound": (Action.DEFEND, "")}, {"mara": 1, "hound": 6}
    )
    (exchange,) = fight.exchanges
    assert exchange.winner_id == "hound" and exchange.level == 5
    assert not exchange.scoring and exchange.victory == 0
    assert "defends and scores no victory" in exchange.explain()


def test_declaration_and_resolution_orders_with_ties() -> None:
    twin = bren(id="ann", name="Ann")  # same REF and INT as Bren: the name decides
    fight = start_encounter(
        [combatant(c, Side.PLAYER) for c in (mara(), bren(), twin)]
        + [combatant(hound(), Side.MONSTER)]
    )
    assert declaration_order(fight) == ("ann", "bren", "hound", "mara")
    assert resolution_order(fight) == ("mara", "hound", "bren", "ann")


def test_declaring_out_of_turn_twice_or_at_strangers_is_refused() -> None:
    fight = duel()
    with pytest.raises(RulesError, match="Hound declares before Mara"):
        declare(fight, Declaration("mara", Action.ATTACK, "hound"))
    after, _ = declare(fight, Declaration("hound", Action.ATTACK, "mara"))
    with pytest.raises(RulesError, match="already declared"):
        declare(after, Declaration("hound", Action.DEFEND))
    for bad, message in [
        (Declaration("mara", Action.ATTACK, "troll"), "'troll' is not in this fight"),
        (Declaration("ghost", Action.DEFEND), "'ghost' is not in this fight"),
        (Declaration("mara", Action.ATTACK), "needs a target"),
        (Declaration("mara", Action.ATTACK, "mara"), "cannot attack themselves"),
        (Declaration("mara", Action.DEFEND, "hound"), "Only an attack or a charge"),
        (Declaration("mara", Action.STAND_UP), "not lying down"),
        (Declaration("mara", Action.READY), "which weapon"),
        (Declaration("mara", Action.READY, weapon="Sword"), "already holds the Sword"),
        (Declaration("mara", Action.READY, weapon="Bow"), "no weapon called 'Bow'"),
        (Declaration("mara", Action.MOVE, weapon="Sword"), "Only readying names a weapon"),
    ]:
        with pytest.raises(RulesError, match=message):
            declare(after, bad)
    with pytest.raises(RulesError, match="belongs to the resolve step"):
        roll_combat(after, "mara", random.Random(1))
    with pytest.raises(RulesError, match="belongs to the compare step"):
        compare(after)


def test_rolls_go_from_the_highest_ref_and_only_once() -> None:
    fight = declare_all(duel(), ATTACKS)
    assert fight.phase is Phase.RESOLVE
    with pytest.raises(RulesError, match="Mara rolls before Hound"):
        roll_combat(fight, "hound", random.Random(1))
    rolled, record = roll_combat(fight, "mara", random.Random(1))
    assert record.pool.size == len(record.roll.faces) == 10
    with pytest.raises(RulesError, match="already rolled"):
        roll_combat(rolled, "mara", random.Random(1))
    with pytest.raises(RulesError, match="faces of 9 dice"):
        roll_combat(rolled, "hound", faces=(6,) * 7)
    done, _ = roll_combat(rolled, "hound", random.Random(2))
    assert done.phase is Phase.COMPARE


def test_the_combat_pool() -> None:
    fight = declare_all(duel(), ATTACKS)
    pool, defending, locked = combat_pool(fight, "mara")
    # 3 base + STR 1 + REF 3 + INT 2 + Blades 1 + Sword 1 - armor 2 // 2
    assert pool.size == 10 and not defending and not locked
    assert [t.reason for t in pool.terms][-1] == "armor"
    full = combat_pool(fight, "mara", DicePoolOptions(armor_penalty=ArmorPenalty.FULL))[0]
    none = combat_pool(fight, "mara", DicePoolOptions(armor_penalty=ArmorPenalty.NONE))[0]
    assert (full.size, none.size) == (9, 11)


def _dual(**changes: object) -> CharacterCard:
    base: dict[str, object] = {
        "weapons": (Weapon("Sword", 1, "Blades"), Weapon("Axe", 2, "Axes")),
        "proficiencies": (("Blades", 1), ("Axes", 1)),
    }
    return mara(**{**base, **changes})


def test_dual_wield_needs_proficiency_in_both_weapons() -> None:
    both = start_encounter(
        [combatant(_dual(), Side.PLAYER, ("Sword", "Axe")), combatant(hound(), Side.MONSTER)]
    )
    both = declare_all(both, ATTACKS)
    assert combat_pool(both, "mara")[0].size == 12
    one = DicePoolOptions(offhand_bonus=OffhandBonus.ONE_DIE)
    assert combat_pool(both, "mara", one)[0].size == 11
    clumsy = start_encounter(
        [
            combatant(_dual(proficiencies=(("Blades", 1),)), Side.PLAYER, ("Sword", "Axe")),
            combatant(hound(), Side.MONSTER),
        ]
    )
    assert combat_pool(declare_all(clumsy, ATTACKS), "mara")[0].size == 10
    with pytest.raises(RulesError, match="at most two weapons"):
        combatant(_dual(), Side.PLAYER, ("Sword", "Axe", "Sword"))
    with pytest.raises(RulesError, match="same weapon in both hands"):
        combatant(_dual(), Side.PLAYER, ("Sword", "sword"))


def test_defend_adds_two_dice_and_prone_takes_four() -> None:
    fight = declare_all(duel(), {"mara": (Action.DEFEND, ""), "hound": (Action.ATTACK, "mara")})
    assert combat_pool(fight, "mara")[0].size == 12
    down = prone(duel(), "mara")
    down = declare_all(down, {"mara": (Action.STAND_UP, ""), "hound": (Action.ATTACK, "mara")})
    assert combat_pool(down, "mara")[0].size == 6


def test_fleeing_while_threatened_is_locked_to_a_defend_roll() -> None:
    fight = declare_all(duel(), {"mara": (Action.FLEE, ""), "hound": (Action.ATTACK, "mara")})
    assert threatened(fight, "mara")
    pool, defending, locked = combat_pool(fight, "mara")
    assert pool.size == 12 and defending and locked
    fight = compare(roll_all(fight, {"mara": 6, "hound": 2}))[0]
    (exchange,) = fight.exchanges
    assert exchange.winner_id == "mara" and exchange.victory == 0
    free = declare_all(duel(), {"mara": (Action.FLEE, ""), "hound": (Action.DEFEND, "")})
    assert not threatened(free, "mara")
    assert combat_pool(free, "mara")[1:] == (False, False)


def test_a_ranged_weapon_or_charge_is_not_close_combat() -> None:
    archer = mara(weapons=(Weapon("Bow", 1, "Blades", ranged=True),))
    fight = fight_to_outcomes(ATTACKS, {"mara": 5, "hound": 1}, duel(archer))
    assert not fight.exchanges[0].close
    charge = fight_to_outcomes(
        {"mara": (Action.CHARGE, "hound"), "hound": (Action.MOVE, "")}, {"mara": 5, "hound": 1}
    )
    assert not charge.exchanges[0].close
    assert fight_to_outcomes(ATTACKS, {"mara": 5, "hound": 1}).exchanges[0].close


def test_mutual_attacks_are_one_exchange_and_three_way_fights_are_more() -> None:
    fight = start_encounter(
        [combatant(mara(), Side.PLAYER), combatant(bren(), Side.PLAYER),
         combatant(hound(), Side.MONSTER)]
    )  # fmt: skip
    fight = fight_to_outcomes(
        {**ATTACKS, "bren": (Action.ATTACK, "hound")}, {"mara": 3, "hound": 4, "bren": 6}, fight
    )
    pairs = [(e.attacker_id, e.target_id) for e in fight.exchanges]
    assert pairs == [("mara", "hound"), ("bren", "hound")]


def test_start_refusals() -> None:
    with pytest.raises(RulesError, match="at least two"):
        start_encounter([combatant(mara(), Side.PLAYER)])
    with pytest.raises(RulesError, match="joins a fight once"):
        start_encounter([combatant(mara(), Side.PLAYER), combatant(mara(), Side.PLAYER)])
    with pytest.raises(RulesError, match="cannot go past 2"):
        start_encounter(
            [combatant(mara(proficiencies=(("Blades", 3),)), Side.PLAYER),
             combatant(hound(), Side.MONSTER)]
        )  # fmt: skip
    assert combatant(mara(armor=Armor("Plate", 3)), Side.PLAYER).wielding == ("Sword",)
