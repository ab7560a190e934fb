"""Combat: initiative, attacks, enemy attacks defended, consequences, morale and falling to 0.

Every operation wraps a rules-engine procedure (``saga_desktop.rules.songs``), journals the
engine's explanation and is undone exactly by the session's snapshots. A fight lives in
``SongsPlay.combat`` (:class:`~saga_desktop.model.songs.Combat`): the enemies in it, the group
order from the initiative card and whose turn it is.

Rolls come in two steps, like at the table. :class:`Attack`, :class:`EnemyAttack`,
:class:`CombatTrial` and :class:`ResilienceTrial` roll the d20 and reveal the risk cards, which
wait on the table as the *pending* roll; :class:`BurnForRoll` may add burns once the die is
seen; :class:`ResolveAttack`, :class:`ResolveDefence` and :class:`ResolveCombatTrial` settle it
(a card kept on success, XP on a setback, Turn the Table, then the damage). Consequences
(:class:`DamageCharacterGear`, :class:`DamageEnemyGear`, :class:`AddCondition`) are separate
operations the GM picks after a roll. A typical round::

    session.apply(StartCombat(("wolves",)))                       # initiative card
    session.apply(Attack("pc1", "wolves", RollSetup("strength", risk=2), weapon="Axe"))
    session.apply(ResolveAttack())                                # card or XP, damage - armor
    session.apply(EndTurn())                                      # the enemies' turn
    session.apply(EnemyAttack("wolves", "pc1", RollSetup("dexterity", risk=2)))
    session.apply(ResolveDefence())                               # avoided, or hit - armor
    session.apply(EndCombat())
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import JsonValue
from typing_extensions import override

from saga_desktop.i18n.words import words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import (
    options,
    pending_roll,
    set_pending,
    songs_character,
    songs_enemy,
    songs_play,
)
from saga_desktop.model.songs.combat_queries import party_risk
from saga_desktop.model.songs.state import Combat, CombatSide, sheet_of
from saga_desktop.model.songs.table import songs_deck
from saga_desktop.model.visibility import in_play
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.records import Adjustment, Record
from saga_desktop.rules.songs.combat import attack_die, defence_die
from saga_desktop.rules.songs.tables import NORMAL_DR

BurnKindName = Literal["call_the_gods", "aid_an_ally", "conjure_vanori", "come_prepared"]
GearPart = Literal["weapon", "armor"]
Change = tuple[int, str]
"""A change of the score or the DR with its reason, e.g. ``(-2, "high ground")``."""

SIDE_TURNS: dict[str, str] = {"party": "the party's turn", "enemies": "the enemies' turn"}


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
        what = "fled" if combat.morale[enemy_id] == "flee" else "surrendered"
        raise OperationError(
            words("{label} has {what} and is out of the fight", label=enemy.label, what=what)
        )
    return enemy


def _take_turn(combat: Combat, side: CombatSide, who: str, name: str) -> None:
    if combat.turn != side:
        raise OperationError(words("It is {value}: end it first", value=SIDE_TURNS[combat.turn]))
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


def attack_die_change(base: Die, success: bool, d20: int) -> tuple[Die, str]:
    """The die an attack rolls after its trial, and why it stepped (or did not)."""
    die = attack_die(base, success, d20)
    if success:
        if d20 != 20:
            return die, f"success: the {base.label} as it is"
        if die is base:
            return die, "natural 20: a d12 cannot step higher"
        return die, f"natural 20: {base.label} steps up to {die.label}"
    why = "natural 1" if d20 == 1 else "setback"
    if die is base:
        return die, f"{why}: a d4 cannot step lower"
    if d20 != 1:
        return die, f"setback: {base.label} steps down to {die.label}"
    if die is attack_die(base, False, 2):
        return die, f"natural 1: {base.label} steps down to {die.label}, the smallest die"
    return die, f"natural 1: {base.label} steps down two steps to {die.label}"


def defence_die_change(enemy_die: Die, d20: int) -> tuple[Die, str]:
    """The die an enemy hits with on a failed defence, and why."""
    die = defence_die(enemy_die, d20)
    if d20 != 1:
        return die, f"hit: the enemy's {enemy_die.label}"
    if die is enemy_die:
        return die, "natural 1: a d12 cannot step higher"
    return die, f"natural 1: {enemy_die.label} steps up to {die.label}"


# -- starting, turns, ending ----------------------------------------------------------------------


@dataclass(frozen=True)
class StartCombat(Operation):
    """Start a fight against some of the campaign's enemies; a card decides who acts first."""

    enemies: tuple[str, ...]

    @property
    @override
    def label(self) -> str:
        return "Start combat"

    @override
    def apply(self, ctx: Context) -> songs.InitiativeRecord:
        play = songs_play(ctx)
        if play.combat is not None:
            raise OperationError(words("A fight is already going on: end it first"))
        if not in_play(ctx.campaign):
            raise OperationError(words("The party has no characters to fight"))
        if not self.enemies:
            raise OperationError(words("Pick at least one enemy to fight"))
        if len(set(self.enemies)) != len(self.enemies):
            raise OperationError(words("Each enemy joins the fight once"))
        foes = [songs_enemy(ctx, e) for e in self.enemies]
        for foe in foes:
            if foe.defeated:
                raise OperationError(words("{label} is already down", label=foe.label))
        record = songs.roll_initiative(songs_deck(ctx), ctx.rng, options(ctx))
        first: CombatSide = "party" if record.party_first else "enemies"
        play.combat = Combat(
            enemies=list(self.enemies), initiative=record.card.code, first=first, turn=first
        )
        party = ", ".join(c.name for c in in_play(ctx.campaign))
        against = ", ".join(f.label for f in foes)
        ctx.log(
            "combat",
            f"Combat: {party} against {against}. {record.explain()}.",
            _record_data(record, enemies=list(self.enemies)),
        )
        return record


