"""A combat round as a state machine: start, declare, roll (resolve) and compare.

* Declaration goes from the lowest REF to the highest; resolution from the highest to the lowest.
  Ties are broken by INT, then by name, then by id (the lower declares first), and resolution is
  exactly the declaration order backwards, so the order never depends on chance.
* Every combatant still standing makes one combat roll for the round:
  3D6 + STR + REF + INT + proficiency + weapon bonus (+ the offhand bonus when dual wielding),
  less the armor penalty; +2D6 to defend; -4D6 while prone; -1D6 when staggered.
* :func:`compare` pairs each attack or charge with its target's roll (see ``outcomes`` next).

Each procedure checks its request first and returns a new :class:`Encounter` with its record.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

from saga_desktop.i18n.words import Words, english, words
from saga_desktop.rules.dicepool.character import CharacterCard, TraitKind, check_character
from saga_desktop.rules.dicepool.encounter import (
    Action,
    Combatant,
    CombatRoll,
    Declaration,
    Encounter,
    Exchange,
    Phase,
    Side,
)
from saga_desktop.rules.dicepool.options import DEFAULT_OPTIONS, DicePoolOptions, OffhandBonus
from saga_desktop.rules.dicepool.pool import Pool, make_pool, roll_pool
from saga_desktop.rules.dicepool.rulings import (
    BASE_DICE,
    DEFEND_BONUS,
    PRONE_PENALTY,
    STAGGER_PENALTY,
)
from saga_desktop.rules.dicepool.wording import ACTIONS, PHASES, semicolons
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record

UNARMED = "Unarmed"
"""The proficiency a fighter without a weapon in hand rolls with."""


def combatant(card: CharacterCard, side: Side, wielding: Sequence[str] | None = None) -> Combatant:
    """A card joins a fight, with up to two weapons in hand (by default its first weapon)."""
    held = tuple(w.name for w in card.weapons[:1]) if wielding is None else tuple(wielding)
    if len(held) > 2:
        raise RulesError(
            words("{name} has two hands: at most two weapons are held", name=card.name)
        )
    names = [card.weapon(name).name for name in held]
    if len({n.casefold() for n in names}) != len(names):
        raise RulesError(words("{name} cannot hold the same weapon in both hands", name=card.name))
    return Combatant(card, side, tuple(names))


def start_encounter(
    combatants: Sequence[Combatant], options: DicePoolOptions = DEFAULT_OPTIONS
) -> Encounter:
    """A new fight at round 1, declaration phase; every card is checked first."""
    if len(combatants) < 2:
        raise RulesError(words("A fight needs at least two combatants"))
    ids = [c.id for c in combatants]
    if len(set(ids)) != len(ids):
        raise RulesError(words("Each combatant joins a fight once"))
    for c in combatants:
        check_character(c.card, options)
    if not any(c.active for c in combatants):
        raise RulesError(words("Nobody in this fight is able to fight"))
    return Encounter(tuple(combatants))


def order_key(c: Combatant) -> tuple[int, int, str, str]:
    """How combatants sort for declaring: REF, then INT, then name, then id (lowest first)."""
    return (c.card.reflexes, c.card.intellect, c.name.casefold(), c.id)


def declaration_order(encounter: Encounter) -> tuple[str, ...]:
    """Ids of the combatants still standing, lowest REF first (ties: INT, name, id)."""
    return tuple(c.id for c in sorted((c for c in encounter.combatants if c.active), key=order_key))


def resolution_order(encounter: Encounter) -> tuple[str, ...]:
    """The declaration order backwards: highest REF first."""
    return declaration_order(encounter)[::-1]


def check_phase(encounter: Encounter, phase: Phase) -> None:
    """Raise RulesError unless the round is at ``phase``."""
    if encounter.phase is not phase:
        raise RulesError(
            words(
                "That belongs to the {value} step, but the round is at {value2}",
                value=PHASES[phase.value],
                value2=PHASES[encounter.phase.value],
            )
        )


def check_declaration(encounter: Encounter, declaration: Declaration) -> None:
    """Raise RulesError unless ``declaration`` is legal now (nothing changes)."""
    check_phase(encounter, Phase.DECLARE)
    who = encounter.combatant(declaration.combatant_id)
    if encounter.declaration(who.id) is not None:
        raise RulesError(words("{name} has already declared this round", name=who.name))
    if not who.active:
        raise RulesError(words("{name} is incapacitated and cannot act", name=who.name))
    expected = next(i for i in declaration_order(encounter) if encounter.declaration(i) is None)
    if expected != who.id:
        slower = encounter.combatant(expected).name
        raise RulesError(
            words(
                "{slower} declares before {name} (the lower REF declares first)",
                slower=slower,
                name=who.name,
            )
        )
    action = declaration.action
    if action.targeted:
        if not declaration.target_id:
            raise RulesError(words("An {value} needs a target", value=ACTIONS[action.value]))
        target = encounter.combatant(declaration.target_id)
        if target.id == who.id:
            raise RulesError(
                words(
                    "{name} cannot {value} themselves", name=who.name, value=ACTIONS[action.value]
                )
            )
        if not target.active:
            raise RulesError(words("{name} is already down", name=target.name))
        if action is Action.CHARGE and encounter.is_engaged(who.id, target.id):
            raise RulesError(
                words(
                    "{name} is already in close combat with {name2}",
                    name=who.name,
                    name2=target.name,
                )
            )
    elif declaration.target_id:
        raise RulesError(
            words(
                "Only an attack or a charge names a target, not {value}",
                value=ACTIONS[action.value],
            )
        )
    if action is Action.READY:
        if not declaration.weapon:
            raise RulesError(words("Say which weapon is readied"))
        weapon = who.card.weapon(declaration.weapon)
        if who.wielding and who.wielding[0] == weapon.name:
            raise RulesError(
                words("{name} already holds the {name2} ready", name=who.name, name2=weapon.name)
            )
    elif declaration.weapon:
        raise RulesError(words("Only readying names a weapon"))
    if action is Action.STAND_UP and not who.prone:
        raise RulesError(words("{name} is not lying down", name=who.name))


def declare(encounter: Encounter, declaration: Declaration) -> tuple[Encounter, Declaration]:
    """Record one combatant's action; after the last one the round moves on to resolution."""
    check_declaration(encounter, declaration)
    if declaration.action is Action.READY:
        weapon = encounter.combatant(declaration.combatant_id).card.weapon(declaration.weapon)
        declaration = dataclasses.replace(declaration, weapon=weapon.name)
    declared = (*encounter.declarations, declaration)
    done = len(declared) == len(declaration_order(encounter))
    phase = Phase.RESOLVE if done else Phase.DECLARE
    return dataclasses.replace(encounter, declarations=declared, phase=phase), declaration


