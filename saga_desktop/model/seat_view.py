"""Reading a player's seat view: the plain data a joined player's app gets instead of a campaign.

The view is what :mod:`saga_desktop.model.visibility` lets that seat see, sent over the network
as JSON. A game's seat module (``model/<game>/seat.py``) reads its own parts with these helpers,
which take nothing on trust: a part that is missing or malformed reads as absent, or as an
:class:`~saga_desktop.model.operation.OperationError` that says so in words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from saga_desktop.i18n.words import words
from saga_desktop.model.operation import OperationError

_M = TypeVar("_M", bound=BaseModel)


def view_play_as(view: Mapping[str, Any], kind: type[_M]) -> _M:
    """The view's play state as the game's model (OperationError when it did not come whole)."""
    try:
        return kind.model_validate(view.get("play"))
    except ValidationError:
        raise OperationError(words("The table's state did not arrive whole")) from None


def view_prompts_as(view: Mapping[str, Any], mine: Sequence[str], kind: type[_M]) -> list[_M]:
    """The prompts waiting for the characters ``mine``, oldest first (malformed ones skipped)."""
    play = view.get("play")
    raw = play.get("prompts") if isinstance(play, dict) else None
    out = []
    for item in raw if isinstance(raw, list) else []:
        try:
            prompt = kind.model_validate(item)
        except ValidationError:
            continue
        if getattr(prompt, "character", None) in mine:
            out.append(prompt)
    return out


def view_character_data(view: Mapping[str, Any], character_id: str) -> dict[str, Any]:
    """A character's plain data in the view (OperationError when it is not at the table)."""
    chars = view.get("characters")
    char = chars.get(character_id) if isinstance(chars, dict) else None
    if not isinstance(char, dict):
        raise OperationError(words("That character is not at the table"))
    return char


def view_pending_record(view: Mapping[str, Any], read: Callable[[dict[str, Any]], Any]) -> Any:
    """The game's waiting roll or check, read by ``read``; None when there is none or it is bad."""
    play = view.get("play")
    data = play.get("pending") if isinstance(play, dict) else None
    if not isinstance(data, dict):
        return None
    try:
        return read(data)
    except ValueError:
        return None
