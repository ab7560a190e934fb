"""An enemy's attack defended with a trial roll; the Bear's extra d4; falling to 0 resilience.

Success avoids the blow (a natural 20 also lowers the DR of the defender's next roll). A setback
means a hit with the enemy's damage die, a step bigger on a natural 1, minus the defender's armor
roll (and the Bear's d4 when a card is burned for it), never below 0. At 0 resilience a
resilience trial is due (``RollPurpose.RESILIENCE``): success stands back up at 1, a setback
leaves the character incapacitated until :func:`tend_wounds`.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, words
from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.burns import Burn, check_burns, vanori_burn
from saga_desktop.rules.songs.character import Attribute, SongsCharacter, VanoriAbility
from saga_desktop.rules.songs.combat import check_die_value, defence_die, roll_die
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.rules.songs.enemies import Enemy
from saga_desktop.rules.songs.inventory import InventoryRecord, add_condition
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.rolls import RollPurpose, TrialRequest, TrialResult, TrialRoll
from saga_desktop.rules.songs.tables import NORMAL_DR
from saga_desktop.rules.songs.trial import begin_trial, settle

BEAR_DIE = Die.D4


@dataclass(frozen=True, slots=True)
class DefenceRoll(Record):
    """A defence rolled, not yet settled."""

    trial: TrialRoll
    enemy_id: str
    enemy_name: str
    enemy_die: Die

    def explain(self) -> str:
        """The trial's line and the attacker."""
        return english(self.words())

    def words(self) -> Words:
        """The defence's line as words each reader words in their own language."""
        return words(
            "{trial}; defending against {enemy} ({die})",
            trial=self.trial.words(),
            enemy=self.enemy_name,
            die=str(self.enemy_die),
        )


@dataclass(frozen=True, slots=True)
class DefenceResult(Record):
    """A settled defence: avoided, or the damage taken."""

    defence: DefenceRoll
    result: TrialResult
    hit: bool
    die: Die | None = None
    damage_roll: int = 0
    armor_die: Die | None = None
    armor_roll: int = 0
    bear: Burn | None = None
    bear_roll: int = 0
    damage: int = 0
    resilience_before: int = 0
    resilience_after: int = 0
    next_dr_reduction: int = 0

    @property
    def reached_zero(self) -> bool:
        """This hit brought the defender to 0: a resilience trial is due."""
        return self.resilience_after == 0 < self.resilience_before

    def explain(self) -> str:
        """The roll, then avoided or the damage sum."""
        return english(self.words())

    def words(self, end: Words | str = "") -> Words:
        """The roll, then avoided or the damage sum, as words; ``end`` closes a journal line."""
        values: dict[str, Value] = {
            "result": self.result.words(),
            "enemy": self.defence.enemy_name,
            "end": end,
        }
        if not self.hit:
            lower: Words | str = ""
            if self.next_dr_reduction:
                lower = words("; next roll's DR -{n}", n=self.next_dr_reduction)
            return words("{result}; avoided {enemy}'s attack{lower}{end}", lower=lower, **values)
        if self.die is None:
            return words("{result}; hit by {enemy}: the GM's consequence, no damage{end}", **values)
        armor: Words | str = ""
        if self.armor_die:
            armor = words(" - armor {die} {roll}", die=self.armor_die.label, roll=self.armor_roll)
        due = words("; at 0, a resilience trial is due") if self.reached_zero else ""
        return words(
            "{result}; hit by {enemy}: {die} {roll}{armor}{bear} = {damage} damage "
            "(resilience {before} → {after}){due}{end}",
            die=self.die.label,
            roll=self.damage_roll,
            armor=armor,
            bear=words(" - Bear d4 {roll}", roll=self.bear_roll) if self.bear else "",
            damage=self.damage,
            before=self.resilience_before,
            after=self.resilience_after,
            due=due,
            **values,
        )


