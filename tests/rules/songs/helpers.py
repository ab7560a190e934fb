"""Helpers for the Songs & Sagas tests: small tables, characters, and exhaustive enumeration."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from saga_desktop.rules.cards import FULL_DECK, Card
from saga_desktop.rules.records import to_plain
from saga_desktop.rules.songs import VANORI, Attribute, SongsCharacter, add_weapon
from saga_desktop.rules.songs.deck import TableDeck

T = TypeVar("T")


def cards(codes: str) -> list[Card]:
    """``"7S KC 9H"`` -> cards."""
    return [Card.from_code(c) for c in codes.split()]


def small_table(
    pile: str, discard: str = "", revealed: str = "", extra_hands: dict[str, str] | None = None
) -> TableDeck:
    """A table whose piles hold exactly the given cards; every other card sits in hand 'stash'.

    Hands 'hero' and 'ally' exist (empty unless given in ``extra_hands``).
    """
    hands = {"hero": "", "ally": "", **(extra_hands or {})}
    named = cards(pile) + cards(discard) + cards(revealed)
    for codes in hands.values():
        named += cards(codes)
    stash = [c.code for c in FULL_DECK if c not in named]
    return TableDeck.from_codes(
        pile.split(),
        discard.split(),
        revealed.split(),
        {**{h: cs.split() for h, cs in hands.items()}, "stash": stash},
    )


def hero(
    vanori: str = "bear", strength: int = 1, resilience: int = 10, char_id: str = "hero"
) -> SongsCharacter:
    """A plain character with an Axe (d6)."""
    c = SongsCharacter(char_id, char_id.capitalize(), vanori=VANORI[vanori])
    c.attributes = {a: 0 for a in Attribute}
    c.attributes[Attribute.STRENGTH] = strength
    c.max_resilience = c.resilience = resilience
    add_weapon(c, "Axe")
    return c


def snapshot(*things: object) -> Any:
    """Plain data of tables, characters and enemies, to compare before and after."""
    return [t.to_data() if isinstance(t, TableDeck) else to_plain(t) for t in things]


@cache
def _perms(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.permutations(range(n)))


class ScriptedRandom(random.Random):
    """A generator whose shuffles and integers follow a script of choices (0 when unscripted)."""

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script = list(script)
        self.arities: list[int] = []

    def _pick(self, n: int) -> int:
        i = len(self.arities)
        if i == len(self.script):
            self.script.append(0)
        self.arities.append(n)
        return self.script[i]

    def randint(self, a: int, b: int) -> int:
        return a + self._pick(b - a + 1)

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        order = _perms(len(x))[self._pick(len(_perms(len(x))))]
        x[:] = [x[i] for i in order]


def enumerate_outcomes(run: Callable[[random.Random], T]) -> Iterator[tuple[Fraction, T]]:
    """Every way the random choices of ``run`` can go, each with its exact probability."""
    script: list[int] = []
    while True:
        rng = ScriptedRandom(script)
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
