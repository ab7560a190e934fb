"""Joining a table: a small window says how it goes until the seat's main window opens.

:class:`SeatJoin` follows one connection on its way to a seat. Meanwhile :class:`JoinProgress`
shows where it stands in words ("Connecting to …", "Waiting for the GM to let you in…") with a
*Cancel* button; with the host's first view the seat's window (:class:`SeatWindow`, the main
window at that seat) opens and the progress window goes. A connection that ends before the seat
is taken says why in a message box.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from saga_desktop.model.seat_model import SeatViewError, View
from saga_desktop.network.client_events import ClientEvent, Closed, ViewChanged
from saga_desktop.ui.messages import show_error
from saga_desktop.ui.network.seat_window import SeatWindow, open_seat_window
from saga_desktop.ui.network.transport import ClientTransport


class JoinProgress(QDialog):
    """Where the join stands, in one line, and *Cancel* (which leaves)."""

    def __init__(self, transport: ClientTransport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("joinProgress")
        self.setWindowTitle("Joining the table")
        self.line = QLabel(transport.connection_state or "Connecting…")
        self.line.setObjectName("joinState")
        self.line.setTextFormat(Qt.TextFormat.PlainText)  # the host's words, names in them
        self.line.setWordWrap(True)
        self.line.setMinimumWidth(self.fontMetrics().averageCharWidth() * 44)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.line)
        layout.addWidget(buttons)
        transport.connectionStateChanged.connect(self.line.setText)


class SeatJoin(QObject):
    """A connection on its way to a seat: opens the seat's window with the first view."""

    def __init__(self, transport: ClientTransport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.transport = transport
        self.window: SeatWindow | None = None
        self._parent = parent
        transport.setParent(self)
        transport.received.connect(self._event)
        self.progress = JoinProgress(transport, parent)
        self.progress.rejected.connect(self._cancelled)
        self.progress.show()

    @property
    def view(self) -> View:
        """The seat's view, once the host sent it (empty until then)."""
        return dict(self.transport.protocol.view or {})

    def _event(self, event: ClientEvent) -> None:
        if self.window is not None:
            return
        if isinstance(event, ViewChanged):
            self.transport.received.disconnect(self._event)
            self._end_progress()
            try:
                self.window = open_seat_window(self.transport, event.view)
            except SeatViewError as exc:
                self.transport.close()
                show_error(self._parent, "Cannot take the seat", str(exc))
                self.deleteLater()
                return
            self.window.destroyed.connect(self.deleteLater)
        elif isinstance(event, Closed) and self.transport.finished:
            self._end_progress()
            show_error(self._parent, "Cannot join", event.reason)
            self.deleteLater()

    def _end_progress(self) -> None:
        self.progress.rejected.disconnect(self._cancelled)
        self.progress.close()
        self.progress.deleteLater()

    def _cancelled(self) -> None:
        self.transport.close()
        self.progress.deleteLater()
        self.deleteLater()

    def close(self) -> None:
        """Leave: close the seat's window, or the connection still on its way."""
        if self.window is not None:
            self.window.close()
        else:
            self.transport.close()
            self.progress.close()
