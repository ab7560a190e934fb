"""Every suit table of Songs & Sagas, and the one-card look-ups: reaction and enemy morale.

The tables map a revealed card's suit to a result. Texts are the engine's own short wording.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from dataclasses import dataclass

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Value, Words, english, words, words_n
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card, Suit
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.deck import RevealRecord, TableDeck
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


class Reaction(enum.Enum):
    """How a non-player character first responds to the group."""

    HELPFUL = "helpful"
    CURIOUS = "curious"
    WARY = "wary"
    HOSTILE = "hostile"

    @property
    def text(self) -> str:
        """A short description."""
        return {
            Reaction.HELPFUL: "inclined to help",
            Reaction.CURIOUS: "curious about you",
            Reaction.WARY: "on their guard",
            Reaction.HOSTILE: "openly hostile",
        }[self]


LOOKUP_WORDS = (  # what a reaction or a morale card says, for the catalog: lines carry it
    tr_noop("helpful"),
    tr_noop("curious"),
    tr_noop("wary"),
    tr_noop("hostile"),
    tr_noop("inclined to help"),
    tr_noop("curious about you"),
    tr_noop("on their guard"),
    tr_noop("openly hostile"),
    tr_noop("panic and run"),
    tr_noop("give up or try to bargain"),
    tr_noop("hold their ground"),
    tr_noop("throw themselves into the fight"),
)


class Morale(enum.Enum):
    """What shaken enemies do."""

    FLEE = "flee"
    SURRENDER = "surrender"
    STAY = "stay"
    DOUBLE_DOWN = "double_down"

    @property
    def text(self) -> str:
        """A short description."""
        return {
            Morale.FLEE: "panic and run",
            Morale.SURRENDER: "give up or try to bargain",
            Morale.STAY: "hold their ground",
            Morale.DOUBLE_DOWN: "throw themselves into the fight",
        }[self]


class Trouble(enum.Enum):
    """What a rest card says about danger."""

    NONE = "none"
    AHEAD = "ahead"
    HERE = "here"

    @property
    def text(self) -> str:
        """A short description ("" when there is no trouble)."""
        return {
            Trouble.NONE: "",
            Trouble.AHEAD: "trouble is coming",
            Trouble.HERE: "trouble arrives",
        }[self]


class RegionMood(enum.Enum):
    """The hook that comes with a region's first risk card."""

    SERENITY = "serenity"
    TWIST = "twist"
    THREAT = "threat"
    DANGER = "danger"

    @property
    def text(self) -> str:
        """A short description."""
        return {
            RegionMood.SERENITY: "a moment of calm",
            RegionMood.TWIST: "something unexpected",
            RegionMood.THREAT: "a threat looming",
            RegionMood.DANGER: "danger close at hand",
        }[self]


ATTRIBUTE_BY_SUIT: Mapping[Suit, int] = {H: 2, D: 1, C: 0, S: -1}
"""Character creation: the starting attribute modifier."""

BLESSING_ATTRIBUTE_BY_SUIT: Mapping[Suit, int] = {H: 2, D: 1, C: 0, S: 0}
"""A blessing's attribute increase (a spade also brings an omen)."""

BLESSING_RESILIENCE_BY_SUIT: Mapping[Suit, int] = {H: 2, D: 1, C: 0, S: 0}
"""A blessing's max-resilience increase (a spade also brings a vision)."""

REST_BY_SUIT: Mapping[Suit, tuple[int, Trouble]] = {
    H: (5, Trouble.NONE),
    D: (3, Trouble.NONE),
    C: (2, Trouble.AHEAD),
    S: (1, Trouble.HERE),
}
"""A short rest's recovery (doubled on a long rest) and trouble."""

REACTION_BY_SUIT: Mapping[Suit, Reaction] = {
    H: Reaction.HELPFUL,
    D: Reaction.CURIOUS,
    C: Reaction.WARY,
    S: Reaction.HOSTILE,
}
"""A non-player character's reaction."""

MORALE_BY_SUIT: Mapping[Suit, Morale] = {
    H: Morale.FLEE,
    D: Morale.SURRENDER,
    C: Morale.STAY,
    S: Morale.DOUBLE_DOWN,
}
"""Enemy morale."""

RISK_BY_SUIT: Mapping[Suit, tuple[int, RegionMood]] = {
    H: (1, RegionMood.SERENITY),
    D: (2, RegionMood.TWIST),
    C: (2, RegionMood.THREAT),
    S: (3, RegionMood.DANGER),
}
"""A new region's starting risk rating and hook."""

