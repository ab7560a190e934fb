"""Campaign rulings where Songs & Sagas tables may reasonably differ.

Each field is one ruling (see the in-app rulings help); the defaults are the engine's reading of
the rules. A campaign stores its options with :meth:`SongsOptions.to_data`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import field
from typing import Any, ClassVar

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import words
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import from_plain, to_plain


def ruling(title: str, text: str) -> dict[str, str]:
    """Field metadata: a short title and the ruling in a sentence or two, for the options dialog."""
    return {"title": title, "ruling": text}


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

    hold_revealed: bool = field(
        default=True,
        metadata=ruling(
            tr_noop("Risk cards wait on the table"),
            (
                tr_noop(
                    "The cards revealed for a roll stay face up until the roll is settled, so"
                    " a reshuffle "
                    "in the middle of a reveal can never bring one of them back. Off: each "
                    "card goes to "
                    "the discard as soon as it is seen."
                )
            ),
        ),
    )
    natural_20_succeeds: bool = field(
        default=False,
        metadata=ruling(
            tr_noop("A natural 20 always succeeds"),
            (
                tr_noop(
                    "The rules only compare the score with the DR; some tables like a 20 on the "
                    "die to "
                    "succeed whatever the DR."
                )
            ),
        ),
    )
    natural_1_fails: bool = field(
        default=False,
        metadata=ruling(
            tr_noop("A natural 1 always fails"),
            tr_noop("Likewise, a 1 on the die is a setback whatever the score."),
        ),
    )
    burns_after_roll: bool = field(
        default=True,
        metadata=ruling(
            tr_noop("Burn cards after the d20 is seen"),
            (
                tr_noop(
                    "Call the Gods, Aid an Ally and conjuring the Vanori may also be used once "
                    "the die "
                    "shows, before the roll is settled."
                )
            ),
        ),
    )
    conjure_dr_reduction: int = field(
        default=2,
        metadata=ruling(
            tr_noop("Conjuring the Vanori lowers the DR by"),
            tr_noop("How much a conjured Vanori lowers the difficulty of the roll."),
        ),
    )
    defence_natural_20_dr_reduction: int = field(
        default=2,
        metadata=ruling(
            tr_noop("A natural 20 on a defence lowers the next DR by"),
            tr_noop(
                "A perfect defence opens the way: the defender's next roll is this much easier."
            ),
        ),
    )
    attribute_redraws: int = field(
        default=2,
        metadata=ruling(
            tr_noop("Attribute redraws at creation"),
            (
                tr_noop(
                    "How many different attributes a new character may redraw, once each, "
                    "keeping the new "
                    "card even when it is worse."
                )
            ),
        ),
    )
    resilience_rerolls: int = field(
        default=1,
        metadata=ruling(
            tr_noop("Max resilience rerolls at creation"),
            tr_noop(
                "How many times a new character may reroll the die of their Vanori for max "
                "resilience."
            ),
        ),
    )
    blessing_raises_resilience: bool = field(
        default=True,
        metadata=ruling(
            tr_noop("A blessing raises current resilience too"),
            (
                tr_noop(
                    "When a blessing raises max resilience, current resilience rises by the "
                    "same amount (a"
                    " character at 0 stays down until tended)."
                )
            ),
        ),
    )
    risk_min: int = field(
        default=0,
        metadata=ruling(
            tr_noop("Lowest risk rating"),
            tr_noop(
                "The lowest risk a region may have; at 0 no risk cards are revealed for its rolls."
            ),
        ),
    )
    risk_max: int = field(
        default=5,
        metadata=ruling(
            tr_noop("Highest risk rating"),
            tr_noop("The highest risk the GM may step a region up to."),
        ),
    )

    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}
    """Read from a file, an unknown option is refused rather than dropped."""

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
                raise RulesError(
                    words(
                        "The option '{name}' must lie between 0 and 20, not {value}",
                        name=name,
                        value=value,
                    )
                )
        if self.attribute_redraws > 4:
            raise RulesError(words("At most four attributes can be redrawn"))
        if not self.risk_min <= self.risk_max <= 20:
            raise RulesError(
                words("The highest risk rating must lie between the lowest one and 20")
            )

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