def threatened(encounter: Encounter, combatant_id: str) -> bool:
    """Targeted by an attack or charge this round, or in close combat with a foe still standing."""
    for d in encounter.declarations:
        if d.action.targeted and d.target_id == combatant_id:
            return True
    return any(
        c.active and c.id != combatant_id and encounter.is_engaged(c.id, combatant_id)
        for c in encounter.combatants
    )


def combat_pool(
    encounter: Encounter, combatant_id: str, options: DicePoolOptions = DEFAULT_OPTIONS
) -> tuple[Pool, bool, bool]:
    """The combatant's pool for this round, whether it defends, and whether flight locked it."""
    who = encounter.combatant(combatant_id)
    declared = encounter.declaration(combatant_id)
    action = declared.action if declared else Action.MOVE
    locked = action is Action.FLEE and threatened(encounter, combatant_id)
    defending = action is Action.DEFEND or locked
    card, primary, offhand = who.card, who.primary, who.offhand
    skill = primary.proficiency if primary else UNARMED
    proficiency = card.trait(TraitKind.PROFICIENCY, skill)
    offhand_dice = 0
    if (
        primary
        and offhand
        and proficiency
        and card.trait(TraitKind.PROFICIENCY, offhand.proficiency)
    ):
        offhand_dice = 1 if options.offhand_bonus is OffhandBonus.ONE_DIE else offhand.bonus
    pool = make_pool(
        (BASE_DICE, "base"),
        (card.strength, "STR"),
        (card.reflexes, "REF"),
        (card.intellect, "INT"),
        (proficiency, skill),
        (primary.bonus if primary else 0, primary.name if primary else ""),
        (offhand_dice, f"offhand {offhand.name}" if offhand else ""),
        (-options.armor_penalty.dice(card.armor_level), "armor"),
        (DEFEND_BONUS if defending else 0, "defend"),
        (-PRONE_PENALTY if who.prone else 0, "prone"),
        (-STAGGER_PENALTY if who.staggered else 0, "staggered"),
    )
    return pool, defending, locked


