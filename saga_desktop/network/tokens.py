"""The tokens of a seat's view: built from visibility only, patched one token at a time.

A view's ``map.tokens`` holds the tokens the seat may see, keyed by id, fields at their defaults
left out. A hidden token is never in a player's view: hiding one deletes it there, showing it
again sets it whole.
"""

from __future__ import annotations

from pydantic import JsonValue

from saga_desktop.model.campaign import Campaign, Token
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_token, visible_tokens
from saga_desktop.network.messages import Change, View
from saga_desktop.network.patch import diff


def token_data(token: Token) -> JsonValue:
    """A token as a view holds it."""
    return token.model_dump(mode="json", exclude_defaults=True)


def token_view(campaign: Campaign, viewer: Viewer) -> dict[str, JsonValue]:
    """Every token ``viewer`` may see, by id."""
    return {t.id: token_data(t) for t in visible_tokens(campaign.map.tokens, viewer)}


def token_changes(
    campaign: Campaign, viewer: Viewer, old_map: View, changed: frozenset[str]
) -> list[Change]:
    """The changes to a view's ``map.tokens``, never the whole map.

    One change per token placed, moved, edited, hidden or removed: ``changed`` names them (when
    it is empty, every token is compared).
    """
    old = old_map.get("tokens")
    if not isinstance(old, dict):
        return [Change(op="set", path=["map", "tokens"], value=token_view(campaign, viewer))]
    if not changed:
        new = token_view(campaign, viewer)
        return [
            Change(op=c.op, path=["map", "tokens", *c.path], value=c.value) for c in diff(old, new)
        ]
    out: list[Change] = []
    for token_id in sorted(changed):
        found = campaign.map.token(token_id)
        shown = None if found is None else visible_token(found, viewer)
        if shown is None:
            if token_id in old:
                out.append(Change(op="del", path=["map", "tokens", token_id]))
        else:
            value = token_data(shown)
            if old.get(token_id) != value:
                out.append(Change(op="set", path=["map", "tokens", token_id], value=value))
    return out
