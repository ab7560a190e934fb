"""Playing cards: suits, ranks and the 52-card deck.

Cards are small frozen values. Each has a short ASCII code used in saved files:
rank (``A``, ``2``..``10``, ``J``, ``Q``, ``K``) followed by a suit letter
(``S`` spades, ``H`` hearts, ``D`` diamonds, ``C`` clubs), e.g. ``"10H"`` or ``"QS"``.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from saga_desktop.i18n.words import words
from saga_desktop.rules.errors import RulesError


class Colour(enum.Enum):
    """The colour of a suit."""

    RED = "red"
    BLACK = "black"


@functools.total_ordering
class Suit(enum.Enum):
    """The four suits, in the order the rules tables list them (and sort in)."""

    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    SPADES = "S"

    @property
    def colour(self) -> Colour:
        """Hearts and diamonds are red; clubs and spades are black."""
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.colour is Colour.RED

    @property
    def symbol(self) -> str:
        """The suit symbol: ♥ ♦ ♣ ♠."""
        return _SYMBOLS[self]

    @property
    def title(self) -> str:
        """The suit's name in words, e.g. ``"Hearts"``."""
        return self.name.capitalize()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
_SYMBOLS = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.SPADES: "♠"}


class Rank(enum.IntEnum):
    """Card ranks; the value is the pip count with Ace low (1) and King 13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The short label printed on a card: A, 2..10, J, Q, K."""
        return _RANK_LABELS.get(self, str(int(self)))

    @property
    def title(self) -> str:
        """The rank in words, e.g. ``"Queen"`` or ``"7"``."""
        return self.name.capitalize() if self > 10 or self == 1 else str(int(self))


_RANK_LABELS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
_LABEL_RANKS = {r.label: r for r in Rank}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card."""

    rank: Rank
    suit: Suit

    @property
    def colour(self) -> Colour:
        """The card's colour."""
        return self.suit.colour

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit.is_red

    @property
    def is_black(self) -> bool:
        """True for clubs and spades."""
        return not self.suit.is_red

    @property
    def code(self) -> str:
        """The ASCII code used in files, e.g. ``"10H"``."""
        return f"{self.rank.label}{self.suit.value}"

    @property
    def name(self) -> str:
        """A short display name with the suit symbol, e.g. ``"10♥"``."""
        return f"{self.rank.label}{self.suit.symbol}"

    @property
    def long_name(self) -> str:
        """The card in words, e.g. ``"Queen of Spades"``."""
        return f"{self.rank.title} of {self.suit.title}"

    def __str__(self) -> str:
        return self.name

    @staticmethod
    def from_code(code: str) -> Card:
        """Parse a card code such as ``"AS"`` or ``"10h"``; raises RulesError if it is not one."""
        return _parse_code(code.strip().upper())


@functools.cache
def _parse_code(code: str) -> Card:
    if len(code) < 2 or code[:-1] not in _LABEL_RANKS:
        raise RulesError(
            words("'{code}' is not a playing card (expected e.g. AS, 10H, QD)", code=code)
        )
    try:
        suit = Suit(code[-1])
    except ValueError:
        raise RulesError(
            words("'{code}' is not a playing card (suit must be S, H, D or C)", code=code)
        ) from None
    return Card(_LABEL_RANKS[code[:-1]], suit)


FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""All 52 cards in a fixed order (by suit, then rank)."""

DECK_SIZE = len(FULL_DECK)
