"""Each game says how its map is charted, and charting keeps its word."""

from __future__ import annotations

import random

import pytest

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Charting, Ruleset
from saga_desktop.model.session import Session


def test_a_game_without_map_rules_has_a_plain_map() -> None:
    assert Ruleset.charting == Charting(start_drop=False, risk=False, reveal=False)


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        ("songs-and-sagas", Charting(start_drop=True, risk=True, reveal=True, tables=True)),
        ("resonance", Charting()),
        ("dice-pool", Charting()),
    ],
)
def test_each_game_charts_its_own_way(game: str, expected: Charting) -> None:
    ruleset = find_ruleset(game)
    assert ruleset.charting == expected
    session = Session(new_campaign("Charting", ruleset=game, rng=random.Random(2)))
    result = session.apply(ChartRegion(0, 0, title="Harbour"))
    assert (result.card is not None) is expected.reveal, "a card is revealed only where promised"
