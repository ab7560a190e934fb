"""Read-only queries of a fight: rules objects, the exact odds of attacks and defences, states.

The combat odds live in the model beside the trial odds (:func:`~saga_desktop.model.songs.ops.
rolls.preview_trial`), so every view (the combat panel, a player's own app over the network)
shows the very numbers the engine rolls against. Nothing here changes the campaign.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.songs.access import (
    options_of,
    read_pending,
    to_rules_character,
    to_rules_enemy,
)
from saga_desktop.model.songs.ops.rolls import table_deck
from saga_desktop.model.songs.state import Combat, Enemy, play_of, sheet_of
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record

DEFAULT_RISK = 1


def combat_of(campaign: Campaign) -> Combat | None:
    """The fight going on, if any."""
    return play_of(campaign).combat


def party_risk(campaign: Campaign) -> int:
    """The risk rating of the region the party stands in (1 when it stands nowhere charted)."""
    m = campaign.map
    region = None if m.party is None else m.region_at(m.party.q, m.party.r)
    return region.risk if region is not None else DEFAULT_RISK


def enemy_by_id(campaign: Campaign, enemy_id: str) -> Enemy | None:
    """A campaign enemy by id."""
    return next((e for e in play_of(campaign).enemies if e.id == enemy_id), None)


def character_by_id(campaign: Campaign, character_id: str) -> Character | None:
    """A character by id."""
    return next((c for c in campaign.characters if c.id == character_id), None)


def fighting_enemies(campaign: Campaign) -> list[Enemy]:
    """The enemies of the fight that still exist in the campaign, in the fight's order."""
    combat = combat_of(campaign)
    if combat is None:
        return []
    found = (enemy_by_id(campaign, e) for e in combat.enemies)
    return [e for e in found if e is not None]


def pending(campaign: Campaign) -> Record | None:
    """The roll waiting to be settled, if any."""
    data = play_of(campaign).pending
    return None if data is None else read_pending(data)


def enemy_status(combat: Combat | None, enemy: Enemy) -> str:
    """``down``, ``fled``, ``surrendered``, ``acted``, ``to act`` or ``""`` outside a fight."""
    if enemy.resilience == 0:
        return "down"
    if combat is None:
        return ""
    morale = combat.morale.get(enemy.id)
    if morale == "flee":
        return "fled"
    if morale == "surrender":
        return "surrendered"
    if combat.turn == "enemies":
        return "acted" if enemy.id in combat.acted else "to act"
    return ""


def character_status(combat: Combat | None, character: Character) -> str:
    """``incapacitated``, ``at 0``, ``acted``, ``to act`` or ``""``."""
    if not character.accepted:
        return ""  # waiting for the GM's approval: not in the fight
    sheet = sheet_of(character)
    if sheet.incapacitated:
        return "incapacitated"
    if sheet.resilience == 0:
        return "at 0"
    if combat is None or combat.turn != "party":
        return ""
    return "acted" if character.id in combat.acted else "to act"


def can_fight(combat: Combat | None, enemy: Enemy) -> bool:
    """The enemy is in the fight and can still act or be attacked."""
    return combat is not None and enemy_status(combat, enemy) in ("", "to act", "acted")


def percent(p: Fraction) -> str:
    """A probability as a rounded percentage, e.g. ``"57.5%"``."""
    return f"{float(p) * 100:.1f}%".replace(".0%", "%")


@dataclass(frozen=True, slots=True)
class Odds:
    """What the panel shows before a roll: the numbers, or why the roll cannot be made."""

    success: Fraction = Fraction(0)
    natural_1: Fraction = Fraction(0)
    natural_20: Fraction = Fraction(0)
    expected_damage: Fraction = Fraction(0)
    dice: tuple[tuple[str, Fraction], ...] = ()
    down: Fraction | None = None
    problem: Words | str = ""
    """Why the roll cannot be made, as words each window says in its language."""

    @property
    def ok(self) -> bool:
        """The roll can be made."""
        return not self.problem


def attack_odds(
    campaign: Campaign,
    character_id: str,
    enemy_id: str,
    request: songs.TrialRequest,
    weapon: str | None,
    feat_die: int | None,
) -> Odds:
    """The exact odds of an attack as the engine would roll it now."""
    character = character_by_id(campaign, character_id)
    enemy = enemy_by_id(campaign, enemy_id)
    if character is None or enemy is None:
        return Odds(problem=words("Pick who attacks and whom"))
    if play_of(campaign).pending is not None:
        return Odds(problem=words("A roll is waiting on the table: settle it first"))
    try:
        odds = songs.attack_odds(
            request,
            to_rules_character(character),
            to_rules_enemy(enemy),
            table_deck(campaign),
            options_of(campaign),
            weapon=weapon,
            feat_die=None if feat_die is None else Die(feat_die),
        )
    except RulesError as exc:
        return Odds(problem=exc.words)
    except ValueError as exc:
        return Odds(problem=str(exc))
    return Odds(
        odds.roll.success,
        odds.roll.natural_1,
        odds.roll.natural_20,
        odds.expected_damage,
        tuple((d.label, p) for d, p in odds.dice),
    )


def defence_odds(
    campaign: Campaign, enemy_id: str, character_id: str, request: songs.TrialRequest
) -> Odds:
    """The exact odds of defending against an enemy's attack now."""
    character = character_by_id(campaign, character_id)
    enemy = enemy_by_id(campaign, enemy_id)
    if character is None or enemy is None:
        return Odds(problem=words("Pick who attacks and who defends"))
    if play_of(campaign).pending is not None:
        return Odds(problem=words("A roll is waiting on the table: settle it first"))
    try:
        odds = songs.defence_odds(
            request,
            to_rules_character(character),
            to_rules_enemy(enemy),
            table_deck(campaign),
            options_of(campaign),
        )
    except RulesError as exc:
        return Odds(problem=exc.words)
    except ValueError as exc:
        return Odds(problem=str(exc))
    expected = sum((d * p for d, p in enumerate(odds.damage)), Fraction(0))
    return Odds(
        odds.roll.success, odds.roll.natural_1, odds.roll.natural_20, expected, down=odds.down
    )


def trial_odds(campaign: Campaign, character_id: str, request: songs.TrialRequest) -> Odds:
    """The exact odds of a trial roll now."""
    character = character_by_id(campaign, character_id)
    if character is None:
        return Odds(problem=words("Pick who rolls"))
    if play_of(campaign).pending is not None:
        return Odds(problem=words("A roll is waiting on the table: settle it first"))
    try:
        odds = songs.trial_odds(
            request, to_rules_character(character), table_deck(campaign), options_of(campaign)
        )
    except RulesError as exc:
        return Odds(problem=exc.words)
    except ValueError as exc:
        return Odds(problem=str(exc))
    return Odds(odds.success, odds.natural_1, odds.natural_20)
