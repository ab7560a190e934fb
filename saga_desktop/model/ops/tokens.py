"""Operations on the tokens of the map: place, move, edit, remove, hide and show.

Tokens are frozen entries of ``map.tokens``: an operation replaces one and never edits it in place,
so undo snapshots stay cheap. A move is undoable but writes no journal line (a table moves tokens
all evening); placing, removing, hiding and showing do, GM-only while the token is hidden. A
character token stands for one character, and each character has at most one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.campaign import TOKEN_LIMIT, Token, TokenKind
from saga_desktop.model.journal_marks import log_about, remark, retire
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.map_common import region_words
from saga_desktop.model.types import COORD_LIMIT, NAME_MAX, replace

KIND_COLOURS: dict[str, str] = {"character": "#2f5d8a", "enemy": "#9b2d20", "marker": "#2e7067"}
"""The colour a new token gets when none is asked for."""
HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def token_name(token: Token, names: Mapping[str, str]) -> str:
    """What a token is called: its name, its character's (``names`` by id), or "Enemy 3"."""
    if token.name:
        return token.name
    if token.character is not None and token.character in names:
        return names[token.character]
    return f"{token.kind.capitalize()} {token.id.removeprefix('t')}"


def _name_of(ctx: Context, token: Token) -> str | Words:
    """A token as a journal line names it: by its name, its character's, or "An enemy token".

    An unnamed token's number is not written: each viewer numbers the tokens they see (a line
    saying "Enemy 4" would tell the players of three enemies they cannot see).
    """
    if not token.name and token.character is None:
        return {
            "character": words("a character token"),
            "enemy": words("an enemy token"),
            "marker": words("a marker token"),
        }[token.kind]
    return token_name(token, {c.id: c.name for c in ctx.campaign.characters})


def _check_hex(q: int, r: int) -> None:
    if not (-COORD_LIMIT <= q <= COORD_LIMIT and -COORD_LIMIT <= r <= COORD_LIMIT):
        raise OperationError(words("Hex ({q}, {r}) lies beyond the edge of the map", q=q, r=r))


def _find(ctx: Context, token_id: str) -> tuple[int, Token]:
    for i, token in enumerate(ctx.campaign.map.tokens):
        if token.id == token_id:
            return i, token
    raise OperationError(words("There is no such token on the map"))


def _name(value: str) -> str:
    value = value.strip()
    if "\n" in value or "\r" in value:
        raise OperationError(words("A token's name must fit on one line"))
    if len(value) > NAME_MAX:
        raise OperationError(
            words("A token's name has at most {name_max} characters", name_max=NAME_MAX)
        )
    return value


def _colour(value: str) -> str:
    text = value.strip()
    if len(text) != 7 or text[0] != "#" or any(ch not in HEX_DIGITS for ch in text[1:]):
        raise OperationError(words("A token's colour is written #rrggbb"))
    return text.lower()


def _where(ctx: Context, q: int, r: int) -> tuple[Words, list[int]]:
    """Where a hex lies ("in region 4"), for a journal line, and the region the line names.

    A hidden region goes unnamed (the line says "in hex (q, r)" and stays the players'); a shown
    one is named, and the line follows it if it is hidden later.
    """
    region = ctx.campaign.map.region_at(q, r)
    if region is None or region.hidden:
        return words("in hex ({q}, {r})", q=q, r=r), []
    return words("in {region}", region=region_words(region)), [region.number]


def next_token_id(ctx: Context) -> str:
    """The first free id of the form ``t1``, ``t2``..."""
    used = {t.id for t in ctx.campaign.map.tokens}
    n = 1
    while f"t{n}" in used:
        n += 1
    return f"t{n}"


@dataclass(frozen=True)
class PlaceToken(Operation):
    """Put a new token on a hex: a character's (``character`` names them), an enemy or a marker.

    (``category``, not ``kind``: a network request names its operation by ``kind``.)
    """

    category: TokenKind
    q: int
    r: int
    character: str | None = None
    name: str = ""
    colour: str | None = None
    hidden: bool = False

    @property
    @override
    def label(self) -> Words | str:
        if self.category == "character":
            return words("Place a character token")
        if self.category == "enemy":
            return words("Place an enemy token")
        return words("Place a marker token")

    @override
    def apply(self, ctx: Context) -> str:
        _check_hex(self.q, self.r)
        tokens = ctx.campaign.map.tokens
        if len(tokens) >= TOKEN_LIMIT:
            raise OperationError(
                words("A map holds at most {token_limit} tokens", token_limit=TOKEN_LIMIT)
            )
        if self.category == "character":
            if self.character is None:
                raise OperationError(words("Say which character the token stands for"))
            who = ctx.character(self.character)
            if any(t.character == who.id for t in tokens):
                raise OperationError(words("{name} already has a token on the map", name=who.name))
        elif self.character is not None:
            raise OperationError(
                words(
                    "Only a character token stands for a character, not a {category}",
                    category=self.category,
                )
            )
        token = Token(
            id=next_token_id(ctx),
            kind=self.category,
            character=self.character,
            name=_name(self.name),
            colour=_colour(self.colour) if self.colour is not None else KIND_COLOURS[self.category],
            q=self.q,
            r=self.r,
            hidden=self.hidden,
        )
        tokens.append(token)
        name = _name_of(ctx, token)
        where, regions = _where(ctx, self.q, self.r)
        log_about(
            ctx,
            "token",
            words("{token} is placed {where} (hidden from the players).", token=name, where=where)
            if token.hidden
            else words("{token} is placed {where}.", token=name, where=where),
            {"token": token.id, "q": self.q, "r": self.r},
            tokens=[token.id],
            regions=regions,
            character=token.character,
        )
        return token.id


