from __future__ import annotations

import json
import random

import pytest

from saga_desktop.rules.dicepool import (
    CHALLENGE_LEVELS,
    AssistRequest,
    AssistResult,
    Attribute,
    CheckRequest,
    CheckResult,
    TraitKind,
    describe_cl,
    roll_assist,
    roll_check,
)
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Adjustment

from .helpers import bren, mara

SURVIVAL = CheckRequest(Attribute.INT, "Survival", cl=3)


def test_challenge_levels_have_words() -> None:
    assert sorted(CHALLENGE_LEVELS) == list(range(1, 9))
    assert describe_cl(1) == "CL 1 (trivial)"
    assert describe_cl(8) == "CL 8 (nearly impossible)"
    for bad in (0, 9):
        with pytest.raises(RulesError, match="runs from 1 to 8"):
            describe_cl(bad)


def test_check_pool_is_base_attribute_and_skill() -> None:
    result = roll_check(SURVIVAL, mara(), faces=(6, 5, 4, 4, 1, 2, 3))
    assert result.pool.size == 3 + 2 + 2
    assert result.roll.wins == result.wins == 4
    assert result.success and result.degrees == 1
    assert "4 final wins: success, 1 degree" in result.explain()


def test_a_check_short_of_the_cl_fails() -> None:
    result = roll_check(SURVIVAL, mara(), faces=(6, 5, 1, 1, 1, 2, 3))
    assert not result.success and result.degrees == 0
    assert result.explain().endswith("2 final wins: failure")


def test_modifiers_and_the_one_die_floor() -> None:
    request = CheckRequest(Attribute.STR, "", cl=1, modifiers=(Adjustment(-9, "chained"),))
    result = roll_check(request, mara(), faces=(4,))
    assert result.pool.size == 1 and result.success
    with pytest.raises(RulesError, match="needs a reason"):
        roll_check(CheckRequest(Attribute.STR, modifiers=(Adjustment(1, " "),)), mara(), faces=(1,))


def test_vocation_rolled_directly_and_missing_traits() -> None:
    herb = CheckRequest(Attribute.INT, "Herbalist", TraitKind.VOCATION, cl=2)
    assert roll_check(herb, mara(), random.Random(2)).pool.size == 3 + 2 + 2
    with pytest.raises(RulesError, match="no vocation called 'Sailor'"):
        roll_check(CheckRequest(Attribute.INT, "Sailor", TraitKind.VOCATION), mara(), faces=())
    magic = CheckRequest(Attribute.INT, "Fire Magic", TraitKind.PROFICIENCY)
    with pytest.raises(RulesError, match="no proficiency called 'Fire Magic'"):
        roll_check(magic, mara(), random.Random(1))
    fire = mara(proficiencies=(("Fire Magic", 2),))
    assert roll_check(magic, fire, random.Random(1)).pool.size == 3 + 2 + 2


def test_a_failed_assist_takes_wins_away() -> None:
    help_ = roll_assist(AssistRequest(bren(), Attribute.INT, "Herbalist", TraitKind.VOCATION),
                        faces=(5, 1, 1, 2, 3, 1, 1))  # fmt: skip
    assert help_.pool.size == 3 + 1 + 3
    assert not help_.success and help_.effect == -2
    assert "failed, 2 wins taken away" in help_.explain()
    result = roll_check(SURVIVAL, mara(), faces=(6, 5, 4, 4, 1, 2, 3), assists=(help_,))
    assert result.roll.wins == 4 and result.wins == 2
    assert not result.success
    assert "failed, 2 wins taken away" in result.explain()


def test_a_successful_assist_adds_the_wins_above_three() -> None:
    help_ = roll_assist(AssistRequest(bren(), Attribute.INT, "Survival"), faces=(6, 6, 6, 6, 6))
    assert help_.success and help_.effect == 2
    assert "success, 2 wins added" in help_.explain()
    exact = roll_assist(AssistRequest(bren(), Attribute.INT, "Survival"), faces=(6, 6, 6, 1, 1))
    assert exact.success and exact.effect == 0
    result = roll_check(SURVIVAL, mara(), faces=(6, 5, 1, 1, 1, 2, 3), assists=(help_,))
    assert result.wins == 4 and result.success and result.degrees == 1


def test_final_wins_never_drop_below_zero() -> None:
    help_ = roll_assist(AssistRequest(bren(), Attribute.INT, "Survival"), faces=(1,) * 5)
    result = roll_check(SURVIVAL, mara(), faces=(4, 1, 1, 1, 1, 1, 1), assists=(help_,))
    assert help_.effect == -3 and result.wins == 0


def test_assist_refusals() -> None:
    with pytest.raises(RulesError, match="names the skill or vocation"):
        roll_assist(AssistRequest(bren(), Attribute.INT, " "), faces=())
    with pytest.raises(RulesError, match="skill or a vocation"):
        roll_assist(AssistRequest(bren(), Attribute.STR, "Spears", TraitKind.PROFICIENCY))
    own = roll_assist(AssistRequest(mara(), Attribute.INT, "Survival"), random.Random(1))
    with pytest.raises(RulesError, match="cannot assist their own roll"):
        roll_check(SURVIVAL, mara(), random.Random(1), assists=(own,))
    other = roll_assist(AssistRequest(bren(), Attribute.INT, "Survival"), random.Random(1))
    with pytest.raises(RulesError, match="assists a roll once"):
        roll_check(SURVIVAL, mara(), random.Random(1), assists=(other, other))
    with pytest.raises(RulesError, match="runs from 1 to 8"):
        roll_check(CheckRequest(Attribute.INT, cl=9), mara(), random.Random(1))


def test_results_round_trip() -> None:
    help_ = roll_assist(AssistRequest(bren(), Attribute.INT, "Survival"), random.Random(4))
    result = roll_check(SURVIVAL, mara(), random.Random(5), assists=(help_,))
    data = json.loads(json.dumps(result.to_data()))
    assert data["type"] == "CheckResult" and "explain" not in data
    assert CheckResult.from_data(data) == result
    assert AssistResult.from_data(help_.to_data()) == help_
    assert CheckRequest.from_data(SURVIVAL.to_data()) == SURVIVAL
