"""The card table in words: what a screen reader says of each pile and card.

Everything here reads the table's :class:`~saga_desktop.model.visibility.PileView` list (the
visibility function's answer for the window's viewer), so a face-down card is only ever "face
down", never its value. Suits are named in words with their symbol, colours as words: colour is
never the only sign.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.model.visibility import PileView
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cards import card_plain as card_plain
from saga_desktop.ui.cardtable.piles import colours, is_secret, lane_order, pile_label, red_black

FACE_DOWN = tr_noop("face-down card")


def card_words(card: Card | None) -> str:
    """``"queen of spades ♠"``; ``None`` (a card whose face does not show): ``"face-down card"``."""
    if card is None:
        return tr(FACE_DOWN)
    return f"{card_plain(card)} {card.suit.symbol}"


def pile_title(pile: PileView, names: Mapping[str, str]) -> str:
    """Whose pile and which: ``"Draw pile"``, ``"Ivar the Quiet's hand"``, ``"Wren's drawn"``."""
    if pile.owner is None:
        return pile_label(pile.label)
    owner = names.get(pile.owner, pile.owner)
    if pile.label == owner:
        return tr("{owner}'s hand", owner=owner)
    for head in (f"{owner}: ", f"{owner} "):
        if pile.label.startswith(head):
            rest = pile.label[len(head) :]
            return tr("{owner}'s {pile}", owner=owner, pile=pile_label(rest.lower()))
    rest = pile.label[:1].lower() + pile.label[1:]
    return tr("{owner}'s {pile}", owner=owner, pile=pile_label(rest))


def short_label(pile: PileView, names: Mapping[str, str]) -> str:
    """A pile's label inside its owner's lane, without the owner's name (``"Deck"``)."""
    if pile.owner is None:
        return pile_label(pile.label)
    owner = names.get(pile.owner, pile.owner)
    head = f"{owner}: "
    if pile.label.startswith(head) and len(pile.label) > len(head):
        rest = pile.label[len(head) :]
        return pile_label(rest[:1].upper() + rest[1:])
    return pile.label


def pile_contents(piles: Sequence[PileView], pile: PileView) -> str:
    """What a pile holds, as far as the viewer may know it."""
    if pile.count == 0:
        return tr("no cards") if pile.kind == "row" else tr("empty")
    if is_secret(pile):
        split = colours(piles, pile)  # public when it is the one face-down pile of its deck
        if split is None:
            return trn("{n} card face down", "{n} cards face down", pile.count)
        return trn(
            "{n} card face down, {colours}",
            "{n} cards face down, {colours}",
            pile.count,
            colours=red_black(*split),
        )
    cards = [Card.from_code(code) for code in pile.cards or ()]
    if pile.kind == "row":
        return ", ".join(card_plain(c) for c in cards)
    return trn(
        "{n} card, top {card}", "{n} cards, top {card}", pile.count, card=card_plain(cards[-1])
    )


def pile_name(piles: Sequence[PileView], pile: PileView, names: Mapping[str, str]) -> str:
    """A pile's spoken name: whose it is, what it holds.

    ``"Draw pile: 32 cards face down, 17 red, 15 black"``, ``"Discard: 19 cards, top 10 of
    clubs"``, ``"Ivar the Quiet's hand: ace of hearts"``.
    """
    return tr(
        "{pile}: {contents}", pile=pile_title(pile, names), contents=pile_contents(piles, pile)
    )


@dataclass(frozen=True)
class PileEntry:
    """One pile in reading order: its view, its spoken name and its cards in reading order.

    A row is read left to right, a stack from the top down; a face-down pile's cards are
    ``None`` (a row's backs can be stepped through, a face-down stack is read as one).
    """

    pile: PileView
    name: str
    cards: tuple[Card | None, ...]
    title: str = ""
    """The pile's name without its contents."""


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
            name = pile_name(piles, pile, names)
            out.append(PileEntry(pile, name, cards, pile_title(pile, names)))
    return out


def card_position(entry: PileEntry, index: int) -> str:
    """A card's name with its place: ``"ace of hearts ♥, 1 of 3 in Ivar the Quiet's hand"``."""
    values = {
        "card": card_words(entry.cards[index]),
        "index": index + 1,
        "count": len(entry.cards),
        "pile": entry.title,
    }
    if entry.pile.kind != "row":
        return tr("{card}, {index} of {count} from the top of {pile}", **values)
    return tr("{card}, {index} of {count} in {pile}", **values)
