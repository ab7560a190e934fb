"""The map's rules: a region's risk rating, travel by the day, and the opening d20 drop.

Hexes measure six miles (about ten kilometres) across. A day covers one hex on foot, two mounted,
three by longship under oars and four under sail with fair winds. Geometry lives in
:mod:`saga_desktop.rules.hexgrid`.
"""

from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import words
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.rules.mapdrop import DropRecord as DropRecord  # shared by every ruleset
from saga_desktop.rules.mapdrop import drop_d20 as drop_d20
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.deck import RevealRecord, TableDeck
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.tables import RISK_BY_SUIT, RegionMood, reveal_and_discard

HEX_MILES = 6
"""A hex, face to face, in miles."""

HEX_KILOMETRES = 10
"""A hex, face to face, in kilometres (rounded)."""


class TravelMode(enum.Enum):
    """How the group travels."""

    FOOT = "foot"
    MOUNTED = "mounted"
    ROWING = "rowing"
    SAILING = "sailing"

    @property
    def hexes_per_day(self) -> int:
        """Hexes covered in a day."""
        return {"foot": 1, "mounted": 2, "rowing": 3, "sailing": 4}[self.value]

    @property
    def text(self) -> str:
        """E.g. ``"by longship under sail"``."""
        return {
            "foot": tr_noop("on foot"),
            "mounted": tr_noop("mounted"),
            "rowing": tr_noop("by longship under oars"),
            "sailing": tr_noop("by longship under sail"),
        }[self.value]


def travel_days(hexes: int, mode: TravelMode) -> int:
    """Whole days to cover ``hexes`` (a part-day counts as a day)."""
    if hexes < 0:
        raise RulesError(words("A distance cannot be negative"))
    return math.ceil(hexes / mode.hexes_per_day)


@dataclass(frozen=True, slots=True)
class TravelEstimate(Record):
    """Distance and days between two hexes."""

    start: Hex
    end: Hex
    mode: TravelMode
    hexes: int
    days: int

    @property
    def miles(self) -> int:
        """The distance in miles."""
        return self.hexes * HEX_MILES

    @property
    def kilometres(self) -> int:
        """The distance in kilometres (about)."""
        return self.hexes * HEX_KILOMETRES

    def explain(self) -> str:
        """E.g. ``"(0, 0) → (3, -1): 3 hexes (18 miles), 1 day by longship under oars"``."""
        days = f"{self.days} day{'s' if self.days != 1 else ''}"
        return (
            f"{self.start} → {self.end}: {self.hexes} hexes ({self.miles} miles), "
            f"{days} {self.mode.text}"
        )


def estimate_travel(start: Hex, end: Hex, mode: TravelMode = TravelMode.FOOT) -> TravelEstimate:
    """How far, and how many days, from ``start`` to ``end`` in a straight line of hexes."""
    hexes = start.distance(end)
    return TravelEstimate(start, end, mode, hexes, travel_days(hexes, mode))


@dataclass(frozen=True, slots=True)
class RiskRecord(Record):
    """A new region's first risk card."""

    reveal: RevealRecord
    rating: int
    mood: RegionMood

    def explain(self) -> str:
        """E.g. ``"Region risk: 7♣, 2 with a threat looming"``."""
        return f"Region risk: {self.reveal.cards[0]}, {self.rating} with {self.mood.text}"


def reveal_region_risk(
    deck: TableDeck, rng: random.Random, options: SongsOptions = DEFAULT_OPTIONS
) -> RiskRecord:
    """Reveal the card that sets a newly entered region's risk rating and hook."""
    reveal = reveal_and_discard(deck, rng, 1, options)
    rating, mood = RISK_BY_SUIT[reveal.cards[0].suit]
    rating = max(options.risk_min, min(options.risk_max, rating))
    return RiskRecord(reveal, rating, mood)


@dataclass(frozen=True, slots=True)
class RiskStepRecord(Record):
    """The GM stepped a region's risk rating."""

    before: int
    after: int
    steps: int

    def explain(self) -> str:
        """E.g. ``"Risk stepped up: 2 → 3"``."""
        way = "up" if self.steps > 0 else "down"
        capped = " (at its limit)" if self.after - self.before != self.steps else ""
        return f"Risk stepped {way}: {self.before} → {self.after}{capped}"


def step_risk(
    rating: int, steps: int = 1, options: SongsOptions = DEFAULT_OPTIONS
) -> RiskStepRecord:
    """Step a risk rating up (positive) or down, within the campaign's bounds."""
    if steps == 0:
        raise RulesError(words("Step the risk rating up or down by at least one"))
    if not options.risk_min <= rating <= options.risk_max:
        raise RulesError(
            words(
                "A risk rating lies between {risk_min} and {risk_max}",
                risk_min=options.risk_min,
                risk_max=options.risk_max,
            )
        )
    after = max(options.risk_min, min(options.risk_max, rating + steps))
    return RiskStepRecord(rating, after, steps)
