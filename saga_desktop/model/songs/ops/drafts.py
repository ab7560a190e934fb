"""Making a character step by step over the network: the player chooses, the host draws and rolls.

The rules give a player choices that depend on what the cards and dice showed: redraw up to two
attributes they are unhappy with, choose or roll a Vanori, roll max resilience again once. So a
player's creation is a series of requests, one :class:`CreationMove` each, that the host plays
on the real deck and generator (the same :class:`~saga_desktop.model.songs.ops.creation.
CreationTable` the GM's dialog uses); what the steps showed is kept in ``SongsPlay.drafts`` under
the player's name. :class:`FinishCreation` names the character and sends it to the GM;
:class:`SetDraftAside` gives an unfinished one up (its cards stay in the discard, as they would
at the table).
"""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.characters import make_room
from saga_desktop.model.songs.access import options, songs_play
from saga_desktop.model.songs.ops.creation import (
    CreationStep,
    CreationTable,
    StepKind,
    VanoriSpec,
    _add,
    _label,
    _rules,
)
from saga_desktop.model.songs.ops.remake import draft_key, returned_version
from saga_desktop.model.songs.state import CreationDraft
from saga_desktop.model.songs.table import songs_deck
from saga_desktop.rules import songs
from saga_desktop.rules.songs.inventory import clean_name

MOVES = tuple(k.value for k in StepKind)


def table_of(ctx: Context, draft: CreationDraft | None) -> CreationTable:
    """A creation table on the real deck and generator, holding what ``draft`` showed."""
    table = CreationTable(songs_deck(ctx), ctx.rng, options(ctx))
    if draft is not None:
        fill_from(table, draft)
    return table


def fill_from(table: CreationTable, draft: CreationDraft) -> None:
    """Put on ``table`` what ``draft``'s steps showed (a seat reads its own draft this way)."""
    table.draw = None if draft.draw is None else songs.AttributeDraw.from_data(draft.draw)
    table.vanori = None if draft.vanori is None else VanoriSpec(**draft.vanori).to_rules()  # type: ignore[arg-type]
    table.vanori_roll = None
    if draft.vanori_roll is not None:
        table.vanori_roll = songs.VanoriRoll.from_data(draft.vanori_roll)
    table.resilience = None
    if draft.resilience is not None:
        table.resilience = songs.ResilienceRoll.from_data(draft.resilience)
    table.steps = [CreationStep(StepKind(m)) for m in draft.moves]


def draft_of(table: CreationTable) -> CreationDraft:
    """What the table's steps showed, to keep until the next step."""
    return CreationDraft(
        draw=None if table.draw is None else table.draw.to_data(),
        vanori=None if table.vanori is None else VanoriSpec.from_rules(table.vanori).to_data(),
        vanori_roll=None if table.vanori_roll is None else table.vanori_roll.to_data(),
        resilience=None if table.resilience is None else table.resilience.to_data(),
        moves=[s.kind.value for s in table.steps],
    )


def _player(player: str) -> str:
    name = _label(player, "player")
    if not name:
        raise OperationError(words("Say whose character this is (the player's name)"))
    return name


@dataclass(frozen=True)
class CreationMove(Operation):
    """One step of a player's creation, played by the host on the real deck and generator.

    ``move`` is ``reveal``, ``redraw`` (an ``attribute``), ``roll_vanori``, ``choose_vanori``
    (one of the six by id, or ``invented``: a Vanori of the player's invention, in full),
    ``roll_resilience`` or ``reroll_resilience``.
    """

    player: str
    move: str
    attribute: str = ""
    vanori: str = ""
    invented: VanoriSpec | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Creation step")

    @override
    def apply(self, ctx: Context) -> CreationDraft:
        player = _player(self.player)
        if self.move not in MOVES:
            raise OperationError(
                words("'{value}' is not a step of character creation", value=self.move[:40])
            )
        drafts = songs_play(ctx).drafts
        key = draft_key(drafts, player) or player
        draft = drafts.get(key)
        kind = StepKind(self.move)
        if draft is None and kind is not StepKind.REVEAL:
            raise OperationError(words("Reveal the attribute cards first"))
        table = table_of(ctx, draft)
        match kind:
            case StepKind.REVEAL:
                table.reveal()
            case StepKind.REDRAW:
                table.redraw(self.attribute)
            case StepKind.ROLL_VANORI:
                table.roll_vanori()
            case StepKind.CHOOSE_VANORI:
                invented = self.invented
                if invented is not None and invented.id != "custom":
                    raise OperationError(words("An invented Vanori is described in full"))
                table.choose_vanori(invented or VanoriSpec(self.vanori))
            case StepKind.ROLL_RESILIENCE:
                table.roll_resilience()
            case StepKind.REROLL_RESILIENCE:
                table.reroll_resilience()
        drafts[key] = new = draft_of(table)
        # A character sent back and started afresh is still compared with the version sent back.
        new.was = draft.was if draft is not None else returned_version(ctx.campaign, player)
        text, details = table.journal[-1]
        said = words("{player} makes a character: {step}", player=player, step=text)
        ctx.log("creation", said, details)
        return new


@dataclass(frozen=True)
class FinishCreation(Operation):
    """Name the character a player made step by step: it joins the party, or waits for the GM.

    ``submit`` and ``replaces``: see :class:`~saga_desktop.model.ops.characters.AddCharacter`.
    """

    player: str
    name: str
    weapon: str
    pronouns: str = ""
    submit: bool = False
    replaces: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        if self.submit:  # the table's caption falls back on it: no name before the GM's yes
            return words("A new character for the GM's approval")
        name = " ".join(self.name.split())
        return words("Create {name}", name=name) if name else words("Create character")

    @override
    def apply(self, ctx: Context) -> songs.CreationRecord:
        player = _player(self.player)
        name = _rules(clean_name, self.name, "A character")
        weapon = _rules(clean_name, self.weapon, words("A weapon"))
        pronouns = _label(self.pronouns, "pronouns")
        drafts = songs_play(ctx).drafts
        key = draft_key(drafts, player)
        if key is None:
            raise OperationError(words("{player} has no character in the making", player=player))
        draft = drafts.pop(key)
        table = table_of(ctx, draft)
        gap = table.missing()
        if gap:
            raise OperationError(words("{gap} first", gap=gap))
        cid = make_room(ctx, self.replaces)
        record = table.finish(cid, name, weapon, songs_deck(ctx))
        return _add(ctx, record, player, pronouns, self.submit, draft.was)


@dataclass(frozen=True)
class SetDraftAside(Operation):
    """Give up a character in the making (the cards revealed for it stay in the discard)."""

    player: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Set the creation aside")

    @override
    def apply(self, ctx: Context) -> None:
        player = _player(self.player)
        drafts = songs_play(ctx).drafts
        key = draft_key(drafts, player)
        if key is None:
            raise OperationError(words("{player} has no character in the making", player=player))
        del drafts[key]
        ctx.log("creation", words("{player} sets their unfinished character aside.", player=player))
