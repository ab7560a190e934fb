"""Cards as words for journal lines: ``"Q♠"`` in English, ``"D♠"`` in French.

A card's corner letter (A, J, Q, K) is a word each language prints its own way (French cards read
A, V, D, R); pips (2 to 10) and the suit's symbol are the same everywhere. Lines that name cards
carry these as :class:`Words`, so each reader sees the corners of their own language's cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from saga_desktop.i18n.words import Words, listed, words, words_c
from saga_desktop.rules.cards import Card, Rank

_CORNERS: dict[Rank, Words] = {
    Rank.ACE: words_c("card corner", "A"),
    Rank.JACK: words_c("card corner", "J"),
    Rank.QUEEN: words_c("card corner", "Q"),
    Rank.KING: words_c("card corner", "K"),
}


def card_short(card: Card) -> Words:
    """The card as its corner shows it, with its suit's symbol: ``"Q♠"``, ``"10♥"``."""
    rank: Words | str = _CORNERS.get(card.rank) or str(int(card.rank))
    return words("{rank}{suit}", rank=rank, suit=card.suit.symbol)


def cards_short(cards: Sequence[Card]) -> Words:
    """Cards one after the other, comma separated: ``"7♠, K♣"``."""
    return listed(*(card_short(c) for c in cards))


def card_or_none(card: Card | None) -> Words:
    """A chosen card, or that none was chosen."""
    return card_short(card) if card is not None else words("no card")
