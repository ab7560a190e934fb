"""A player's map: the players' map of the GM's app (art, theme, tooltips, tokens, fog), at a seat.

It is the same :class:`~saga_desktop.ui.map.view.MapView` the Player View shows, over the seat's
bridge, so it draws the seat's typed campaign. A player drags the tokens of their own characters:
the drop waits where it was put down while the host is asked (``core.MoveToken``); the host's
patch moves it, a refusal sends it gliding back.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from saga_desktop.model.campaign import Token
from saga_desktop.model.ops.tokens import MoveToken
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.geometry import hex_at
from saga_desktop.ui.map.view import MapView


class SeatMap(MapView):
    """The players' map at a seat; the seat's own tokens move by asking the host."""

    def __init__(
        self, bridge: SessionBridge, own: Callable[[], set[str]], parent: QWidget | None = None
    ) -> None:
        self._own = own
        super().__init__(bridge, parent, player=True)
        self.setObjectName("SeatMap")
        self.tokens.movable = self._movable
        self.tokenDropped.connect(self._ask_move)
        self.reload()

    def _movable(self, token: Token) -> bool:
        return token.character is not None and token.character in self._own()

    def _ask_move(self, token_id: str, h: Hex) -> None:
        self.ask_move(token_id, h.q, h.r)

    def ask_move(self, token_id: str, q: int, r: int) -> None:
        """Ask the host to move one of the seat's tokens to ``(q, r)`` (a drop does this)."""
        token = self.bridge.session.campaign.map.token(token_id)
        if token is None or (token.q, token.r) == (q, r) or not self._movable(token):
            self.tokens.settle()
            return
        self.tokens.hold(token_id)  # it waits where it was dropped for the host's answer
        before = self.bridge.session.revision
        self.bridge.apply(MoveToken(token_id, q, r))
        if self.bridge.session.revision == before:
            self.tokens.settle()  # refused: back to where it stands

    def region_keys(self) -> set[str]:
        """The regions drawn now, as ``"q,r"``."""
        return {f"{region.q},{region.r}" for region in self.map_scene.index}

    def party_at(self) -> tuple[int, int] | None:
        """Where the party's token is drawn."""
        h = self.map_scene.party_hex
        return None if h is None else (h.q, h.r)

    def token_at(self, token_id: str) -> tuple[int, int] | None:
        """The hex where a token is drawn (while dragged or gliding: where it is now)."""
        item = self.tokens.item(token_id)
        if item is None:
            return None
        h = hex_at(self.map_scene.layout, item.pos())
        return h.q, h.r
