"""Resonance's exact odds are fast enough to update live: each call well under 2 ms.

Run with ``pytest -m bench -s tests/benchmarks/test_resonance_odds_bench.py``. Prints the time per
call of each kind of odds on several deck states, and its ratio to simulating the same check
1,000 times in the same run (what an approximate answer would cost), so a slow machine cannot
fake the result.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from saga_desktop.rules.resonance import (
    CheckRequest,
    EmptyDeck,
    ExtendedChallenge,
    ResonanceCharacter,
    ResonanceOptions,
    Side,
    Stat,
    TieBreak,
    check_odds,
    create_character,
    draw_check,
    extended_odds,
    group_odds,
    opposed_odds,
    play_check,
    play_options,
    start_extended,
)

pytestmark = pytest.mark.bench

LIMIT = 0.002  # seconds per call


def per_call(fn: Callable[[], object], repeat: int = 200) -> float:
    fn()  # warm up
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def _party(deck_left: int, seed: int = 1) -> list[ResonanceCharacter]:
    """Four characters whose decks were played down to ``deck_left`` cards."""
    rng = random.Random(seed)
    stats = [(5, 3, 2, 2), (2, 5, 3, 2), (3, 3, 3, 3), (2, 2, 3, 5)]
    party = []
    for i, (h, b, m, s) in enumerate(stats):
        values = {Stat.HEART: h, Stat.BODY: b, Stat.MIND: m, Stat.SPIRIT: s}
        character = create_character(f"c{i}", f"C{i}", values, rng)
        while len(character.cards.deck) > deck_left:
            pending = draw_check(CheckRequest(Stat.HEART, 4), character, rng)
            play_check(pending, character, pending.draw.cards[0])
        party.append(character)
    return party


SCENARIOS = {
    "fresh decks": (52, EmptyDeck.SHORT),
    "mid decks": (30, EmptyDeck.SHORT),
    "nearly spent, reshuffle": (3, EmptyDeck.RESHUFFLE),
    "nearly spent, draw what is left": (2, EmptyDeck.SHORT),
}


@pytest.mark.parametrize("label", list(SCENARIOS))
def test_odds_under_two_milliseconds(label: str) -> None:
    left, mode = SCENARIOS[label]
    party = _party(left)
    options = ResonanceOptions(empty_deck=mode, tie_break=TieBreak.HIGHER_CARD)
    hero, rival = party[0], party[1]
    request = CheckRequest(Stat.HEART, 13)
    mine = start_extended(ExtendedChallenge("Mine", Stat.BODY, 9, 15, 4))
    calls: dict[str, Callable[[], object]] = {
        "check": lambda: check_odds(request, hero, options),
        "opposed": lambda: opposed_odds(hero, Stat.HEART, rival, Stat.BODY, options=options),
        "defended": lambda: opposed_odds(
            hero, Stat.HEART, rival, Stat.BODY, defender=Side.SECOND, options=options
        ),
        "group of 4": lambda: group_odds(request, party, options),
        "extended": lambda: extended_odds(mine, party, options),
    }
    drawn = hero.copy()
    pending = draw_check(request, drawn, random.Random(3), options)
    calls["after draw"] = lambda: play_options(pending, drawn)
    rng = random.Random(0)

    def simulate() -> None:
        for _ in range(1000):
            copy = hero.copy()
            rng.shuffle(copy.cards.deck)
            draw_check(request, copy, rng, options)

    simulated = per_call(simulate, repeat=1)
    timings = {name: per_call(fn) for name, fn in calls.items()}
    print()
    for name, t in timings.items():
        print(
            f"{label:32} {name:11} {t * 1e6:7.1f} µs/call  "
            f"(1,000 simulated checks take {simulated / t:5.0f}x as long)"
        )
    assert max(timings.values()) < LIMIT
