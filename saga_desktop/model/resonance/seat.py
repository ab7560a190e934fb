"""Prompted checks as a player's seat sees them: read from the seat's view, odds counted exactly.

A joined player's app has only its view (plain data built from
:mod:`saga_desktop.model.visibility`). The odds of a check depend on the character's stat, the
table's rulings and which cards lie in their deck and fatigue pile. The fatigue pile and the
drawn cards lie face up, so the deck holds exactly the cards of the 52 seen nowhere else; its
order stays the host's secret, and the odds do not need it: :func:`view_character` lays those
cards in a fixed order that says nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from saga_desktop.model.operation import OperationError
from saga_desktop.model.resonance.access import to_rules_options
from saga_desktop.model.resonance.ops.prompts import prompt_request
from saga_desktop.model.resonance.state import (
    ResonancePlay,
    ResonancePrompt,
    ResonanceSheet,
    read_pending,
)
from saga_desktop.model.resonance.table import deck_pile, drawn_pile, fatigue_pile
from saga_desktop.model.seat_view import (
    view_character_data,
    view_pending_record,
    view_play_as,
    view_prompts_as,
)
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import FULL_DECK
from saga_desktop.rules.errors import RulesError


def view_play(view: Mapping[str, Any]) -> ResonancePlay:
    """The play state in the view (rulings, adversaries, prompts, the waiting check)."""
    return view_play_as(view, ResonancePlay)


def view_prompts(view: Mapping[str, Any], mine: Sequence[str]) -> list[ResonancePrompt]:
    """The prompted checks waiting for the characters ``mine``, oldest first."""
    return view_prompts_as(view, mine, ResonancePrompt)


def _cards(view: Mapping[str, Any], name: str) -> list[str] | None:
    pile = (view.get("piles") or {}).get(name)
    shown = pile.get("cards") if isinstance(pile, dict) else None
    return [str(c) for c in shown] if isinstance(shown, list) else None


def view_character(view: Mapping[str, Any], character_id: str) -> resonance.ResonanceCharacter:
    """A character from the view as the engine's, their deck being every card seen elsewhere."""
    char = view_character_data(view, character_id)
    try:
        sheet = ResonanceSheet.model_validate(char.get("sheet"))
    except ValidationError:
        raise OperationError(f"{char.get('name', '?')} has no Resonance sheet") from None
    drawn, fatigue = (
        _cards(view, drawn_pile(character_id)),
        _cards(view, fatigue_pile(character_id)),
    )
    deck_view = (view.get("piles") or {}).get(deck_pile(character_id))
    if drawn is None or fatigue is None or not isinstance(deck_view, dict):
        raise OperationError(f"{char.get('name', '?')}'s cards are hidden from this seat")
    seen = set(drawn) | set(fatigue)
    deck = [c.code for c in FULL_DECK if c.code not in seen]
    if deck_view.get("count") != len(deck):
        raise OperationError(f"{char.get('name', '?')}'s cards do not add up")
    try:
        cards = resonance.CharacterDeck.from_codes(deck, drawn, fatigue, sheet.revision)
    except RulesError as exc:
        raise OperationError(str(exc)) from None
    stats = {s: sheet.stat(s) for s in resonance.Stat}
    return resonance.ResonanceCharacter(character_id, str(char.get("name", "")), stats, cards)


def view_request(view: Mapping[str, Any], prompt: ResonancePrompt) -> resonance.CheckRequest:
    """The engine's request of a prompt, against the adversaries the view shows."""
    foes = [
        resonance.Adversary(a.id, a.name, a.guard, a.resolve) for a in view_play(view).adversaries
    ]
    return prompt_request(prompt, foes)


def view_check_odds(view: Mapping[str, Any], prompt: ResonancePrompt) -> resonance.CheckOdds:
    """The exact odds of a prompted check, as the host would draw it now."""
    who = view_character(view, prompt.character)
    try:
        return resonance.check_odds(
            view_request(view, prompt), who, to_rules_options(view_play(view).options)
        )
    except RulesError as exc:
        raise OperationError(str(exc)) from None


def view_pending(view: Mapping[str, Any], mine: Sequence[str]) -> resonance.PendingCheck | None:
    """The single check of one of ``mine`` drawn and waiting to be played, if any."""
    record = view_pending_record(view, read_pending)
    if isinstance(record, resonance.PendingCheck) and record.draw.character_id in mine:
        return record
    return None
