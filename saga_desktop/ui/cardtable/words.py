"""The card table in words: what a screen reader says of each pile and card.

Everything here reads the table's :class:`~saga_desktop.model.visibility.PileView` list (the
visibility function's answer for the window's viewer), so a face-down card is only ever "face
down", never its value. Suits are named in words with their symbol, colours as words: colour is
never the only sign.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from saga_desktop.model.visibility import PileView
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cardtable.piles import colours, is_secret, lane_order, plural

FACE_DOWN = "face-down card"


def card_words(card: Card | None) -> str:
    """``"queen of spades ♠"``; ``None`` (a card whose face does not show): ``"face-down card"``."""
    if card is None:
        return FACE_DOWN
    return f"{card.rank.title.lower()} of {card.suit.title.lower()} {card.suit.symbol}"


def card_plain(card: Card) -> str:
    """``"queen of spades"`` (in a pile's summary, where symbols would only repeat the words)."""
    return f"{card.rank.title.lower()} of {card.suit.title.lower()}"


def pile_title(pile: PileView, names: Mapping[str, str]) -> str:
    """Whose pile and which: ``"Draw pile"``, ``"Ivar the Quiet's hand"``, ``"Wren's drawn"``."""
    if pile.owner is None:
        return pile.label
    owner = names.get(pile.owner, pile.owner)
    if pile.label == owner:
        return f"{owner}'s hand"
    for head in (f"{owner}: ", f"{owner} "):
        if pile.label.startswith(head):
            return f"{owner}'s {pile.label[len(head) :]}"
    return f"{owner}'s {pile.label[:1].lower()}{pile.label[1:]}"


def short_label(pile: PileView, names: Mapping[str, str]) -> str:
    """A pile's label inside its owner's lane, without the owner's name (``"Deck"``)."""
    if pile.owner is None:
        return pile.label
    owner = names.get(pile.owner, pile.owner)
    head = f"{owner}: "
    if pile.label.startswith(head) and len(pile.label) > len(head):
        rest = pile.label[len(head) :]
        return rest[:1].upper() + rest[1:]
    return pile.label


def pile_contents(piles: Sequence[PileView], pile: PileView) -> str:
    """What a pile holds, as far as the viewer may know it."""
    if pile.count == 0:
        return "no cards" if pile.kind == "row" else "empty"
    if is_secret(pile):
        split = colours(piles, pile)  # public when it is the one face-down pile of its deck
        reds = f", {split[0]} red, {split[1]} black" if split is not None else ""
        return f"{plural(pile.count)} face down{reds}"
    cards = [Card.from_code(code) for code in pile.cards or ()]
    if pile.kind == "row":
        return ", ".join(card_plain(c) for c in cards)
    return f"{plural(pile.count)}, top {card_plain(cards[-1])}"


def pile_name(piles: Sequence[PileView], pile: PileView, names: Mapping[str, str]) -> str:
    """A pile's spoken name: whose it is, what it holds.

    ``"Draw pile: 32 cards face down, 17 red, 15 black"``, ``"Discard: 19 cards, top 10 of
    clubs"``, ``"Ivar the Quiet's hand: ace of hearts"``.
    """
    return f"{pile_title(pile, names)}: {pile_contents(piles, pile)}"


@dataclass(frozen=True)
class PileEntry:
    """One pile in reading order: its view, its spoken name and its cards in reading order.

    A row is read left to right, a stack from the top down; a face-down pile's cards are
    ``None`` (a row's backs can be stepped through, a face-down stack is read as one).
    """

    pile: PileView
    name: str
    cards: tuple[Card | None, ...]

    @property
    def title(self) -> str:
        """The pile's name without its contents."""
        return self.name.split(": ", 1)[0]


def reading_order(piles: Sequence[PileView], names: Mapping[str, str]) -> list[PileEntry]:
    """Every pile as a screen reader meets it: the shared piles, then each character's."""
    out = []
    for owner in lane_order(piles):
        for pile in (p for p in piles if p.owner == owner):
            if pile.cards is not None:
                cards: tuple[Card | None, ...] = tuple(Card.from_code(c) for c in pile.cards)
                if pile.kind != "row":
                    cards = tuple(reversed(cards))  # the top card first
            elif pile.kind == "row":
                cards = (None,) * pile.count
            else:
                cards = ()
            out.append(PileEntry(pile, pile_name(piles, pile, names), cards))
    return out


def card_position(entry: PileEntry, index: int) -> str:
    """A card's name with its place: ``"ace of hearts ♥, 1 of 3 in Ivar the Quiet's hand"``."""
    card = entry.cards[index]
    where = "from the top of" if entry.pile.kind != "row" else "in"
    return f"{card_words(card)}, {index + 1} of {len(entry.cards)} {where} {entry.title}"
