from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.hexgrid import Hex, Layout, Orientation
from saga_desktop.rules.songs import (
    HEX_MILES,
    DropRecord,
    RegionMood,
    SongsOptions,
    TravelMode,
    drop_d20,
    estimate_travel,
    reveal_region_risk,
    step_risk,
    travel_days,
)

from .helpers import small_table

RNG = random.Random(0)


@pytest.mark.parametrize(
    ("code", "rating", "mood"),
    [
        ("5H", 1, RegionMood.SERENITY),
        ("5D", 2, RegionMood.TWIST),
        ("5C", 2, RegionMood.THREAT),
        ("5S", 3, RegionMood.DANGER),
    ],
)
def test_region_risk_by_suit(code: str, rating: int, mood: RegionMood) -> None:
    record = reveal_region_risk(small_table(code), RNG)
    assert (record.rating, record.mood) == (rating, mood)
    assert record.explain().startswith(
        f"Region risk: 5{record.reveal.cards[0].suit.symbol}, {rating} with "
    )


def test_risk_steps_within_bounds() -> None:
    assert step_risk(2, 1).after == 3
    assert step_risk(2, -5).after == 0
    assert step_risk(5, 1).after == 5 and "at its limit" in step_risk(5, 1).explain()
    assert step_risk(2, 1).explain() == "Risk stepped up: 2 → 3"
    narrow = SongsOptions(risk_min=1, risk_max=3)
    assert step_risk(3, 2, narrow).after == 3
    assert reveal_region_risk(small_table("5S"), RNG, SongsOptions(risk_max=2)).rating == 2
    with pytest.raises(RulesError):
        step_risk(2, 0)
    with pytest.raises(RulesError):
        step_risk(9, 1)


def test_hexes_and_travel() -> None:
    assert HEX_MILES == 6
    modes = {TravelMode.FOOT: 1, TravelMode.MOUNTED: 2, TravelMode.ROWING: 3, TravelMode.SAILING: 4}
    for mode, speed in modes.items():
        assert mode.hexes_per_day == speed
        assert travel_days(speed, mode) == 1
        assert travel_days(speed + 1, mode) == 2
        assert travel_days(0, mode) == 0
    estimate = estimate_travel(Hex(0, 0), Hex(3, -1), TravelMode.ROWING)
    assert (estimate.hexes, estimate.days, estimate.miles, estimate.kilometres) == (3, 1, 18, 30)
    assert (
        estimate.explain() == "(0, 0) → (3, -1): 3 hexes (18 miles), 1 day by longship under oars"
    )
    with pytest.raises(RulesError):
        travel_days(-1, TravelMode.FOOT)


@given(st.integers(0, 2**32), st.sampled_from(list(Orientation)))
def test_d20_drop_lands_on_the_sheet(seed: int, orientation: Orientation) -> None:
    layout = Layout(orientation, 10.0)
    record = drop_d20(random.Random(seed), layout, 0, 0, 200, 150)
    assert 0 <= record.x <= 200 and 0 <= record.y <= 150
    assert record.hex == layout.to_hex(record.x, record.y)
    assert 1 <= record.face <= 20
    assert DropRecord.from_data(record.to_data()) == record


def test_d20_drop_retries_off_sheet_hexes() -> None:
    layout = Layout(Orientation.POINTY, 10.0)
    allowed = {Hex(3, 2)}
    record = drop_d20(random.Random(4), layout, 0, 0, 100, 100, allowed)
    assert record.hex == Hex(3, 2) and record.attempts >= 1
    with pytest.raises(RulesError):
        drop_d20(RNG, layout, 0, 0, 0, 100)
    with pytest.raises(RulesError):
        drop_d20(RNG, layout, 0, 0, 100, 100, set())
    with pytest.raises(RulesError, match="keeps missing"):
        drop_d20(RNG, layout, 0, 0, 10, 10, {Hex(50, 50)})