DR_DESCRIPTORS: Mapping[int, str] = {9: "Easy", 12: "Normal", 15: "Challenging"}
"""The named difficulty ratings."""

NORMAL_DR = 12
"""The usual difficulty rating."""


def party_goes_first(card: Card) -> bool:
    """Initiative: a red card lets the group act first."""
    return card.is_red


def describe_dr(dr: int) -> str:
    """``"12 (Normal)"`` for a named rating, else the number."""
    name = DR_DESCRIPTORS.get(dr)
    return f"{dr} ({name})" if name else str(dr)


def reveal_and_discard(
    deck: TableDeck, rng: random.Random, count: int, options: SongsOptions = DEFAULT_OPTIONS
) -> RevealRecord:
    """Reveal cards for a look-up that resolves at once; they end on the discard pile.

    Raises RulesError, leaving the table untouched, when the cards cannot all be revealed.
    """
    check_can_reveal(deck, count, options)
    record = deck.reveal(count, rng, hold=options.hold_revealed)
    if options.hold_revealed:
        deck.discard_revealed(record.cards)
    return record


def check_can_reveal(
    deck: TableDeck, count: int, options: SongsOptions = DEFAULT_OPTIONS, extra: int = 0
) -> None:
    """Raise RulesError unless ``count`` cards can be revealed in one go.

    ``extra`` counts cards that will have reached the discard pile before the reveal happens.
    """
    if count < 0:
        raise RulesError(words("Cannot reveal a negative number of cards"))
    reachable = deck.available + extra
    if count and (reachable < count if options.hold_revealed else reachable == 0):
        raise RulesError(
            words_n(
                "Only {n} card can be revealed: the rest are in hands or on the table",
                "Only {n} cards can be revealed: the rest are in hands or on the table",
                reachable,
            )
        )


@dataclass(frozen=True, slots=True)
class ReactionRecord(Record):
    """A reaction look-up."""

    reveal: RevealRecord
    reaction: Reaction
    npc: str = ""

    @property
    def card(self) -> Card:
        """The revealed card."""
        return self.reveal.cards[0]

    def explain(self) -> str:
        """E.g. ``"Reaction of the ferryman: 7♦, curious (curious about you)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The reaction as words each reader words in their own language."""
        values: dict[str, Value] = {
            "card": card_short(self.card),
            "reaction": words(self.reaction.value),
            "text": words(self.reaction.text),
        }
        if self.npc:
            return words("Reaction of {npc}: {card}, {reaction} ({text})", npc=self.npc, **values)
        return words("Reaction: {card}, {reaction} ({text})", **values)


@dataclass(frozen=True, slots=True)
class MoraleRecord(Record):
    """An enemy morale check."""

    reveal: RevealRecord
    morale: Morale
    enemy_id: str = ""
    enemy_name: str = ""

    @property
    def card(self) -> Card:
        """The revealed card."""
        return self.reveal.cards[0]

    @property
    def leaves_fight(self) -> bool:
        """True when the enemies flee or surrender."""
        return self.morale in (Morale.FLEE, Morale.SURRENDER)

    def explain(self) -> str:
        """E.g. ``"Morale of the wolves: 3♥, they panic and run"``."""
        return english(self.words())

    def words(self) -> Words:
        """The morale check as words each reader words in their own language."""
        card, morale = card_short(self.card), words(self.morale.text)
        if self.enemy_name:
            return words(
                "Morale of {enemy}: {card}, they {morale}",
                enemy=self.enemy_name,
                card=card,
                morale=morale,
            )
        return words("Morale: {card}, they {morale}", card=card, morale=morale)


def reveal_reaction(
    deck: TableDeck, rng: random.Random, npc: str = "", options: SongsOptions = DEFAULT_OPTIONS
) -> ReactionRecord:
    """Reveal a card for a non-player character's reaction."""
    reveal = reveal_and_discard(deck, rng, 1, options)
    return ReactionRecord(reveal, REACTION_BY_SUIT[reveal.cards[0].suit], npc.strip())


def reveal_morale(
    deck: TableDeck,
    rng: random.Random,
    enemy_id: str = "",
    enemy_name: str = "",
    options: SongsOptions = DEFAULT_OPTIONS,
) -> MoraleRecord:
    """Reveal a card for an enemy morale check (see also ``combat.check_morale``)."""
    reveal = reveal_and_discard(deck, rng, 1, options)
    return MoraleRecord(reveal, MORALE_BY_SUIT[reveal.cards[0].suit], enemy_id, enemy_name)