@dataclass(frozen=True)
class EndTurn(Operation):
    """The group whose turn it is has acted: the other group's turn (a new round after both)."""

    @property
    @override
    def label(self) -> str:
        return "End turn"

    @override
    def apply(self, ctx: Context) -> CombatSide:
        combat = combat_of(ctx)
        _no_combat_roll_pending(ctx)
        if combat.turn != combat.first:
            combat.round += 1
        combat.turn = "enemies" if combat.turn == "party" else "party"
        combat.acted = []
        ctx.log("combat", f"Round {combat.round}: {SIDE_TURNS[combat.turn]}.")
        return combat.turn


def _no_combat_roll_pending(ctx: Context) -> None:
    if isinstance(pending_roll(ctx), songs.AttackRoll | songs.DefenceRoll):
        raise OperationError(words("An attack is still waiting on the table: settle it first"))


@dataclass(frozen=True)
class EndCombat(Operation):
    """End the fight: the Raven's weakening wears off; the journal sums up who stands."""

    @property
    @override
    def label(self) -> str:
        return "End combat"

    @override
    def apply(self, ctx: Context) -> str:
        play = songs_play(ctx)
        combat = combat_of(ctx)
        _no_combat_roll_pending(ctx)
        known = {e.id for e in play.enemies}
        foes: list[str] = []
        for enemy_id in combat.enemies:
            if enemy_id not in known:
                continue
            foe = songs_enemy(ctx, enemy_id)
            foe.weakened = 0
            state = {"flee": "fled", "surrender": "surrendered"}.get(
                combat.morale.get(enemy_id, ""), "down" if foe.defeated else "standing"
            )
            foes.append(f"{foe.label} {state}")
        party = []
        for c in in_play(ctx.campaign):
            sheet = sheet_of(c)
            tail = " (incapacitated)" if sheet.incapacitated else ""
            party.append(f"{c.name} {sheet.resilience}/{sheet.max_resilience}{tail}")
        rounds = f"{combat.round} round{'s' if combat.round != 1 else ''}"
        text = f"The fight ends after {rounds}: {', '.join(foes) or 'no enemies left'}"
        text += f"; {', '.join(party)}." if party else "."
        play.combat = None
        ctx.log("combat", text, {"rounds": combat.round})
        return text


