"""A character's own 52 cards, the character sheet, and the GM's opponents.

Every character owns a full deck. Its cards lie in exactly one of three places:

* ``deck``: face down, listed bottom to top (the last item is drawn next);
* ``drawn``: the cards of a check that has been drawn but not yet played;
* ``fatigue``: face up, listed in the order they were played (the last is the newest).

The three places always hold the 52 cards between them. Every change bumps ``revision``, which
is how a drawn check knows that it still belongs to the cards as they lie.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from saga_desktop.i18n.words import words
from saga_desktop.rules.cards import DECK_SIZE, FULL_DECK, Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.resonance.values import (
    HIGH_CARD,
    Stat,
    card_value,
    check_dc,
    check_stat_value,
)


@dataclass(slots=True)
class CharacterDeck:
    """One character's cards; lists run bottom to top."""

    deck: list[Card] = field(default_factory=list)
    drawn: list[Card] = field(default_factory=list)
    fatigue: list[Card] = field(default_factory=list)
    revision: int = 0

    @classmethod
    def new(cls, rng: random.Random) -> CharacterDeck:
        """A freshly shuffled deck of 52 with nothing drawn and no fatigue."""
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        return cls(deck=deck)

    @classmethod
    def from_codes(
        cls,
        deck: Iterable[str],
        drawn: Iterable[str] = (),
        fatigue: Iterable[str] = (),
        revision: int = 0,
    ) -> CharacterDeck:
        """Build the cards from card codes and check that each of the 52 is there once."""
        if isinstance(revision, bool) or not isinstance(revision, int) or revision < 0:
            raise RulesError(words("The deck's revision must be a whole number, 0 or more"))
        cards = cls(
            [Card.from_code(c) for c in deck],
            [Card.from_code(c) for c in drawn],
            [Card.from_code(c) for c in fatigue],
            revision,
        )
        cards.check()
        return cards

    def to_data(self) -> dict[str, Any]:
        """Plain data (card codes), the inverse of :meth:`from_data`."""
        return {
            "deck": [c.code for c in self.deck],
            "drawn": [c.code for c in self.drawn],
            "fatigue": [c.code for c in self.fatigue],
            "revision": self.revision,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CharacterDeck:
        """Rebuild from :meth:`to_data`; raises RulesError unless all 52 cards are there."""
        lists: list[list[str]] = []
        for key in ("deck", "drawn", "fatigue"):
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise RulesError(words("The cards' '{key}' must be a list of card codes", key=key))
            lists.append(value)
        deck, drawn, fatigue = lists
        return cls.from_codes(deck, drawn, fatigue, data.get("revision", 0))

    def copy(self) -> CharacterDeck:
        """An independent copy."""
        return CharacterDeck(list(self.deck), list(self.drawn), list(self.fatigue), self.revision)

    def all_cards(self) -> list[Card]:
        """Every card, wherever it lies."""
        return self.deck + self.drawn + self.fatigue

    def check(self) -> None:
        """Raise RulesError unless the three places hold each of the 52 cards exactly once."""
        cards = self.all_cards()
        if len(cards) != DECK_SIZE or set(cards) != set(FULL_DECK):
            missing = sorted(set(FULL_DECK) - set(cards))
            doubles = sorted({c for c in cards if cards.count(c) > 1})
            parts = [
                f"{what}: " + ", ".join(c.name for c in found)
                for what, found in (("twice", doubles), ("missing", missing))
                if found
            ]
            raise RulesError(
                words(
                    "A deck must hold each of the 52 cards once ({value})", value="; ".join(parts)
                )
            )

    def meter(self, stat: Stat) -> DeckMeter:
        """What is left face down: cards, high cards and cards that resonate with ``stat``."""
        return DeckMeter.of(self.deck, len(self.fatigue), stat)

    # -- moves (the check procedures validate before calling these) ----------------------------

    def draw(self, count: int, rng: random.Random, reshuffle: bool) -> tuple[list[Card], list[int]]:
        """Draw up to ``count`` cards from the top; returns them and where reshuffles happened.

        With ``reshuffle`` an empty deck is refilled from the shuffled fatigue pile.
        """
        cards: list[Card] = []
        shuffles: list[int] = []
        for i in range(count):
            if not self.deck:
                if not (reshuffle and self.fatigue):
                    break
                self.deck, self.fatigue = self.fatigue, []
                rng.shuffle(self.deck)
                shuffles.append(i)
            cards.append(self.deck.pop())
        self.drawn = list(cards)
        self.revision += 1
        return cards, shuffles

    def settle(self, played: Card | None, bottom: Iterable[Card]) -> None:
        """Played card to fatigue; the rest under the deck, ``bottom[0]`` coming back up first."""
        under = list(bottom)
        self.deck[:0] = reversed(under)
        if played is not None:
            self.fatigue.append(played)
        self.drawn = []
        self.revision += 1

    def recover(self, rng: random.Random) -> int:
        """Shuffle the fatigue pile back into the deck; returns how many cards came back."""
        back = len(self.fatigue)
        self.deck.extend(self.fatigue)
        self.fatigue = []
        rng.shuffle(self.deck)
        self.revision += 1
        return back


@dataclass(frozen=True, slots=True)
class DeckMeter(Record):
    """A glance at a face-down deck: its size, its high cards and its resonating cards."""

    stat: Stat
    deck: int
    high: int
    matching: int
    fatigue: int

    @classmethod
    def of(cls, deck: Iterable[Card], fatigue: int, stat: Stat) -> DeckMeter:
        """The meter of the given face-down cards."""
        cards = list(deck)
        high = sum(1 for c in cards if card_value(c) >= HIGH_CARD)
        matching = sum(1 for c in cards if c.suit is stat.suit)
        return cls(stat, len(cards), high, matching, fatigue)

    def explain(self) -> str:
        """E.g. ``"deck 47: 18 high, 12 ♣; fatigue 5"``."""
        return (
            f"deck {self.deck}: {self.high} high, {self.matching} {self.stat.suit.symbol}; "
            f"fatigue {self.fatigue}"
        )


@dataclass(slots=True)
class ResonanceCharacter:
    """A character: id, name, the four stats and their own cards."""

    id: str
    name: str
    stats: dict[Stat, int]
    cards: CharacterDeck = field(default_factory=CharacterDeck)

    def stat(self, stat: Stat) -> int:
        """The value of one stat."""
        return self.stats[stat]

    def check(self) -> None:
        """Raise RulesError unless the sheet is legal: a name, four legal stats, 52 cards."""
        if not self.id.strip() or not self.name.strip():
            raise RulesError(words("A character needs an id and a name"))
        if set(self.stats) != set(Stat):
            raise RulesError(
                words("A character has exactly the four stats Heart, Body, Mind, Spirit")
            )
        for stat, value in self.stats.items():
            check_stat_value(stat, value)
        self.cards.check()

    def to_data(self) -> dict[str, Any]:
        """Plain data, the inverse of :meth:`from_data`."""
        return {
            "id": self.id,
            "name": self.name,
            "stats": {s.value: self.stats[s] for s in Stat if s in self.stats},
            "cards": self.cards.to_data(),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ResonanceCharacter:
        """Rebuild from :meth:`to_data`; raises RulesError naming what is wrong."""
        ident, name, stats, cards = (data.get(k) for k in ("id", "name", "stats", "cards"))
        if not isinstance(ident, str) or not isinstance(name, str):
            raise RulesError(words("A character needs an id and a name"))
        if not isinstance(stats, dict) or not isinstance(cards, dict):
            raise RulesError(words("{name}: 'stats' and 'cards' must be mappings", name=name))
        try:
            parsed = {Stat(k): v for k, v in stats.items()}
        except ValueError:
            raise RulesError(
                words("{name}: the stats are Heart, Body, Mind and Spirit", name=name)
            ) from None
        character = cls(ident, name, parsed, CharacterDeck.from_data(cards))
        character.check()
        return character

    def copy(self) -> ResonanceCharacter:
        """An independent copy."""
        return ResonanceCharacter(self.id, self.name, dict(self.stats), self.cards.copy())


@dataclass(frozen=True, slots=True)
class Adversary(Record):
    """An NPC or enemy in combat: checks against it use its Guard or its Resolve as the DC."""

    id: str
    name: str
    guard: int
    resolve: int

    def __post_init__(self) -> None:
        if not self.id.strip() or not self.name.strip():
            raise RulesError(words("An adversary needs an id and a name"))
        check_dc(self.guard, f"{self.name}'s Guard")
        check_dc(self.resolve, f"{self.name}'s Resolve")

    def explain(self) -> str:
        """E.g. ``"Bandit: Guard 10, Resolve 8"``."""
        return f"{self.name}: Guard {self.guard}, Resolve {self.resolve}"
