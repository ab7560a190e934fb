"""What a game's panels in a joined player's window work with: the seat's view, and a way to ask.

A :class:`SeatContext` is made by the player's window and handed to the game's
``RulesetUi.seat_panels``. Panels read only the received view (never a campaign on this
computer), follow :attr:`SeatContext.viewChanged`, and send requests with :meth:`send`; the
host's answer comes back as a change of the view, or as a refusal shown in the window's banner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

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


class PromptsTab(QScrollArea):
    """A game's tab of the checks the GM sent to the seat's characters (each game fills it).

    It holds, top to bottom: :attr:`boxes_layout` for the waiting checks, :attr:`empty` (a line
    saying nothing waits), then whatever the game adds (the last result) before calling
    :meth:`finish`. :meth:`note_prompts` asks for the player's attention when a new one arrives.
    """

    def __init__(
        self, seat: SeatContext, name: str, empty: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.seat = seat
        self._content = QWidget()
        self.body = QVBoxLayout(self._content)
        self.boxes_layout = QVBoxLayout()
        self.body.addLayout(self.boxes_layout)
        self.empty = QLabel(empty)
        self.empty.setTextFormat(Qt.TextFormat.PlainText)
        self.empty.setWordWrap(True)
        self.body.addWidget(self.empty)
        self._shown: object = None  # what the boxes were last built from
        self._seen: set[int] = set()  # the prompts already shown

    def finish(self) -> None:
        """The game's parts are in: show them, and follow the seat's view from now on."""
        self.body.addStretch(1)
        self.setWidget(self._content)
        self.seat.viewChanged.connect(lambda _view, _changes: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the seat's view (each game)."""
        raise NotImplementedError

    def note_prompts(self, numbers: set[int]) -> None:
        """The prompts waiting now: a new one (the GM just sent it) brings this tab forward."""
        if numbers - self._seen:
            self.seat.wantsAttention.emit(self)
        self._seen = numbers
