"""Helpers for the Resonance tests: characters with stacked decks, snapshots."""

from __future__ import annotations

from typing import Any

from saga_desktop.rules.cards import FULL_DECK, Card
from saga_desktop.rules.resonance import CharacterDeck, ResonanceCharacter, Stat


def cards(codes: str) -> list[Card]:
    """``"7S KC 9H"`` -> cards."""
    return [Card.from_code(c) for c in codes.split()]


def card(code: str) -> Card:
    return Card.from_code(code)


def stacked(top: str = "", fatigue: str = "", deck: str | None = None) -> CharacterDeck:
    """Cards whose next draws are ``top`` (first code drawn first).

    With ``deck`` the deck holds exactly those cards (plus ``top``) and every other card lies in
    the fatigue pile after ``fatigue``; otherwise the other cards lie under ``top`` in the deck.
    """
    named = cards(top) + cards(fatigue) + cards(deck or "")
    others = [c for c in FULL_DECK if c not in named]
    if deck is None:
        pile, tired = others, cards(fatigue)
    else:
        pile, tired = cards(deck), cards(fatigue) + others
    result = CharacterDeck(pile + cards(top)[::-1], [], tired)
    result.check()
    return result


def person(
    name: str,
    heart: int = 2,
    body: int = 2,
    mind: int = 2,
    spirit: int = 2,
    top: str = "",
    fatigue: str = "",
    deck: str | None = None,
) -> ResonanceCharacter:
    stats = {Stat.HEART: heart, Stat.BODY: body, Stat.MIND: mind, Stat.SPIRIT: spirit}
    return ResonanceCharacter(name.lower(), name, stats, stacked(top, fatigue, deck))


def snapshot(*characters: ResonanceCharacter) -> Any:
    return [c.to_data() for c in characters]
