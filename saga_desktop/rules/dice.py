"""Polyhedral dice: sizes, steps up and down, and rolls with a passed-in generator."""

from __future__ import annotations

import enum
import random

from saga_desktop.i18n.words import words
from saga_desktop.rules.errors import RulesError


class Die(enum.IntEnum):
    """A die by its number of faces."""

    D4 = 4
    D6 = 6
    D8 = 8
    D10 = 10
    D12 = 12
    D20 = 20

    @property
    def label(self) -> str:
        """The usual name, e.g. ``"d8"``."""
        return f"d{int(self)}"

    def __str__(self) -> str:
        return self.label

    def roll(self, rng: random.Random) -> int:
        """Roll this die: a uniform result from 1 to its size."""
        return rng.randint(1, int(self))

    @staticmethod
    def parse(text: str | int) -> Die:
        """Read ``"d8"``, ``"D8"``, ``"8"`` or ``8``; raises RulesError for anything else."""
        raw = str(text).strip().lower().removeprefix("d")
        try:
            return Die(int(raw))
        except ValueError:
            raise RulesError(
                words("'{text}' is not a die (use d4, d6, d8, d10, d12 or d20)", text=text)
            ) from None


LADDER: tuple[Die, ...] = (Die.D4, Die.D6, Die.D8, Die.D10, Die.D12, Die.D20)
"""Every die in step order."""

DAMAGE_DICE: tuple[Die, ...] = (Die.D4, Die.D6, Die.D8, Die.D10, Die.D12)
"""A damage die always lies within d4-d12."""

ARMOR_DICE: tuple[Die, ...] = (Die.D4, Die.D6)
"""Armor is rated d4 or d6."""


def step(die: Die, steps: int, ladder: tuple[Die, ...] = LADDER) -> Die | None:
    """Move ``die`` ``steps`` places along ``ladder`` (negative steps go down).

    Going above the top of the ladder stays at the top. Going below the bottom returns ``None``:
    the caller decides what that means (broken gear, or the smallest die for a damage roll).
    """
    if die not in ladder:
        raise RulesError(
            words(
                "A {label} is not allowed here (only {ladder})",
                label=die.label,
                ladder=_names(ladder),
            )
        )
    index = ladder.index(die) + steps
    if index < 0:
        return None
    return ladder[min(index, len(ladder) - 1)]


def step_up(die: Die, steps: int = 1, ladder: tuple[Die, ...] = LADDER) -> Die:
    """Step a die up, stopping at the top of the ladder."""
    result = step(die, abs(steps), ladder)
    assert result is not None
    return result


def step_down(die: Die, steps: int = 1, ladder: tuple[Die, ...] = LADDER) -> Die | None:
    """Step a die down; ``None`` once it falls below the bottom of the ladder."""
    return step(die, -abs(steps), ladder)


def step_damage(die: Die, steps: int) -> Die:
    """Step a damage die, clamped to d4-d12 ("a damage die always ranges from a d4 to a d12")."""
    if die not in DAMAGE_DICE:
        die = Die.D12 if die > Die.D12 else Die.D4
    result = step(die, steps, DAMAGE_DICE)
    return Die.D4 if result is None else result


def _names(ladder: tuple[Die, ...]) -> str:
    return ", ".join(d.label for d in ladder)
