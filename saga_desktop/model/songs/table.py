"""The Songs & Sagas card table as named piles: one deck on the table, a hand per character.

The campaign keeps cards as named piles (``Campaign.piles``); this game names them ``draw``,
``discard``, ``revealed`` and ``hand:<character id>``. :func:`table_of` reads them back in the
shape of the table, and :func:`songs_deck` lends them to an operation as the engine's deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Context
from saga_desktop.rules.songs.deck import TableDeck

DRAW = "draw"
DISCARD = "discard"
REVEALED = "revealed"
HAND = "hand:"


def hand_pile(character_id: str) -> str:
    """The name of a character's hand."""
    return HAND + character_id


@dataclass(frozen=True, slots=True)
class SongsTable:
    """The table's cards as card codes, bottom to top (read-only: change them with operations)."""

    draw: Sequence[str]
    discard: Sequence[str]
    revealed: Sequence[str]
    hands: Mapping[str, Sequence[str]]


def table_of(campaign: Campaign) -> SongsTable:
    """The Songs & Sagas table of a campaign."""
    p = campaign.piles
    return SongsTable(
        draw=p.get(DRAW, []),
        discard=p.get(DISCARD, []),
        revealed=p.get(REVEALED, []),
        hands={c.id: p.get(hand_pile(c.id), []) for c in campaign.characters},
    )


def piles_of(
    draw: Sequence[str],
    discard: Sequence[str] = (),
    revealed: Sequence[str] = (),
    hands: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, list[str]]:
    """Named piles from the table's parts."""
    piles = {DRAW: list(draw), DISCARD: list(discard), REVEALED: list(revealed)}
    for owner, cards in (hands or {}).items():
        piles[hand_pile(owner)] = list(cards)
    return piles


def deck_from_piles(campaign: Campaign) -> TableDeck:
    """The campaign's table as a rules-engine deck (a copy)."""
    p = campaign.piles
    hands = {name[len(HAND) :]: list(cards) for name, cards in p.items() if name.startswith(HAND)}
    return TableDeck.from_codes(
        list(p.get(DRAW, [])), list(p.get(DISCARD, [])), list(p.get(REVEALED, [])), hands
    )


def write_deck(campaign: Campaign, deck: TableDeck) -> None:
    """Write a rules-engine deck back as the campaign's piles."""
    campaign.piles = piles_of(
        [c.code for c in deck.draw_pile],
        [c.code for c in deck.discard],
        [c.code for c in deck.revealed],
        {h: [c.code for c in cs] for h, cs in deck.hands.items()},
    )


def songs_deck(ctx: Context) -> TableDeck:
    """Borrow the table's cards as a rules-engine deck for the rest of the operation."""
    campaign = ctx.campaign
    return ctx.borrow(
        "songs-deck",
        lambda: deck_from_piles(campaign),
        lambda deck: write_deck(campaign, deck),
    )
