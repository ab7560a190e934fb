"""What hovering over the map shows: a token's note, or the hex's (plain words escaped)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint

from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map.tokens import TokenItem
from saga_desktop.ui.map.tokens import tooltip as token_tooltip
from saga_desktop.ui.map.tooltip import hex_tooltip

if TYPE_CHECKING:
    from saga_desktop.ui.map.view import MapView


def token_at(view: MapView, pos: QPoint) -> TokenItem | None:
    """The token under a viewport position, if any."""
    for item in view.items(pos):
        if isinstance(item, TokenItem):
            return item
    return None


def hex_text(view: MapView, h: Hex) -> str:
    """What hovering over a hex shows: title, terrain, risk (if any), the note's first lines."""
    region = view.map_scene.region_at(h.q, h.r)
    party_here = view.map_scene.party_hex == h
    return hex_tooltip(
        region, h, party_here=party_here, player=view.player, risk=view.charting.risk
    )


def hover_text(view: MapView, pos: QPoint) -> str:
    """The tooltip at a viewport position: the token there, else the hex."""
    token = token_at(view, pos)
    if token is not None:
        names = {c.id: c.name for c in view.session.campaign.characters}
        return token_tooltip(token.token, names, gm=not view.player)
    return hex_text(view, view.hex_at_view(pos))
