"""Campaign rulings where Songs & Sagas tables may reasonably differ.

Each field is one ruling (see the in-app rulings help); the defaults are the engine's reading of
the rules. A campaign stores its options with :meth:`SongsOptions.to_data`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import from_plain, to_plain


@dataclasses.dataclass(frozen=True, slots=True)
class SongsOptions:
    """The rulings of one campaign.

    * ``hold_revealed``: revealed cards wait face up until the roll (or table look-up) they belong
      to is resolved, so a reshuffle in the middle of a reveal never brings back a card of the same
      reveal. Off: each card goes to the discard as soon as it is seen.
    * ``natural_20_succeeds`` / ``natural_1_fails``: the rules only compare the
      score with the DR; some tables like automatic results on natural 20 and 1.
    * ``burns_after_roll``: Call the Gods, Aid an Ally and conjuring the Vanori may also be used
      after the d20 is seen, before the roll resolves.
    * ``conjure_dr_reduction``: how much conjuring the Vanori lowers the DR.
    * ``defence_natural_20_dr_reduction``: how much a natural 20 on a defence lowers the DR of
      that character's next roll.
    * ``attribute_redraws`` / ``resilience_rerolls``: creation's second chances.
    * ``blessing_raises_resilience``: when a blessing raises max resilience, current resilience
      rises by the same amount.
    * ``risk_min`` / ``risk_max``: how far the GM may step a region's risk rating.
    """

    hold_revealed: bool = True
    natural_20_succeeds: bool = False
    natural_1_fails: bool = False
    burns_after_roll: bool = True
    conjure_dr_reduction: int = 2
    defence_natural_20_dr_reduction: int = 2
    attribute_redraws: int = 2
    resilience_rerolls: int = 1
    blessing_raises_resilience: bool = True
    risk_min: int = 0
    risk_max: int = 5

    def __post_init__(self) -> None:
        for name in (
            "conjure_dr_reduction",
            "defence_natural_20_dr_reduction",
            "attribute_redraws",
            "resilience_rerolls",
            "risk_min",
        ):
            value = getattr(self, name)
            if not 0 <= value <= 20:
                raise RulesError(f"The option '{name}' must lie between 0 and 20, not {value}")
        if self.attribute_redraws > 4:
            raise RulesError("At most four attributes can be redrawn")
        if not self.risk_min <= self.risk_max <= 20:
            raise RulesError("The highest risk rating must lie between the lowest one and 20")

    def to_data(self) -> dict[str, Any]:
        """The options as plain data."""
        data: dict[str, Any] = to_plain(self)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SongsOptions:
        """Options from plain data; missing fields take their defaults, unknown ones are ignored."""
        result: SongsOptions = from_plain(cls, dict(data), "options")
        return result

    def replace(self, **changes: Any) -> SongsOptions:
        """A copy with some rulings changed."""
        return dataclasses.replace(self, **changes)


DEFAULT_OPTIONS = SongsOptions()
"""The engine's default rulings."""
