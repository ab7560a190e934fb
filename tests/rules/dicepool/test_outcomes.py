from __future__ import annotations

import dataclasses

import pytest

from saga_desktop.rules.dicepool import (
    Action,
    ArmorSoak,
    DicePoolOptions,
    Encounter,
    OutcomeKind,
    Phase,
    Side,
    Weapon,
    apply_outcome,
    combatant,
    end_round,
    start_encounter,
    use_strength,
)
from saga_desktop.rules.errors import RulesError

from .helpers import duel, fight_to_outcomes, hound, mara, prone

ATTACKS = {"mara": (Action.ATTACK, "hound"), "hound": (Action.ATTACK, "mara")}
# These two attack each other in close combat, where armor counts only by option.
CLOSE_ARMOR = DicePoolOptions(armor_in_close_combat=True)


def _hound_wins_by(level: int, encounter: Encounter | None = None) -> Encounter:
    return fight_to_outcomes(ATTACKS, {"mara": 1, "hound": 1 + level}, encounter)


def test_strength_then_armor_lower_a_victory_then_an_injury() -> None:
    fight = _hound_wins_by(3)
    fight, strength = use_strength(fight, 0, "mara")
    assert (strength.before, strength.after) == (3, 2)
    assert strength.explain() == "Mara sets STR 1 against the victory: level 3 → 2"
    fight, record = apply_outcome(
        fight, 0, "hound", OutcomeKind.INJURY, 2, "bite", options=CLOSE_ARMOR
    )
    assert record.side is Side.MONSTER and record.outcome.armor_reduction == 2
    assert record.outcome.final_level == 0
    assert record.explain() == (
        "Monster action: Hound → Mara, victory level 3 (STR -1 → 2): "
        "level 2 injury (bite), armor -2: negated"
    )
    assert fight.combatant("mara").card.injuries == ()
    assert fight.combatant("mara").armor_spent == 2


def test_the_armor_budget_is_spent_across_the_encounter() -> None:
    fight = _hound_wins_by(3)
    fight, _ = apply_outcome(fight, 0, "hound", OutcomeKind.INJURY, 1, options=CLOSE_ARMOR)
    assert fight.combatant("mara").armor_spent == 1
    fight = _hound_wins_by(3, end_round(fight)[0])
    fight, record = apply_outcome(fight, 0, "hound", OutcomeKind.INJURY, 3, options=CLOSE_ARMOR)
    assert record.outcome.armor_reduction == 1 and record.outcome.final_level == 2
    assert "armor -1: level 2 sticks" in record.explain()
    assert [i.level for i in fight.combatant("mara").card.injuries] == [2]
    per_injury = DicePoolOptions(armor_soak=ArmorSoak.PER_INJURY, armor_in_close_combat=True)
    again = _hound_wins_by(3)
    again, _ = apply_outcome(again, 0, "hound", OutcomeKind.INJURY, 2, options=per_injury)
    again = _hound_wins_by(3, end_round(again)[0])
    _, record = apply_outcome(again, 0, "hound", OutcomeKind.INJURY, 3, options=per_injury)
    assert record.outcome.armor_reduction == 2


def test_armor_stays_out_of_close_combat_by_default() -> None:
    # The text: armor lowers injuries "except while in close combat".
    literal = DicePoolOptions()
    assert not literal.armor_in_close_combat
    fight = _hound_wins_by(2)
    _, record = apply_outcome(fight, 0, "hound", OutcomeKind.INJURY, 2)
    assert record.outcome.armor_reduction == 0 and record.outcome.final_level == 2
    _, record = apply_outcome(fight, 0, "hound", OutcomeKind.INJURY, 2, options=literal)
    assert record.outcome.armor_reduction == 0 and record.outcome.final_level == 2
    charge = fight_to_outcomes(
        {"mara": (Action.DEFEND, ""), "hound": (Action.CHARGE, "mara")}, {"mara": 1, "hound": 3}
    )
    # a defending Mara loses: the hound charged, so armor works even at a literal table
    _, record = apply_outcome(charge, 0, "hound", OutcomeKind.INJURY, 2, options=literal)
    assert record.outcome.armor_reduction == 2


