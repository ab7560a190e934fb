"""Prompted rolls as a player's seat sees them: read from the seat's view, odds counted exactly.

A joined player's app has only its view (plain data built from
:mod:`saga_desktop.model.visibility`). The odds of a trial depend on the roller's sheet, the
table's rulings, the burns and the colours of the cards in the draw pile and the discard. Every
seat may count those: the discard, the revealed row and every hand lie face up, so the draw pile
holds exactly the cards seen nowhere else. Its order stays the host's secret and the odds do not
need it: :func:`view_deck` lays those cards in a fixed order that says nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from saga_desktop.model.campaign import Character
from saga_desktop.model.operation import OperationError
from saga_desktop.model.seat_view import (
    view_character_data,
    view_pending_record,
    view_play_as,
    view_prompts_as,
)
from saga_desktop.model.songs.access import to_rules_character
from saga_desktop.model.songs.ops.prompts import prompt_request
from saga_desktop.model.songs.ops.rolls import BurnChoice
from saga_desktop.model.songs.state import SongsPlay, SongsPrompt, read_pending
from saga_desktop.model.songs.table import DISCARD, DRAW, HAND, REVEALED
from saga_desktop.rules import songs
from saga_desktop.rules.cards import FULL_DECK
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs.deck import TableDeck


def view_play(view: Mapping[str, Any]) -> SongsPlay:
    """The play state in the view (rulings, prompts, the waiting roll)."""
    return view_play_as(view, SongsPlay)


def view_prompts(view: Mapping[str, Any], mine: Sequence[str]) -> list[SongsPrompt]:
    """The prompted rolls waiting for the characters ``mine``, oldest first."""
    return view_prompts_as(view, mine, SongsPrompt)


def view_character(view: Mapping[str, Any], character_id: str) -> songs.SongsCharacter:
    """A character from the view as the engine's sheet."""
    char = view_character_data(view, character_id)
    try:
        return to_rules_character(
            Character.model_validate({k: v for k, v in char.items() if k != "index"})
        )
    except (ValidationError, TypeError):
        raise OperationError(f"{char.get('name', '?')} has no Songs & Sagas sheet") from None


def view_deck(view: Mapping[str, Any]) -> TableDeck:
    """The table's cards as the view shows them; the draw pile is every card seen nowhere else."""
    piles = view.get("piles")
    if not isinstance(piles, dict):
        raise OperationError("The table's cards did not arrive")

    def cards(name: str) -> list[str]:
        pile = piles.get(name)
        shown = pile.get("cards") if isinstance(pile, dict) else None
        return [str(c) for c in shown] if isinstance(shown, list) else []

    hands = {n[len(HAND) :]: cards(n) for n in piles if isinstance(n, str) and n.startswith(HAND)}
    seen = set(cards(DISCARD)) | set(cards(REVEALED)) | {c for h in hands.values() for c in h}
    draw = [c.code for c in FULL_DECK if c.code not in seen]
    count = piles.get(DRAW, {}).get("count") if isinstance(piles.get(DRAW), dict) else None
    if count != len(draw):
        raise OperationError("Some cards of the table are hidden from this seat")
    try:
        return TableDeck.from_codes(draw, cards(DISCARD), cards(REVEALED), hands)
    except (RulesError, ValueError) as exc:
        raise OperationError(f"The table's cards do not add up: {exc}") from None


def view_roll_odds(
    view: Mapping[str, Any], prompt: SongsPrompt, burns: Sequence[BurnChoice] = ()
) -> songs.RollOdds:
    """The exact odds of a prompted roll with the burns chosen, as the host would roll it."""
    play = view_play(view)
    roller = view_character(view, prompt.character)
    rulings = play.options
    try:
        request = prompt_request(prompt, roller, burns, lambda i: view_character(view, i), rulings)
        return songs.trial_odds(request, roller, view_deck(view), rulings)
    except RulesError as exc:
        raise OperationError(str(exc)) from None


def view_pending(view: Mapping[str, Any], mine: Sequence[str]) -> songs.TrialRoll | None:
    """The trial or fate roll of one of ``mine`` waiting to be settled, if any."""
    record = view_pending_record(view, read_pending)
    if isinstance(record, songs.TrialRoll) and record.character_id in mine:
        return record
    return None