def begin_defence(
    request: TrialRequest,
    character: SongsCharacter,
    enemy: Enemy,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
    d20: int | None = None,
) -> DefenceRoll:
    """``enemy`` attacks ``character``, who defends with a trial roll."""
    if enemy.defeated:
        raise RulesError(words("{label} is down and attacks no one", label=enemy.label))
    request = dataclasses.replace(request, purpose=RollPurpose.DEFENCE)
    trial = begin_trial(request, character, deck, rng, options, d20)
    return DefenceRoll(trial, enemy.id, enemy.label, enemy.damage_die)


def resolve_defence(
    defence: DefenceRoll,
    character: SongsCharacter,
    enemy: Enemy,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
    *,
    keep: Card | None = None,
    turn_the_table: Burn | None = None,
    bear_card: Card | None = None,
    consequence: str = "",
    take_damage: bool = True,
    damage_roll: int | None = None,
    armor_roll: int | None = None,
    bear_roll: int | None = None,
) -> DefenceResult:
    """Settle the defence; on a hit roll the enemy's die against armor (and the Bear's d4)."""
    if enemy.id != defence.enemy_id:
        raise RulesError(words("That attack came from {enemy_name}", enemy_name=defence.enemy_name))
    trial = defence.trial
    hit = not (trial.success or turn_the_table is not None)
    damaged = hit and take_damage
    bear = None
    if bear_card is not None:
        if not damaged:
            raise RulesError(words("The Bear's d4 only helps against damage being taken"))
        bear = vanori_burn(character, bear_card, VanoriAbility.BEAR_ARMOR)
        check_burns([bear] + ([turn_the_table] if turn_the_table else []), deck)
    die = defence_die(enemy.damage_die, trial.d20) if damaged else None
    armor_die = character.armor.current if damaged else None
    check_die_value(die, damage_roll, "damage die")
    check_die_value(armor_die, armor_roll, "armor die")
    check_die_value(BEAR_DIE if bear else None, bear_roll, "Bear's d4")
    result = settle(trial, character, deck, rng, options, keep, turn_the_table, consequence)
    if bear is not None:
        deck.burn(bear.hand_id, bear.card)
    hit_roll = roll_die(die, rng, damage_roll, "damage die")
    soak = roll_die(armor_die, rng, armor_roll, "armor die")
    extra = roll_die(BEAR_DIE if bear else None, rng, bear_roll, "Bear's d4")
    damage = max(0, hit_roll - soak - extra)
    before = character.resilience
    character.resilience = max(0, before - damage)
    lowered = 0
    if not hit and trial.natural_20:
        lowered = character.next_roll_dr_reduction = options.defence_natural_20_dr_reduction
    return DefenceResult(
        defence, result, hit, die, hit_roll, armor_die, soak, bear, extra, damage,
        before, character.resilience, lowered,
    )  # fmt: skip


def resilience_request(
    character: SongsCharacter,
    risk: int,
    dr: int = NORMAL_DR,
    attribute: Attribute | None = None,
) -> TrialRequest:
    """The trial roll due at 0 resilience; by default with the character's best attribute."""
    if attribute is None:
        attribute = max(Attribute, key=lambda a: character.attributes[a])
    return TrialRequest(attribute, dr, risk, purpose=RollPurpose.RESILIENCE)


@dataclass(frozen=True, slots=True)
class TendRecord(Record):
    """An incapacitated character tended back to 1 resilience, with a new condition."""

    character_id: str
    condition: InventoryRecord

    def explain(self) -> str:
        """E.g. ``"wounds tended: back to 1 resilience; added condition Scarred (1 slot)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The tending as words."""
        return words(
            "wounds tended: back to 1 resilience; {condition}", condition=self.condition.words()
        )


def tend_wounds(character: SongsCharacter, condition: str, slots: int = 1) -> TendRecord:
    """Tend an incapacitated character: resilience 1 and a new condition (it must fit)."""
    if not character.incapacitated:
        raise RulesError(words("{name} is not incapacitated", name=character.name))
    added = add_condition(character, condition, slots)
    character.incapacitated = False
    character.resilience = 1
    return TendRecord(character.id, added)