def test_a_fatal_injury_incapacitates() -> None:
    fight = fight_to_outcomes(ATTACKS, {"mara": 7, "hound": 1})
    fight, record = apply_outcome(fight, 0, "mara", OutcomeKind.INJURY, 4, "throat")
    assert record.side is Side.PLAYER and record.incapacitated
    assert record.explain() == (
        "Player action: Mara → Hound, victory level 6: level 4 injury (throat): "
        "level 4, fatal: incapacitated; Hound is incapacitated"
    )
    assert not fight.combatant("hound").active
    following, _ = end_round(fight)
    assert following.round == 2 and following.phase is Phase.DECLARE
    assert following.engaged == ()


def test_refusals_of_the_outcome_step() -> None:
    fight = _hound_wins_by(3)
    with pytest.raises(RulesError, match="Only the winner of that exchange applies an outcome"):
        apply_outcome(fight, 0, "mara", OutcomeKind.INJURY, 1)
    with pytest.raises(RulesError, match="Only the loser of that exchange may set STR"):
        use_strength(fight, 0, "hound")
    with pytest.raises(RulesError, match="no such exchange"):
        apply_outcome(fight, 1, "hound", OutcomeKind.INJURY, 1)
    with pytest.raises(RulesError, match="injury of level 1 to 3, not 4"):
        apply_outcome(fight, 0, "hound", OutcomeKind.INJURY, 4)
    with pytest.raises(RulesError, match="has no level"):
        apply_outcome(fight, 0, "hound", OutcomeKind.TRIP, 2)
    done, _ = apply_outcome(fight, 0, "hound", OutcomeKind.TRIP)
    with pytest.raises(RulesError, match="already has its outcome"):
        apply_outcome(done, 0, "hound", OutcomeKind.STAGGER)
    with pytest.raises(RulesError, match="STR comes before it"):
        use_strength(done, 0, "mara")
    with pytest.raises(RulesError, match="belongs to the outcomes step"):
        use_strength(end_round(done)[0], 0, "mara")


def test_strength_once_per_encounter_and_to_zero() -> None:
    fight = _hound_wins_by(1)
    fight, record = use_strength(fight, 0, "mara")
    assert record.after == 0 and fight.exchanges[0].final_victory == 0
    with pytest.raises(RulesError, match="brought the victory level to 0"):
        apply_outcome(fight, 0, "hound", OutcomeKind.STAGGER)
    fight = _hound_wins_by(2, end_round(fight)[0])
    with pytest.raises(RulesError, match="already used STR against a victory in this encounter"):
        use_strength(fight, 0, "mara")
    weak = _hound_wins_by(2, duel(mara(strength=0)))
    with pytest.raises(RulesError, match="no STR"):
        use_strength(weak, 0, "mara")
    tie = fight_to_outcomes(ATTACKS, {"mara": 3, "hound": 3})
    with pytest.raises(RulesError, match="no victory to lower"):
        use_strength(tie, 0, "mara")
    with pytest.raises(RulesError, match="a tie: no outcome"):
        apply_outcome(tie, 0, "mara", OutcomeKind.STAGGER)


def test_a_defending_winner_applies_nothing() -> None:
    fight = fight_to_outcomes(
        {"mara": (Action.ATTACK, "hound"), "hound": (Action.DEFEND, "")}, {"mara": 1, "hound": 6}
    )
    with pytest.raises(RulesError, match="was defending and scores no victory"):
        apply_outcome(fight, 0, "hound", OutcomeKind.TRIP)


def test_manoeuvre_levels_from_the_options() -> None:
    fight = _hound_wins_by(1)
    with pytest.raises(RulesError, match="A trip needs victory level 2; this one is 1"):
        apply_outcome(fight, 0, "hound", OutcomeKind.TRIP)
    easy = DicePoolOptions(trip_level=1)
    tripped, _ = apply_outcome(fight, 0, "hound", OutcomeKind.TRIP, options=easy)
    assert tripped.combatant("mara").prone
    staggered, _ = apply_outcome(fight, 0, "hound", OutcomeKind.STAGGER)
    following, _ = end_round(staggered)
    assert following.combatant("mara").staggered
    assert not end_round(_hound_wins_by(0, following))[0].combatant("mara").staggered


