from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from saga_desktop.rules.dicepool import (
    DEFAULT_OPTIONS,
    RULINGS,
    ArmorPenalty,
    ArmorSoak,
    DicePoolOptions,
    OffhandBonus,
)
from saga_desktop.rules.errors import RulesError

HELP = Path(__file__).parents[3] / "resources" / "help" / "dice-pool" / "rules.md"


def test_defaults() -> None:
    o = DEFAULT_OPTIONS
    assert (o.attribute_max, o.skill_max) == (4, 4)
    assert (o.creation_attribute_points, o.creation_trait_points) == (6, 10)
    assert o.armor_penalty is ArmorPenalty.HALF and o.armor_soak is ArmorSoak.PER_ENCOUNTER
    assert not o.armor_in_close_combat and o.offhand_bonus is OffhandBonus.WEAPON
    assert (o.stagger_level, o.trip_level, o.disarm_level) == (1, 2, 2)


def test_armor_penalties() -> None:
    assert [ArmorPenalty.HALF.dice(n) for n in range(6)] == [0, 0, 1, 1, 2, 2]
    assert ArmorPenalty.FULL.dice(3) == 3 and ArmorPenalty.NONE.dice(5) == 0


def test_data_round_trip() -> None:
    options = DicePoolOptions(armor_soak=ArmorSoak.PER_INJURY, trip_level=3)
    data = json.loads(json.dumps(options.to_data()))
    assert data["armor_soak"] == "per-injury"
    assert DicePoolOptions.from_data(data) == options
    assert DicePoolOptions.from_data({}) == DEFAULT_OPTIONS
    assert DicePoolOptions.from_data({"unknown": 1}) == DEFAULT_OPTIONS
    assert options.replace(armor_soak=ArmorSoak.PER_ENCOUNTER, trip_level=2) == DEFAULT_OPTIONS


@pytest.mark.parametrize(
    "bad",
    [{"attribute_max": 0}, {"skill_max": 11}, {"creation_trait_points": -1},
     {"creation_attribute_points": 13}, {"trip_level": 0}, {"disarm_level": 5}],
)  # fmt: skip
def test_bad_options(bad: dict[str, int]) -> None:
    with pytest.raises(RulesError):
        DicePoolOptions(**bad)  # type: ignore[arg-type]


def test_bad_option_data() -> None:
    with pytest.raises(RulesError, match="armor_penalty"):
        DicePoolOptions.from_data({"armor_penalty": "heavy"})


def test_every_ruling_names_real_options_and_every_option_has_a_ruling() -> None:
    fields = {f.name for f in dataclasses.fields(DicePoolOptions)}
    named = {n.strip() for r in RULINGS.values() if r.option for n in r.option.split(",")}
    assert named == fields
    for topic, ruling in RULINGS.items():
        assert topic == ruling.topic and ruling.answer.endswith(".")


def test_the_help_page_shows_the_rulings_table() -> None:
    text = HELP.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    topics = [row.split("|")[1].strip().strip("*") for row in rows[1:]]
    assert topics == list(RULINGS)
    for row, ruling in zip(rows[1:], RULINGS.values(), strict=True):
        for name in filter(None, (n.strip() for n in ruling.option.split(","))):
            assert f"`{name}`" in row
