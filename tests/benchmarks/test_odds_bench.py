"""Exact odds are fast enough to update live: each call well under 2 ms.

Run with ``pytest -m bench -s tests/benchmarks/test_odds_bench.py``. Prints the time per call of
each kind of odds on several tables, and its ratio to simulating the same roll 1,000 times in
the same run (what an approximate answer would cost), so a slow machine cannot fake the result.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from saga_desktop.rules.dice import Die
from saga_desktop.rules.records import Adjustment
from saga_desktop.rules.songs import (
    VANORI,
    Attribute,
    Enemy,
    SongsCharacter,
    SongsOptions,
    TrialRequest,
    add_weapon,
    aid_an_ally,
    attack_odds,
    begin_trial,
    call_the_gods,
    conjure_vanori,
    defence_odds,
    next_card_odds,
    oracle_odds,
    trial_odds,
)
from saga_desktop.rules.songs.deck import TableDeck

pytestmark = pytest.mark.bench

LIMIT = 0.002  # seconds per call


def per_call(fn: Callable[[], object], repeat: int = 300) -> float:
    fn()  # warm up
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def _table(pile: int, hands: int, seed: int = 1) -> TableDeck:
    rng = random.Random(seed)
    deck = TableDeck.new(rng, ["hero", "ally"])
    for i in range(hands):
        deck.hands["hero" if i % 2 else "ally"].append(deck.draw_pile.pop())
    while len(deck.draw_pile) > pile:
        deck.discard.append(deck.draw_pile.pop())
    return deck


def _party(deck: TableDeck) -> tuple[SongsCharacter, SongsCharacter]:
    hero = SongsCharacter("hero", "Hero", vanori=VANORI["bear"])
    hero.attributes[Attribute.STRENGTH] = 2
    hero.max_resilience = hero.resilience = 9
    add_weapon(hero, "Axe", Die.D8)
    ally = SongsCharacter("ally", "Ally", vanori=VANORI["elk"])
    return hero, ally


SCENARIOS = {
    "fresh deck, risk 2": (52, 0, True, 2),
    "mid deck, risk 3": (30, 6, True, 3),
    "reshuffle mid-reveal, risk 5": (2, 10, True, 5),
    "loose cards cycling, risk 5": (1, 40, False, 5),
}


@pytest.mark.parametrize("label", list(SCENARIOS))
def test_odds_under_two_milliseconds(label: str) -> None:
    pile, hands, hold, risk = SCENARIOS[label]
    deck = _table(pile, hands)
    hero, ally = _party(deck)
    options = SongsOptions(hold_revealed=hold)
    burns = (
        call_the_gods(hero, deck.hands["hero"][0]),
        aid_an_ally(ally, deck.hands["ally"][0]),
        conjure_vanori(hero, deck.hands["hero"][1]),
    ) if hands >= 4 else ()  # fmt: skip
    request = TrialRequest(
        Attribute.STRENGTH, 12, risk, burns=burns, bonuses=(Adjustment(1, "rope"),)
    )
    troll = Enemy.new("t", "Troll", 20, Die.D10, Die.D6)
    calls: dict[str, Callable[[], object]] = {
        "trial": lambda: trial_odds(request, hero, deck, options),
        "attack": lambda: attack_odds(request, hero, troll, deck, options, weapon="Axe"),
        "defence": lambda: defence_odds(request, hero, troll, deck, options, bear=True),
        "oracle": lambda: oracle_odds(deck, 3, options),
        "next card": lambda: next_card_odds(deck),
    }
    rng = random.Random(0)

    def simulate() -> None:
        for _ in range(1000):
            copy = deck.copy()
            rng.shuffle(copy.draw_pile)
            begin_trial(request, hero, copy, rng, options)

    simulated = per_call(simulate, repeat=1)
    timings = {name: per_call(fn) for name, fn in calls.items()}
    print()
    for name, t in timings.items():
        print(
            f"{label:30} {name:10} {t * 1e6:7.1f} µs/call  "
            f"(1,000 simulated rolls take {simulated / t:5.0f}x as long)"
        )
    assert max(timings.values()) < LIMIT
