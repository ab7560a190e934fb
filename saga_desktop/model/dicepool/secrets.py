"""What a player may know of the round being declared, and whom they may target.

While the round is being declared, a declaration stays hidden from the players until every
combatant has declared; then all are revealed together and the round is rolled. The rules give
one exception, which the redaction keeps: combatants declare from the lowest REF up "so that
faster characters react to slower ones", so a player sees what the combatants slower than their
own character declared. Everyone else learns only *that* a combatant has declared (so the player
knows whose turn it is), as ``{"combatant_id": ..., "hidden": true}``. The GM sees everything.

Works on the encounter as plain data (``DicePoolPlay.encounter``), so it redacts a view again
without change.
"""

from __future__ import annotations

from typing import Any

from pydantic import JsonValue

from saga_desktop.model.ruleset import Viewer


def declaration_order(encounter: dict[str, Any]) -> list[str]:
    """The ids of the combatants still standing, lowest REF first (the engine's order)."""
    standing = []
    for c in encounter.get("combatants") or []:
        card = (c.get("card") or {}) if isinstance(c, dict) else {}
        if card.get("incapacitated"):
            continue
        key = (
            int(card.get("reflexes", 0)),
            int(card.get("intellect", 0)),
            str(card.get("name", "")).casefold(),
            str(card.get("id", "")),
        )
        standing.append(key)
    return [key[3] for key in sorted(standing)]


def visible_declarations(encounter: dict[str, Any], viewer: Viewer) -> list[JsonValue]:
    """The round's declarations as ``viewer`` may know them."""
    declared: list[Any] = list(encounter.get("declarations") or [])
    if viewer.is_gm or encounter.get("phase") != "declare":
        return declared
    order = declaration_order(encounter)
    own = [i for i, cid in enumerate(order) if cid in viewer.characters]
    reach = max(own) if own else -1  # the viewer's fastest character sees everyone slower
    shown: list[JsonValue] = []
    for d in declared:
        cid = str(d.get("combatant_id", "")) if isinstance(d, dict) else ""
        slower = cid in order and order.index(cid) < reach
        if cid in viewer.characters or slower or d.get("hidden") is True:
            shown.append(d)
        else:
            shown.append({"combatant_id": cid, "hidden": True})
    return shown


def redact_encounter(play: dict[str, JsonValue], viewer: Viewer) -> dict[str, JsonValue]:
    """``play`` with the fight's declarations narrowed to what ``viewer`` may know."""
    encounter = play.get("encounter")
    if viewer.is_gm or not isinstance(encounter, dict):
        return play
    shown = {**encounter, "declarations": visible_declarations(encounter, viewer)}
    return {**play, "encounter": shown}


def targets(play: dict[str, JsonValue]) -> frozenset[str]:
    """The ids a player may name as a target: the combatants of the fight they can see."""
    encounter = play.get("encounter")
    if not isinstance(encounter, dict):
        return frozenset()
    people: Any = encounter.get("combatants")
    out: set[str] = set()
    for c in people if isinstance(people, list) else []:
        card = c.get("card") if isinstance(c, dict) else None
        if isinstance(card, dict) and isinstance(card.get("id"), str):
            out.add(card["id"])
    return frozenset(out)
