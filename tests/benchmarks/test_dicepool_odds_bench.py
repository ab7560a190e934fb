"""Exact dice-pool odds are fast enough to update live: each call well under 2 ms.

Run with ``pytest -m bench -s tests/benchmarks/test_dicepool_odds_bench.py``. Prints the time per
call of each kind of odds for small and large pools, and its ratio to simulating the same roll
1,000 times in the same run (what an approximate answer would cost), so a slow machine cannot
fake the result.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from saga_desktop.rules.dicepool import (
    Action,
    AssistRequest,
    Attribute,
    CharacterCard,
    CheckRequest,
    Declaration,
    DicePoolOptions,
    Side,
    TraitKind,
    Weapon,
    assist_odds,
    check_odds,
    combat_odds,
    combatant,
    declaration_order,
    declare,
    roll_check,
    start_encounter,
)
from saga_desktop.rules.records import Adjustment

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


def _fighter(cid: str, level: int) -> CharacterCard:
    return CharacterCard(
        cid, cid.capitalize(), strength=level, reflexes=level, intellect=level,
        skills=(("Survival", level),), vocations=(("Herbalist", level),),
        proficiencies=(("Blades", min(2, level)),), weapons=(Weapon("Sword", 3, "Blades"),),
    )  # fmt: skip


SCENARIOS = {"small pools": (1, 0), "large pools": (4, 20)}


@pytest.mark.parametrize("label", list(SCENARIOS))
def test_dicepool_odds_under_two_milliseconds(label: str) -> None:
    level, extra = SCENARIOS[label]
    options = DicePoolOptions(attribute_max=4, skill_max=4)
    hero, helper = _fighter("hero", level), _fighter("helper", level)
    request = CheckRequest(
        Attribute.INT, "Survival", cl=5, modifiers=(Adjustment(extra, "blessing"),) if extra else ()
    )
    assists = [
        AssistRequest(_fighter(f"h{i}", level), Attribute.INT, "Herbalist", TraitKind.VOCATION)
        for i in range(3)
    ]
    people = [combatant(_fighter(f"p{i}", level), Side.PLAYER) for i in range(4)]
    people += [combatant(_fighter(f"m{i}", level), Side.MONSTER) for i in range(4)]
    fight = start_encounter(people, options)
    for i, cid in enumerate(declaration_order(fight)):
        foes = [c.id for c in people if c.side is not fight.combatant(cid).side]
        fight, _ = declare(fight, Declaration(cid, Action.ATTACK, foes[i % len(foes)]))
    helping = AssistRequest(helper, Attribute.INT, "Herbalist", TraitKind.VOCATION)
    calls: dict[str, Callable[[], object]] = {
        "check": lambda: check_odds(request, hero),
        "check + 3 assists": lambda: check_odds(request, hero, assists),
        "assist": lambda: assist_odds(request, hero, helping),
        "round (8 fighters)": lambda: combat_odds(fight, options),
    }
    rng = random.Random(0)

    def simulate() -> None:
        for _ in range(1000):
            roll_check(request, hero, rng)

    simulated = per_call(simulate, repeat=1)
    timings = {name: per_call(fn) for name, fn in calls.items()}
    print()
    for name, t in timings.items():
        print(
            f"{label:12} {name:20} {t * 1e6:7.1f} µs/call  "
            f"(1,000 simulated checks take {simulated / t:5.0f}x as long)"
        )
    assert max(timings.values()) < LIMIT
