"""A seat's session: the face of a local :class:`~saga_desktop.model.session.Session` over the host.

The main window and every game's docks talk to a session: its campaign, subscribe, apply, undo
and redo with their labels, the revision. A :class:`RemoteSession` gives them that face for a
joined app. Its campaign is the seat's typed view (a
:class:`~saga_desktop.model.seat_model.SeatModel`), changed only by the host's patches, each
reported to the listeners as a local change is.
:meth:`RemoteSession.apply` sends the operation as a request and waits for the host's answer
(the window takes no input meanwhile and says what it waits for): the patch that carries the change
arrives first, so on return the campaign already shows it, as after a local apply; a refusal raises
the same :class:`~saga_desktop.model.operation.OperationError` a local refusal does.

What the seat may ask for is decided here once (:meth:`RemoteSession.may`), from the ruleset's
``player_operations`` and the host's own checks in :mod:`saga_desktop.network.permissions`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pydantic import JsonValue, TypeAdapter
from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import Words, say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.chat_view import TALK_PARTS
from saga_desktop.model.operation import Operation, OperationError, kind_of
from saga_desktop.model.seat_model import SeatModel, SeatViewError
from saga_desktop.network.client import NotJoinedError
from saga_desktop.network.client_events import (
    ClientEvent,
    Closed,
    PresenceChanged,
    RequestAnswered,
    ViewChanged,
)
from saga_desktop.network.interface import SeatInfo
from saga_desktop.network.messages import Presence, request_parts
from saga_desktop.network.permissions import player_rule, refusal_for_player
from saga_desktop.network.table import REDO, UNDO
from saga_desktop.ui.network.transport import ClientTransport

Listener = Callable[[Changes], None]
ANSWER_WAIT_MS = 20_000
"""How long an operation waits for the host's answer before it is given up as unanswered."""


