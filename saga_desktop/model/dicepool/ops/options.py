"""Changing the table's rulings (the campaign options dialog)."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import words
from saga_desktop.model.dicepool.access import dicepool_play
from saga_desktop.model.dicepool.state import DicePoolOptionsModel
from saga_desktop.model.operation import Context, Operation, OperationError


@dataclass(frozen=True)
class SetOptions(Operation):
    """Change some rulings, given as ``(field, value)`` pairs; every card must still fit."""

    changes: tuple[tuple[str, bool | int | str], ...]

    @property
    @override
    def label(self) -> str:
        return "Change rulings"

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
        said = ", ".join(f"{k} = {getattr(new, k)}" for k in changed)
        details = {k: getattr(new, k) for k in changed}
        ctx.log("card", words("Rulings changed: {changes}", changes=said), details)
        return new