# -- the party's turn -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Attack(Operation):
    """A character attacks an enemy with a weapon or a feat die: the trial roll is made.

    ``weapon`` names a weapon in the inventory; ``feat_die`` (4-12) is the die the GM assigns to
    a feat. Settle it with :class:`ResolveAttack`.
    """

    character: str
    target: str
    setup: RollSetup = RollSetup()
    weapon: str | None = None
    feat_die: int | None = None

    @property
    @override
    def label(self) -> str:
        return "Attack"

    @override
    def apply(self, ctx: Context) -> songs.AttackRoll:
        combat = combat_of(ctx)
        _no_pending(ctx)
        sheet = songs_character(ctx, self.character)
        enemy = _fighting_enemy(ctx, combat, self.target)
        _take_turn(combat, "party", sheet.id, sheet.name)
        feat = None if self.feat_die is None else Die.parse(self.feat_die)
        attack = songs.begin_attack(
            self.setup.request(ctx, sheet),
            sheet,
            enemy,
            songs_deck(ctx),
            ctx.rng,
            options(ctx),
            weapon=self.weapon,
            feat_die=feat,
            d20=self.setup.d20,
        )
        set_pending(ctx, attack)
        ctx.log("attack", attack.explain() + ".", _record_data(attack), character=sheet.id)
        return attack


@dataclass(frozen=True)
class CombatTrial(Operation):
    """On a character's turn, a trial roll to change the fiction instead of attacking.

    ``intent`` says what the roll tries (damage the target's armor, lower a DR, ...). Settle it
    with :class:`ResolveCombatTrial`; a success may be followed by a consequence for an enemy
    (:class:`DamageEnemyGear`).
    """

    character: str
    setup: RollSetup = RollSetup()
    intent: str = ""

    @property
    @override
    def label(self) -> str:
        return "Trial roll"

    @override
    def apply(self, ctx: Context) -> songs.TrialRoll:
        combat = combat_of(ctx)
        _no_pending(ctx)
        sheet = songs_character(ctx, self.character)
        _take_turn(combat, "party", sheet.id, sheet.name)
        roll = songs.begin_trial(
            self.setup.request(ctx, sheet),
            sheet,
            songs_deck(ctx),
            ctx.rng,
            options(ctx),
            self.setup.d20,
        )
        set_pending(ctx, roll)
        intent = " ".join(self.intent.split())
        text = roll.explain() + (f"; to {intent}" if intent else "") + "."
        ctx.log("trial", text, _record_data(roll, intent=intent), character=sheet.id)
        return roll


# -- the enemies' turn ----------------------------------------------------------------------------


@dataclass(frozen=True)
class EnemyAttack(Operation):
    """An enemy attacks a character, who defends with a trial roll (settle with ResolveDefence)."""

    enemy: str
    character: str
    setup: RollSetup = RollSetup(attribute="dexterity")

    @property
    @override
    def label(self) -> str:
        return "Enemy attack"

    @override
    def apply(self, ctx: Context) -> songs.DefenceRoll:
        combat = combat_of(ctx)
        _no_pending(ctx)
        enemy = _fighting_enemy(ctx, combat, self.enemy)
        sheet = songs_character(ctx, self.character)
        _take_turn(combat, "enemies", enemy.id, enemy.label)
        defence = songs.begin_defence(
            self.setup.request(ctx, sheet),
            sheet,
            enemy,
            songs_deck(ctx),
            ctx.rng,
            options(ctx),
            self.setup.d20,
        )
        set_pending(ctx, defence)
        verb = "attack" if enemy.count > 1 else "attacks"
        text = f"{enemy.label} {verb} {sheet.name}. {defence.explain()}."
        ctx.log("defence", text, _record_data(defence), character=sheet.id)
        return defence


