"""The combat round as operations: start, declare, roll, compare, STR, outcomes, end.

Each step is one operation on the fight in progress (``DicePoolPlay.encounter``), so a network
seat can send any of them: every combatant declares in REF order (lowest first), then one combat
roll each resolves the round in the opposite order (from the campaign's generator or typed
faces); the last roll compares every attack with its target. Only the winner of an exchange
applies an outcome, after the loser's once-per-encounter STR; an injury that sticks is written
back to the loser's card at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import JsonValue
from typing_extensions import override

from saga_desktop.i18n.words import Words, listed, words
from saga_desktop.model.dicepool.access import (
    card_of,
    dicepool_play,
    encounter_of,
    options,
    side_of,
    store_card,
    store_encounter,
)
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.characters import playing
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.dicepool.wording import ACTIONS, OUTCOMES, SIDES, looked_up, semicolons


@dataclass(frozen=True)
class StartEncounter(Operation):
    """A fight between the named characters and monsters (each holding its first weapon)."""

    combatants: tuple[str, ...]

    @property
    @override
    def label(self) -> Words | str:
        return words("Start encounter")

    @override
    def apply(self, ctx: Context) -> dp.Encounter:
        if dicepool_play(ctx.campaign).encounter is not None:
            raise OperationError(words("A fight is already in progress: end it first"))
        for i in self.combatants:
            if side_of(ctx.campaign, i) is dp.Side.PLAYER:
                playing(ctx, i)  # a character the GM has not accepted does not fight
        people = [
            dp.combatant(card_of(ctx.campaign, i), side_of(ctx.campaign, i))
            for i in self.combatants
        ]
        fight = dp.start_encounter(people, options(ctx.campaign))
        store_encounter(ctx.campaign, fight)
        names = listed(
            *(
                words("{name} ({side})", name=c.name, side=looked_up(SIDES, c.side.value))
                for c in fight.combatants
            )
        )
        said = words("A fight begins: {combatants}", combatants=names)
        ctx.log("encounter", said, {"combatants": list(self.combatants)})
        return fight


@dataclass(frozen=True)
class Declare(Operation):
    """One combatant declares its action (and target, or the weapon it readies)."""

    combatant: str
    action: str
    target: str = ""
    weapon: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Declare {action}", action=looked_up(ACTIONS, self.action))

    @override
    def apply(self, ctx: Context) -> dp.Declaration:
        try:
            action = dp.Action(self.action)
        except ValueError:
            raise OperationError(
                words("'{action}' is not an action of the round", action=self.action)
            ) from None
        fight = encounter_of(ctx.campaign)
        wanted = dp.Declaration(self.combatant, action, self.target, self.weapon)
        fight, record = dp.declare(fight, wanted)
        store_encounter(ctx.campaign, fight)
        # A declaration stays the GM's until all are in (model/dicepool/secrets.py); then the
        # whole round is revealed in one line everyone reads.
        text = words(
            "Round {round}: {declaration}", round=fight.round, declaration=_said(fight, record)
        )
        ctx.log("declare", text, {**record.to_data(), "gm_only": True})
        if fight.phase is not dp.Phase.DECLARE:
            said = semicolons(*(_said(fight, d) for d in fight.declarations))
            everyone: list[JsonValue] = [d.to_data() for d in fight.declarations]
            text = words(
                "Round {round}, declared: {declarations}", round=fight.round, declarations=said
            )
            ctx.log("declare", text, {"declarations": everyone})
        return record


def _said(fight: dp.Encounter, record: dp.Declaration) -> Words:
    """E.g. ``"Mara declares attack Hound"`` (the names as typed)."""
    who = fight.combatant(record.combatant_id).name
    whom = fight.combatant(record.target_id).name if record.target_id else ""
    extra = " ".join(x for x in (whom, record.weapon) if x)
    action = looked_up(ACTIONS, record.action.value)
    if extra:
        return words("{name} declares {action} {extra}", name=who, action=action, extra=extra)
    return words("{name} declares {action}", name=who, action=action)


def _roll_one(ctx: Context, fight: dp.Encounter, cid: str, faces: tuple[int, ...] | None
              ) -> tuple[dp.Encounter, dp.CombatRoll]:  # fmt: skip
    rng = None if faces is not None else ctx.rng
    fight, roll = dp.roll_combat(fight, cid, rng, faces, options(ctx.campaign))
    said = words("Round {round}: {roll}", round=fight.round, roll=roll.words())
    ctx.log("combat-roll", said, roll.to_data())
    return fight, roll


def _compare(ctx: Context, fight: dp.Encounter) -> tuple[dp.Encounter, dp.Comparison]:
    fight, comparison = dp.compare(fight)
    ctx.log("exchange", comparison.words(), comparison.to_data())
    return fight, comparison


@dataclass(frozen=True)
class RollCombat(Operation):
    """The next combatant in resolution order rolls (``faces``: physical dice).

    After the last roll of the round the exchanges are compared in the same step.
    """

    combatant: str
    faces: tuple[int, ...] | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Combat roll")

    @override
    def apply(self, ctx: Context) -> dp.CombatRoll:
        fight, roll = _roll_one(ctx, encounter_of(ctx.campaign), self.combatant, self.faces)
        if fight.phase is dp.Phase.COMPARE:
            fight, _ = _compare(ctx, fight)
        store_encounter(ctx.campaign, fight)
        return roll


@dataclass(frozen=True)
class Resolve(Operation):
    """Every combatant still to roll rolls, in resolution order; then the exchanges compare."""

    @property
    @override
    def label(self) -> Words | str:
        return words("Resolve the round")

    @override
    def apply(self, ctx: Context) -> dp.Comparison:
        fight = encounter_of(ctx.campaign)
        dp.check_phase(fight, dp.Phase.RESOLVE)
        for cid in dp.resolution_order(fight):
            if fight.roll_of(cid) is None:
                fight, _ = _roll_one(ctx, fight, cid, None)
        fight, comparison = _compare(ctx, fight)
        store_encounter(ctx.campaign, fight)
        return comparison


@dataclass(frozen=True)
class UseStrength(Operation):
    """The loser of exchange ``exchange`` sets their STR against its victory (once a fight)."""

    exchange: int
    combatant: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Use STR")

    @override
    def apply(self, ctx: Context) -> dp.StrengthRecord:
        fight, record = dp.use_strength(encounter_of(ctx.campaign), self.exchange, self.combatant)
        store_encounter(ctx.campaign, fight)
        ctx.log("strength", record.words(), record.to_data())
        return record


@dataclass(frozen=True)
class ApplyOutcome(Operation):
    """The winner of exchange ``exchange`` applies one outcome: injury, stagger, trip, disarm.

    (The field is ``outcome``, not ``kind``: a request over the network names its operation by
    ``kind``.)
    """

    exchange: int
    winner: str
    outcome: str
    level: int = 0
    note: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Apply {outcome}", outcome=looked_up(OUTCOMES, self.outcome))

    @override
    def apply(self, ctx: Context) -> dp.OutcomeRecord:
        try:
            kind = dp.OutcomeKind(self.outcome)
        except ValueError:
            raise OperationError(
                words("'{outcome}' is not an outcome", outcome=self.outcome)
            ) from None
        fight = encounter_of(ctx.campaign)
        fight, record = dp.apply_outcome(
            fight, self.exchange, self.winner, kind, self.level, self.note, options(ctx.campaign)
        )
        loser = fight.combatant(fight.exchanges[self.exchange].loser_id)
        store_card(ctx.campaign, loser.card)
        store_encounter(ctx.campaign, fight)
        details = {**record.to_data(), "side": record.side.value}
        ctx.log("outcome", record.words(), details)
        return record


@dataclass(frozen=True)
class EndRound(Operation):
    """Close the round (outcomes not applied are given up) and open the next declarations."""

    @property
    @override
    def label(self) -> Words | str:
        return words("End the round")

    @override
    def apply(self, ctx: Context) -> dp.RoundEnd:
        fight, record = dp.end_round(encounter_of(ctx.campaign))
        store_encounter(ctx.campaign, fight)
        ctx.log("round", record.words(), record.to_data())
        return record


@dataclass(frozen=True)
class EndEncounter(Operation):
    """The fight is over; injuries stay on the cards."""

    @property
    @override
    def label(self) -> Words | str:
        return words("End encounter")

    @override
    def apply(self, ctx: Context) -> None:
        fight = encounter_of(ctx.campaign)
        store_encounter(ctx.campaign, None)
        down = [c.name for c in fight.combatants if not c.active]
        said = (
            words(
                "The fight ends in round {round}; incapacitated: {names}",
                round=fight.round,
                names=listed(*down),
            )
            if down
            else words("The fight ends in round {round}", round=fight.round)
        )
        ctx.log("encounter", said, {})
