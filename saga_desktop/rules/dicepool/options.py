"""Campaign rulings where dice-pool tables may reasonably differ.

Each field is one ruling of :data:`~saga_desktop.rules.dicepool.rulings.RULINGS` (the table the
rulings help shows); the defaults are the engine's reading of the rules text. A campaign stores
its options with :meth:`DicePoolOptions.to_data`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from saga_desktop.i18n.words import words
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import from_plain, to_plain


class ArmorPenalty(enum.Enum):
    """How many dice worn armor and shield take from the wearer's combat roll."""

    HALF = "half"  # one die per two full armor levels (level // 2)
    FULL = "full"  # one die per armor level
    NONE = "none"  # armor never slows its wearer

    def dice(self, level: int) -> int:
        """The dice lost for a total armor level."""
        if self is ArmorPenalty.FULL:
            return level
        if self is ArmorPenalty.HALF:
            return level // 2
        return 0


class ArmorSoak(enum.Enum):
    """How far armor lowers injuries."""

    PER_ENCOUNTER = "per-encounter"  # the armor level is a budget spent across the encounter
    PER_INJURY = "per-injury"  # every injury is lowered by the full armor level


class OffhandBonus(enum.Enum):
    """What an offhand weapon adds to the combat roll when its wielder may dual wield."""

    WEAPON = "weapon"  # the offhand weapon's own bonus dice
    ONE_DIE = "one-die"  # a flat 1D6, whatever the offhand weapon


@dataclasses.dataclass(frozen=True, slots=True)
class DicePoolOptions:
    """The rulings of one campaign.

    * ``attribute_max`` / ``skill_max``: the highest STR, REF or INT and the highest skill value.
    * ``creation_attribute_points`` / ``creation_trait_points``: what a new character card may
      spend on attributes, and on skills, proficiencies and vocations together.
    * ``armor_penalty``: dice lost to the combat roll for the armor level worn (armor + shield).
    * ``armor_soak``: armor as a budget of injury levels for the encounter, or per injury.
    * ``armor_in_close_combat``: armor lowers injuries in close combat too. Off (the text:
      "except while in close combat"): only injuries from exchanges outside close combat (a
      charge or a ranged attack) are lowered.
    * ``offhand_bonus``: what a second weapon adds when its wielder is proficient with both.
    * ``stagger_level`` / ``trip_level`` / ``disarm_level``: the victory level each manoeuvre
      needs (an injury needs a victory level at least as high as the injury).
    """

    attribute_max: int = 4
    skill_max: int = 4
    creation_attribute_points: int = 6
    creation_trait_points: int = 10
    armor_penalty: ArmorPenalty = ArmorPenalty.HALF
    armor_soak: ArmorSoak = ArmorSoak.PER_ENCOUNTER
    armor_in_close_combat: bool = False
    offhand_bonus: OffhandBonus = OffhandBonus.WEAPON
    stagger_level: int = 1
    trip_level: int = 2
    disarm_level: int = 2

    def __post_init__(self) -> None:
        for name in ("attribute_max", "skill_max"):
            value = getattr(self, name)
            if not 1 <= value <= 10:
                raise RulesError(
                    words(
                        "The option '{name}' must lie between 1 and 10, not {value}",
                        name=name,
                        value=value,
                    )
                )
        for name in ("creation_attribute_points", "creation_trait_points"):
            value = getattr(self, name)
            if not 0 <= value <= 60:
                raise RulesError(
                    words(
                        "The option '{name}' must lie between 0 and 60, not {value}",
                        name=name,
                        value=value,
                    )
                )
        if self.creation_attribute_points > 3 * self.attribute_max:
            raise RulesError(
                words(
                    "A new character cannot have more attribute points than three attributes can "
                    "hold"
                )
            )
        for name in ("stagger_level", "trip_level", "disarm_level"):
            value = getattr(self, name)
            if not 1 <= value <= 4:
                raise RulesError(
                    words("The option '{name}' must be a victory level from 1 to 4", name=name)
                )

    def to_data(self) -> dict[str, Any]:
        """The options as plain data."""
        data: dict[str, Any] = to_plain(self)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> DicePoolOptions:
        """Options from plain data; missing fields take their defaults, unknown ones are ignored."""
        result: DicePoolOptions = from_plain(cls, dict(data), "options")
        return result

    def replace(self, **changes: Any) -> DicePoolOptions:
        """A copy with some rulings changed."""
        return dataclasses.replace(self, **changes)


DEFAULT_OPTIONS = DicePoolOptions()
"""The engine's default rulings."""
