from __future__ import annotations

import json
import random

import pytest

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.resonance import (
    DEFAULT_OPTIONS,
    CharacterDeck,
    CheckRequest,
    EmptyDeck,
    ResonanceCharacter,
    ResonanceOptions,
    RestRecord,
    Stat,
    TieBreak,
    check_stats,
    create_character,
    draw_check,
    play_check,
    rest,
)

from .helpers import person

STATS = {Stat.HEART: 2, Stat.BODY: 4, Stat.MIND: 3, Stat.SPIRIT: 3}


def test_create_character() -> None:
    kael = create_character("kael", " Kael ", STATS, random.Random(1))
    assert kael.name == "Kael" and kael.stats == STATS
    assert len(kael.cards.deck) == 52 and not kael.cards.fatigue
    again = create_character("kael", "Kael", STATS, random.Random(1))
    assert again.cards.deck == kael.cards.deck  # the generator decides the order


@pytest.mark.parametrize(
    ("stats", "message"),
    [
        ({**STATS, Stat.BODY: 5}, "add up to 12 points \\(these add up to 13\\)"),
        ({**STATS, Stat.HEART: 0, Stat.BODY: 6}, "Heart must lie between 1 and 5"),
        ({Stat.HEART: 4, Stat.BODY: 4, Stat.MIND: 4}, "each of Heart, Body, Mind and Spirit"),
    ],
)
def test_bad_stats(stats: dict[Stat, int], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        check_stats(stats)
    with pytest.raises(RulesError):
        create_character("x", "X", stats, random.Random(1))


def test_point_budget_option() -> None:
    check_stats({s: 5 for s in Stat}, ResonanceOptions(creation_points=20))
    with pytest.raises(RulesError, match="between 4 and 20"):
        ResonanceOptions(creation_points=21)


def test_rest_returns_fatigue() -> None:
    kael = person("Kael", body=3, top="5C 9D QS")
    pending = draw_check(CheckRequest(Stat.BODY, 9), kael, random.Random(1))
    play_check(pending, kael, pending.draw.cards[1])
    record = rest(kael, random.Random(2))
    assert (record.recovered, record.deck) == (1, 52) and not kael.cards.fatigue
    assert record.explain() == "Kael rests: 1 fatigue cards shuffled back (deck 52)"
    assert RestRecord.from_data(record.to_data()) == record


def test_no_rest_with_cards_waiting() -> None:
    kael = person("Kael", body=3, fatigue="2S")
    draw_check(CheckRequest(Stat.BODY, 9), kael, random.Random(1))
    before = kael.to_data()
    with pytest.raises(RulesError, match="play one of them first"):
        rest(kael, random.Random(2))
    assert kael.to_data() == before


def test_character_round_trip_and_bad_data() -> None:
    kael = person("Kael", body=3, top="5C 9D QS", fatigue="2S 3S")
    draw_check(CheckRequest(Stat.BODY, 9), kael, random.Random(1))
    data = json.loads(json.dumps(kael.to_data()))
    assert ResonanceCharacter.from_data(data) == kael
    broken = json.loads(json.dumps(data))
    broken["cards"]["fatigue"].append("5C")
    with pytest.raises(RulesError, match="twice: 5♣"):
        ResonanceCharacter.from_data(broken)
    broken = json.loads(json.dumps(data))
    broken["cards"]["deck"].pop()
    with pytest.raises(RulesError, match="missing"):
        ResonanceCharacter.from_data(broken)
    for key, value in (("stats", {"luck": 3}), ("stats", []), ("id", 3)):
        with pytest.raises(RulesError):
            ResonanceCharacter.from_data({**data, key: value})
    with pytest.raises(RulesError, match="revision"):
        CharacterDeck.from_data({**data["cards"], "revision": -1})
    with pytest.raises(RulesError, match="list of card codes"):
        CharacterDeck.from_data({"deck": "AS"})


def test_options_round_trip_and_checks() -> None:
    options = ResonanceOptions(
        stat_one_draws_one=True, empty_deck=EmptyDeck.RESHUFFLE, tie_break=TieBreak.STANDOFF
    )
    assert ResonanceOptions.from_data(json.loads(json.dumps(options.to_data()))) == options
    assert ResonanceOptions.from_data({}) == DEFAULT_OPTIONS
    assert DEFAULT_OPTIONS.empty_deck is EmptyDeck.SHORT
    with pytest.raises(RulesError):
        ResonanceOptions.from_data({"empty_deck": "sometimes"})
    with pytest.raises(RulesError):
        ResonanceOptions(bare_success_progress=4)
    assert options.replace(creation_points=10).creation_points == 10
    assert [DEFAULT_OPTIONS.draw_count(v) for v in range(1, 6)] == [2, 2, 3, 4, 5]
    assert [options.draw_count(v) for v in range(1, 6)] == [1, 2, 3, 4, 5]
