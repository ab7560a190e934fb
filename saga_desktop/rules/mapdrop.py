"""The opening d20 drop: a die dropped on a sheet of hexes marks where the party starts.

Every ruleset's map starts this way, so it lives beside the hex geometry, not in a game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection
from dataclasses import dataclass

from saga_desktop.i18n.words import words
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.hexgrid import Hex, Layout
from saga_desktop.rules.records import Record

DROP_ATTEMPTS = 1000


@dataclass(frozen=True, slots=True)
class DropRecord(Record):
    """Where the d20 landed on the map sheet, in layout units, and the hex it marks."""

    x: float
    y: float
    hex: Hex
    face: int
    attempts: int = 1

    def explain(self) -> str:
        """E.g. ``"The d20 lands showing 14, in hex (3, -1)"``."""
        again = f" after {self.attempts - 1} roll(s) off the sheet" if self.attempts > 1 else ""
        return f"The d20 lands showing {self.face}, in hex {self.hex}{again}"


def drop_d20(
    rng: random.Random,
    layout: Layout,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    allowed: Collection[Hex] | None = None,
) -> DropRecord:
    """Drop the d20 on a sheet (a rectangle in layout units) and map where it lands to a hex.

    With ``allowed`` (the sheet's hexes), a die landing outside them is dropped again.
    """
    if not (x1 > x0 and y1 > y0) or not all(map(math.isfinite, (x0, y0, x1, y1))):
        raise RulesError(words("The map sheet needs a width and a height"))
    if allowed is not None and not allowed:
        raise RulesError(words("The map sheet has no hexes to land in"))
    for attempt in range(1, DROP_ATTEMPTS + 1):
        x = x0 + rng.random() * (x1 - x0)
        y = y0 + rng.random() * (y1 - y0)
        h = layout.to_hex(x, y)
        if allowed is None or h in allowed:
            return DropRecord(x, y, h, rng.randint(1, 20), attempt)
    raise RulesError(words("The die keeps missing the sheet's hexes: check the sheet's rectangle"))
