"""Starting a fight, the turns, the party's attacks and trials, the enemies' attacks, ending it."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Value, Words, english, words, words_n
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import (
    options,
    pending_roll,
    set_pending,
    songs_character,
    songs_enemy,
    songs_play,
)
from saga_desktop.model.songs.ops.combat.setup import (
    RollSetup,
    _fighting_enemy,
    _no_pending,
    _record_data,
    _take_turn,
    combat_of,
    names,
)
from saga_desktop.model.songs.state import Combat, CombatSide, sheet_of
from saga_desktop.model.songs.table import songs_deck
from saga_desktop.model.visibility import in_play
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die

# -- starting, turns, ending ----------------------------------------------------------------------


@dataclass(frozen=True)
class StartCombat(Operation):
    """Start a fight against some of the campaign's enemies; a card decides who acts first."""

    enemies: tuple[str, ...]

    @property
    @override
    def label(self) -> Words | str:
        return words("Start combat")

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
        ctx.log(
            "combat",
            words(
                "Combat: {party} against {against}. {initiative}.",
                party=names(c.name for c in in_play(ctx.campaign)),
                against=names(f.label for f in foes),
                initiative=record.words(),
            ),
            _record_data(record, enemies=list(self.enemies)),
        )
        return record


@dataclass(frozen=True)
class EndTurn(Operation):
    """The group whose turn it is has acted: the other group's turn (a new round after both)."""

    @property
    @override
    def label(self) -> Words | str:
        return words("End turn")

    @override
    def apply(self, ctx: Context) -> CombatSide:
        combat = combat_of(ctx)
        _no_combat_roll_pending(ctx)
        if combat.turn != combat.first:
            combat.round += 1
        combat.turn = "enemies" if combat.turn == "party" else "party"
        combat.acted = []
        if combat.turn == "party":
            ctx.log("combat", words("Round {round}: the party's turn.", round=combat.round))
        else:
            ctx.log("combat", words("Round {round}: the enemies' turn.", round=combat.round))
        return combat.turn


def _no_combat_roll_pending(ctx: Context) -> None:
    if isinstance(pending_roll(ctx), songs.AttackRoll | songs.DefenceRoll):
        raise OperationError(words("An attack is still waiting on the table: settle it first"))


@dataclass(frozen=True)
class EndCombat(Operation):
    """End the fight: the Raven's weakening wears off; the journal sums up who stands."""

    @property
    @override
    def label(self) -> Words | str:
        return words("End combat")

    @override
    def apply(self, ctx: Context) -> str:
        play = songs_play(ctx)
        combat = combat_of(ctx)
        _no_combat_roll_pending(ctx)
        known = {e.id for e in play.enemies}
        foes: list[Words] = []
        for enemy_id in combat.enemies:
            if enemy_id not in known:
                continue
            foe = songs_enemy(ctx, enemy_id)
            foe.weakened = 0
            foes.append(_foe_words(foe.label, combat.morale.get(enemy_id, ""), foe.defeated))
        party: list[Words] = []
        for c in in_play(ctx.campaign):
            sheet = sheet_of(c)
            values: dict[str, Value] = {
                "name": c.name,
                "resilience": sheet.resilience,
                "max": sheet.max_resilience,
            }
            if sheet.incapacitated:
                party.append(words("{name} {resilience}/{max} (incapacitated)", **values))
            else:
                party.append(words("{name} {resilience}/{max}", **values))
        said = words_n(
            "The fight ends after {n} round: {foes}{party}",
            "The fight ends after {n} rounds: {foes}{party}",
            combat.round,
            foes=names(foes) if foes else words("no enemies left"),
            party=words("; {party}.", party=names(party)) if party else ".",
        )
        play.combat = None
        ctx.log("combat", said, {"rounds": combat.round})
        return english(said)


def _foe_words(label: str, morale: str, defeated: bool) -> Words:
    if morale == "flee":
        return words("{label} fled", label=label)
    if morale == "surrender":
        return words("{label} surrendered", label=label)
    if defeated:
        return words("{label} down", label=label)
    return words("{label} standing", label=label)


# -- the party's turn -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Attack(Operation):
    """A character attacks an enemy with a weapon or a feat die: the trial roll is made.

    ``weapon`` names a weapon in the inventory; ``feat_die`` (4-12) is the die the GM assigns to
    a feat. Settle it with :class:`ResolveAttack`.
    """

    character: str
    target: str
    setup: RollSetup = RollSetup()  # noqa: RUF009 - frozen, shared safely
    weapon: str | None = None
    feat_die: int | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Attack")

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
        said = words("{attack}.", attack=attack.words())
        ctx.log("attack", said, _record_data(attack), character=sheet.id)
        return attack


@dataclass(frozen=True)
class CombatTrial(Operation):
    """On a character's turn, a trial roll to change the fiction instead of attacking.

    ``intent`` says what the roll tries (damage the target's armor, lower a DR, ...). Settle it
    with :class:`ResolveCombatTrial`; a success may be followed by a consequence for an enemy
    (:class:`DamageEnemyGear`).
    """

    character: str
    setup: RollSetup = RollSetup()  # noqa: RUF009 - frozen, shared safely
    intent: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Trial roll")

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
        said = (
            words("{roll}; to {intent}.", roll=roll.words(), intent=intent)
            if intent
            else words("{roll}.", roll=roll.words())
        )
        ctx.log("trial", said, _record_data(roll, intent=intent), character=sheet.id)
        return roll


# -- the enemies' turn ----------------------------------------------------------------------------


@dataclass(frozen=True)
class EnemyAttack(Operation):
    """An enemy attacks a character, who defends with a trial roll (settle with ResolveDefence)."""

    enemy: str
    character: str
    setup: RollSetup = RollSetup(attribute="dexterity")  # noqa: RUF009 - frozen

    @property
    @override
    def label(self) -> Words | str:
        return words("Enemy attack")

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
        values: dict[str, Value] = {"enemy": enemy.label, "name": sheet.name}
        if enemy.count > 1:
            said = words("{enemy} attack {name}. {defence}.", defence=defence.words(), **values)
        else:
            said = words("{enemy} attacks {name}. {defence}.", defence=defence.words(), **values)
        ctx.log("defence", said, _record_data(defence), character=sheet.id)
        return defence
