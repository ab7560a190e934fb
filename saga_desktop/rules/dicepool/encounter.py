"""The state of a fight: combatants, declarations, combat rolls and exchanges, as frozen records.

An :class:`Encounter` moves through the phases of a round (declare, resolve, compare, outcomes)
only through the procedures of ``combat`` and ``outcomes``; each returns a new encounter and a
record of what happened, and a refused request leaves the old encounter as it was.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, listed, words, words_c, words_n
from saga_desktop.rules.dicepool.character import CharacterCard, Weapon
from saga_desktop.rules.dicepool.exchange import Exchange as Exchange
from saga_desktop.rules.dicepool.exchange import Outcome as Outcome
from saga_desktop.rules.dicepool.exchange import OutcomeKind as OutcomeKind
from saga_desktop.rules.dicepool.exchange import Side as Side
from saga_desktop.rules.dicepool.pool import DiceRoll, Pool
from saga_desktop.rules.dicepool.wording import (
    ACTIONS,
    PHASES,
    SIDES,
    looked_up,
)
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record


class Action(enum.Enum):
    """The one action each combatant declares for the round."""

    ATTACK = "attack"
    CHARGE = "charge"
    DEFEND = "defend"
    MOVE = "move"
    READY = "ready"
    STAND_UP = "stand up"
    FLEE = "flee"

    @property
    def targeted(self) -> bool:
        """Attacks and charges name a target."""
        return self in (Action.ATTACK, Action.CHARGE)


class Phase(enum.Enum):
    """Where the round stands."""

    DECLARE = "declare"
    RESOLVE = "resolve"
    COMPARE = "compare"
    OUTCOMES = "outcomes"


@dataclass(frozen=True, slots=True)
class Combatant(Record):
    """A card in the fight and what the fight has done to it so far.

    ``wielding`` names the weapons in hand, the primary first and the offhand second; ``dropped``
    the weapons lost or disarmed. ``armor_spent`` is the armor budget used this encounter.
    """

    card: CharacterCard
    side: Side
    wielding: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    prone: bool = False
    staggered: bool = False
    staggered_next: bool = False
    strength_used: bool = False
    armor_spent: int = 0

    @property
    def id(self) -> str:
        """The card's id."""
        return self.card.id

    @property
    def name(self) -> str:
        """The card's name."""
        return self.card.name

    @property
    def active(self) -> bool:
        """Still fighting (not incapacitated)."""
        return not self.card.incapacitated

    @property
    def primary(self) -> Weapon | None:
        """The weapon in the main hand, or None when unarmed."""
        return self.card.weapon(self.wielding[0]) if self.wielding else None

    @property
    def offhand(self) -> Weapon | None:
        """The weapon in the other hand, if any."""
        return self.card.weapon(self.wielding[1]) if len(self.wielding) > 1 else None

    def explain(self) -> str:
        """E.g. ``"Mara (Player), wielding Sword; prone"``."""
        return english(self.words())

    def words(self) -> Words:
        """The combatant as words (the weapons' names as typed)."""
        marks = [
            m
            for m, on in (
                (words_c("combatant", "prone"), self.prone),
                (words_c("combatant", "staggered"), self.staggered),
                (words_c("combatant", "incapacitated"), not self.active),
            )
            if on
        ]
        values: dict[str, Value] = {
            "name": self.name,
            "side": looked_up(SIDES, self.side.value),
            "held": listed(*self.wielding) if self.wielding else words("nothing"),
        }
        if marks:
            said = words(
                "{name} ({side}), wielding {held}; {marks}", marks=listed(*marks), **values
            )
            return said
        return words("{name} ({side}), wielding {held}", **values)


@dataclass(frozen=True, slots=True)
class Declaration(Record):
    """One combatant's action for the round, its target, or the weapon it readies."""

    combatant_id: str
    action: Action
    target_id: str = ""
    weapon: str = ""

    def explain(self) -> str:
        """E.g. ``"mara: attack hound"``."""
        return english(self.words())

    def words(self) -> Words:
        """The declaration as words (ids and weapon as they are)."""
        action = looked_up(ACTIONS, self.action.value)
        extra = self.target_id or self.weapon
        if extra:
            return words("{id}: {action} {extra}", id=self.combatant_id, action=action, extra=extra)
        return words("{id}: {action}", id=self.combatant_id, action=action)


@dataclass(frozen=True, slots=True)
class CombatRoll(Record):
    """One combatant's roll for the whole round.

    ``defending`` is set for a defence and for a flight locked to one (``locked``): such a roll
    can never score a victory.
    """

    combatant_id: str
    name: str
    action: Action
    pool: Pool
    roll: DiceRoll
    defending: bool = False
    locked: bool = False

    @property
    def wins(self) -> int:
        """The roll's wins."""
        return self.roll.wins

    def explain(self) -> str:
        """E.g. ``"Mara (attack): 3 base + 2 STR ... = 9D6 [..] 5 wins"``."""
        return english(self.words())

    def words(self) -> Words:
        """The combat roll as words."""
        values: dict[str, Value] = {
            "name": self.name,
            "action": looked_up(ACTIONS, self.action.value),
            "pool": self.pool.words(),
            "roll": self.roll.words(),
        }
        if self.locked:
            return words("{name} ({action}, locked to defend: threatened): {pool} {roll}", **values)
        return words("{name} ({action}): {pool} {roll}", **values)


@dataclass(frozen=True, slots=True)
class Encounter(Record):
    """The whole fight: the round, its phase and everything declared, rolled and compared."""

    combatants: tuple[Combatant, ...]
    round: int = 1
    phase: Phase = Phase.DECLARE
    declarations: tuple[Declaration, ...] = ()
    rolls: tuple[CombatRoll, ...] = ()
    exchanges: tuple[Exchange, ...] = ()
    engaged: tuple[tuple[str, str], ...] = ()

    def combatant(self, combatant_id: str) -> Combatant:
        """A combatant by id; raises RulesError when it is not in the fight."""
        for c in self.combatants:
            if c.id == combatant_id:
                return c
        raise RulesError(words("'{combatant_id}' is not in this fight", combatant_id=combatant_id))

    def declaration(self, combatant_id: str) -> Declaration | None:
        """What a combatant declared this round, if anything yet."""
        return next((d for d in self.declarations if d.combatant_id == combatant_id), None)

    def roll_of(self, combatant_id: str) -> CombatRoll | None:
        """A combatant's combat roll this round, if made."""
        return next((r for r in self.rolls if r.combatant_id == combatant_id), None)

    def is_engaged(self, a: str, b: str) -> bool:
        """The two are in close combat with each other."""
        return tuple(sorted((a, b))) in self.engaged

    def explain(self) -> str:
        """E.g. ``"Round 2, resolve: 3 of 4 rolled"``."""
        return english(self.words())

    def words(self) -> Words:
        """Where the fight stands, as words."""
        if self.phase is Phase.DECLARE:
            # Translators: how many combatants have declared; the English has one form.
            done = words_n("{n} declared", "{n} declared", len(self.declarations))
        elif self.phase is Phase.RESOLVE:
            done = words_n("{n} rolled", "{n} rolled", len(self.rolls))
        else:
            done = words_n("{n} exchanges", "{n} exchanges", len(self.exchanges))
        phase = looked_up(PHASES, self.phase.value)
        return words("Round {round}, {phase}: {done}", round=self.round, phase=phase, done=done)
