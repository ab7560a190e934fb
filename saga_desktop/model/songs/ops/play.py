"""The table's one-click actions: the oracle, look-ups, rest, scenes, sessions and burns.

Each operation calls one engine procedure on the shared deck with the campaign's generator and
rulings, journals the engine's explanation (its ``to_data()`` in the details) and returns the
engine's record. Trial and fate rolls live in :mod:`saga_desktop.model.songs.ops.rolls`.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words, words_n
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import (
    options,
    options_of,
    pending_roll,
    songs_character,
    songs_enemy,
    songs_play,
)
from saga_desktop.model.songs.ops.rolls import table_deck
from saga_desktop.model.songs.state import SESSION_LIMIT
from saga_desktop.model.songs.table import songs_deck
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.rules.songs.tables import reveal_morale


def _one_line(text: str, what: str) -> str:
    text = " ".join(text.split())
    if len(text) > NAME_MAX:
        raise OperationError(
            words("The {what} has at most {name_max} characters", what=what, name_max=NAME_MAX)
        )
    return text


@dataclass(frozen=True)
class AskOracle(Operation):
    """Ask the oracle a yes/no question: one card for luck and one per favouring factor."""

    question: str = ""
    factors: int = 0

    @property
    @override
    def label(self) -> Words | str:
        return words("Ask the oracle")

    @override
    def apply(self, ctx: Context) -> songs.OracleRecord:
        rulings = options(ctx)
        deck = songs_deck(ctx)
        odds = songs.oracle_odds(deck, self.factors, rulings)
        record = songs.ask_oracle(deck, ctx.rng, self.factors, self.question, rulings)
        details = record.to_data()
        details["odds"] = odds.to_data()
        ctx.log("oracle", record.words(), details)
        return record


@dataclass(frozen=True)
class RevealReaction(Operation):
    """Reveal a card for a non-player character's reaction."""

    npc: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Reaction")

    @override
    def apply(self, ctx: Context) -> songs.ReactionRecord:
        npc = _one_line(self.npc, "name")
        record = songs.reveal_reaction(songs_deck(ctx), ctx.rng, npc, options(ctx))
        ctx.log("reaction", record.words(), record.to_data())
        return record


@dataclass(frozen=True)
class RollInitiative(Operation):
    """Reveal a card for initiative: red, the party acts first; black, the enemies do."""

    @property
    @override
    def label(self) -> Words | str:
        return words("Initiative")

    @override
    def apply(self, ctx: Context) -> songs.InitiativeRecord:
        record = songs.roll_initiative(songs_deck(ctx), ctx.rng, options(ctx))
        ctx.log("initiative", record.words(), record.to_data())
        return record


@dataclass(frozen=True)
class EnemyMorale(Operation):
    """Reveal a card for enemy morale: of a listed enemy (``enemy``, its id) or of ``name``."""

    enemy: str | None = None
    name: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Enemy morale")

    @override
    def apply(self, ctx: Context) -> songs.MoraleRecord:
        deck, rulings = songs_deck(ctx), options(ctx)
        if self.enemy is not None:
            record = songs.check_morale(songs_enemy(ctx, self.enemy), deck, ctx.rng, rulings)
        else:
            name = _one_line(self.name, "name")
            record = reveal_morale(deck, ctx.rng, "", name, rulings)
        ctx.log("morale", record.words(), record.to_data())
        return record


@dataclass(frozen=True)
class Rest(Operation):
    """A short, long or full rest for one character.

    Short: ``ox_card`` lets an Ox burn a card to rest as on a long rest. Short (with the Ox) and
    long: ``repair_weapon`` (a weapon's name) or ``repair_armor`` spends the rest on a repair.
    Full: ``clear`` names a condition to clear.
    """

    character: str
    kind: songs.RestKind = songs.RestKind.SHORT
    ox_card: Card | None = None
    repair_weapon: str | None = None
    repair_armor: bool = False
    clear: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        if self.kind is songs.RestKind.FULL:
            return words("Full rest")
        if self.kind is songs.RestKind.LONG:
            return words("Long rest")
        return words("Short rest")

    @override
    def apply(self, ctx: Context) -> songs.RestRecord:
        sheet = songs_character(ctx, self.character)
        repairs = self.repair_weapon is not None or self.repair_armor
        if self.ox_card is not None and self.kind is not songs.RestKind.SHORT:
            raise OperationError(words("The Ox turns a short rest into a long one"))
        if self.clear is not None and self.kind is not songs.RestKind.FULL:
            raise OperationError(words("Only a full rest clears a condition"))
        if self.kind is songs.RestKind.FULL:
            if repairs:
                raise OperationError(words("Repairs take a long rest"))
            record = songs.full_rest(sheet, self.clear)
        elif self.kind is songs.RestKind.LONG:
            record = songs.long_rest(
                sheet, songs_deck(ctx), ctx.rng, options(ctx),
                repair_weapon=self.repair_weapon, repair_armor=self.repair_armor,
            )  # fmt: skip
        else:
            record = songs.short_rest(
                sheet, songs_deck(ctx), ctx.rng, options(ctx), ox_card=self.ox_card,
                repair_weapon=self.repair_weapon, repair_armor=self.repair_armor,
            )  # fmt: skip
        said = words("{name}: {rest}", name=sheet.name, rest=record.words())
        ctx.log("rest", said, record.to_data(), character=sheet.id)
        return record


