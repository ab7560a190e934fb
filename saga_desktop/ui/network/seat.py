"""What a game's panels in a joined player's window work with: the seat's view, and a way to ask.

A :class:`SeatContext` is made by the player's window and handed to the game's
``RulesetUi.seat_panels``. Panels read only the received view (never a campaign on this
computer), follow :attr:`SeatContext.viewChanged`, and send requests with :meth:`send`; the
host's answer comes back as a change of the view, or as a refusal shown in the window's banner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from saga_desktop.network.permissions import seat_owns


class SeatContext(QObject):
    """The seat's name and role, its latest view, and sending requests to the host."""

    viewChanged = Signal(object, object)
    """``(view, changes)``: the whole view, and the changes that made it (None: redraw all)."""
    wantsAttention = Signal(object)
    """A panel has news for the player (a check the GM just sent): the window shows that tab."""

    def __init__(
        self,
        seat_name: Callable[[], str],
        role: Callable[[], str],
        send: Callable[[dict[str, Any]], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._seat_name, self._role, self._send = seat_name, role, send
        self.view: dict[str, Any] = {}

    @property
    def seat_name(self) -> str:
        """The name the seat joined with (characters naming it as their player are its own)."""
        return self._seat_name()

    @property
    def role(self) -> str:
        """``"player"`` or ``"gm"``."""
        return self._role()

    def mine(self) -> list[dict[str, Any]]:
        """The characters this seat plays, in the campaign's order."""
        chars = sorted((self.view.get("characters") or {}).values(), key=lambda c: c["index"])
        return [c for c in chars if seat_owns(self.seat_name, str(c.get("player", "")))]

    def send(self, op: dict[str, Any]) -> None:
        """Ask the host for an operation (``{"kind": tag, ...fields}``)."""
        self._send(op)

    def update(self, view: dict[str, Any], changes: list[Any] | None) -> None:
        """The window received a new view: remember it and tell the panels."""
        self.view = view
        self.viewChanged.emit(view, changes)
