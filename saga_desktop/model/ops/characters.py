"""Operations that add, edit and remove characters (the shared fields; sheets have their own)."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.model.campaign import Character, Sheet
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.tokens import remove_character_tokens
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.types import NAME_MAX


def next_character_id(ctx: Context) -> str:
    """The first free id of the form ``pc1``, ``pc2``..."""
    used = {c.id for c in ctx.campaign.characters}
    n = 1
    while f"pc{n}" in used:
        n += 1
    return f"pc{n}"


def _clean_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise OperationError("A character needs a name")
    if len(name) > NAME_MAX:
        raise OperationError(f"A name has at most {NAME_MAX} characters")
    return name


@dataclass(frozen=True)
class AddCharacter(Operation):
    """Add a character with a ready sheet (the ruleset's blank one by default) and their piles."""

    name: str
    player: str = ""
    sheet: Sheet | None = None

    @property
    @override
    def label(self) -> str:
        return f"Add {self.name.strip() or 'character'}"

    @override
    def apply(self, ctx: Context) -> str:
        name = _clean_name(self.name)
        cid = next_character_id(ctx)
        game = find_ruleset(ctx.campaign.ruleset)
        sheet = self.sheet.model_copy(deep=True) if self.sheet else game.new_sheet()
        if sheet.ruleset != ctx.campaign.ruleset:
            raise OperationError("That sheet belongs to another ruleset")
        character = Character(id=cid, name=name, player=self.player.strip(), sheet=sheet)
        ctx.campaign.characters.append(character)
        game.character_added(ctx, character)
        ctx.log("character", f"{name} joins the party.", character=cid)
        return cid


@dataclass(frozen=True)
class EditCharacter(Operation):
    """Change a character's name, player or notes."""

    character: str
    name: str | None = None
    player: str | None = None
    notes: str | None = None

    @property
    @override
    def label(self) -> str:
        return "Edit character"

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        changed = False
        if self.name is not None and _clean_name(self.name) != c.name:
            c.name = _clean_name(self.name)
            changed = True
        if self.player is not None and self.player.strip() != c.player:
            c.player = self.player.strip()
            changed = True
        if self.notes is not None and self.notes != c.notes:
            c.notes = self.notes
            changed = True
        if not changed:
            raise OperationError("Nothing to change")


@dataclass(frozen=True)
class RemoveCharacter(Operation):
    """Remove a character; the ruleset tidies their cards up (or refuses, with the reason).

    Their token leaves the map with them (undo brings both back).
    """

    character: str

    @property
    @override
    def label(self) -> str:
        return "Remove character"

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        game = find_ruleset(ctx.campaign.ruleset)
        ctx.campaign.characters.remove(c)
        extra, details = game.character_removed(ctx, c)
        if remove_character_tokens(ctx, c.id):
            extra = f"{extra} Their token leaves the map.".strip()
        text = f"{c.name} leaves the party." + (f" {extra}" if extra else "")
        ctx.log("character", text, details)