class RemoteSession(QObject):
    """A campaign open at a seat: the host's view of it, typed, and requests to the host."""

    pendingChanged = Signal(str)
    """What the seat waits for the host to do, in its own words ("" when nothing waits)."""
    """The label of the request waiting for the host's answer, or "" once it is answered."""
    viewRefused = Signal(str)
    """The host sent a part of the view this app cannot read (the message says which)."""
    seatsChanged = Signal()
    """The host told who is at the table (see :meth:`seats`), as a hosting window's seats."""

    def __init__(
        self, transport: ClientTransport, model: SeatModel, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.transport, self.model = transport, model
        self._listeners: list[Listener] = []
        self._revision = 0
        self._waiting: _Waiting | None = None
        transport.received.connect(self.on_event)

    # -- the Session face -------------------------------------------------------------------------

    @property
    def campaign(self) -> Campaign:
        """The seat's view of the campaign. Read it; it changes only by the host's patches."""
        return self.model.campaign

    @property
    def rng(self) -> random.Random:
        """A generator for previews on this computer (the host draws and rolls for real)."""
        return self.model.rng

    @property
    def revision(self) -> int:
        """How many changes the seat has seen: the last report's."""
        return self._revision

    @property
    def undo_label(self) -> Words | str | None:
        """What Undo would take back on the host (a GM seat's only)."""
        return self.model.history()[0]

    @property
    def redo_label(self) -> Words | str | None:
        """What Redo would replay on the host (a GM seat's only)."""
        return self.model.history()[1]

    @property
    def modified(self) -> bool:
        """Always False: the campaign's file is the host's."""
        return False

    @property
    def is_gm(self) -> bool:
        """True for a seat joined with the GM's code."""
        return self.model.role == "gm"

    @property
    def pending(self) -> str:
        """The label of the request waiting for the host's answer ("" when none waits)."""
        return "" if self._waiting is None else say(self._waiting.label)

    @property
    def presence(self) -> Presence | None:
        """Who is at the table, as the host last told this seat (None before it did)."""
        return self.transport.protocol.presence

    def seats(self) -> list[SeatInfo]:
        """The other seats at the table, here, away or gone, as a hosting window lists its seats.

        A seat is known by its name here (the host tells no seat ids): names are unique at a
        table. This seat's own line is left out: its connection is told apart.
        """
        presence = self.presence
        if presence is None:
            return []
        return [
            SeatInfo(line.name, line.name, line.role, line.state, 0)
            for place, line in enumerate(presence.seats)
            if place != presence.you
        ]

    def export(self) -> Campaign:
        """The seat's campaign (never saved as the campaign: it lacks what the seat may not see)."""
        return self.model.campaign

    def mark_saved(self) -> None:
        """Nothing to mark: the host saves."""

    def mark_unsaved(self) -> None:
        """Nothing to mark: the host saves."""

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every change report; returns a function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def may(self, kind: str, fields: dict[str, JsonValue] | None = None) -> bool:
        """Whether this seat may ask for an operation of ``kind`` (with ``fields``, if given).

        A GM seat may ask for anything; a player's seat for what the ruleset's
        ``player_operations`` allow, checked as the host checks it when the fields are known.
        """
        if self.is_gm:
            return True
        if fields is None:
            return player_rule(kind, self.campaign) is not None
        return self.refusal({**fields, "op": kind}) is None

    def refusal(self, request: dict[str, JsonValue]) -> str | None:
        """Why the host would refuse this seat's ``request`` (as it says it), or None."""
        if self.is_gm:
            return None
        try:
            kind, fields = request_parts(request)
        except ValueError as exc:
            return tr("The host cannot do that: {reason}.", reason=str(exc))
        viewer, name = self.model.viewer, self.model.seat_name
        refused = refusal_for_player(kind, fields, name, viewer, self.campaign)
        return None if refused is None else say(refused)

    def apply(self, op: Operation, *, author: str = "") -> Any:
        """Ask the host for ``op`` and wait for its answer; OperationError when it is refused.

        The change itself arrives as a patch before the answer, so it is on the campaign (and
        reported to the listeners) when this returns. Results are the host's: this returns None.
        """
        request = request_of(op)
        refusal = self.refusal(request)
        if refusal is not None:
            raise OperationError(refusal)
        self._ask(request, op.label, Cause.APPLY)
        return None

    def undo(self) -> bool:
        """Step the host's history back (a GM seat); False when there is nothing to undo."""
        return self._step(UNDO, self.undo_label, Cause.UNDO)

    def redo(self) -> bool:
        """Step the host's history forward (a GM seat); False when there is nothing to redo."""
        return self._step(REDO, self.redo_label, Cause.REDO)

    def _step(self, kind: str, label: Words | str | None, cause: Cause) -> bool:
        if not self.is_gm or label is None:
            return False
        try:
            self._ask({"op": kind}, label, cause)
        except OperationError:
            return False
        return True

    # -- asking and waiting -----------------------------------------------------------------------

    def _ask(self, request: dict[str, JsonValue], label: Words | str, cause: Cause) -> None:
        if self._waiting is not None:
            raise OperationError(
                tr(
                    "Still waiting for the host's answer to “{what}”.",
                    what=say(self._waiting.label),
                )
            )
        try:
            request_id = self.transport.request(request)
        except (NotJoinedError, ValueError) as exc:
            raise OperationError(str(exc)) from None
        waiting = self._waiting = _Waiting(request_id, label, cause)
        self.pendingChanged.emit(say(label))
        loop = QEventLoop()
        waiting.done = loop.quit
        QTimer.singleShot(ANSWER_WAIT_MS, loop.quit)
        try:
            if waiting.answer is None:
                # No clicks or keys meanwhile: the seat asks one thing at a time.
                loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        finally:
            self._waiting = None
            self.pendingChanged.emit("")
        if waiting.answer is None:
            raise OperationError(
                tr(
                    "The host has not answered “{what}” yet; it may still do it. "
                    "Look at the table before asking again.",
                    what=say(label),
                )
            )
        ok, message = waiting.answer
        if not ok:
            raise OperationError(message or tr("The host refused."))

    # -- what the host says -----------------------------------------------------------------------

    def on_event(self, event: ClientEvent) -> None:
        """Follow the connection: patches change the campaign, answers end a wait."""
        waiting = self._waiting
        if isinstance(event, ViewChanged):
            self._follow(event)
        elif isinstance(event, RequestAnswered) and waiting and event.request_id == waiting.id:
            waiting.finish(event.ok, event.words or event.message)
        elif isinstance(event, Closed) and waiting is not None:
            waiting.finish(
                False, tr("{why} The host may or may not have done it.", why=event.reason)
            )
        elif isinstance(event, PresenceChanged):
            self.seatsChanged.emit()

    def _follow(self, event: ViewChanged) -> None:
        waiting = self._waiting
        label = waiting.label if waiting is not None else ""
        cause = waiting.cause if waiting is not None else Cause.APPLY
        try:
            changes = self.model.follow(
                event.view,
                event.changes,
                self._revision + 1,
                cause=cause,
                label=label,
                author=self.transport.protocol.seat_id or "",
            )
        except SeatViewError as exc:
            self.viewRefused.emit(str(exc))
            return
        talk = getattr(self, "_table_talk", None)
        if talk is not None and self.model.talk_changes:
            talk.followed(self.model.talk_changes)
        if event.changes and all(ch.path[0] in TALK_PARTS for ch in event.changes):
            return  # only talk: the game's views have nothing to redraw
        if changes.aspects == Aspect.NONE:
            return
        self._revision += 1
        for listener in list(self._listeners):
            listener(changes)


def request_of(op: Operation) -> dict[str, JsonValue]:
    """``op`` as a request, in its saved form: ``op`` names it, then its fields not at defaults.

    An operation's own field called ``kind`` (a fate roll's, a long rest's) goes as any field.
    """
    fields: dict[str, JsonValue] = TypeAdapter(type(op)).dump_python(
        op, mode="json", exclude_defaults=True
    )
    return {"op": kind_of(type(op)), **fields}


class _Waiting:
    """A request sent, waiting for its answer."""

    def __init__(self, request_id: int, label: Words | str, cause: Cause) -> None:
        self.id, self.label, self.cause = request_id, label, cause
        self.answer: tuple[bool, Words | str] | None = None
        self.done: Callable[[], None] = lambda: None

    def finish(self, ok: bool, message: Words | str) -> None:
        self.answer = (ok, message)
        self.done()
