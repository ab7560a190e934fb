"""Helpers for the Resonance tests: characters with stacked decks, snapshots."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, TypeVar

from saga_desktop.rules.cards import FULL_DECK, Card
from saga_desktop.rules.resonance import CharacterDeck, ResonanceCharacter, Stat

T = TypeVar("T")


def cards(codes: str) -> list[Card]:
    """``"7S KC 9H"`` -> cards."""
    return [Card.from_code(c) for c in codes.split()]


def card(code: str) -> Card:
    return Card.from_code(code)


def stacked(top: str = "", fatigue: str = "", deck: str | None = None) -> CharacterDeck:
    """Cards whose next draws are ``top`` (first code drawn first).

    With ``deck`` the deck holds exactly those cards (plus ``top``) and every other card lies in
    the fatigue pile after ``fatigue``; otherwise the other cards lie under ``top`` in the deck.
    """
    named = cards(top) + cards(fatigue) + cards(deck or "")
    others = [c for c in FULL_DECK if c not in named]
    if deck is None:
        pile, tired = others, cards(fatigue)
    else:
        pile, tired = cards(deck), cards(fatigue) + others
    result = CharacterDeck(pile + cards(top)[::-1], [], tired)
    result.check()
    return result


def person(
    name: str,
    heart: int = 2,
    body: int = 2,
    mind: int = 2,
    spirit: int = 2,
    top: str = "",
    fatigue: str = "",
    deck: str | None = None,
) -> ResonanceCharacter:
    stats = {Stat.HEART: heart, Stat.BODY: body, Stat.MIND: mind, Stat.SPIRIT: spirit}
    return ResonanceCharacter(name.lower(), name, stats, stacked(top, fatigue, deck))


def snapshot(*characters: ResonanceCharacter) -> Any:
    return [c.to_data() for c in characters]


class ScriptedRandom(random.Random):
    """A generator whose shuffles follow a script of choices (0 when unscripted).

    A shuffle only decides the top ``depths[i]`` cards of its ``i``-th call (picked one at a
    time, each equally likely); cards below those are never drawn, so they keep their order.
    """

    def __init__(self, script: list[int], depths: list[int]) -> None:
        super().__init__(0)
        self.script = list(script)
        self.depths = list(depths)
        self.arities: list[int] = []
        self.calls = 0

    def _pick(self, n: int) -> int:
        i = len(self.arities)
        if i == len(self.script):
            self.script.append(0)
        self.arities.append(n)
        return self.script[i]

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        depth = self.depths[self.calls] if self.calls < len(self.depths) else len(x)
        self.calls += 1
        rest = list(x)
        top = [rest.pop(self._pick(len(rest))) for _ in range(min(depth, len(x)))]
        x[:] = rest + top[::-1]


def enumerate_outcomes(
    run: Callable[[random.Random], T], depths: list[int]
) -> Iterator[tuple[Fraction, T]]:
    """Every way the scripted shuffles of ``run`` can go, each with its exact probability."""
    script: list[int] = []
    while True:
        rng = ScriptedRandom(script, depths)
        result = run(rng)
        weight = Fraction(1)
        for n in rng.arities:
            weight /= n
        yield weight, result
        done = rng.script[: len(rng.arities)]
        i = len(done) - 1
        while i >= 0 and done[i] == rng.arities[i] - 1:
            i -= 1
        if i < 0:
            return
        script = [*done[:i], done[i] + 1]
