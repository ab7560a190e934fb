"""What the table may say about its piles, worked out from public information only.

Everything here reads :class:`~saga_desktop.model.visibility.PileView` lists (the visibility
function's answer), never the campaign's piles: the count of a face-down pile is known, its
cards are not. The colours left in a face-down pile follow when it is the one face-down pile of
its deck: it holds exactly the deck's cards that lie face up nowhere else.
"""

from __future__ import annotations

from collections.abc import Sequence

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.model.visibility import PileView
from saga_desktop.rules.cards import FULL_DECK, Card


def is_secret(pile: PileView) -> bool:
    """True when the viewer knows only how many cards the pile holds."""
    return pile.cards is None


def hidden_composition(piles: Sequence[PileView], pile: PileView) -> list[Card] | None:
    """The cards a secret pile must hold (in no order), or None when that is not public."""
    if not is_secret(pile):
        return None
    same_deck = [p for p in piles if p.deck == pile.deck]
    if sum(1 for p in same_deck if is_secret(p)) != 1:
        return None
    shown = {code for p in same_deck for code in (p.cards or [])}
    rest = [c for c in FULL_DECK if c.code not in shown]
    return rest if len(rest) == pile.count else None


def colours(piles: Sequence[PileView], pile: PileView) -> tuple[int, int] | None:
    """``(red, black)`` of a pile when public: its own cards, or what a secret pile must hold."""
    if pile.cards is not None:
        cards = [Card.from_code(code) for code in pile.cards]
    else:
        found = hidden_composition(piles, pile)
        if found is None:
            return None
        cards = found
    reds = sum(1 for c in cards if c.is_red)
    return reds, len(cards) - reds


PILE_LABELS: dict[str, str] = {
    "Draw pile": tr_noop("Draw pile"),
    "Discard": tr_noop("Discard"),
    "Revealed": tr_noop("Revealed"),
    "Deck": tr_noop("Deck"),
    "Drawn": tr_noop("Drawn"),
    "Fatigue": tr_noop("Fatigue"),
    "deck": tr_noop("deck"),
    "drawn": tr_noop("drawn"),
    "fatigue": tr_noop("fatigue"),
}
"""The rulesets' pile labels (kept in English in the campaign) in the reader's language."""


def pile_label(label: str) -> str:
    """A ruleset's pile label in words (``"Discard"``); a label not in the table as it is."""
    known = PILE_LABELS.get(label)
    return tr(known) if known else label


def reds(count: int) -> str:
    """``"17 red"`` (French agrees the colour with the count: "17 rouges")."""
    return trn("{n} red", "{n} red", count)


def blacks(count: int) -> str:
    """``"15 black"``."""
    return trn("{n} black", "{n} black", count)


def red_black(red: int, black: int) -> str:
    """``"17 red, 15 black"``."""
    return tr("{reds}, {blacks}", reds=reds(red), blacks=blacks(black))


def plural(count: int) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return trn("{n} card", "{n} cards", count)


def pile_summary(piles: Sequence[PileView]) -> str:
    """``"Draw pile 39 cards (19 red, 20 black) · discard 4"`` for the shared stacks."""
    parts = []
    for pile in piles:
        if pile.kind != "stack" or pile.owner is not None:
            continue
        label = pile_label(pile.label)
        if pile.cards is not None:
            parts.append(tr("{pile} {count}", pile=label[:1].lower() + label[1:], count=pile.count))
            continue
        split = colours(piles, pile)
        if split is None:
            text = trn("{pile} {n} card", "{pile} {n} cards", pile.count, pile=label)
        else:
            text = trn(
                "{pile} {n} card ({colours})",
                "{pile} {n} cards ({colours})",
                pile.count,
                pile=label,
                colours=red_black(*split),
            )
        parts.append(text)
    return " · ".join(parts)


def lane_order(piles: Sequence[PileView]) -> list[str | None]:
    """The owners of the piles, the shared piles (owner None) first, then in the ruleset's order."""
    owners: list[str | None] = [None] if any(p.owner is None for p in piles) else []
    for pile in piles:
        if pile.owner is not None and pile.owner not in owners:
            owners.append(pile.owner)
    return owners


def first_public_stack(piles: Sequence[PileView]) -> PileView | None:
    """The shared face-up stack (a discard pile), if the table has one."""
    return next(
        (p for p in piles if p.kind == "stack" and p.owner is None and not is_secret(p)), None
    )


def first_secret_stack(piles: Sequence[PileView]) -> PileView | None:
    """The shared face-down stack (a draw pile), if the table has one."""
    return next((p for p in piles if p.kind == "stack" and p.owner is None and is_secret(p)), None)