def roll_combat(
    encounter: Encounter,
    combatant_id: str,
    rng: random.Random | None = None,
    faces: Sequence[int] | None = None,
    options: DicePoolOptions = DEFAULT_OPTIONS,
) -> tuple[Encounter, CombatRoll]:
    """Roll one combatant's combat roll (``rng``, or the ``faces`` of physical dice)."""
    check_phase(encounter, Phase.RESOLVE)
    who = encounter.combatant(combatant_id)
    if encounter.roll_of(who.id) is not None:
        raise RulesError(words("{name} has already rolled this round", name=who.name))
    expected = next(i for i in resolution_order(encounter) if encounter.roll_of(i) is None)
    if expected != who.id:
        raise RulesError(
            words(
                "{name} rolls before {name2} (highest REF first)",
                name=encounter.combatant(expected).name,
                name2=who.name,
            )
        )
    pool, defending, locked = combat_pool(encounter, who.id, options)
    declared = encounter.declaration(who.id)
    assert declared is not None
    record = CombatRoll(
        who.id, who.name, declared.action, pool, roll_pool(pool, rng, faces), defending, locked
    )
    rolls = (*encounter.rolls, record)
    phase = Phase.COMPARE if len(rolls) == len(encounter.declarations) else Phase.RESOLVE
    return dataclasses.replace(encounter, rolls=rolls, phase=phase), record


def exchange_pairs(encounter: Encounter) -> tuple[tuple[str, str], ...]:
    """(attacker, target) for each attack or charge, in resolution order; mutual ones once."""
    pairs: list[tuple[str, str]] = []
    for cid in resolution_order(encounter):
        d = encounter.declaration(cid)
        if d is None or not d.action.targeted or (d.target_id, cid) in pairs:
            continue
        pairs.append((cid, d.target_id))
    return tuple(pairs)


def is_close(encounter: Encounter, attacker_id: str) -> bool:
    """An exchange is close combat unless it comes from a charge or a ranged weapon."""
    d = encounter.declaration(attacker_id)
    primary = encounter.combatant(attacker_id).primary
    return not (
        (d is not None and d.action is Action.CHARGE) or (primary is not None and primary.ranged)
    )


@dataclass(frozen=True, slots=True)
class Comparison(Record):
    """Every exchange of a round once the rolls are compared."""

    round: int
    exchanges: tuple[Exchange, ...]

    def explain(self) -> str:
        """The exchanges, one after the other."""
        return english(self.words())

    def words(self) -> Words:
        """The exchanges as words."""
        if not self.exchanges:
            return words("Round {round}: no attacks this round", round=self.round)
        lines = semicolons(*(e.words() for e in self.exchanges))
        return words("Round {round}: {exchanges}", round=self.round, exchanges=lines)


def compare(encounter: Encounter) -> tuple[Encounter, Comparison]:
    """Compare each attack or charge with its target's roll; outcomes come next."""
    check_phase(encounter, Phase.COMPARE)
    exchanges = []
    for attacker_id, target_id in exchange_pairs(encounter):
        a, t = encounter.roll_of(attacker_id), encounter.roll_of(target_id)
        assert a is not None and t is not None
        pair = Exchange(attacker_id, a.name, target_id, t.name, a.wins, t.wins)
        if a.wins != t.wins:
            winner, loser = (a, t) if a.wins > t.wins else (t, a)
            pair = dataclasses.replace(
                pair,
                winner_id=winner.combatant_id,
                loser_id=loser.combatant_id,
                winner_side=encounter.combatant(winner.combatant_id).side,
                scoring=not winner.defending,
                close=is_close(encounter, attacker_id),
            )
        exchanges.append(pair)
    record = Comparison(encounter.round, tuple(exchanges))
    return dataclasses.replace(encounter, exchanges=record.exchanges, phase=Phase.OUTCOMES), record
