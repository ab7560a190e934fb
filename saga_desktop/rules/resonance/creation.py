"""Making a character (stats from a point budget, a fresh deck) and resting.

* Each stat lies between 1 and 5 and the four together spend exactly the campaign's
  ``creation_points`` (12 by default: an average of 3, like the characters of the examples).
* A rest returns the whole fatigue pile to the deck and shuffles it; it cannot happen while
  drawn cards wait to be played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from saga_desktop.i18n.words import Words, english, words, words_n
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.resonance.character import CharacterDeck, ResonanceCharacter
from saga_desktop.rules.resonance.options import DEFAULT_OPTIONS, ResonanceOptions
from saga_desktop.rules.resonance.values import Stat, check_stat_value


def check_stats(stats: Mapping[Stat, int], options: ResonanceOptions = DEFAULT_OPTIONS) -> None:
    """Raise RulesError unless the stats are legal for a new character."""
    if set(stats) != set(Stat):
        raise RulesError(words("Give each of Heart, Body, Mind and Spirit a value"))
    for stat in Stat:
        check_stat_value(stat, stats[stat])
    spent = sum(stats.values())
    if spent != options.creation_points:
        raise RulesError(
            words(
                "The stats must add up to {creation_points} points (these add up to {spent})",
                creation_points=options.creation_points,
                spent=spent,
            )
        )


def create_character(
    char_id: str,
    name: str,
    stats: Mapping[Stat, int],
    rng: random.Random,
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> ResonanceCharacter:
    """A new character with the given stats and their own freshly shuffled deck."""
    if not char_id.strip() or not name.strip():
        raise RulesError(words("A character needs an id and a name"))
    check_stats(stats, options)
    character = ResonanceCharacter(
        char_id.strip(), name.strip(), {s: stats[s] for s in Stat}, CharacterDeck.new(rng)
    )
    character.check()
    return character


@dataclass(frozen=True, slots=True)
class RestRecord(Record):
    """A rest: how many fatigue cards went back, and the deck's size after."""

    character_id: str
    character_name: str
    recovered: int
    deck: int

    def explain(self) -> str:
        """E.g. ``"Kael rests: 7 fatigue cards shuffled back (deck 52)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The rest as words each reader words in their own language."""
        return words_n(
            "{name} rests: {n} fatigue cards shuffled back (deck {deck})",
            "{name} rests: {n} fatigue cards shuffled back (deck {deck})",
            self.recovered,
            name=self.character_name,
            deck=self.deck,
        )


def rest(character: ResonanceCharacter, rng: random.Random) -> RestRecord:
    """Shuffle the fatigue pile back into the deck."""
    character.check()
    if character.cards.drawn:
        raise RulesError(
            words("{name} has drawn cards waiting: play one of them first", name=character.name)
        )
    back = character.cards.recover(rng)
    return RestRecord(character.id, character.name, back, len(character.cards.deck))
