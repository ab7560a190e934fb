"""Changing the table's rulings (the campaign options dialog)."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Value, Words, listed, words, words_c
from saga_desktop.model.dicepool.access import dicepool_play
from saga_desktop.model.dicepool.state import DicePoolOptionsModel
from saga_desktop.model.operation import Context, Operation, OperationError

RULINGS: dict[str, Words] = {
    "attribute_max": words_c("ruling", "attribute_max"),
    "skill_max": words_c("ruling", "skill_max"),
    "creation_attribute_points": words_c("ruling", "creation_attribute_points"),
    "creation_trait_points": words_c("ruling", "creation_trait_points"),
    "armor_penalty": words_c("ruling", "armor_penalty"),
    "armor_soak": words_c("ruling", "armor_soak"),
    "armor_in_close_combat": words_c("ruling", "armor_in_close_combat"),
    "offhand_bonus": words_c("ruling", "offhand_bonus"),
    "stagger_level": words_c("ruling", "stagger_level"),
    "trip_level": words_c("ruling", "trip_level"),
    "disarm_level": words_c("ruling", "disarm_level"),
}
"""The rulings by their field names (the English line names them so; a language by their sense)."""

CHOICES: dict[str, Words] = {
    "half": words_c("ruling choice", "half"),
    "full": words_c("ruling choice", "full"),
    "none": words_c("ruling choice", "none"),
    "per-encounter": words_c("ruling choice", "per-encounter"),
    "per-injury": words_c("ruling choice", "per-injury"),
    "weapon": words_c("ruling choice", "weapon"),
    "one-die": words_c("ruling choice", "one-die"),
    "True": words_c("ruling choice", "True"),
    "False": words_c("ruling choice", "False"),
}
"""The values a ruling takes, as the English line writes them."""


def ruling_words(name: str, value: object) -> Words:
    """``"armor_penalty = full"`` as words (a number as it is)."""
    shown: Value = value if isinstance(value, int) and not isinstance(value, bool) else None
    if shown is None:
        shown = CHOICES.get(str(value), str(value))
    return words("{ruling} = {value}", ruling=RULINGS.get(name, name), value=shown)


@dataclass(frozen=True)
class SetOptions(Operation):
    """Change some rulings, given as ``(field, value)`` pairs; every card must still fit."""

    changes: tuple[tuple[str, bool | int | str], ...]

    @property
    @override
    def label(self) -> Words | str:
        return words("Change rulings")

    @override
    def apply(self, ctx: Context) -> DicePoolOptionsModel:
        play = dicepool_play(ctx.campaign)
        fields = DicePoolOptionsModel.model_fields
        unknown = [k for k, _ in self.changes if k not in fields]
        if unknown:
            raise OperationError(words("There is no ruling called '{value}'", value=unknown[0]))
        new = DicePoolOptionsModel.model_validate(
            {**play.options.model_dump(), **dict(self.changes)}
        )
        if new == play.options:
            raise OperationError(words("Nothing to change"))
        changed = [k for k in fields if getattr(new, k) != getattr(play.options, k)]
        play.options = new
        # The ruleset's check (run after every operation) refuses options a card breaks.
        said = listed(*(ruling_words(k, getattr(new, k)) for k in changed))
        details = {k: getattr(new, k) for k in changed}
        ctx.log("card", words("Rulings changed: {changes}", changes=said), details)
        return new
