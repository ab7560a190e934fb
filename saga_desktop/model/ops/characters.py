"""Operations that add, edit and remove characters (the shared fields; sheets have their own).

A character a player makes over the network is *submitted* (``submit=True``): it waits for the
GM, who accepts it (:class:`AcceptCharacter`) or sends it back with a reason
(:class:`SendBackCharacter`). The player then makes it again: the game's creation operation with
``replaces`` naming the character sent back, which it takes the place of (and the id of).
"""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, english, joined, words
from saga_desktop.model.campaign import Character, CharacterStatus, Sheet
from saga_desktop.model.journal_marks import OWN_ONLY
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.tokens import remove_character_tokens
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.types import NAME_MAX

REASON_MAX = 500
"""The longest reason the GM may give for sending a character back."""


def next_character_id(ctx: Context) -> str:
    """The first free id of the form ``pc1``, ``pc2``..."""
    used = {c.id for c in ctx.campaign.characters}
    n = 1
    while f"pc{n}" in used:
        n += 1
    return f"pc{n}"


def playing(ctx: Context, character_id: str) -> Character:
    """A character who takes part in play; OperationError while the GM has not accepted them.

    A character a player sent waits outside play: no prompt, no fight, no cards until accepted.
    """
    c = ctx.character(character_id)
    if not c.accepted:
        raise OperationError(
            words("{name} waits for the GM's approval and takes no part in play yet", name=c.name)
        )
    return c


def _clean_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise OperationError(words("A character needs a name"))
    if len(name) > NAME_MAX:
        raise OperationError(words("A name has at most {name_max} characters", name_max=NAME_MAX))
    return name


def make_room(ctx: Context, replaces: str | None) -> str:
    """The id of a character about to be made: a free one, or the id of ``replaces``.

    ``replaces`` names a character not yet accepted (sent back, or still waiting) that the new
    one takes the place of: it leaves (the game tidies its cards up) and gives up its id.
    """
    if replaces is None:
        return next_character_id(ctx)
    old = ctx.character(replaces)
    if old.accepted:
        raise OperationError(
            words("{name} already plays at the table and cannot be made again", name=old.name)
        )
    game = find_ruleset(ctx.campaign.ruleset)
    ctx.campaign.characters.remove(old)
    extra, details = game.character_removed(ctx, old)
    text = joined(words("{name} is withdrawn, to be made again.", name=old.name), extra)
    # Never accepted: like every line about it, its player's and the GM's alone.
    ctx.log("character", text, {**details, OWN_ONLY: True}, character=old.id)
    return old.id


def status_for(submit: bool) -> CharacterStatus:
    """A new character's status: waiting for the GM when a player submits it."""
    return "submitted" if submit else "accepted"


def joins_words(name: str, submit: bool) -> Words:
    """The journal's line for a new character, as words each reader words."""
    if submit:
        return words("{name} is made and waits for the GM's approval.", name=name)
    return words("{name} joins the party.", name=name)


def joins_text(name: str, submit: bool) -> str:
    """The journal's line for a new character, in English (a line built around it)."""
    return english(joins_words(name, submit))


@dataclass(frozen=True)
class AddCharacter(Operation):
    """Add a character with a ready sheet (the ruleset's blank one by default) and their piles.

    ``submit``: a player's character, waiting for the GM; ``replaces``: see :func:`make_room`.
    """

    name: str
    player: str = ""
    sheet: Sheet | None = None
    submit: bool = False
    replaces: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return (
            words("Add {name}", name=self.name.strip())
            if self.name.strip()
            else words("Add character")
        )

    @override
    def apply(self, ctx: Context) -> str:
        name = _clean_name(self.name)
        game = find_ruleset(ctx.campaign.ruleset)
        sheet = self.sheet.model_copy(deep=True) if self.sheet else game.new_sheet()
        if sheet.ruleset != ctx.campaign.ruleset:
            raise OperationError(words("That sheet belongs to another ruleset"))
        cid = make_room(ctx, self.replaces)
        character = Character(
            id=cid,
            name=name,
            player=self.player.strip(),
            status=status_for(self.submit),
            sheet=sheet,
        )
        ctx.campaign.characters.append(character)
        game.character_added(ctx, character)
        ctx.log("character", joins_words(name, self.submit), character=cid)
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
    def label(self) -> Words | str:
        return words("Edit character")

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
            raise OperationError(words("Nothing to change"))


@dataclass(frozen=True)
class RemoveCharacter(Operation):
    """Remove a character; the ruleset tidies their cards up (or refuses, with the reason).

    Their token leaves the map with them (undo brings both back).
    """

    character: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Remove character")

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        game = find_ruleset(ctx.campaign.ruleset)
        ctx.campaign.characters.remove(c)
        extra, details = game.character_removed(ctx, c)
        token = words("Their token leaves the map.") if remove_character_tokens(ctx, c.id) else ""
        text = joined(words("{name} leaves the party.", name=c.name), extra, token)
        ctx.log("character", text, details)


@dataclass(frozen=True)
class AcceptCharacter(Operation):
    """The GM accepts a character a player made: it joins the party and takes part in play."""

    character: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Accept character")

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        if c.status != "submitted":
            raise OperationError(words("{name} is not waiting for the GM's approval", name=c.name))
        c.status, c.review = "accepted", ""
        said = words("The GM accepts {name}: they join the party.", name=c.name)
        ctx.log("character", said, character=c.id)


@dataclass(frozen=True)
class SendBackCharacter(Operation):
    """The GM sends a player's character back, saying why; its player may make it again."""

    character: str
    reason: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Send character back")

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        if c.status != "submitted":
            raise OperationError(words("{name} is not waiting for the GM's approval", name=c.name))
        reason = " ".join(self.reason.split())
        if not reason:
            raise OperationError(
                words("Say why the character goes back, so its player can change it")
            )
        if len(reason) > REASON_MAX:
            raise OperationError(
                words("A reason has at most {reason_max} characters", reason_max=REASON_MAX)
            )
        c.status, c.review = "returned", reason
        said = words("The GM sends {name} back: {reason}", name=c.name, reason=reason)
        ctx.log("character", said, character=c.id)
