"""What a player's seat may ask the host to do; everything not listed here is for the GM only.

A player acts only for their own characters (those whose ``player`` is the seat's name). Each
operation a player may send has one rule:

- ``OWN``: every field naming a character (``character``, ``character_id``, ``roller``, ...) must
  name one of theirs, and at least one must be there;
- ``PENDING``: the roll waiting to be settled must be one of their characters' (settling and
  burning for a roll);
- ``NEW``: a new character whose ``player`` is the seat's own name, with no ready-made sheet;
- ``MOVE``: the ``token`` field names a shown token of one of their characters (a hidden token
  is refused exactly as a token that does not exist, so a player cannot probe for one).

Games name their operations by kind tag (``songs.BeginTrial``); this table holds the shipped
games' tags as plain text, so the network core still imports no game.
"""

from __future__ import annotations

import importlib
import pkgutil
from enum import Enum

from pydantic import JsonValue

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.ruleset import Viewer
from saga_desktop.rulesets import MODEL_PACKAGES


class Rule(Enum):
    """How a player's request is checked."""

    OWN = "own"
    PENDING = "pending"
    NEW = "new"
    MOVE = "move"


CHARACTER_FIELDS = ("character", "character_id", "roller", "owner", "actor", "defender", "by")
"""Fields (at any depth: a burn's ``by``) that name the character an operation acts for."""

GM_FIELDS = (
    "d20",
    "bonuses",
    "dr_adjustments",
    "dr_reduction",
    "risk",
    "damage_roll",
    "armor_roll",
    "bear_roll",
)
"""Fields only the GM fills in (a die typed in by hand, a bonus, a lowered DR); a player leaves
them empty and the host rolls."""

PLAYER_OPERATIONS: dict[str, Rule] = {
    "core.AddCharacter": Rule.NEW,
    "core.MoveToken": Rule.MOVE,
    # Songs & Sagas: a player's own rolls, burns and gifts.
    "songs.QuickCharacter": Rule.NEW,
    "songs.CreateCharacter": Rule.NEW,
    "songs.BeginTrial": Rule.OWN,
    "songs.CombatTrial": Rule.OWN,
    "songs.Attack": Rule.OWN,
    "songs.OwlInsight": Rule.OWN,
    "songs.RavenWeaken": Rule.OWN,
    "songs.WolfMorale": Rule.OWN,
    "songs.VanoriGift": Rule.OWN,
    "songs.ComePrepared": Rule.OWN,
    "songs.BurnForRoll": Rule.PENDING,
    "songs.AddBurn": Rule.PENDING,
    "songs.ResolveTrial": Rule.PENDING,
    "songs.ResolveCombatTrial": Rule.PENDING,
    "songs.ResolveAttack": Rule.PENDING,
    "songs.ResolveDefence": Rule.PENDING,
}


def load_operations() -> None:
    """Import every operation module of the core and the shipped games (requests name them)."""
    for package_name in ("saga_desktop.model.ops", *MODEL_PACKAGES):
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, f"{package_name}."):
            importlib.import_module(info.name)


def seat_owns(seat_name: str, player: str) -> bool:
    """True when a character's ``player`` names this seat (case and spacing aside)."""
    norm = " ".join(player.split()).casefold()
    return bool(norm) and norm == " ".join(seat_name.split()).casefold()


def refusal_for_player(
    kind: str, fields: dict[str, JsonValue], seat_name: str, viewer: Viewer, campaign: Campaign
) -> str | None:
    """Why this seat may not ask for ``kind`` with these ``fields``, or None if it may."""
    rule = PLAYER_OPERATIONS.get(kind)
    if rule is None:
        return f"Only the GM may do that ({kind})."
    named: list[JsonValue] = []
    set_by_gm: list[str] = []
    _walk(fields, named, set_by_gm)
    if set_by_gm:
        return f"Only the GM sets {set_by_gm[0].replace('_', ' ')}; leave it to the host."
    named = [v for v in named if v is not None]
    if rule is Rule.NEW:
        if named and not all(isinstance(v, str) and viewer.owns(v) for v in named):
            return "You may act only for your own characters."
        player = fields.get("player")
        if not isinstance(player, str) or not seat_owns(seat_name, player):
            return f"A new character of yours must name you ({seat_name}) as its player."
        if fields.get("sheet") is not None:
            return "Only the GM may bring in a ready-made sheet."
        return None
    if rule is Rule.MOVE:
        return _token_refusal(fields.get("token"), viewer, campaign)
    if rule is Rule.OWN:
        if not named:
            return "Say which of your characters acts."
        if not all(isinstance(v, str) and viewer.owns(v) for v in named):
            return "You may act only for your own characters."
        return None
    pending = campaign.play.model_dump(mode="json").get("pending")
    roller = None
    if isinstance(pending, dict):
        roller = pending.get("character_id", pending.get("character"))
    if not isinstance(roller, str):
        return "There is no roll of yours waiting to be settled."
    if not viewer.owns(roller) or any(not (isinstance(v, str) and viewer.owns(v)) for v in named):
        return "That roll belongs to another player's character."
    return None


def _token_refusal(token_id: JsonValue, viewer: Viewer, campaign: Campaign) -> str | None:
    token = campaign.map.token(token_id) if isinstance(token_id, str) else None
    if token is None or token.hidden:
        return "There is no such token on the map."
    if token.character is None or not viewer.owns(token.character):
        return "You may move only the tokens of your own characters."
    return None


def _walk(value: JsonValue, named: list[JsonValue], set_by_gm: list[str]) -> None:
    """Collect the character fields and the filled-in GM fields, at every depth."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in CHARACTER_FIELDS:
                named.append(inner)
            if key in GM_FIELDS and inner not in (None, 0, [], {}, "", False):
                set_by_gm.append(key)
            _walk(inner, named, set_by_gm)
    elif isinstance(value, list):
        for inner in value:
            _walk(inner, named, set_by_gm)
