"""The outcome step of a round: STR against victory, one outcome per exchange, then the round ends.

* :func:`use_strength`: the loser of an exchange lowers its victory level by their STR, once per
  encounter, before the outcome is chosen.
* :func:`apply_outcome`: only the winner applies one outcome (an injury of a level up to the
  victory level, or a manoeuvre whose level the victory reaches). Armor then lowers an injury;
  a level 4 injury that sticks incapacitates.
* :func:`end_round`: stand-ups, readied weapons, close combat and staggers settle, and the next
  round's declarations open.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, listed, words
from saga_desktop.rules.dicepool.character import Injury
from saga_desktop.rules.dicepool.combat import check_phase
from saga_desktop.rules.dicepool.encounter import (
    Action,
    Combatant,
    Encounter,
    Exchange,
    Outcome,
    OutcomeKind,
    Phase,
    Side,
)
from saga_desktop.rules.dicepool.options import DEFAULT_OPTIONS, ArmorSoak, DicePoolOptions
from saga_desktop.rules.dicepool.rulings import INJURY_MAX
from saga_desktop.rules.dicepool.wording import OUTCOMES, semicolons
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record


def _exchange(encounter: Encounter, index: int) -> Exchange:
    check_phase(encounter, Phase.OUTCOMES)
    if isinstance(index, bool) or not 0 <= index < len(encounter.exchanges):
        raise RulesError(words("There is no such exchange this round"))
    return encounter.exchanges[index]


def _replace(encounter: Encounter, index: int, exchange: Exchange, *people: Combatant) -> Encounter:
    exchanges = list(encounter.exchanges)
    exchanges[index] = exchange
    changed = {p.id: p for p in people}
    combatants = tuple(changed.get(c.id, c) for c in encounter.combatants)
    return dataclasses.replace(encounter, exchanges=tuple(exchanges), combatants=combatants)


@dataclass(frozen=True, slots=True)
class StrengthRecord(Record):
    """A defender set their STR against a victory."""

    combatant_id: str
    name: str
    strength: int
    before: int
    after: int

    def explain(self) -> str:
        """E.g. ``"Mara sets STR 1 against the victory: level 3 → 2"``."""
        return english(self.words())

    def words(self) -> Words:
        """The STR set against a victory, as words."""
        return words(
            "{name} sets STR {strength} against the victory: level {before} → {after}",
            name=self.name,
            strength=self.strength,
            before=self.before,
            after=self.after,
        )


def use_strength(
    encounter: Encounter, index: int, combatant_id: str
) -> tuple[Encounter, StrengthRecord]:
    """The loser of exchange ``index`` lowers its victory level by their STR (once per fight)."""
    exchange = _exchange(encounter, index)
    who = encounter.combatant(combatant_id)
    if exchange.victory == 0:
        raise RulesError(words("There is no victory to lower in that exchange"))
    if who.id != exchange.loser_id:
        raise RulesError(
            words(
                "Only the loser of that exchange may set STR against it, not {name}", name=who.name
            )
        )
    if exchange.outcome is not None:
        raise RulesError(words("The outcome is already applied: STR comes before it"))
    if who.strength_used:
        raise RulesError(
            words("{name} has already used STR against a victory in this encounter", name=who.name)
        )
    if who.card.strength == 0:
        raise RulesError(words("{name} has no STR to set against the victory", name=who.name))
    lowered = dataclasses.replace(exchange, strength_reduction=who.card.strength)
    used = dataclasses.replace(who, strength_used=True)
    record = StrengthRecord(
        who.id, who.name, who.card.strength, exchange.victory, lowered.final_victory
    )
    return _replace(encounter, index, lowered, used), record


def outcome_level(kind: OutcomeKind, options: DicePoolOptions = DEFAULT_OPTIONS) -> int:
    """The victory level a manoeuvre needs (an injury needs its own level)."""
    return {
        OutcomeKind.STAGGER: options.stagger_level,
        OutcomeKind.TRIP: options.trip_level,
        OutcomeKind.DISARM: options.disarm_level,
    }.get(kind, 1)


@dataclass(frozen=True, slots=True)
class OutcomeRecord(Record):
    """An outcome applied, labelled by side, with every reduction that changed it."""

    side: Side
    winner_name: str
    loser_name: str
    victory: int
    strength_reduction: int
    outcome: Outcome
    incapacitated: bool = False

    def explain(self) -> str:
        """E.g. ``"Monster action: Hound → Mara, victory level 3 (STR -1 → 2): level 2 ..."``."""
        return english(self.words())

    def words(self) -> Words:
        """The outcome applied, as words."""
        if self.strength_reduction:
            level = words(
                "victory level {level} (STR -{strength} → {after})",
                level=self.victory,
                strength=self.strength_reduction,
                after=max(0, self.victory - self.strength_reduction),
            )
        else:
            level = words("victory level {level}", level=self.victory)
        values: dict[str, Value] = {
            "side": self.side.words(),
            "winner": self.winner_name,
            "loser": self.loser_name,
            "level": level,
            "outcome": self.outcome.words(),
        }
        if self.incapacitated:
            return words(
                "{side}: {winner} → {loser}, {level}: {outcome}; {loser} is incapacitated",
                **values,
            )
        return words("{side}: {winner} → {loser}, {level}: {outcome}", **values)


def _soak(loser: Combatant, level: int, close: bool, options: DicePoolOptions) -> int:
    if close and not options.armor_in_close_combat:
        return 0
    armor = loser.card.armor_level
    if options.armor_soak is ArmorSoak.PER_ENCOUNTER:
        armor = max(0, armor - loser.armor_spent)
    return min(level, armor)


def apply_outcome(
    encounter: Encounter,
    index: int,
    winner_id: str,
    kind: OutcomeKind,
    level: int = 0,
    note: str = "",
    options: DicePoolOptions = DEFAULT_OPTIONS,
) -> tuple[Encounter, OutcomeRecord]:
    """The winner of exchange ``index`` applies one outcome to the loser."""
    exchange = _exchange(encounter, index)
    winner = encounter.combatant(winner_id)
    if not exchange.winner_id:
        raise RulesError(words("That exchange is a tie: no outcome applies"))
    if winner.id != exchange.winner_id:
        raise RulesError(
            words(
                "Only the winner of that exchange applies an outcome, not {name}", name=winner.name
            )
        )
    if not exchange.scoring:
        raise RulesError(words("{name} was defending and scores no victory", name=winner.name))
    if exchange.outcome is not None:
        raise RulesError(words("That exchange already has its outcome"))
    victory = exchange.final_victory
    if victory == 0:
        raise RulesError(words("STR brought the victory level to 0: no outcome applies"))
    loser = encounter.combatant(exchange.loser_id)
    if not loser.active:
        raise RulesError(words("{name} is already down", name=loser.name))
    if kind is OutcomeKind.INJURY:
        if not 1 <= level <= min(victory, INJURY_MAX):
            raise RulesError(
                words(
                    "A victory level of {victory} allows an injury of level 1 to {victory2}, not "
                    "{level}",
                    victory=victory,
                    victory2=min(victory, INJURY_MAX),
                    level=level,
                )
            )
    else:
        if level:
            raise RulesError(words("A {value} has no level", value=OUTCOMES[kind.value]))
        needed = outcome_level(kind, options)
        if victory < needed:
            raise RulesError(
                words(
                    "A {value} needs victory level {needed}; this one is {victory}",
                    value=OUTCOMES[kind.value],
                    needed=needed,
                    victory=victory,
                )
            )
        if kind is OutcomeKind.TRIP and loser.prone:
            raise RulesError(words("{name} is already lying down", name=loser.name))
        if kind is OutcomeKind.DISARM and not loser.wielding:
            raise RulesError(words("{name} holds no weapon to lose", name=loser.name))
    soak = _soak(loser, level, exchange.close, options) if kind is OutcomeKind.INJURY else 0
    outcome = Outcome(kind, level, soak, note.strip())
    hurt = _suffer(loser, outcome, options)
    record = OutcomeRecord(
        winner.side, winner.name, loser.name, exchange.victory, exchange.strength_reduction,
        outcome, not hurt.active,
    )  # fmt: skip
    return _replace(encounter, index, dataclasses.replace(exchange, outcome=outcome), hurt), record


def _suffer(loser: Combatant, outcome: Outcome, options: DicePoolOptions) -> Combatant:
    if outcome.kind is OutcomeKind.TRIP:
        return dataclasses.replace(loser, prone=True)
    if outcome.kind is OutcomeKind.STAGGER:
        return dataclasses.replace(loser, staggered_next=True)
    if outcome.kind is OutcomeKind.DISARM:
        lost, rest = loser.wielding[0], loser.wielding[1:]
        return dataclasses.replace(loser, wielding=rest, dropped=(*loser.dropped, lost))
    spent = loser.armor_spent
    if options.armor_soak is ArmorSoak.PER_ENCOUNTER:
        spent += outcome.armor_reduction
    card = loser.card
    if outcome.final_level:
        injury = Injury(outcome.final_level, outcome.note)
        card = dataclasses.replace(card, injuries=(*card.injuries, injury))
    return dataclasses.replace(loser, card=card, armor_spent=spent)


@dataclass(frozen=True, slots=True)
class RoundEnd(Record):
    """A round closed: who stood up, who readied what, who left close combat."""

    round: int
    stood_up: tuple[str, ...] = ()
    readied: tuple[str, ...] = ()
    disengaged: tuple[str, ...] = ()

    def explain(self) -> str:
        """E.g. ``"Round 1 ends; stood up: Mara"``."""
        return english(self.words())

    def words(self) -> Words:
        """The round's end as words (the names as typed)."""
        parts = [
            words("stood up: {names}", names=listed(*self.stood_up)) if self.stood_up else "",
            words("readied: {names}", names=listed(*self.readied)) if self.readied else "",
            words("left close combat: {names}", names=listed(*self.disengaged))
            if self.disengaged
            else "",
        ]
        return semicolons(words("Round {round} ends", round=self.round), *parts)


