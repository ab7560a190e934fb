"""The GM's adversaries and NPCs: add, edit and remove them (their notes stay the GM's)."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError
from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.resonance.ops.common import find_adversary
from saga_desktop.model.resonance.state import Adversary, play_of
from saga_desktop.rules import resonance


def _checked(ident: str, name: str, guard: int, resolve: int, notes: str) -> Adversary:
    resonance.Adversary(ident, name.strip() or " ", guard, resolve)  # the engine's limits
    try:
        return Adversary(id=ident, name=name, guard=guard, resolve=resolve, notes=notes)
    except ValidationError as exc:
        where = ".".join(str(p) for p in exc.errors()[0]["loc"])
        raise OperationError(
            words("The adversary's {where}: {value}", where=where, value=exc.errors()[0]["msg"])
        ) from None


@dataclass(frozen=True)
class AddAdversary(Operation):
    """Add an adversary or NPC with a Guard and a Resolve (used as DCs against it)."""

    name: str
    guard: int = 10
    resolve: int = 10
    notes: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return (
            words("Add {name}", name=self.name.strip())
            if self.name.strip()
            else words("Add adversary")
        )

    @override
    def apply(self, ctx: Context) -> str:
        play = play_of(ctx.campaign)
        used = {a.id for a in play.adversaries}
        n = 1
        while f"npc{n}" in used:
            n += 1
        if not self.name.strip():
            raise OperationError(words("An adversary needs a name"))
        adversary = _checked(f"npc{n}", self.name, self.guard, self.resolve, self.notes)
        play.adversaries.append(adversary)
        ctx.log(
            "adversary",
            words(
                "{name} enters: Guard {guard}, Resolve {resolve}",
                name=adversary.name,
                guard=adversary.guard,
                resolve=adversary.resolve,
            ),
            {"id": adversary.id},
        )
        return adversary.id


@dataclass(frozen=True)
class EditAdversary(Operation):
    """Change an adversary's name, Guard, Resolve or notes (``None`` leaves a field)."""

    adversary: str
    name: str | None = None
    guard: int | None = None
    resolve: int | None = None
    notes: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit adversary")

    @override
    def apply(self, ctx: Context) -> None:
        play = play_of(ctx.campaign)
        old = find_adversary(ctx.campaign, self.adversary)
        new = _checked(
            old.id,
            old.name if self.name is None else self.name,
            old.guard if self.guard is None else self.guard,
            old.resolve if self.resolve is None else self.resolve,
            old.notes if self.notes is None else self.notes,
        )
        if new == old:
            raise OperationError(words("Nothing to change"))
        play.adversaries[play.adversaries.index(old)] = new
        if (new.guard, new.resolve) != (old.guard, old.resolve) or new.name != old.name:
            ctx.log(
                "adversary",
                words(
                    "{name}: Guard {guard}, Resolve {resolve}",
                    name=new.name,
                    guard=new.guard,
                    resolve=new.resolve,
                ),
                {"id": new.id},
            )


@dataclass(frozen=True)
class RemoveAdversary(Operation):
    """Remove an adversary (a check already drawn against it keeps its DC)."""

    adversary: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Remove adversary")

    @override
    def apply(self, ctx: Context) -> None:
        play = play_of(ctx.campaign)
        old = find_adversary(ctx.campaign, self.adversary)
        play.adversaries.remove(old)
        ctx.log("adversary", words("{name} leaves the scene", name=old.name), {"id": old.id})
