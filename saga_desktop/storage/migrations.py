"""Step-by-step upgrades of older campaign files.

``STEPS[n]`` turns the ``campaign`` object of a version-``n`` file into a version-``n + 1`` one.
Rule: a change to the saved shape that is not an added field with a default adds a step here, a
golden file in ``tests/data/`` and one to ``FORMAT_VERSION``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _v1_to_v2(campaign: dict[str, Any]) -> dict[str, Any]:
    """Format 2 keeps cards as the ruleset's named piles instead of one fixed card table.

    Version 1 knew only Songs & Sagas' table (``draw``, ``discard``, ``revealed`` and a hand per
    character); those become the piles ``draw``, ``discard``, ``revealed`` and ``hand:<id>``.
    """
    out = dict(campaign)
    table = out.pop("table", None)
    if table is None:
        table = {"draw": None, "discard": [], "revealed": [], "hands": {}}
    if not isinstance(table, dict):
        raise ValueError("campaign.table must be an object")
    hands = table.get("hands", {})
    if not isinstance(hands, dict):
        raise ValueError("campaign.table.hands must be an object")
    draw = table.get("draw")
    if draw is None:  # a default table: every card in the draw pile, in the deck's order
        from saga_desktop.rules.cards import FULL_DECK

        draw = [c.code for c in FULL_DECK]
    piles: dict[str, Any] = {
        "draw": draw,
        "discard": table.get("discard", []),
        "revealed": table.get("revealed", []),
    }
    for owner, cards in hands.items():
        piles[f"hand:{owner}"] = cards
    extra = sorted(set(table) - {"draw", "discard", "revealed", "hands"})
    if extra:
        raise ValueError(f"campaign.table.{extra[0]} is not a field of format 1")
    out["piles"] = piles
    return out


def _v2_to_v3(campaign: dict[str, Any]) -> dict[str, Any]:
    """Format 3 adds tokens to the map, the GM's word on each character, and prompted checks.

    - ``map.tokens``: a format-2 map has none;
    - each character's ``status`` and ``review``: every character of an older file was made by
      the GM and plays at the table, so it is accepted;
    - the games' waiting prompts live in their play state with defaults (none waiting).

    The version changes although the new fields have defaults: an app that reads only format 2
    must say "made by a newer Saga Desktop" for such a file, not refuse an unknown field.
    """
    out = dict(campaign)
    m = out.get("map")
    if m is not None:
        if not isinstance(m, dict):
            raise ValueError("campaign.map must be an object")
        if "tokens" in m:
            raise ValueError("campaign.map.tokens is not a field of format 2")
        out["map"] = {**m, "tokens": []}
    characters = out.get("characters", [])
    if not isinstance(characters, list):
        raise ValueError("campaign.characters must be a list")
    out["characters"] = [
        {**c, "status": "accepted", "review": ""} if isinstance(c, dict) else c for c in characters
    ]
    return out


def _v3_to_v4(campaign: dict[str, Any]) -> dict[str, Any]:
    """Format 4 lets a journal line carry its words as data (``words``: kind and values).

    A format-3 line has only its English text, and keeps it: it is shown as written, in every
    language. The version changes so that an app reading only format 3 says "made by a newer
    Saga Desktop" for a file whose lines carry words, rather than refusing an unknown field.
    """
    journal = campaign.get("journal", [])
    if not isinstance(journal, list):
        raise ValueError("campaign.journal must be a list")
    for i, entry in enumerate(journal):
        if isinstance(entry, dict) and "words" in entry:
            raise ValueError(f"campaign.journal[{i}].words is not a field of format 3")
    return campaign


STEPS: dict[int, Migration] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4}


def migrate(campaign: dict[str, Any], from_version: int, to_version: int) -> dict[str, Any]:
    """Apply every step from ``from_version`` up to ``to_version``."""
    for version in range(from_version, to_version):
        campaign = STEPS[version](campaign)
    return campaign
