"""Operations on the campaign's monsters and NPCs: a card each, with the GM's secret notes."""

from __future__ import annotations

from dataclasses import dataclass, field

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.dicepool.access import card_from_fields, dicepool_play, fields_from_card
from saga_desktop.model.dicepool.ops.cards import CardSpec, not_fighting
from saga_desktop.model.dicepool.state import MONSTER_LIMIT, Monster
from saga_desktop.model.journal_marks import log_about, remark, retire
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.types import TEXT_MAX
from saga_desktop.rules import dicepool as dp


def _next_id(ctx: Context) -> str:
    used = {m.id for m in dicepool_play(ctx.campaign).monsters}
    used |= {c.id for c in ctx.campaign.characters}
    n = 1
    while f"m{n}" in used:
        n += 1
    return f"m{n}"


def _notes(notes: str) -> str:
    if len(notes) > TEXT_MAX:
        raise OperationError(words("Notes hold at most {text_max} characters", text_max=TEXT_MAX))
    return notes


def _index(ctx: Context, monster_id: str) -> int:
    for i, m in enumerate(dicepool_play(ctx.campaign).monsters):
        if m.id == monster_id:
            return i
    raise OperationError(words("That monster is not in this campaign"))


def _dump(value: object) -> object:
    if isinstance(value, list):
        return [_dump(v) for v in value]
    dump = getattr(value, "model_dump", None)
    return dump() if callable(dump) else value


@dataclass(frozen=True)
class AddMonster(Operation):
    """Add a monster or NPC card (ranges apply, not the creation budget); returns its id."""

    name: str
    spec: CardSpec = field(default_factory=CardSpec)
    notes: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return (
            words("Add {name}", name=self.name.strip())
            if self.name.strip()
            else words("Add monster")
        )

    @override
    def apply(self, ctx: Context) -> str:
        play = dicepool_play(ctx.campaign)
        if len(play.monsters) >= MONSTER_LIMIT:
            raise OperationError(
                words(
                    "A campaign holds at most {monster_limit} monsters", monster_limit=MONSTER_LIMIT
                )
            )
        monster_id = _next_id(ctx)
        card = self.spec.card(monster_id, self.name)
        dp.check_character(card, play.options.to_rules())
        fields = {k: _dump(v) for k, v in fields_from_card(card).items()}
        play.monsters.append(
            Monster.model_validate(
                {"id": monster_id, "name": card.name, "notes": _notes(self.notes), **fields}
            )
        )
        ctx.log("monster", words("Monster added: {card}", card=card.words()), {"card": monster_id})
        return monster_id


@dataclass(frozen=True)
class EditMonster(Operation):
    """Rename a monster or change the GM's notes (its card: the card operations)."""

    monster: str
    name: str | None = None
    notes: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit monster")

    @override
    def apply(self, ctx: Context) -> None:
        play = dicepool_play(ctx.campaign)
        i = _index(ctx, self.monster)
        old = play.monsters[i]
        changes: dict[str, object] = {}
        if self.name is not None and self.name.strip() != old.name:
            not_fighting(ctx, old.id)
            changes["name"] = self.name.strip()
        if self.notes is not None and self.notes != old.notes:
            changes["notes"] = _notes(self.notes)
        if not changes:
            raise OperationError(words("Nothing to change"))
        new = Monster.model_validate({**old.model_dump(), **changes})
        play.monsters[i] = new
        ctx.log("monster", words("Monster edited: {name}", name=new.name), {"card": new.id})


@dataclass(frozen=True)
class RemoveMonster(Operation):
    """Remove a monster (not while it is in the fight)."""

    monster: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Remove monster")

    @override
    def apply(self, ctx: Context) -> None:
        play = dicepool_play(ctx.campaign)
        i = _index(ctx, self.monster)
        not_fighting(ctx, self.monster)
        gone = play.monsters.pop(i)
        ctx.log("monster", words("Monster removed: {name}", name=gone.name), {"card": gone.id})
        retire(ctx, "monsters", gone.id, not gone.shown)


@dataclass(frozen=True)
class ShowMonster(Operation):
    """Show a monster to the players (its name and card, never the GM's notes), or hide it again.

    A monster is the GM's alone until shown, except while it fights (the fight shows its card).
    """

    monster: str
    shown: bool = True

    @property
    @override
    def label(self) -> Words | str:
        return (
            words("Show monster to players") if self.shown else words("Hide monster from players")
        )

    @override
    def apply(self, ctx: Context) -> None:
        play = dicepool_play(ctx.campaign)
        i = _index(ctx, self.monster)
        old = play.monsters[i]
        if old.shown == self.shown:
            raise OperationError(
                words("The players already know {name}", name=old.name)
                if self.shown
                else words("{name} is already hidden from the players", name=old.name)
            )
        play.monsters[i] = old.model_copy(update={"shown": self.shown})
        remark(ctx, "monsters", old.id)
        text = (
            words("The players meet {card}", card=card_from_fields(old.id, old.name, old).words())
            if self.shown
            else words("{name} is hidden from the players again.", name=old.name)
        )
        log_about(ctx, "shown", text, {"card": old.id}, monsters=[old.id])
