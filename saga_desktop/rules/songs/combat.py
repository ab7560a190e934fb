"""Combat: initiative, attacks, defences against enemy attacks, morale, and falling to 0.

Attacks and defences are trial rolls (risk cards, a card on success, XP on a setback) with a
damage step after them, in two phases like every roll: ``begin_*`` rolls, ``resolve_*`` settles.
Damage is the damage die's roll minus the target's armor roll, never below 0.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, words
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import DAMAGE_DICE, Die, step_damage
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.burns import Burn
from saga_desktop.rules.songs.character import EntryKind, SongsCharacter
from saga_desktop.rules.songs.deck import RevealRecord, TableDeck
from saga_desktop.rules.songs.enemies import Enemy
from saga_desktop.rules.songs.inventory import find_entry
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.rolls import RollPurpose, TrialRequest, TrialResult, TrialRoll
from saga_desktop.rules.songs.tables import (
    MoraleRecord,
    party_goes_first,
    reveal_and_discard,
    reveal_morale,
)
from saga_desktop.rules.songs.trial import begin_trial, settle


@dataclass(frozen=True, slots=True)
class InitiativeRecord(Record):
    """Who acts first for the whole combat."""

    reveal: RevealRecord
    party_first: bool

    @property
    def card(self) -> Card:
        """The revealed card."""
        return self.reveal.cards[0]

    def explain(self) -> str:
        """E.g. ``"Initiative: 8♦, the party goes first"``."""
        return english(self.words())

    def words(self) -> Words:
        """The initiative card as words each reader words in their own language."""
        if self.party_first:
            return words("Initiative: {card}, the party goes first", card=card_short(self.card))
        return words("Initiative: {card}, the enemies go first", card=card_short(self.card))


def roll_initiative(
    deck: TableDeck, rng: random.Random, options: SongsOptions = DEFAULT_OPTIONS
) -> InitiativeRecord:
    """Reveal a card: red, the party acts first; black, the enemies do."""
    reveal = reveal_and_discard(deck, rng, 1, options)
    return InitiativeRecord(reveal, party_goes_first(reveal.cards[0]))


def check_morale(
    enemy: Enemy, deck: TableDeck, rng: random.Random, options: SongsOptions = DEFAULT_OPTIONS
) -> MoraleRecord:
    """The enemies feel outnumbered or lost their leader: reveal a card for their morale."""
    return reveal_morale(deck, rng, enemy.id, enemy.label, options)


def attack_die(base: Die, success: bool, d20: int) -> Die:
    """Success: the die as is, a step up on a 20. Setback: a step down, two on a 1 (d4-d12)."""
    if success:
        return step_damage(base, 1 if d20 == 20 else 0)
    return step_damage(base, -2 if d20 == 1 else -1)


def defence_die(enemy_die: Die, d20: int) -> Die:
    """The die an enemy hits with on a failed defence: a step up on a natural 1."""
    return step_damage(enemy_die, 1 if d20 == 1 else 0)


def check_die_value(die: Die | None, value: int | None, what: str) -> None:
    """Raise RulesError unless ``value`` (a physical die's result, or None) fits ``die``."""
    if value is None:
        return
    if die is None:
        raise RulesError(words("There is no {what} to roll", what=what))
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= int(die):
        raise RulesError(
            words(
                "The {what} ({label}) shows a number from 1 to {die}",
                what=what,
                label=die.label,
                die=int(die),
            )
        )


def roll_die(die: Die | None, rng: random.Random, value: int | None, what: str) -> int:
    """Roll ``die`` (0 for no die) unless a physical die's ``value`` is given."""
    check_die_value(die, value, what)
    if die is None:
        return 0
    return die.roll(rng) if value is None else value


@dataclass(frozen=True, slots=True)
class AttackRoll(Record):
    """An attack rolled, not yet settled."""

    trial: TrialRoll
    target_id: str
    target_name: str
    base_die: Die
    source: str

    def explain(self) -> str:
        """The trial's line and what the attack is made with."""
        return english(self.words())

    def words(self) -> Words:
        """The attack's line as words each reader words in their own language."""
        return words(
            "{trial}; attacking {target} with {source}",
            trial=self.trial.words(),
            target=self.target_name,
            source=_source(self),
        )


@dataclass(frozen=True, slots=True)
class AttackResult(Record):
    """A settled attack and the damage it did."""

    attack: AttackRoll
    result: TrialResult
    die: Die
    damage_roll: int
    armor_die: Die | None
    armor_roll: int
    damage: int
    target_before: int
    target_after: int
    dealt: bool = True

    @property
    def defeated(self) -> bool:
        """The target fell to 0 resilience."""
        return self.target_after == 0 < self.target_before

    def explain(self) -> str:
        """The roll, then the damage sum."""
        return english(self.words())

    def words(self, end: Words | str = "") -> Words:
        """The roll and the damage sum as words; ``end`` closes a journal line (one level)."""
        values: dict[str, Value] = {
            "result": self.result.words(),
            "source": _source(self.attack),
            "target": self.attack.target_name,
            "end": end,
        }
        if not self.dealt:
            return words(
                "{result}; {source} against {target}: no damage, the GM's consequence instead{end}",
                **values,
            )
        armor: Words | str = ""
        if self.armor_die:
            armor = words(" - armor {die} {roll}", die=self.armor_die.label, roll=self.armor_roll)
        return words(
            "{result}; {source} against {target}: {die} {roll}{armor} = {damage} damage "
            "(resilience {before} → {after}){defeated}{end}",
            die=self.die.label,
            roll=self.damage_roll,
            armor=armor,
            damage=self.damage,
            before=self.target_before,
            after=self.target_after,
            defeated=words(", defeated") if self.defeated else "",
            **values,
        )


def _source(attack: AttackRoll) -> Words | str:
    if attack.source == f"a feat ({attack.base_die.label})":
        return words("a feat ({die})", die=attack.base_die.label)
    return attack.source


def attack_base_die(
    character: SongsCharacter, weapon: str | None, feat_die: Die | None
) -> tuple[Die, str]:
    """The damage die and its source: a named weapon from the inventory, or a feat's die."""
    if (weapon is None) == (feat_die is None):
        raise RulesError(words("Attack either with a weapon or with a feat die, not both"))
    if feat_die is not None:
        if feat_die not in DAMAGE_DICE:
            raise RulesError(words("A feat's damage die is a d4, d6, d8, d10 or d12"))
        return feat_die, f"a feat ({feat_die.label})"
    assert weapon is not None
    entry = find_entry(character, weapon, EntryKind.WEAPON)
    assert entry.weapon is not None
    current = entry.weapon.current
    if current is None:
        raise RulesError(
            words("The {name} is broken: repair it, or attack with a feat", name=entry.name)
        )
    return current, f"{entry.name} ({current.label})"


def begin_attack(
    request: TrialRequest,
    character: SongsCharacter,
    enemy: Enemy,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
    *,
    weapon: str | None = None,
    feat_die: Die | None = None,
    d20: int | None = None,
) -> AttackRoll:
    """Attack ``enemy`` with a weapon from the inventory or a feat die the GM assigns."""
    base, source = attack_base_die(character, weapon, feat_die)
    if enemy.defeated:
        raise RulesError(words("{label} is already down", label=enemy.label))
    request = dataclasses.replace(request, purpose=RollPurpose.ATTACK)
    trial = begin_trial(request, character, deck, rng, options, d20)
    return AttackRoll(trial, enemy.id, enemy.label, base, source)


def resolve_attack(
    attack: AttackRoll,
    character: SongsCharacter,
    enemy: Enemy,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
    *,
    keep: Card | None = None,
    turn_the_table: Burn | None = None,
    consequence: str = "",
    deal_damage: bool = True,
    damage_roll: int | None = None,
    armor_roll: int | None = None,
) -> AttackResult:
    """Settle the attack roll, then roll damage minus the target's armor."""
    if enemy.id != attack.target_id:
        raise RulesError(
            words("That attack was aimed at {target_name}", target_name=attack.target_name)
        )
    success = attack.trial.success or turn_the_table is not None
    die = attack_die(attack.base_die, success, attack.trial.d20)
    armor_die = enemy.armor_die if deal_damage else None
    check_die_value(die if deal_damage else None, damage_roll, "damage die")
    check_die_value(armor_die, armor_roll, "armor die")
    result = settle(attack.trial, character, deck, rng, options, keep, turn_the_table, consequence)
    hit = roll_die(die, rng, damage_roll, "damage die") if deal_damage else 0
    soak = roll_die(armor_die, rng, armor_roll, "armor die")
    damage = max(0, hit - soak)
    before = enemy.resilience
    enemy.resilience = max(0, before - damage)
    return AttackResult(
        attack, result, die, hit, armor_die, soak, damage, before, enemy.resilience, deal_damage
    )
