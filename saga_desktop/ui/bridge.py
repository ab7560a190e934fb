"""The bridge between the model's change reports and Qt signals.

One :class:`SessionBridge` lives as long as the main window. It holds the open
:class:`~saga_desktop.model.session.Session` (which changes when another campaign is opened) and
re-emits every change report as a Qt signal, so views connect once and never poll.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, cast

from pydantic import JsonValue
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from saga_desktop.i18n.words import Words, say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Changes
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.startup import release_start_up


class TableSession(Protocol):
    """The face of an open campaign the windows use.

    The GM's own :class:`Session`, or a seat's ``RemoteSession`` acting through the host.
    """

    @property
    def campaign(self) -> Campaign:
        """The campaign as this app may see it."""
        ...

    @property
    def rng(self) -> random.Random:
        """The generator previews copy (a seat's draws nothing real)."""
        ...

    @property
    def revision(self) -> int:
        """The last change report's number."""
        ...

    @property
    def undo_label(self) -> Words | str | None:
        """What Undo would take back."""
        ...

    @property
    def redo_label(self) -> Words | str | None:
        """What Redo would replay."""
        ...

    @property
    def modified(self) -> bool:
        """Work not yet saved."""
        ...

    def subscribe(self, listener: Callable[[Changes], None]) -> Callable[[], None]:
        """Hear every change report."""
        ...

    def apply(self, op: Operation, *, author: str = ...) -> Any:
        """Apply (or ask the host for) an operation; OperationError when refused."""
        ...

    def undo(self) -> bool:
        """Take back the last step."""
        ...

    def redo(self) -> bool:
        """Replay the last step taken back."""
        ...

    def export(self) -> Campaign:
        """The campaign, ready to save."""
        ...

    def mark_saved(self) -> None:
        """The campaign is what is on disk."""
        ...

    def mark_unsaved(self) -> None:
        """Nothing on disk matches the campaign."""
        ...


def session_may(session: TableSession, kind: str, fields: dict[str, JsonValue] | None) -> bool:
    """Whether ``session``'s user may do an operation of ``kind``: the one gate for controls.

    At the GM's own table everything; at a seat what the seat's :meth:`may` allows.
    """
    may = getattr(session, "may", None)
    return True if may is None else bool(may(kind, fields))


def session_refusal(
    session: TableSession, kind: str, fields: dict[str, JsonValue] | None
) -> str | None:
    """Why ``session``'s user may not ask for ``kind`` with ``fields`` (None: they may).

    The host's own words at a seat (``RemoteSession.refusal``); at the GM's own table None.
    """
    refusal = getattr(session, "refusal", None)
    return None if refusal is None else refusal({**(fields or {}), "op": kind})


class SessionBridge(QObject):
    """Owns the open session and turns its reports into signals."""

    changed = Signal(object)
    """Emitted with a :class:`Changes` after every operation, undo, redo or save mark."""

    sessionReplaced = Signal(object)
    """Emitted with the new :class:`Session` when another campaign is opened."""

    aboutToReplace = Signal(object)
    """Emitted with the new :class:`Session` just before it replaces the open one."""

    refused = Signal(str)
    """Emitted with the message when an operation is refused."""

    def __init__(self, session: TableSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session: TableSession = session
        self._unsubscribe = session.subscribe(self.changed.emit)

    @property
    def session(self) -> Session:
        """The open session (at a seat a RemoteSession, with the same :class:`TableSession` face).

        Typed as :class:`Session` while views written for it still name that type.
        """
        return cast("Session", self._session)

    @property
    def remote(self) -> bool:
        """True at a joined seat: operations go to the host, which decides."""
        return not isinstance(self._session, Session)

    def may(self, kind: str, fields: dict[str, JsonValue] | None = None) -> bool:
        """Whether this window's user may do an operation of ``kind`` (the controls ask here)."""
        return session_may(self.session, kind, fields)

    def refusal(self, kind: str, fields: dict[str, JsonValue] | None = None) -> str | None:
        """Why this window's user may not do ``kind`` with ``fields``, as the host says it."""
        return session_refusal(self.session, kind, fields)

    @property
    def limited(self) -> bool:
        """True at a player's seat: only what the rules let a player do is allowed."""
        return getattr(self.session, "is_gm", True) is False

    @property
    def viewer(self) -> Viewer:
        """Who this window's user is: the GM (own table or GM seat), or a player's seat.

        A player's ``viewer.characters`` are the characters the seat plays (its own).
        """
        viewer = getattr(getattr(self.session, "model", None), "viewer", None)
        return viewer if isinstance(viewer, Viewer) else Viewer.GM

    def replace(self, session: TableSession) -> None:
        """Switch to another session (a campaign was opened or created)."""
        self.aboutToReplace.emit(session)
        self._unsubscribe()
        self._session = session
        self._unsubscribe = session.subscribe(self.changed.emit)
        self.sessionReplaced.emit(session)
        release_start_up()  # the first campaign's objects may go now

    def apply(self, op: Operation, parent: QWidget | None = None) -> Any:
        """Apply an operation. When it is refused, show the reason and return None.

        With ``parent`` the reason appears in a message box over that widget; without it only the
        ``refused`` signal carries it (the main window shows it in the status bar).
        """
        try:
            return self.session.apply(op)
        except OperationError as exc:
            self.refused.emit(str(exc))
            if parent is not None:
                from saga_desktop.ui.messages import show_error

                show_error(parent, say(op.label), str(exc))
            return None

    def try_apply(self, op: Operation) -> Any:
        """Apply an operation and let OperationError propagate (for dialogs that show it inline)."""
        return self.session.apply(op)

    def scope(self) -> BridgeScope:
        """A bridge that relays this one's signals until detached (see :class:`BridgeScope`)."""
        return BridgeScope(self)


class BridgeScope(SessionBridge):
    """A bridge that relays another's signals until :meth:`detach` (one ruleset's features).

    A ruleset's docks and menus listen to a scope of the window's bridge. When a campaign of
    another game is opened, the window detaches the scope first, so the old game's views never
    see the new campaign, and then removes them.
    """

    def __init__(self, parent_bridge: SessionBridge) -> None:
        QObject.__init__(self, parent_bridge)
        self._parent_bridge = parent_bridge
        self._links = [
            (parent_bridge.changed, self.changed.emit),
            (parent_bridge.sessionReplaced, self.sessionReplaced.emit),
            (parent_bridge.refused, self.refused.emit),
        ]
        for signal, slot in self._links:
            signal.connect(slot)
        self._unsubscribe = lambda: None
        self.attached = True

    @property
    def session(self) -> Session:
        """The window's open session."""
        return self._parent_bridge.session

    @property
    def remote(self) -> bool:
        """True at a joined seat (as the window's bridge)."""
        return self._parent_bridge.remote

    def replace(self, session: TableSession) -> None:
        """Open another session in the window (the window decides who stays)."""
        self._parent_bridge.replace(session)

    def apply(self, op: Operation, parent: QWidget | None = None) -> Any:
        """Apply through the window's bridge, so refusals reach the status bar once."""
        return self._parent_bridge.apply(op, parent)

    def detach(self) -> None:
        """Stop relaying: the features on this scope hear nothing more."""
        if self.attached:
            self.attached = False
            for signal, slot in self._links:
                signal.disconnect(slot)
