"""Exact odds agree with 20,000 simulated rolls on the full deck, within 4 standard deviations."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

import pytest

from saga_desktop.rules.dice import Die
from saga_desktop.rules.songs import (
    Attribute,
    Enemy,
    SongsOptions,
    TrialRequest,
    ask_oracle,
    attack_odds,
    begin_attack,
    begin_trial,
    oracle_odds,
    resolve_attack,
    resolve_trial,
    trial_odds,
)
from saga_desktop.rules.songs.deck import TableDeck

from .helpers import hero

N = 20_000
STR = Attribute.STRENGTH


def within_4_sd(p: Fraction, hits: int, n: int = N) -> None:
    sd = math.sqrt(float(p) * (1 - float(p)) / n)
    assert abs(hits / n - float(p)) <= 4 * sd + 1e-12, (hits / n, float(p), sd)


def full_table(seed: int, pile: int, in_hands: int) -> TableDeck:
    """A full deck, ``in_hands`` cards in the hero's hand and only ``pile`` left to draw."""
    rng = random.Random(seed)
    deck = TableDeck.new(rng, ["hero", "ally"])
    for _ in range(in_hands):
        deck.hands["hero"].append(deck.draw_pile.pop())
    while len(deck.draw_pile) > pile:
        deck.discard.append(deck.draw_pile.pop())
    deck.check()
    return deck


def unknown_order(deck: TableDeck, rng: random.Random) -> TableDeck:
    """A copy of the table with its draw pile in a random order: the odds know only its content."""
    copy = deck.copy()
    rng.shuffle(copy.draw_pile)
    return copy


def simulate(run: Callable[[random.Random], bool], seed: int) -> int:
    rng = random.Random(seed)
    return sum(run(rng) for _ in range(N))


@pytest.mark.parametrize(
    ("pile", "in_hands", "risk", "hold"),
    [(52, 0, 3, True), (40, 8, 2, True), (2, 10, 4, True), (2, 10, 4, False), (1, 45, 5, False)],
)
def test_trial_odds_agree_with_simulation(pile: int, in_hands: int, risk: int, hold: bool) -> None:
    deck = full_table(pile + in_hands, pile, in_hands)
    options = SongsOptions(hold_revealed=hold)
    c = hero(strength=1)
    request = TrialRequest(STR, 12, risk)
    odds = trial_odds(request, c, deck, options)

    def run(rng: random.Random) -> tuple[bool, bool]:
        d = unknown_order(deck, rng)
        c.xp = 0
        result = resolve_trial(begin_trial(request, c, d, rng, options), c, d, rng, options)
        return result.success, result.kept is not None and result.kept.is_red

    rng = random.Random(99 + pile)
    outcomes = [run(rng) for _ in range(N)]
    within_4_sd(odds.success, sum(s for s, _ in outcomes))
    within_4_sd(odds.red_card, sum(r for _, r in outcomes))


def test_attack_damage_agrees_with_simulation() -> None:
    deck = full_table(7, 30, 5)
    c = hero(strength=1)
    troll = Enemy.new("t", "Troll", 99, Die.D8, Die.D4)
    request = TrialRequest(STR, 12, 2)
    odds = attack_odds(request, c, troll, deck, weapon="Axe")
    mean = float(odds.expected_damage)
    var = sum(float(p) * (d - mean) ** 2 for d, p in enumerate(odds.damage))
    rng = random.Random(3)
    total = zero = 0
    for _ in range(N):
        d = unknown_order(deck, rng)
        c.xp = 0
        troll.resilience = 99
        result = resolve_attack(
            begin_attack(request, c, troll, d, rng, weapon="Axe"), c, troll, d, rng
        )
        total += result.damage
        zero += result.damage == 0
    assert abs(total / N - mean) <= 4 * math.sqrt(var / N)
    within_4_sd(odds.damage[0], zero)


@pytest.mark.parametrize(("pile", "factors", "hold"), [(52, 2, True), (1, 3, True), (1, 3, False)])
def test_oracle_odds_agree_with_simulation(pile: int, factors: int, hold: bool) -> None:
    deck = full_table(11, pile, 6)
    options = SongsOptions(hold_revealed=hold)
    odds = oracle_odds(deck, factors, options)

    def run(rng: random.Random) -> bool:
        return (
            ask_oracle(unknown_order(deck, rng), rng, factors, "", options).answer.value
            == "strong_yes"
        )

    within_4_sd(odds.strong_yes, simulate(run, 5))
