"""What a player's seat may ask the host to do; everything not listed is for the GM only.

A player acts only for their own characters (those whose ``player`` is the seat's name). Each
operation a player may send has one :class:`~saga_desktop.model.ruleset.PlayerRule`: the core's
own operations are listed here, and each game lists its own in ``Ruleset.player_operations``,
so the network core names no game's operations. ``MOVE`` (moving a token) checks that the
``token`` field names a shown token of one of the seat's characters: a hidden token is refused
exactly as one that does not exist, so a player cannot probe for one.
"""

from __future__ import annotations

import importlib
import pkgutil

from pydantic import JsonValue

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import PlayerRule, Viewer
from saga_desktop.rulesets import MODEL_PACKAGES

CHARACTER_FIELDS = (
    "character",
    "character_id",
    "roller",
    "owner",
    "actor",
    "defender",
    "by",
    "replaces",
    "combatant",
    "winner",
)
"""Fields (at any depth: a burn's ``by``) that name the character an operation acts for."""

GM_FIELDS = (
    "d20",
    "faces",
    "bonuses",
    "dr_adjustments",
    "dr_reduction",
    "risk",
    "damage_roll",
    "armor_roll",
    "bear_roll",
    "feat_die",
    "dr_changes",
    "consequence",
    "dr",
)
"""Fields only the GM fills in (a die typed in by hand, a bonus, a lowered DR, a feat's damage
die, the consequence of a setback); a player leaves them empty and the host rolls."""

GM_NUMBERS = frozenset({"dr", "risk"})
"""GM fields where 0 is a value, not an empty field (DR 0, no risk cards): a player sends none."""

GM_DEFAULTS: dict[str, JsonValue] = {"take_damage": True, "deal_damage": True}
"""Fields a player may only leave at their default (only the GM spares a hit its damage)."""

TYPED_DICE = frozenset({"d20", "faces"})
"""GM fields that are physical dice: a player types them for a check sent with physical dice."""

CORE_PLAYER_OPERATIONS: dict[str, PlayerRule] = {
    "core.AddCharacter": PlayerRule.NEW,
    "core.MoveToken": PlayerRule.MOVE,
}
"""The core's operations a player may ask for (the games add theirs)."""


def player_rule(kind: str, campaign: Campaign) -> PlayerRule | None:
    """How a player's request for ``kind`` is checked in this campaign; None: the GM's alone."""
    rule = CORE_PLAYER_OPERATIONS.get(kind)
    if rule is None:
        rule = find_ruleset(campaign.ruleset).player_operations.get(kind)
    return rule


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
) -> Words | None:
    """Why this seat may not ask for ``kind`` with these ``fields``, or None if it may."""
    rule = player_rule(kind, campaign)
    if rule is None:
        return words("Only the GM may do that ({kind}).", kind=kind)
    named: list[JsonValue] = []
    set_by_gm: list[str] = []
    _walk(fields, named, set_by_gm)
    named = [v for v in named if v is not None]
    if rule is PlayerRule.PROMPTED:
        return _prompted_refusal(fields.get("prompt"), named, set_by_gm, viewer, campaign)
    if set_by_gm:
        return words(
            "Only the GM sets {value}; leave it to the host.", value=set_by_gm[0].replace("_", " ")
        )
    hidden = _hidden_target(fields.get("target"), viewer, campaign)
    if hidden:
        return hidden
    if rule is PlayerRule.NEW:
        if named and not all(isinstance(v, str) and viewer.owns(v) for v in named):
            return words("You may act only for your own characters.")
        player = fields.get("player")
        if not isinstance(player, str) or not seat_owns(seat_name, player):
            return words(
                "A new character of yours must name you ({seat_name}) as its player.",
                seat_name=seat_name,
            )
        if fields.get("sheet") is not None:
            return words("Only the GM may bring in a ready-made sheet.")
        if fields.get("submit") is not True:
            return words("A character you make goes to the GM for approval: send it with submit.")
        return None
    if rule is PlayerRule.SEAT:
        player = fields.get("player")
        if not isinstance(player, str) or not seat_owns(seat_name, player):
            return words(
                "A character you make must name you ({seat_name}) as its player.",
                seat_name=seat_name,
            )
        return None
    if rule is PlayerRule.MOVE:
        return _token_refusal(fields.get("token"), viewer, campaign)
    if rule is PlayerRule.OWN:
        if not named:
            return words("Say which of your characters acts.")
        if not all(isinstance(v, str) and viewer.owns(v) for v in named):
            return words("You may act only for your own characters.")
        return _waiting(named, campaign)
    roller = find_ruleset(campaign.ruleset).pending_roller(campaign)
    if roller is None:
        return words("There is no roll of yours waiting to be settled.")
    if not viewer.owns(roller) or any(not (isinstance(v, str) and viewer.owns(v)) for v in named):
        return words("That roll belongs to another player's character.")
    return _waiting([roller, *named], campaign)


def _hidden_target(target: JsonValue, viewer: Viewer, campaign: Campaign) -> Words | None:
    """Why a player may not name ``target``: nothing by that id shows in their view."""
    if target in (None, ""):
        return None
    game = find_ruleset(campaign.ruleset)
    seen = game.player_targets(game.redact_play(campaign.play.model_dump(mode="json"), viewer))
    if seen is None or target in seen:
        return None
    return words("You can target only someone you can see in the fight.")


def _waiting(named: list[JsonValue], campaign: Campaign) -> Words | None:
    """Why a character named cannot act yet: the GM has not accepted it (None: all may)."""
    for c in campaign.characters:
        if c.id in named and not c.accepted:
            return words(
                "{name} waits for the GM's approval and takes no part in play yet.", name=c.name
            )
    return None


def _token_refusal(token_id: JsonValue, viewer: Viewer, campaign: Campaign) -> Words | None:
    token = campaign.map.token(token_id) if isinstance(token_id, str) else None
    if token is None or token.hidden:
        return words("There is no such token on the map.")
    if token.character is None or not viewer.owns(token.character):
        return words("You may move only the tokens of your own characters.")
    return None


def _prompted_refusal(
    number: JsonValue, named: list[JsonValue], typed: list[str], viewer: Viewer, campaign: Campaign
) -> Words | None:
    """A prompted check: the seat's own, and dice typed only when the GM asked for real dice."""
    waiting = find_ruleset(campaign.ruleset).prompted(campaign, number)
    if waiting is None:
        return words("That check is no longer waiting.")
    if not viewer.owns(waiting.character):
        return words("That check was sent to another player's character.")
    if any(not (isinstance(v, str) and viewer.owns(v)) for v in named):
        return words("You may act only for your own characters.")
    for key in typed:
        if key not in TYPED_DICE:
            return words(
                "Only the GM sets {value}; leave it to the host.", value=key.replace("_", " ")
            )
        if not waiting.physical:
            return words("The host rolls this check: the GM did not ask for physical dice.")
    return _waiting([waiting.character, *named], campaign)


def _walk(value: JsonValue, named: list[JsonValue], set_by_gm: list[str]) -> None:
    """Collect the character fields and the filled-in GM fields, at every depth."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in CHARACTER_FIELDS:
                named.append(inner)
            filled = inner not in (None, 0, [], {}, "", False)
            if key in GM_FIELDS and (filled or (key in GM_NUMBERS and inner is not None)):
                set_by_gm.append(key)
            if key in GM_DEFAULTS and inner != GM_DEFAULTS[key]:
                set_by_gm.append(key)
            _walk(inner, named, set_by_gm)
    elif isinstance(value, list):
        for inner in value:
            _walk(inner, named, set_by_gm)
