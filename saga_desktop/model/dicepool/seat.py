"""Prompted checks as a player's seat sees them: read from the seat's view, odds counted exactly.

A joined player's app has no campaign, only its view (plain data built from
:mod:`saga_desktop.model.visibility`): the characters' cards, which every seat may read, and the
play state with the queue of prompted checks. The odds of a check depend on nothing else (the
cards of the roller and of the helpers), so the player's app counts them with the engine's own
:func:`~saga_desktop.rules.dicepool.check_odds`, the very numbers the host rolls against.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from saga_desktop.model.dicepool.access import card_from_fields
from saga_desktop.model.dicepool.ops.checks import AssistSpec
from saga_desktop.model.dicepool.state import DicePoolSheet, PromptedCheck
from saga_desktop.model.operation import OperationError
from saga_desktop.model.seat_view import view_character_data, view_prompts_as
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.errors import RulesError


def view_prompts(view: Mapping[str, Any], mine: Sequence[str]) -> list[PromptedCheck]:
    """The prompted checks waiting for the characters ``mine``, oldest first (bad ones skipped)."""
    return view_prompts_as(view, mine, PromptedCheck)


def view_card(view: Mapping[str, Any], character_id: str) -> dp.CharacterCard:
    """A character's card from the view; OperationError when it is not there or not a card."""
    char = view_character_data(view, character_id)
    try:
        sheet = DicePoolSheet.model_validate(char.get("sheet"))
    except ValidationError:
        raise OperationError(f"{char.get('name', '?')} has no dice-pool card") from None
    return card_from_fields(character_id, str(char.get("name", "")), sheet)


def view_check_odds(
    view: Mapping[str, Any], prompt: PromptedCheck, assists: Sequence[AssistSpec] = ()
) -> dp.CheckOdds:
    """The exact chances of a prompted check with the assists chosen."""
    try:
        helpers = [
            dp.AssistRequest(
                view_card(view, a.helper),
                dp.Attribute(a.attribute),
                a.trait.strip(),
                dp.TraitKind(a.kind),
            )
            for a in assists
        ]
        return dp.check_odds(prompt.request(), view_card(view, prompt.character), helpers)
    except (RulesError, ValueError) as exc:
        raise OperationError(str(exc)) from None


def view_last_check(view: Mapping[str, Any]) -> dp.CheckResult | None:
    """The latest check rolled at the table, if any."""
    play = view.get("play")
    data = play.get("check") if isinstance(play, dict) else None
    if not isinstance(data, dict):
        return None
    try:
        return dp.CheckResult.from_data(data)
    except (RulesError, TypeError, KeyError):
        return None