# -- burns and settling ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BurnForRoll(Operation):
    """Burn a card for the roll waiting on the table, once the d20 is seen.

    Call the Gods, Aid an Ally and conjuring the Vanori (the ``burns_after_roll`` ruling).
    """

    burn: BurnSpec

    @property
    @override
    def label(self) -> str:
        return "Burn a card"

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
        outcome = "success" if roll.success else "setback"
        text = f"{burn.explain()} for {sheet.name}'s roll: {roll.score} vs DR {roll.dr}, {outcome}."
        ctx.log("burn", text, _record_data(burn), character=burn.hand_id)
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
    def label(self) -> str:
        return "Settle attack"

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
        _, reason = attack_die_change(attack.base_die, result.result.success, attack.trial.d20)
        text = result.explain()
        if self.deal_damage:
            text += f" [damage die: {reason}]"
        ctx.log(
            "attack",
            text + ".",
            _record_data(result, die=result.die.label, die_reason=reason),
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
    def label(self) -> str:
        return "Settle defence"

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
        text = result.explain()
        extra: dict[str, JsonValue] = {}
        if result.die is not None:
            _, reason = defence_die_change(defence.enemy_die, defence.trial.d20)
            text += f" [damage die: {reason}]"
            extra = {"die": result.die.label, "die_reason": reason}
        ctx.log("defence", text + ".", _record_data(result, **extra), character=sheet.id)
        return result


@dataclass(frozen=True)
class ResolveCombatTrial(Operation):
    """Settle a pending trial roll (a combat action or the resilience trial)."""

    keep: str | None = None
    turn_the_table: str | None = None
    consequence: str = ""

    @property
    @override
    def label(self) -> str:
        return "Settle trial roll"

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
        ctx.log(kind, result.explain() + ".", _record_data(result), character=sheet.id)
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
    def label(self) -> str:
        return "Resilience trial"

    @override
    def apply(self, ctx: Context) -> songs.TrialRoll:
        _no_pending(ctx)
        sheet = songs_character(ctx, self.character)
        attribute = None if self.attribute is None else _attribute(self.attribute)
        request = songs.resilience_request(sheet, self.risk, self.dr, attribute)
        roll = songs.begin_trial(request, sheet, songs_deck(ctx), ctx.rng, options(ctx), self.d20)
        set_pending(ctx, roll)
        ctx.log("resilience", roll.explain() + ".", _record_data(roll), character=sheet.id)
        return roll


@dataclass(frozen=True)
class TendWounds(Operation):
    """Tend an incapacitated character: back to 1 resilience, with a new condition."""

    character: str
    condition: str
    slots: int = 1

    @property
    @override
    def label(self) -> str:
        return "Tend wounds"

    @override
    def apply(self, ctx: Context) -> songs.TendRecord:
        sheet = songs_character(ctx, self.character)
        record = songs.tend_wounds(sheet, self.condition, self.slots)
        ctx.log(
            "resilience",
            f"{sheet.name}: {record.explain()}.",
            _record_data(record),
            character=sheet.id,
        )
        return record


# -- consequences ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DamageCharacterGear(Operation):
    """A GM's consequence: a character's armor (no ``weapon``) or a named weapon steps down."""

    character: str
    weapon: str | None = None
    reason: str = ""

    @property
    @override
    def label(self) -> str:
        return "Damage armor" if self.weapon is None else "Damage weapon"

    @override
    def apply(self, ctx: Context) -> songs.GearRecord:
        sheet = songs_character(ctx, self.character)
        record = songs.damage_character_gear(sheet, self.weapon)
        text = f"Consequence for {sheet.name}: {record.explain()}{_why(self.reason)}."
        ctx.log("consequence", text, _record_data(record), character=sheet.id)
        return record


@dataclass(frozen=True)
class AddCondition(Operation):
    """A GM's consequence: a character gains a condition taking one or more slots."""

    op_kind: ClassVar[str] = "songs.ConsequenceCondition"  # the sheet has its own AddCondition
    character: str
    name: str
    slots: int = 1

    @property
    @override
    def label(self) -> str:
        return "Add condition"

    @override
    def apply(self, ctx: Context) -> songs.InventoryRecord:
        sheet = songs_character(ctx, self.character)
        record = songs.add_condition(sheet, self.name, self.slots)
        text = f"Consequence for {sheet.name}: {record.explain()}."
        ctx.log("consequence", text, _record_data(record), character=sheet.id)
        return record


@dataclass(frozen=True)
class DamageEnemyGear(Operation):
    """An enemy's weapon or armor steps down (a successful trial roll, or the fiction)."""

    enemy: str
    part: GearPart
    reason: str = ""

    @property
    @override
    def label(self) -> str:
        return f"Damage enemy {self.part}"

    @override
    def apply(self, ctx: Context) -> songs.GearRecord:
        enemy = songs_enemy(ctx, self.enemy)
        kind = songs.GearKind.ARMOR if self.part == "armor" else songs.GearKind.WEAPON
        record = songs.damage_enemy_gear(enemy, kind)
        text = f"Consequence for {enemy.label}: {record.explain()}{_why(self.reason)}."
        ctx.log("consequence", text, _record_data(record))
        return record


def _why(reason: str) -> str:
    reason = " ".join(reason.split())
    return f" ({reason})" if reason else ""


# -- morale and the Vanori's gifts in a fight -----------------------------------------------------


def _note_morale(combat: Combat, record: songs.MoraleRecord) -> None:
    combat.morale[record.enemy_id] = record.morale.value


@dataclass(frozen=True)
class CheckMorale(Operation):
    """Enemies feel outnumbered or saw their leader fall: a card decides (flee, surrender, ...)."""

    enemy: str

    @property
    @override
    def label(self) -> str:
        return "Check morale"

    @override
    def apply(self, ctx: Context) -> songs.MoraleRecord:
        combat = combat_of(ctx)
        enemy = _fighting_enemy(ctx, combat, self.enemy)
        if enemy.defeated:
            raise OperationError(
                words("{label} is down: no morale left to check", label=enemy.label)
            )
        record = songs.check_morale(enemy, songs_deck(ctx), ctx.rng, options(ctx))
        _note_morale(combat, record)
        ctx.log("morale", record.explain() + ".", _record_data(record))
        return record


@dataclass(frozen=True)
class WolfMorale(Operation):
    """The Wolf's gift: a character burns a card and an enemy checks its morale at once."""

    character: str
    enemy: str
    card: str

    @property
    @override
    def label(self) -> str:
        return "Wolf: force a morale check"

    @override
    def apply(self, ctx: Context) -> songs.BurnRecord:
        combat = combat_of(ctx)
        enemy = _fighting_enemy(ctx, combat, self.enemy)
        if enemy.defeated:
            raise OperationError(
                words("{label} is down: no morale left to check", label=enemy.label)
            )
        sheet = songs_character(ctx, self.character)
        record = songs.wolf_morale(
            sheet, enemy, songs_deck(ctx), ctx.rng, _card(self.card), options(ctx)
        )
        assert record.morale is not None
        _note_morale(combat, record.morale)
        ctx.log("morale", record.explain() + ".", _record_data(record), character=sheet.id)
        return record


@dataclass(frozen=True)
class RavenWeaken(Operation):
    """The Raven's gift: a character burns a card and an enemy's damage die drops for the fight."""

    character: str
    enemy: str
    card: str

    @property
    @override
    def label(self) -> str:
        return "Raven: weaken an enemy"

    @override
    def apply(self, ctx: Context) -> songs.BurnRecord:
        combat = combat_of(ctx)
        enemy = _fighting_enemy(ctx, combat, self.enemy)
        sheet = songs_character(ctx, self.character)
        record = songs.raven_weaken(sheet, enemy, songs_deck(ctx), _card(self.card))
        ctx.log("burn", record.explain() + ".", _record_data(record), character=sheet.id)
        return record
