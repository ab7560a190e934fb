from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga_desktop.rules.dicepool import DiceRoll, Pool, count_wins, make_pool, roll_pool
from saga_desktop.rules.dicepool.pool import POOL_LIMIT
from saga_desktop.rules.errors import RulesError


def test_a_pool_cut_below_one_die_rolls_one() -> None:
    pool = make_pool((3, "base"), (1, "STR"), (-4, "prone"), (-1, "staggered"))
    assert pool.total == -1 and pool.size == 1
    assert pool.explain() == "3 base + 1 STR - 4 prone - 1 staggered = 1D6 (at least 1D6)"
    roll = roll_pool(pool, random.Random(1))
    assert len(roll.faces) == 1
    assert roll_pool(pool, faces=[5]).wins == 1


def test_wins_are_fours_and_up() -> None:
    assert count_wins([1, 2, 3]) == 0
    assert count_wins([4, 5, 6, 3]) == 3
    assert DiceRoll((6, 4, 2, 1, 5)).explain() == "[6 4 2 1 5] 3 wins"
    assert DiceRoll((4,)).explain() == "[4] 1 win"


@pytest.mark.parametrize(
    ("faces", "message"),
    [((6, 6), "faces of 3 dice, not 2"), ((6, 6, 7), "not 7"), ((6, 0, 1), "not 0"),
     ((6, True, 1), "not True"), ((6, 2.0, 1), "not 2.0")],
)  # fmt: skip
def test_physical_faces_are_checked(faces: tuple[object, ...], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        roll_pool(make_pool((3, "base")), faces=faces)  # type: ignore[arg-type]


def test_one_source_of_dice() -> None:
    pool = make_pool((3, "base"))
    with pytest.raises(RulesError, match="one of the two"):
        roll_pool(pool)
    with pytest.raises(RulesError, match="one of the two"):
        roll_pool(pool, random.Random(1), faces=(1, 2, 3))
    with pytest.raises(RulesError, match="at most 60"):
        make_pool((3, "base"), (99, "silly"))


@given(
    # Pools past the limit are refused (tested above); six terms of 12 would be 72 dice.
    st.lists(st.integers(-8, 12), max_size=6).filter(lambda t: sum(t) <= POOL_LIMIT),
    st.integers(0, 2**32),
)
def test_rolls_stay_in_range(terms: list[int], seed: int) -> None:
    pool = make_pool(*((n, f"t{i}") for i, n in enumerate(terms)))
    roll = roll_pool(pool, random.Random(seed))
    assert len(roll.faces) == pool.size == max(1, sum(terms))
    assert all(1 <= f <= 6 for f in roll.faces)
    assert roll.wins == sum(1 for f in roll.faces if f >= 4)
    assert DiceRoll.from_data(roll.to_data()) == roll
    assert Pool.from_data(pool.to_data()) == pool