@dataclass(frozen=True)
class EndScene(Operation):
    """End the scene: the discard is shuffled back into the draw pile; hands are kept."""

    @property
    @override
    def label(self) -> Words | str:
        return words("End scene")

    @override
    def apply(self, ctx: Context) -> int:
        if pending_roll(ctx) is not None:
            raise OperationError(
                words("A roll is waiting to be settled: settle it before the scene ends")
            )
        play = songs_play(ctx)
        if play.scene_number >= SESSION_LIMIT:
            raise OperationError(
                words("Scenes are counted up to {session_limit}", session_limit=SESSION_LIMIT)
            )
        deck = songs_deck(ctx)
        gathered = len(deck.discard) + len(deck.revealed)
        deck.end_scene(ctx.rng)
        scene = play.scene_number
        play.scene_number = scene + 1
        ctx.log(
            "scene",
            words_n(
                "Scene {scene} ends: {n} card shuffled back into the draw pile ({draw} cards); "
                "hands are kept.",
                "Scene {scene} ends: {n} cards shuffled back into the draw pile ({draw} cards); "
                "hands are kept.",
                gathered,
                scene=scene,
                draw=len(deck.draw_pile),
            ),
            {"scene": scene, "shuffled": gathered, "draw": len(deck.draw_pile)},
        )
        return gathered


@dataclass(frozen=True)
class NextSession(Operation):
    """Begin the next session: each Owl may mark XP twice again; scenes count from 1."""

    @property
    @override
    def label(self) -> Words | str:
        return words("Next session")

    @override
    def apply(self, ctx: Context) -> songs.SessionRecord:
        play = songs_play(ctx)
        if play.session_number >= SESSION_LIMIT:
            raise OperationError(
                words("Sessions are counted up to {session_limit}", session_limit=SESSION_LIMIT)
            )
        sheets = [songs_character(ctx, c.id) for c in ctx.campaign.characters]
        record = songs.start_session(sheets)
        play.session_number += 1
        play.scene_number = 1
        ctx.log(
            "session",
            words(
                "Session {number}: {session}.", number=play.session_number, session=record.words()
            ),
            {**record.to_data(), "session": play.session_number},
        )
        return record


@dataclass(frozen=True)
class ComePrepared(Operation):
    """Burn a card from a hand: the item was in the pack all along (it takes a free slot)."""

    character: str
    card: Card
    item: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Come prepared")

    @override
    def apply(self, ctx: Context) -> songs.BurnRecord:
        sheet = songs_character(ctx, self.character)
        record = songs.burn_come_prepared(sheet, songs_deck(ctx), self.card, self.item)
        ctx.log("burn", record.words(), record.to_data(), character=sheet.id)
        return record


@dataclass(frozen=True)
class OwlInsight(Operation):
    """The Owl's gift, once per session: burn a card from the hand to mark XP twice.

    ``card`` may be given by its code (as the sheet's picker does); a bad code is refused.
    """

    character: str
    card: Card | str

    @property
    @override
    def label(self) -> Words | str:
        return words("Owl's insight")

    @override
    def apply(self, ctx: Context) -> songs.XpRecord:
        sheet = songs_character(ctx, self.character)
        card = self.card if isinstance(self.card, Card) else Card.from_code(self.card)
        record = songs.owl_insight(sheet, songs_deck(ctx), ctx.rng, card, options(ctx))
        said = words("{name}: {record}", name=sheet.name, record=record.words())
        ctx.log("xp", said, record.to_data(), character=sheet.id)
        return record


@dataclass(frozen=True)
class VanoriGift(Operation):
    """A custom Vanori's gift: burn a card; the table plays out its effect (``note``)."""

    character: str
    card: Card
    note: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Vanori's gift")

    @override
    def apply(self, ctx: Context) -> songs.BurnRecord:
        sheet = songs_character(ctx, self.character)
        note = _one_line(self.note, "note")
        record = songs.burn_custom(sheet, songs_deck(ctx), self.card, note)
        ctx.log("burn", record.words(), record.to_data(), character=sheet.id)
        return record


# -- previews (nothing changes) -------------------------------------------------------------------


def preview_oracle(campaign: Campaign, factors: int) -> songs.OracleOdds:
    """The exact odds of each answer to a question with ``factors`` favouring factors."""
    return songs.oracle_odds(table_deck(campaign), factors, options_of(campaign))


def preview_next_card(campaign: Campaign) -> songs.SuitOdds:
    """The chance of each suit for the next card revealed (reaction, morale, initiative, rest)."""
    return songs.next_card_odds(table_deck(campaign))
