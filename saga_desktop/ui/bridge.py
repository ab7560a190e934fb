"""The bridge between the model's change reports and Qt signals.

One :class:`SessionBridge` lives as long as the main window. It holds the open
:class:`~saga_desktop.model.session.Session` (which changes when another campaign is opened) and
re-emits every change report as a Qt signal, so views connect once and never poll.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.session import Session


class SessionBridge(QObject):
    """Owns the open session and turns its reports into signals."""

    changed = Signal(object)
    """Emitted with a :class:`Changes` after every operation, undo, redo or save mark."""

    sessionReplaced = Signal(object)
    """Emitted with the new :class:`Session` when another campaign is opened."""

    refused = Signal(str)
    """Emitted with the message when an operation is refused."""

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._unsubscribe = session.subscribe(self.changed.emit)

    @property
    def session(self) -> Session:
        """The open session."""
        return self._session

    def replace(self, session: Session) -> None:
        """Switch to another session (a campaign was opened or created)."""
        self._unsubscribe()
        self._session = session
        self._unsubscribe = session.subscribe(self.changed.emit)
        self.sessionReplaced.emit(session)

    def apply(self, op: Operation, parent: QWidget | None = None) -> Any:
        """Apply an operation. When it is refused, show the reason and return None.

        With ``parent`` the reason appears in a message box over that widget; without it only the
        ``refused`` signal carries it (the main window shows it in the status bar).
        """
        try:
            return self._session.apply(op)
        except OperationError as exc:
            self.refused.emit(str(exc))
            if parent is not None:
                from saga_desktop.ui.messages import show_error

                show_error(parent, op.label, str(exc))
            return None

    def try_apply(self, op: Operation) -> Any:
        """Apply an operation and let OperationError propagate (for dialogs that show it inline)."""
        return self._session.apply(op)
