from __future__ import annotations

import json

import pytest

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import DEFAULT_OPTIONS, SongsOptions


def test_defaults() -> None:
    o = DEFAULT_OPTIONS
    assert o.hold_revealed and o.burns_after_roll and o.blessing_raises_resilience
    assert not o.natural_20_succeeds and not o.natural_1_fails
    assert (o.conjure_dr_reduction, o.defence_natural_20_dr_reduction) == (2, 2)
    assert (o.attribute_redraws, o.resilience_rerolls, o.risk_min, o.risk_max) == (2, 1, 0, 5)


def test_data_round_trip() -> None:
    options = SongsOptions(hold_revealed=False, conjure_dr_reduction=3)
    data = json.loads(json.dumps(options.to_data()))
    assert SongsOptions.from_data(data) == options
    assert SongsOptions.from_data({}) == DEFAULT_OPTIONS
    assert SongsOptions.from_data({"unknown": 1}) == DEFAULT_OPTIONS
    assert options.replace(conjure_dr_reduction=2, hold_revealed=True) == DEFAULT_OPTIONS


@pytest.mark.parametrize(
    "bad",
    [
        {"conjure_dr_reduction": -1},
        {"attribute_redraws": 5},
        {"risk_min": 3, "risk_max": 2},
        {"risk_max": 30},
    ],
)
def test_bad_options(bad: dict[str, int]) -> None:
    with pytest.raises(RulesError):
        SongsOptions(**bad)  # type: ignore[arg-type]


def test_bad_option_data() -> None:
    with pytest.raises(RulesError, match="hold_revealed"):
        SongsOptions.from_data({"hold_revealed": "yes"})