@dataclass(frozen=True)
class MoveToken(Operation):
    """Move a token to another hex (no journal line; undo puts it back)."""

    token: str
    q: int
    r: int

    @property
    @override
    def label(self) -> Words | str:
        return self.__dict__.get("_words") or words("Move token")

    def worded(self, words: Words | str) -> MoveToken:
        """This move, named in the mover's words ("Move Astrid to region 4 (Copperwood)").

        The words are no field: they stay in the window that made the move (its status bar, its
        action line, its Undo), never sent to the host nor read from a request.
        """
        op = MoveToken(self.token, self.q, self.r)
        object.__setattr__(op, "_words", words)
        return op

    @override
    def apply(self, ctx: Context) -> None:
        i, token = _find(ctx, self.token)
        _check_hex(self.q, self.r)
        if (token.q, token.r) == (self.q, self.r):
            raise OperationError(words("The token is already there"))
        ctx.campaign.map.tokens[i] = replace(token, q=self.q, r=self.r)


@dataclass(frozen=True)
class EditToken(Operation):
    """Rename a token or change its colour (None: keep); an empty name names it by default."""

    token: str
    name: str | None = None
    colour: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Rename token") if self.colour is None else words("Edit token")

    @override
    def apply(self, ctx: Context) -> None:
        i, token = _find(ctx, self.token)
        changes: dict[str, object] = {}
        if self.name is not None:
            changes["name"] = _name(self.name)
        if self.colour is not None:
            changes["colour"] = _colour(self.colour)
        changes = {k: v for k, v in changes.items() if getattr(token, k) != v}
        if not changes:
            raise OperationError(words("Nothing to change"))
        ctx.campaign.map.tokens[i] = replace(token, **changes)


@dataclass(frozen=True)
class SetTokenHidden(Operation):
    """Hide a token from the players (only the GM sees it), or show it to them again."""

    token: str
    hidden: bool = True

    @property
    @override
    def label(self) -> Words | str:
        return words("Hide token from players") if self.hidden else words("Show token to players")

    @override
    def apply(self, ctx: Context) -> None:
        i, token = _find(ctx, self.token)
        if token.hidden == self.hidden:
            raise OperationError(
                "The token is already hidden" if self.hidden else "The token is already shown"
            )
        ctx.campaign.map.tokens[i] = replace(token, hidden=self.hidden)
        remark(ctx, "tokens", token.id)  # its lines follow it: the GM's while it is hidden
        name = _name_of(ctx, token)
        regions: list[int] = []
        if self.hidden:
            text = words("{token} is hidden from the players.", token=name)
        else:
            where, regions = _where(ctx, token.q, token.r)
            text = words("{token} appears {where}.", token=name, where=where)
        log_about(
            ctx,
            "token",
            text,
            {"token": token.id},
            tokens=[token.id],
            regions=regions,
            character=token.character,
        )


@dataclass(frozen=True)
class RemoveToken(Operation):
    """Take a token off the map (undo puts it back)."""

    token: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Remove token")

    @override
    def apply(self, ctx: Context) -> None:
        i, token = _find(ctx, self.token)
        name = _name_of(ctx, token)
        log_about(
            ctx,
            "token",
            words("{token} is taken off the map.", token=name),
            {"token": token.id},
            tokens=[token.id],
            character=token.character,
        )
        del ctx.campaign.map.tokens[i]
        retire(ctx, "tokens", token.id, token.hidden)


def remove_character_tokens(ctx: Context, character_id: str) -> int:
    """Take the tokens of a character who leaves the campaign off the map; how many there were."""
    tokens = ctx.campaign.map.tokens
    kept = [t for t in tokens if t.character != character_id]
    gone = [t for t in tokens if t.character == character_id]
    if gone:
        ctx.campaign.map.tokens = kept
        for token in gone:
            retire(ctx, "tokens", token.id, token.hidden)
    return len(gone)
