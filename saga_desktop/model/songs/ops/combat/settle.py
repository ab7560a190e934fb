"""Burns once the die is seen, settling the rolls waiting on the table, falling to 0."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pydantic import JsonValue
from typing_extensions import override

from saga_desktop.i18n.words import Words, english, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import (
    options,
    pending_roll,
    set_pending,
    songs_character,
    songs_enemy,
)
from saga_desktop.model.songs.ops.combat.setup import (
    BurnSpec,
    _attribute,
    _no_pending,
    _optional_card,
    _pending_of,
    _record_data,
    _roller_of,
    make_burn,
)
from saga_desktop.model.songs.table import songs_deck
from saga_desktop.rules import songs
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.combat_words import (
    attack_die_words,
    damage_die_words,
    defence_die_words,
)
from saga_desktop.rules.songs.tables import NORMAL_DR

# -- burns and settling ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BurnForRoll(Operation):
    """Burn a card for the roll waiting on the table, once the d20 is seen.

    Call the Gods, Aid an Ally and conjuring the Vanori (the ``burns_after_roll`` ruling).
    """

    burn: BurnSpec

    @property
    @override
    def label(self) -> Words | str:
        return words("Burn a card")

    @override
    def apply(self, ctx: Context) -> Record:
        record = pending_roll(ctx)
        if record is None:
            raise OperationError(words("There is no roll waiting to burn a card for"))
        sheet = songs_character(ctx, _roller_of(record))
        burn = make_burn(ctx, sheet, self.burn)
        if isinstance(record, songs.AttackRoll | songs.DefenceRoll):
            trial = songs.add_burn(record.trial, burn, sheet, songs_deck(ctx), options(ctx))
            updated: Record = dataclasses.replace(record, trial=trial)
            roll = trial
        else:
            assert isinstance(record, songs.TrialRoll)
            updated = roll = songs.add_burn(record, burn, sheet, songs_deck(ctx), options(ctx))
        set_pending(ctx, updated)
        said = words(
            "{burn} for {name}'s roll: {score} vs DR {dr}, {outcome}.",
            burn=burn.words(),
            name=sheet.name,
            score=roll.score,
            dr=roll.dr,
            outcome=words("success") if roll.success else words("setback"),
        )
        ctx.log("burn", said, _record_data(burn), character=burn.hand_id)
        return updated


@dataclass(frozen=True)
class ResolveAttack(Operation):
    """Settle the attack waiting on the table, then roll the damage die minus the target's armor.

    ``keep`` picks the card taken on a success (red first); ``turn_the_table`` burns a card of the
    attacker's to turn a setback into a success; with ``deal_damage`` off the GM replaces the
    damage with ``consequence``. ``damage_roll`` / ``armor_roll`` take physical dice.
    """

    keep: str | None = None
    turn_the_table: str | None = None
    consequence: str = ""
    deal_damage: bool = True
    damage_roll: int | None = None
    armor_roll: int | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Settle attack")

    @override
    def apply(self, ctx: Context) -> songs.AttackResult:
        attack: songs.AttackRoll = _pending_of(ctx, songs.AttackRoll, "attack")
        sheet = songs_character(ctx, attack.trial.character_id)
        enemy = songs_enemy(ctx, attack.target_id)
        turned = _optional_card(self.turn_the_table)
        result = songs.resolve_attack(
            attack,
            sheet,
            enemy,
            songs_deck(ctx),
            ctx.rng,
            options(ctx),
            keep=_optional_card(self.keep),
            turn_the_table=songs.turn_the_table(sheet, turned) if turned else None,
            consequence=self.consequence,
            deal_damage=self.deal_damage,
            damage_roll=self.damage_roll,
            armor_roll=self.armor_roll,
        )
        set_pending(ctx, None)
        _, reason = attack_die_words(attack.base_die, result.result.success, attack.trial.d20)
        said = result.words(damage_die_words(reason) if self.deal_damage else ".")
        ctx.log(
            "attack",
            said,
            _record_data(result, die=result.die.label, die_reason=english(reason)),
            character=sheet.id,
        )
        return result


@dataclass(frozen=True)
class ResolveDefence(Operation):
    """Settle the enemy's attack: avoided, or hit with its die minus the defender's armor.

    ``bear_card`` burns a card of a Bear's for an extra d4 against the damage. A defender brought
    to 0 must make the resilience trial next (:class:`ResilienceTrial`).
    """

    keep: str | None = None
    turn_the_table: str | None = None
    bear_card: str | None = None
    consequence: str = ""
    take_damage: bool = True
    damage_roll: int | None = None
    armor_roll: int | None = None
    bear_roll: int | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Settle defence")

    @override
    def apply(self, ctx: Context) -> songs.DefenceResult:
        defence: songs.DefenceRoll = _pending_of(ctx, songs.DefenceRoll, "defence")
        sheet = songs_character(ctx, defence.trial.character_id)
        enemy = songs_enemy(ctx, defence.enemy_id)
        turned = _optional_card(self.turn_the_table)
        result = songs.resolve_defence(
            defence,
            sheet,
            enemy,
            songs_deck(ctx),
            ctx.rng,
            options(ctx),
            keep=_optional_card(self.keep),
            turn_the_table=songs.turn_the_table(sheet, turned) if turned else None,
            bear_card=_optional_card(self.bear_card),
            consequence=self.consequence,
            take_damage=self.take_damage,
            damage_roll=self.damage_roll,
            armor_roll=self.armor_roll,
            bear_roll=self.bear_roll,
        )
        set_pending(ctx, None)
        said = result.words(".")
        extra: dict[str, JsonValue] = {}
        if result.die is not None:
            _, reason = defence_die_words(defence.enemy_die, defence.trial.d20)
            said = result.words(damage_die_words(reason))
            extra = {"die": result.die.label, "die_reason": english(reason)}
        ctx.log("defence", said, _record_data(result, **extra), character=sheet.id)
        return result


@dataclass(frozen=True)
class ResolveCombatTrial(Operation):
    """Settle a pending trial roll (a combat action or the resilience trial)."""

    keep: str | None = None
    turn_the_table: str | None = None
    consequence: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Settle trial roll")

    @override
    def apply(self, ctx: Context) -> songs.TrialResult:
        roll: songs.TrialRoll = _pending_of(ctx, songs.TrialRoll, "trial roll")
        sheet = songs_character(ctx, roll.character_id)
        turned = _optional_card(self.turn_the_table)
        result = songs.resolve_trial(
            roll,
            sheet,
            songs_deck(ctx),
            ctx.rng,
            options(ctx),
            keep=_optional_card(self.keep),
            turn_the_table=songs.turn_the_table(sheet, turned) if turned else None,
            consequence=self.consequence,
        )
        set_pending(ctx, None)
        kind = "resilience" if roll.purpose is songs.RollPurpose.RESILIENCE else "trial"
        said = words("{result}.", result=result.words())
        ctx.log(kind, said, _record_data(result), character=sheet.id)
        return result


# -- falling to 0 ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResilienceTrial(Operation):
    """A character at 0 resilience makes the resilience trial (settle with ResolveCombatTrial).

    ``attribute`` defaults to the character's best one.
    """

    character: str
    attribute: str | None = None
    dr: int = NORMAL_DR
    risk: int = 1
    d20: int | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Resilience trial")

    @override
    def apply(self, ctx: Context) -> songs.TrialRoll:
        _no_pending(ctx)
        sheet = songs_character(ctx, self.character)
        attribute = None if self.attribute is None else _attribute(self.attribute)
        request = songs.resilience_request(sheet, self.risk, self.dr, attribute)
        roll = songs.begin_trial(request, sheet, songs_deck(ctx), ctx.rng, options(ctx), self.d20)
        set_pending(ctx, roll)
        said = words("{roll}.", roll=roll.words())
        ctx.log("resilience", said, _record_data(roll), character=sheet.id)
        return roll


@dataclass(frozen=True)
class TendWounds(Operation):
    """Tend an incapacitated character: back to 1 resilience, with a new condition."""

    character: str
    condition: str
    slots: int = 1

    @property
    @override
    def label(self) -> Words | str:
        return words("Tend wounds")

    @override
    def apply(self, ctx: Context) -> songs.TendRecord:
        sheet = songs_character(ctx, self.character)
        record = songs.tend_wounds(sheet, self.condition, self.slots)
        ctx.log(
            "resilience",
            words("{name}: {tending}.", name=sheet.name, tending=record.words()),
            _record_data(record),
            character=sheet.id,
        )
        return record