def _settle(encounter: Encounter, c: Combatant, tripped: set[str]) -> Combatant:
    d = encounter.declaration(c.id)
    prone = c.prone
    wielding, dropped = c.wielding, c.dropped
    if d is not None and c.active:
        if d.action is Action.STAND_UP and c.id not in tripped:
            prone = False
        if d.action is Action.READY:
            wielding = (d.weapon, *[w for w in wielding if w != d.weapon])[:2]
            dropped = tuple(w for w in dropped if w != d.weapon)
    return dataclasses.replace(
        c, prone=prone, wielding=wielding, dropped=dropped,
        staggered=c.staggered_next, staggered_next=False,
    )  # fmt: skip


def end_round(encounter: Encounter) -> tuple[Encounter, RoundEnd]:
    """Close the round (outcomes not applied are given up) and open the next declarations."""
    check_phase(encounter, Phase.OUTCOMES)
    tripped = {
        e.loser_id for e in encounter.exchanges if e.outcome and e.outcome.kind is OutcomeKind.TRIP
    }
    people = tuple(_settle(encounter, c, tripped) for c in encounter.combatants)
    active = {c.id for c in people if c.active}
    fled = {d.combatant_id for d in encounter.declarations if d.action is Action.FLEE}
    engaged = set(encounter.engaged)
    for d in encounter.declarations:
        if d.action.targeted and d.combatant_id not in fled:
            primary = encounter.combatant(d.combatant_id).primary
            if primary is None or not primary.ranged:
                engaged.add((min(d.combatant_id, d.target_id), max(d.combatant_id, d.target_id)))
    kept = tuple(sorted(p for p in engaged if set(p) <= active and not set(p) & fled))
    names = {c.id: c.name for c in people}
    before = {c.id: c for c in encounter.combatants}
    record = RoundEnd(
        encounter.round,
        tuple(names[c.id] for c in people if before[c.id].prone and not c.prone),
        tuple(f"{names[d.combatant_id]} ({d.weapon})" for d in encounter.declarations
              if d.action is Action.READY and d.combatant_id in active),
        tuple(names[i] for i in sorted(fled) if any(i in p for p in encounter.engaged)),
    )  # fmt: skip
    following = Encounter(people, encounter.round + 1, Phase.DECLARE, engaged=kept)
    return following, record