def test_disarm_makes_the_offhand_primary_until_the_weapon_is_readied() -> None:
    card = mara(
        weapons=(Weapon("Sword", 1, "Blades"), Weapon("Dagger", 1, "Blades")),
        proficiencies=(("Blades", 2),),
    )
    fight = start_encounter(
        [combatant(card, Side.PLAYER, ("Sword", "Dagger")), combatant(hound(), Side.MONSTER)]
    )
    fight = _hound_wins_by(2, fight)
    fight, _ = apply_outcome(fight, 0, "hound", OutcomeKind.DISARM)
    mara_now = fight.combatant("mara")
    assert mara_now.wielding == ("Dagger",) and mara_now.dropped == ("Sword",)
    assert mara_now.offhand is None
    fight = fight_to_outcomes(
        {"mara": (Action.READY, "Sword"), "hound": (Action.MOVE, "")},
        {"mara": 0, "hound": 0}, end_round(fight)[0],
    )  # fmt: skip
    fight, record = end_round(fight)
    assert fight.combatant("mara").wielding == ("Sword", "Dagger")
    assert fight.combatant("mara").dropped == ()
    assert record.readied == ("Mara (Sword)",)


def test_standing_up_clears_prone_unless_tripped_again() -> None:
    down = prone(duel(), "mara")
    stands = fight_to_outcomes(
        {"mara": (Action.STAND_UP, ""), "hound": (Action.ATTACK, "mara")},
        {"mara": 1, "hound": 1}, down,
    )  # fmt: skip
    after, record = end_round(stands)
    assert not after.combatant("mara").prone and record.stood_up == ("Mara",)
    again = fight_to_outcomes(
        {"mara": (Action.STAND_UP, ""), "hound": (Action.ATTACK, "mara")},
        {"mara": 0, "hound": 3}, down,
    )  # fmt: skip
    with pytest.raises(RulesError, match="already lying down"):
        apply_outcome(again, 0, "hound", OutcomeKind.TRIP)
    still = dataclasses.replace(
        again, combatants=tuple(dataclasses.replace(c, prone=False) for c in again.combatants)
    )
    still, _ = apply_outcome(still, 0, "hound", OutcomeKind.TRIP)
    assert end_round(still)[0].combatant("mara").prone


def test_close_combat_starts_with_an_attack_and_ends_with_flight() -> None:
    fight, _ = end_round(fight_to_outcomes(ATTACKS, {"mara": 2, "hound": 2}))
    assert fight.engaged == (("hound", "mara"),)
    flee = {"mara": (Action.FLEE, ""), "hound": (Action.DEFEND, "")}
    fight = fight_to_outcomes(flee, {"mara": 2, "hound": 2}, fight)
    assert fight.rolls[-1].locked or fight.rolls[0].locked  # engaged: still threatened
    fight, record = end_round(fight)
    assert fight.engaged == () and record.disengaged == ("Mara",)


def test_a_fighter_taken_down_still_applies_the_exchange_they_won() -> None:
    wolf = hound(id="wolf", name="Wolf", reflexes=1)
    fight = start_encounter(
        [combatant(mara(armor=None), Side.PLAYER), combatant(hound(), Side.MONSTER),
         combatant(wolf, Side.MONSTER)]
    )  # fmt: skip
    fight = fight_to_outcomes(
        {**ATTACKS, "hound": (Action.MOVE, ""), "wolf": (Action.ATTACK, "mara")},
        {"mara": 4, "hound": 1, "wolf": 8}, fight,
    )  # fmt: skip
    pairs = [(e.attacker_id, e.winner_id) for e in fight.exchanges]
    assert pairs == [("mara", "mara"), ("wolf", "wolf")]
    fight, record = apply_outcome(fight, 1, "wolf", OutcomeKind.INJURY, 4)
    assert record.incapacitated
    fight, record = apply_outcome(fight, 0, "mara", OutcomeKind.INJURY, 3)
    assert record.side is Side.PLAYER and fight.combatant("hound").card.injuries[0].level == 3
    following, _ = end_round(fight)
    assert "mara" not in [c.id for c in following.combatants if c.active]
