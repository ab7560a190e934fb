"""The numbers of Resonance: stats and their suits, card values, difficulty tiers, degrees.

* Four stats, each tied to one suit: Heart ♥, Body ♣, Mind ♦, Spirit ♠.
* A card is worth its pips (2-10), J 11, Q 12, K 13 and A 14.
* Its *effective value* in a check adds the stat's value when the suit matches the stat
  (Resonance); otherwise it is the card's value alone.
"""

from __future__ import annotations

import enum

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Value, Words, words, words_c
from saga_desktop.rules.cards import Card, Rank, Suit
from saga_desktop.rules.errors import RulesError

STAT_MIN = 1
"""The lowest value a stat can have."""

STAT_MAX = 5
"""The highest value a stat can have."""

DC_LIMIT = 40
"""No difficulty (or Guard, or Resolve) is higher than this."""

HIGH_CARD = 10
"""Cards worth at least this much count as high cards on the deck meter."""


class Stat(enum.Enum):
    """The four stats, in the order the rules list them."""

    HEART = "heart"
    BODY = "body"
    MIND = "mind"
    SPIRIT = "spirit"

    @property
    def title(self) -> str:
        """The stat's name, e.g. ``"Body"``."""
        return self.value.capitalize()

    @property
    def suit(self) -> Suit:
        """The suit that resonates with this stat."""
        return _SUIT_OF[self]

    @staticmethod
    def of_suit(suit: Suit) -> Stat:
        """The stat a suit resonates with."""
        return _STAT_OF[suit]


_SUIT_OF = {
    Stat.HEART: Suit.HEARTS,
    Stat.BODY: Suit.CLUBS,
    Stat.MIND: Suit.DIAMONDS,
    Stat.SPIRIT: Suit.SPADES,
}
_STAT_OF = {suit: stat for stat, suit in _SUIT_OF.items()}


def card_value(card: Card) -> int:
    """The card's base value: pips, J 11, Q 12, K 13, A 14."""
    return 14 if card.rank is Rank.ACE else int(card.rank)


def resonates(card: Card, stat: Stat) -> bool:
    """True when the card's suit matches the stat."""
    return card.suit is stat.suit


def effective_value(card: Card, stat: Stat, stat_value: int) -> int:
    """The card's value, plus the stat's value when the card resonates with the stat."""
    return card_value(card) + (stat_value if resonates(card, stat) else 0)


def check_stat_value(stat: Stat, value: int) -> None:
    """Raise RulesError unless ``value`` is a legal value for a stat."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(words("{title} must be a whole number", title=stat.title))
    if not STAT_MIN <= value <= STAT_MAX:
        raise RulesError(
            words(
                "{title} must lie between {stat_min} and {stat_max}, not {value}",
                title=stat.title,
                stat_min=STAT_MIN,
                stat_max=STAT_MAX,
                value=value,
            )
        )


def check_dc(dc: int, what: str = "A difficulty") -> None:
    """Raise RulesError unless ``dc`` is a sensible target number."""
    if isinstance(dc, bool) or not isinstance(dc, int) or not 0 <= dc <= DC_LIMIT:
        raise RulesError(
            words(
                "{what} must be a whole number from 0 to {dc_limit}", what=what, dc_limit=DC_LIMIT
            )
        )


class Tier(enum.IntEnum):
    """The difficulty tiers the GM picks from (any other number is allowed too)."""

    ROUTINE = 4
    EASY = 7
    MODERATE = 10
    HARD = 13
    VERY_HARD = 16
    LEGENDARY = 19

    @property
    def title(self) -> str:
        """The tier's name, e.g. ``"Very Hard"``."""
        return self.name.replace("_", " ").title()


def describe_dc(dc: int) -> str:
    """E.g. ``"DC 10 (Moderate)"``, or ``"DC 11"`` between the tiers."""
    try:
        return f"DC {dc} ({Tier(dc).title})"
    except ValueError:
        return f"DC {dc}"


WORDS = (  # the names below, for the catalog: lines carry them as words, worded by each reader
    tr_noop("Heart"),
    tr_noop("Body"),
    tr_noop("Mind"),
    tr_noop("Spirit"),
    tr_noop("Routine"),
    tr_noop("Easy"),
    tr_noop("Moderate"),
    tr_noop("Hard"),
    tr_noop("Very Hard"),
    tr_noop("Legendary"),
    tr_noop("exceptional success"),
    tr_noop("strong success"),
    tr_noop("solid success"),
    tr_noop("bare success"),
    tr_noop("near miss"),
    tr_noop("clear failure"),
)


def stat_words(stat: Stat) -> Words:
    """A stat's name as words (``"Body"``, « Corps »)."""
    return words(stat.title)


def dc_words(dc: int) -> Words:
    """``"DC 10 (Moderate)"``, or ``"DC 11"`` between the tiers, as words."""
    try:
        return words("DC {dc} ({tier})", dc=dc, tier=words(Tier(dc).title))
    except ValueError:
        return words("DC {dc}", dc=dc)


def degree_words(degree: Degree) -> Words:
    """A degree of success or failure as words (``"bare success"``)."""
    return words(degree.title)


def semicolons(*parts: Words) -> Words:
    """Parts one after the other, a semicolon between two (``"5♣ 8: fails; 9♦ 9: passes"``).

    The semicolon is a word of the catalog, so a language sets its own spacing (French puts a
    narrow space before it).
    """
    values: dict[str, Value] = {f"s{i}": p for i, p in enumerate(parts)}
    values["semicolon"] = words_c("between two parts of a line", "; ")
    return Words("{semicolon}".join(f"{{s{i}}}" for i in range(len(parts))), values)


class Degree(enum.Enum):
    """How well a check went, by its margin (the optional degrees of success)."""

    EXCEPTIONAL = "exceptional"
    STRONG = "strong"
    SOLID = "solid"
    BARE = "bare"
    NEAR_MISS = "near miss"
    CLEAR_FAILURE = "clear failure"

    @property
    def success(self) -> bool:
        """True for the four degrees of success."""
        return self not in (Degree.NEAR_MISS, Degree.CLEAR_FAILURE)

    @property
    def title(self) -> str:
        """E.g. ``"bare success"`` or ``"near miss"``."""
        return f"{self.value} success" if self.success else self.value


def degree_of(margin: int) -> Degree:
    """The degree of a margin (effective value minus DC)."""
    if margin >= 7:
        return Degree.EXCEPTIONAL
    if margin >= 4:
        return Degree.STRONG
    if margin >= 1:
        return Degree.SOLID
    if margin == 0:
        return Degree.BARE
    return Degree.NEAR_MISS if margin >= -2 else Degree.CLEAR_FAILURE
