"""Making a sent-back character again from what it showed, and what changed since.

When the GM sends a player's character back, the player makes it again in its place. The cards
revealed for it and the dice rolled stay what they were: :class:`RemakeCreation` opens a draft
holding the sent-back character's attribute cards, Vanori (and its d6), max resilience and the
moves the rules count (redraws, the resilience reroll), so nothing is drawn or rolled anew unless
the player takes a step the rules still allow, or sets the draft aside to start afresh. The draft
remembers the version sent back; when it is sent again, its journal line carries that version
(``was``), and :func:`what_changed` words the difference for the GM's review.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import JsonValue
from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import songs_play
from saga_desktop.model.songs.ops.creation import CreationStep, StepKind, VanoriSpec, _label
from saga_desktop.model.songs.state import CreationDraft
from saga_desktop.rules import songs
from saga_desktop.rules.errors import RulesError

RECORD = songs.CreationRecord.__name__
WAS = "was"
"""The key of a re-made character's journal details holding the version sent back."""


def creation_record(campaign: Campaign, character_id: str) -> dict[str, Any] | None:
    """The journal's data of how ``character_id`` was last made (None if it holds none)."""
    for entry in reversed(campaign.journal):
        if (
            entry.kind == "character"
            and entry.character == character_id
            and entry.details.get("type") == RECORD
        ):
            return dict(entry.details)
    return None


def _read(data: Mapping[str, Any]) -> songs.CreationRecord:
    plain = {k: v for k, v in data.items() if k not in (WAS, "reason")}
    return songs.CreationRecord.from_data(plain)


def version_sent_back(data: Mapping[str, Any], reason: str) -> dict[str, JsonValue]:
    """What a draft keeps of the version sent back: its creation record and the GM's reason."""
    was: dict[str, JsonValue] = {k: v for k, v in data.items() if k != WAS}
    was["reason"] = reason
    return was


def returned_version(campaign: Campaign, player: str) -> dict[str, JsonValue] | None:
    """The version sent back of ``player``'s character waiting to be made again, if any."""
    wanted = " ".join(player.split()).casefold()
    for c in campaign.characters:
        if c.status == "returned" and " ".join(c.player.split()).casefold() == wanted:
            data = creation_record(campaign, c.id)
            if data is not None:
                return version_sent_back(data, c.review)
    return None


def draft_from(record: songs.CreationRecord) -> CreationDraft:
    """A draft holding what ``record`` showed, with the moves the rules count."""
    vanori = VanoriSpec.from_rules(record.character.vanori)
    moves = [StepKind.REVEAL]
    moves += [StepKind.REDRAW] * record.attributes.redraws_used
    if record.vanori_roll is not None:
        moves.append(StepKind.ROLL_VANORI)
    moves += [StepKind.CHOOSE_VANORI, StepKind.ROLL_RESILIENCE]
    moves += [StepKind.REROLL_RESILIENCE] * record.resilience.rerolls_used
    return CreationDraft(
        draw=record.attributes.to_data(),
        vanori=vanori.to_data(),
        vanori_roll=None if record.vanori_roll is None else record.vanori_roll.to_data(),
        resilience=record.resilience.to_data(),
        moves=[m.value for m in moves],
    )


def steps_of(draft: CreationDraft) -> list[CreationStep]:
    """The draft's moves as steps (what the rules count)."""
    return [CreationStep(StepKind(m)) for m in draft.moves]


def draft_key(drafts: Mapping[str, CreationDraft], player: str) -> str | None:
    """The key of ``player``'s draft (names compare without case or extra spaces), if any."""
    wanted = " ".join(player.split()).casefold()
    return next((k for k in drafts if " ".join(k.split()).casefold() == wanted), None)


@dataclass(frozen=True)
class RemakeCreation(Operation):
    """Open a draft from ``character``, the player's character the GM sent back.

    The sent-back character's cards and rolls stand: nothing is drawn or rolled.
    """

    player: str
    character: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Make the character again")

    @override
    def apply(self, ctx: Context) -> CreationDraft:
        player = _label(self.player, "player")
        c = ctx.character(self.character)
        if " ".join(c.player.split()).casefold() != player.casefold() or not player:
            raise OperationError(
                words("{name} is not {value}'s character", name=c.name, value=player or "this seat")
            )
        if c.status != "returned":
            raise OperationError(
                words("{name} was not sent back: there is nothing to make again", name=c.name)
            )
        drafts = songs_play(ctx).drafts
        if draft_key(drafts, player) is not None:
            raise OperationError(
                words("{player} already has a character in the making", player=player)
            )
        data = creation_record(ctx.campaign, c.id)
        if data is None:
            raise OperationError(
                words("How {name} was made is not known: make it afresh", name=c.name)
            )
        try:
            record = _read(data)
        except (RulesError, TypeError, ValueError):
            raise OperationError(
                words("How {name} was made cannot be read: make it afresh", name=c.name)
            ) from None
        draft = draft_from(record)
        draft.was = version_sent_back(data, c.review)
        drafts[player] = draft
        ctx.log(
            "creation",
            words(
                "{player} makes {name} again, keeping its cards and rolls.",
                player=player,
                name=c.name,
            ),
            character=c.id,
        )
        return draft


def _vanori_words(vanori: songs.Vanori) -> str:
    return f"the {vanori.name}"


def what_changed(details: Mapping[str, Any]) -> list[str] | None:
    """How a re-made character (its journal details) differs from the version sent back.

    None when the character was not made again; an empty list when nothing changed.
    """
    was = details.get(WAS)
    if not isinstance(was, Mapping):
        return None
    try:
        old, new = _read(was), _read(details)
    except (RulesError, TypeError, ValueError):
        return ["The version sent back cannot be read."]
    a, b = old.character, new.character
    lines: list[str] = []
    if a.name != b.name:
        lines.append(f"Name: {a.name} → {b.name}")
    for attr in songs.Attribute:
        before, after = old.attributes.card_for(attr), new.attributes.card_for(attr)
        if before.card != after.card:
            lines.append(f"{attr.title} card: {before.card.long_name} → {after.card.long_name}")
    if a.vanori != b.vanori:
        lines.append(f"Vanori: {_vanori_words(a.vanori)} → {_vanori_words(b.vanori)}")
    for attr in songs.Attribute:
        if a.attributes[attr] != b.attributes[attr]:
            lines.append(f"{attr.title}: {a.attributes[attr]:+d} → {b.attributes[attr]:+d}")
    if a.max_resilience != b.max_resilience:
        lines.append(f"Max resilience: {a.max_resilience} → {b.max_resilience}")
    weapons = [i.name for i in a.inventory[:1]], [i.name for i in b.inventory[:1]]
    if weapons[0] != weapons[1]:
        lines.append(f"Weapon: {', '.join(weapons[0])} → {', '.join(weapons[1])}")
    return lines
