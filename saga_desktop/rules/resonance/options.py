"""Campaign rulings where Resonance tables may reasonably differ.

Each field is one ruling (see the Resonance help page); the defaults are the engine's reading of
the rules. A campaign stores its options with :meth:`ResonanceOptions.to_data`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from saga_desktop.i18n.words import words
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import from_plain, to_plain
from saga_desktop.rules.resonance.values import STAT_MAX, STAT_MIN


class EmptyDeck(enum.Enum):
    """What a check does when the deck holds fewer cards than it must draw."""

    SHORT = "short"
    """Draw what is left; with no card left at all, the check fails."""
    RESHUFFLE = "reshuffle"
    """Shuffle the fatigue pile back in as the new deck and keep drawing."""
    FAIL = "fail"
    """Draw nothing: a character who cannot draw in full fails the check."""


class TieBreak(enum.Enum):
    """How an opposed tie is broken when there is no defender and the fatigue piles are level."""

    HIGHER_CARD = "higher card"
    """The higher base card value wins (brute force beats synergy)."""
    RESONANCE = "resonance"
    """A resonating card beats one that does not."""
    STANDOFF = "standoff"
    """Nobody wins; the GM narrates a stalemate or calls for a fresh check."""


@dataclasses.dataclass(frozen=True, slots=True)
class ResonanceOptions:
    """The rulings of one campaign.

    * ``stat_one_draws_one``: a character with 1 in the called stat draws one card, not two.
    * ``empty_deck``: what happens when the deck runs short (:class:`EmptyDeck`).
    * ``degrees_of_success``: results name their degree (bare, solid, strong, exceptional,
      near miss, clear failure).
    * ``bare_success_progress``: what a success that only just meets the DC adds to the pool
      of an extended check; by the text it adds its margin, which is 0.
    * ``tie_break``: the last tie-break of an opposed check with no defender (:class:`TieBreak`).
    * ``creation_points``: the points a new character spreads over the four stats.
    """

    stat_one_draws_one: bool = False
    empty_deck: EmptyDeck = EmptyDeck.SHORT
    degrees_of_success: bool = True
    bare_success_progress: int = 0
    tie_break: TieBreak = TieBreak.HIGHER_CARD
    creation_points: int = 12

    def __post_init__(self) -> None:
        if not isinstance(self.empty_deck, EmptyDeck) or not isinstance(self.tie_break, TieBreak):
            raise RulesError(words("Pick the empty-deck and tie-break rulings from their lists"))
        if not 0 <= self.bare_success_progress <= 3:
            raise RulesError(words("A bare success adds between 0 and 3 progress"))
        low, high = 4 * STAT_MIN, 4 * STAT_MAX
        if not low <= self.creation_points <= high:
            raise RulesError(
                words("The creation points must lie between {low} and {high}", low=low, high=high)
            )

    def draw_count(self, stat_value: int) -> int:
        """How many cards a check with this stat value draws: the stat, at least 2."""
        if stat_value <= 1 and self.stat_one_draws_one:
            return 1
        return max(2, stat_value)

    def to_data(self) -> dict[str, Any]:
        """The options as plain data."""
        data: dict[str, Any] = to_plain(self)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ResonanceOptions:
        """Options from plain data; missing fields take their defaults, unknown ones are ignored."""
        result: ResonanceOptions = from_plain(cls, dict(data), "options")
        return result

    def replace(self, **changes: Any) -> ResonanceOptions:
        """A copy with some rulings changed."""
        return dataclasses.replace(self, **changes)


DEFAULT_OPTIONS = ResonanceOptions()
"""The engine's default rulings."""
