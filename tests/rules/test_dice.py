from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga_desktop.rules.dice import (
    ARMOR_DICE,
    DAMAGE_DICE,
    LADDER,
    Die,
    step,
    step_damage,
    step_down,
    step_up,
)
from saga_desktop.rules.errors import RulesError


@given(st.sampled_from(list(Die)), st.integers(0, 2**32))
def test_rolls_stay_in_range(die: Die, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(20):
        assert 1 <= die.roll(rng) <= int(die)


def test_every_face_comes_up() -> None:
    rng = random.Random(5)
    assert {Die.D4.roll(rng) for _ in range(200)} == {1, 2, 3, 4}


@given(st.sampled_from(DAMAGE_DICE), st.integers(-10, 10))
def test_damage_steps_stay_within_d4_d12(die: Die, steps: int) -> None:
    result = step_damage(die, steps)
    assert Die.D4 <= result <= Die.D12
    if steps > 0:
        assert result >= die
    if steps < 0:
        assert result <= die


@given(st.sampled_from(LADDER), st.integers(0, 10))
def test_step_up_and_down_bounds(die: Die, steps: int) -> None:
    assert step_up(die, steps) >= die
    assert step_up(die, steps) <= Die.D20
    down = step_down(die, steps)
    if down is not None:
        assert down <= die
    else:
        assert LADDER.index(die) < steps


def test_step_examples() -> None:
    assert step_up(Die.D6) is Die.D8
    assert step_down(Die.D6) is Die.D4
    assert step_down(Die.D4) is None
    assert step_up(Die.D12, 1, DAMAGE_DICE) is Die.D12
    assert step_damage(Die.D4, -2) is Die.D4
    assert step_damage(Die.D12, 1) is Die.D12
    assert step_damage(Die.D20, 0) is Die.D12
    assert step(Die.D6, -1, ARMOR_DICE) is Die.D4
    assert step(Die.D4, -1, ARMOR_DICE) is None


def test_step_refuses_dice_off_the_ladder() -> None:
    with pytest.raises(RulesError):
        step(Die.D8, 1, ARMOR_DICE)


@pytest.mark.parametrize(
    ("text", "die"), [("d8", Die.D8), ("D12", Die.D12), ("4", Die.D4), (20, Die.D20)]
)
def test_parse(text: str | int, die: Die) -> None:
    assert Die.parse(text) is die
    assert str(die) == die.label


@pytest.mark.parametrize("bad", ["d7", "x", "", "d100"])
def test_parse_refuses(bad: str) -> None:
    with pytest.raises(RulesError):
        Die.parse(bad)
