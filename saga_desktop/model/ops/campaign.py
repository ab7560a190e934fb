"""Operations on the campaign itself."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.types import NAME_MAX


@dataclass(frozen=True)
class EditCampaign(Operation):
    """Rename the campaign or change its description."""

    name: str
    description: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit campaign details")

    @override
    def apply(self, ctx: Context) -> None:
        name = self.name.strip()
        if not name:
            raise OperationError(words("A campaign needs a name"))
        if len(name) > NAME_MAX:
            raise OperationError(
                words("A campaign name has at most {name_max} characters", name_max=NAME_MAX)
            )
        c = ctx.campaign
        if name == c.name and self.description == c.description:
            raise OperationError(words("Nothing to change"))
        c.name = name
        c.description = self.description
        ctx.log("campaign", words("The campaign is now called {name}.", name=name))


@dataclass(frozen=True)
class SetOptions(Operation):
    """Change some of the campaign's options (the game's rulings), journaled and undoable.

    ``changes`` pairs an option's name with its new value (true/false, a number or a choice).
    """

    changes: tuple[tuple[str, bool | int | str], ...]

    @property
    @override
    def label(self) -> Words | str:
        return words("Change campaign options")

    @override
    def apply(self, ctx: Context) -> None:
        game = find_ruleset(ctx.campaign.ruleset)
        before = game.options_data(ctx.campaign)
        wanted = dict(self.changes)
        if len(wanted) != len(self.changes):
            raise OperationError(words("Each option is changed once"))
        changed = {k: v for k, v in wanted.items() if before.get(k, object()) != v}
        unknown = sorted(set(wanted) - set(before))
        if unknown:
            raise OperationError(
                words(
                    "'{value}' is not an option of {title}", value=unknown[0][:40], title=game.title
                )
            )
        if not changed:
            raise OperationError(words("Nothing to change"))
        try:
            game.set_options_data(ctx, {**before, **changed})
        except ValueError as exc:  # RulesError is one
            raise OperationError(str(exc)) from None
        titles = {f.name: f.title for f in game.option_fields()}
        each = [
            words(
                "{option}: {before} → {after}",
                option=Words(titles.get(k, k)),
                before=_word(before[k]),
                after=_word(v),
            )
            for k, v in changed.items()
        ]
        ctx.log(
            "campaign",
            words(
                "Campaign options changed. {changes}.",
                changes=Words(
                    "; ".join(f"{{s{i}}}" for i in range(len(each))),
                    {f"s{i}": w for i, w in enumerate(each)},
                ),
            ),
            {"options": {k: [before[k], v] for k, v in changed.items()}},
        )


def _word(value: object) -> Words | str:
    if value is True:
        return words("on")
    if value is False:
        return words("off")
    return str(value)
