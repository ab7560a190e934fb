"""What the table may say about its piles, worked out from public information only.

Everything here reads :class:`~saga_desktop.model.visibility.PileView` lists (the visibility
function's answer), never the campaign's piles: the count of a face-down pile is known, its
cards are not. The colours left in a face-down pile follow when it is the one face-down pile of
its deck: it holds exactly the deck's cards that lie face up nowhere else.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def plural(count: int, word: str = "card") -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{count} {word}{'s' if count != 1 else ''}"


def pile_summary(piles: Sequence[PileView]) -> str:
    """``"Draw pile 39 cards (19 red, 20 black) · discard 4"`` for the shared stacks."""
    parts = []
    for pile in piles:
        if pile.kind != "stack" or pile.owner is not None:
            continue
        if pile.cards is not None:
            parts.append(f"{pile.label.lower()} {pile.count}")
            continue
        text = f"{pile.label} {plural(pile.count)}"
        split = colours(piles, pile)
        if split is not None:
            text += f" ({split[0]} red, {split[1]} black)"
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
