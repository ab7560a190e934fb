"""Dice pools: the terms that build a pool, rolling it (or reading physical dice), and wins.

A pool is a number of six-sided dice; each die showing 4 or more is one win. However many dice
penalties take away, at least one die is rolled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from saga_desktop.i18n.words import Words, english, words, words_n
from saga_desktop.rules.dicepool.rulings import MIN_POOL, WIN_FACE
from saga_desktop.rules.dicepool.wording import pool_words
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Adjustment, Record

POOL_LIMIT = 60
"""No pool is larger than this (a sanity limit for hand-entered modifiers)."""


@dataclass(frozen=True, slots=True)
class Pool(Record):
    """The dice of one roll, term by term (each term a number of dice and its reason)."""

    terms: tuple[Adjustment, ...]

    @property
    def total(self) -> int:
        """The sum of the terms, which may fall below one."""
        return sum(t.amount for t in self.terms)

    @property
    def size(self) -> int:
        """The dice actually rolled: the total, but never fewer than one."""
        return max(MIN_POOL, self.total)

    def explain(self) -> str:
        """E.g. ``"3 base + 2 STR - 4 prone = 1D6"`` (with ``at least`` when cut below 1)."""
        return english(self.words())

    def words(self) -> Words:
        """The explanation as words (the rules' terms translate; a typed reason stays)."""
        terms = [(t.amount, t.reason) for t in self.terms if t.amount]
        return pool_words(terms, self.size, self.total < MIN_POOL)


def make_pool(*terms: tuple[int, str]) -> Pool:
    """A pool from ``(dice, reason)`` pairs; terms of 0 dice are left out."""
    pool = Pool(tuple(Adjustment(n, reason) for n, reason in terms if n))
    check_pool_limits(pool)
    return pool


def check_pool_limits(pool: Pool) -> None:
    """Raise RulesError unless no term and no total passes :data:`POOL_LIMIT` dice either way."""
    if abs(pool.total) > POOL_LIMIT or any(abs(t.amount) > POOL_LIMIT for t in pool.terms):
        raise RulesError(
            words("A dice pool holds at most {pool_limit} dice", pool_limit=POOL_LIMIT)
        )


def count_wins(faces: Sequence[int]) -> int:
    """How many faces show 4 or more."""
    return sum(1 for f in faces if f >= WIN_FACE)


@dataclass(frozen=True, slots=True)
class DiceRoll(Record):
    """The faces a pool showed and whether they were physical dice."""

    faces: tuple[int, ...]
    physical: bool = False

    @property
    def wins(self) -> int:
        """Dice showing 4 or more."""
        return count_wins(self.faces)

    def explain(self) -> str:
        """E.g. ``"[6 4 2 1 5] 3 wins"``."""
        return english(self.words())

    def words(self) -> Words:
        """The faces and the wins as words."""
        shown = " ".join(str(f) for f in self.faces)
        return words_n("[{faces}] {n} win", "[{faces}] {n} wins", self.wins, faces=shown)


def check_faces(size: int, faces: Sequence[int]) -> tuple[int, ...]:
    """The faces of physical dice, checked: exactly ``size`` of them, each from 1 to 6."""
    values = tuple(faces)
    if len(values) != size:
        raise RulesError(
            words(
                "Give the faces of {size} dice, not {values_count}",
                size=size,
                values_count=len(values),
            )
        )
    for face in values:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise RulesError(
                words("A six-sided die shows a number from 1 to 6, not {face}", face=repr(face))
            )
    return values


def roll_pool(
    pool: Pool, rng: random.Random | None = None, faces: Sequence[int] | None = None
) -> DiceRoll:
    """Roll the pool with ``rng``, or read the ``faces`` of physical dice (give one of them)."""
    if (rng is None) == (faces is None):
        raise RulesError(words("Roll the dice, or give the faces of physical dice: one of the two"))
    if faces is not None:
        return DiceRoll(check_faces(pool.size, faces), physical=True)
    assert rng is not None
    return DiceRoll(tuple(rng.randint(1, 6) for _ in range(pool.size)))
