"""What every fight operation shares: the roll's setup, burns, turn checks, the damage die."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import JsonValue

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Words, listed, words
from saga_desktop.model.operation import Context, OperationError
from saga_desktop.model.songs.access import (
    options,
    pending_roll,
    songs_character,
    songs_enemy,
    songs_play,
)
from saga_desktop.model.songs.combat_queries import party_risk
from saga_desktop.model.songs.state import Combat, CombatSide
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import Adjustment, Record
from saga_desktop.rules.songs.tables import NORMAL_DR

BurnKindName = Literal["call_the_gods", "aid_an_ally", "conjure_vanori", "come_prepared"]
GearPart = Literal["weapon", "armor"]
Change = tuple[int, str]
"""A change of the score or the DR with its reason, e.g. ``(-2, "high ground")``."""

SIDE_TURNS: dict[str, str] = {"party": "the party's turn", "enemies": "the enemies' turn"}
WORDS = (tr_noop("the party's turn"), tr_noop("the enemies' turn"))  # for the catalog


# -- helpers --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BurnSpec:
    """A card burned for a roll: whose hand it leaves and what it does.

    ``kind`` is ``call_the_gods`` (+2, the roller's own card), ``aid_an_ally`` (+2, +3 from an
    Elk; another character's card), ``conjure_vanori`` (the DR drops; the roller's card) or
    ``come_prepared`` (``item`` goes into a free slot and may lower the DR by ``dr_reduction``;
    only before the roll).
    """

    kind: BurnKindName
    card: str
    by: str
    item: str = ""
    dr_reduction: int = 0


def combat_of(ctx: Context) -> Combat:
    """The fight going on, or an OperationError."""
    combat = songs_play(ctx).combat
    if combat is None:
        raise OperationError(words("No fight is going on: start combat first"))
    return combat


def _card(code: str) -> Card:
    return Card.from_code(code)


def _optional_card(code: str | None) -> Card | None:
    return None if code is None else _card(code)


def _attribute(name: str) -> songs.Attribute:
    try:
        return songs.Attribute(name)
    except ValueError:
        raise OperationError(words("'{name}' is not an attribute", name=name)) from None


def make_burn(ctx: Context, roller: songs.SongsCharacter, spec: BurnSpec) -> songs.Burn:
    """The engine's burn for a spec (RulesError when the burn is not possible)."""
    card = _card(spec.card)
    if spec.kind == "aid_an_ally":
        if spec.by == roller.id:
            raise OperationError(words("Aid an Ally comes from another character's hand"))
        return songs.aid_an_ally(songs_character(ctx, spec.by), card)
    if spec.by != roller.id:
        raise OperationError(words("That card is burned from the roller's own hand"))
    if spec.kind == "call_the_gods":
        return songs.call_the_gods(roller, card)
    if spec.kind == "conjure_vanori":
        return songs.conjure_vanori(roller, card, options(ctx))
    return songs.come_prepared(roller, card, spec.item, spec.dr_reduction)


def _adjustments(changes: Sequence[Change]) -> tuple[Adjustment, ...]:
    return tuple(Adjustment(amount, reason.strip()) for amount, reason in changes)


@dataclass(frozen=True, slots=True)
class RollSetup:
    """What every combat roll asks for: attribute, DR, risk, burns and other changes.

    ``risk`` None: the risk rating of the region the party stands in (1 off the charted map),
    as the host sees it; a player's own roll at their seat leaves it so.
    """

    attribute: str = "strength"
    dr: int = NORMAL_DR
    risk: int | None = None
    burns: tuple[BurnSpec, ...] = ()
    bonuses: tuple[Change, ...] = ()
    dr_changes: tuple[Change, ...] = ()
    d20: int | None = None

    def request(self, ctx: Context, roller: songs.SongsCharacter) -> songs.TrialRequest:
        """The engine's request for this roll."""
        return songs.TrialRequest(
            _attribute(self.attribute),
            self.dr,
            party_risk(ctx.campaign) if self.risk is None else self.risk,
            burns=tuple(make_burn(ctx, roller, b) for b in self.burns),
            bonuses=_adjustments(self.bonuses),
            dr_adjustments=_adjustments(self.dr_changes),
        )


def _no_pending(ctx: Context) -> None:
    if songs_play(ctx).pending is not None:
        raise OperationError(words("A roll is still waiting on the table: settle it first"))


def _fighting_enemy(ctx: Context, combat: Combat, enemy_id: str) -> songs.Enemy:
    if enemy_id not in combat.enemies:
        raise OperationError(words("That enemy is not in this fight"))
    enemy = songs_enemy(ctx, enemy_id)
    if combat.out_of_fight(enemy_id):
        if combat.morale[enemy_id] == "flee":
            raise OperationError(
                words("{label} has fled and is out of the fight", label=enemy.label)
            )
        raise OperationError(
            words("{label} has surrendered and is out of the fight", label=enemy.label)
        )
    return enemy


def _take_turn(combat: Combat, side: CombatSide, who: str, name: str) -> None:
    if combat.turn != side:
        raise OperationError(
            words("It is {value}: end it first", value=words(SIDE_TURNS[combat.turn]))
        )
    if who in combat.acted:
        raise OperationError(words("{name} has already acted this turn", name=name))
    combat.acted.append(who)


def _record_data(record: Record, **extra: JsonValue) -> dict[str, JsonValue]:
    data: dict[str, JsonValue] = {"record": record.to_data()}
    data.update(extra)
    return data


def _pending_of(ctx: Context, kind: type[Record], what: str) -> Any:
    record = pending_roll(ctx)
    if not isinstance(record, kind):
        raise OperationError(words("There is no {what} waiting to be settled", what=what))
    return record


def _roller_of(record: Record) -> str:
    if isinstance(record, songs.AttackRoll | songs.DefenceRoll):
        return record.trial.character_id
    assert isinstance(record, songs.TrialRoll)
    return record.character_id


# -- the damage die, in words ---------------------------------------------------------------------


def _why(reason: str) -> str:
    return " ".join(reason.split())


MOST_NAMES = 20
"""Names in one level of a list's words (words hold at most 24 values a level)."""


def names(items: Iterable[Words | str]) -> Words:
    """Names or words one after the other, comma separated; past 20, the rest nest one down."""
    kept = list(items)
    if len(kept) > MOST_NAMES:
        return listed(*kept[: MOST_NAMES - 1], names(kept[MOST_NAMES - 1 :]))
    return listed(*kept)
