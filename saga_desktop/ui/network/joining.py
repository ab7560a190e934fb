"""Joining a table: a small window says how it goes until the seat's main window opens.

:class:`SeatJoin` follows one connection on its way to a seat. Meanwhile :class:`JoinProgress`
shows where it stands in words ("Connecting to …", "Waiting for the GM to let you in…") with a
*Cancel* button; with the host's first view the seat's window (:class:`SeatWindow`, the main
window at that seat) opens and the progress window goes. A connection that ends before the seat
is taken turns the same window into the outcome: the host's own words in full, what to try, and
*Try again…* (the Join dialog again, with what was typed) or *Close*.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.seat_model import SeatViewError, View
from saga_desktop.network.client_events import ClientEvent, Closed, ViewChanged
from saga_desktop.ui.network.seat_window import SeatWindow, open_seat_window
from saga_desktop.ui.network.transport import ClientTransport

Retry = Callable[[], object]
"""Opens the Join dialog again with what was typed (the Session menu gives it)."""


def advice(reason: str) -> str:
    """What to try after a join ended with ``reason``, in English (the host's or the line's).

    The reason is read in English whatever the app speaks (the host sends words; the event
    keeps their English), and the advice is said in the app's language.
    """
    said = reason.casefold()
    if "did not let you in" in said or ("refused" in said and "gm" in said):
        return tr("Ask the GM to let you in, then try again.")
    if "code" in said:
        return tr("Check the join code with the GM (the words and the number), then try again.")
    if "version" in said:
        return tr("The GM and you need the same version of Saga Desktop: update, then try again.")
    if "internet" in said or "link" in said:
        return tr("Ask the GM for the internet link again (copy all of it), then try again.")
    if "name" in said or "seat" in said:
        return tr("Check the name on your character's sheet with the GM, then try again.")
    return tr(
        "Check the address and port with the GM (the hosting window shows both) and that the "
        "game is still hosted, then try again."
    )


class JoinProgress(QDialog):
    """Where the join stands, in words: *Cancel* while it goes; the outcome if it ends."""

    def __init__(self, transport: ClientTransport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("joinProgress")
        self.setWindowTitle(tr("Joining the table"))
        self.line = QLabel(transport.connection_state or tr("Connecting…"))
        self.line.setObjectName("joinState")
        self.line.setTextFormat(Qt.TextFormat.PlainText)  # the host's words, names in them
        self.line.setWordWrap(True)
        self.line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.line.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.hint = QLabel("")
        self.hint.setObjectName("joinAdvice")
        self.hint.setTextFormat(Qt.TextFormat.PlainText)
        self.hint.setWordWrap(True)
        self.hint.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.rejected.connect(self.reject)
        self.try_again: QPushButton | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(self.line)
        layout.addWidget(self.hint)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 52)
        transport.connectionStateChanged.connect(self.say)
        self.ended = False

    def say(self, text: str) -> None:
        """Show where the join stands; the window grows to show all of it."""
        if not self.ended:
            self.line.setText(text)
            self._fit()

    def show_outcome(self, reason: str, retry: Retry | None, english: str = "") -> None:
        """The join ended before a seat: the whole reason, what to try, *Try again…*, *Close*.

        ``english`` is the reason in English (empty: as ``reason``), to choose the advice.
        """
        self.ended = True
        self.setWindowTitle(tr("Not joined"))
        self.line.setText(tr("Not connected: {why}", why=reason))
        self.hint.setText(advice(english or reason))
        self.hint.show()
        self.buttons.clear()
        close = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.setObjectName("joinClose")
        if retry is not None:
            self.try_again = self.buttons.addButton(
                tr("&Try again…"), QDialogButtonBox.ButtonRole.AcceptRole
            )
            self.try_again.setObjectName("joinTryAgain")
            self.try_again.setDefault(True)
            self.try_again.setFocus()
            self.try_again.clicked.connect(retry)
        self.show()
        self._fit()

    def _fit(self) -> None:
        """Wrapped lines need the height for the window's width; a top-level does not ask."""
        width = max(self.width(), self.minimumWidth())
        layout = self.layout()
        if layout is not None:
            layout.activate()
        height = self.heightForWidth(width)
        if height < 0:
            height = self.sizeHint().height()
        self.setMinimumHeight(height)
        self.resize(width, max(height, self.height()))


class SeatJoin(QObject):
    """A connection on its way to a seat: opens the seat's window with the first view."""

    def __init__(
        self,
        transport: ClientTransport,
        parent: QWidget | None = None,
        retry: Retry | None = None,
    ) -> None:
        super().__init__(parent)
        self.transport = transport
        self.window: SeatWindow | None = None
        self._parent = parent
        self._retry = retry
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
                self._failed(tr("The seat cannot be shown: {why}", why=str(exc)))
                return
            self.window.destroyed.connect(self.deleteLater)
        elif isinstance(event, Closed):
            # The transport marks itself finished after the event: ask once it has.
            QTimer.singleShot(0, lambda: self._closed(event.reason, event.said_in_english))

    def _closed(self, reason: str, english: str) -> None:
        if self.window is None and self.transport.finished and not self.progress.ended:
            self._failed(reason, english)

    def _failed(self, reason: str, english: str = "") -> None:
        """The join ended before a seat: the progress window becomes the outcome."""
        self.progress.rejected.disconnect(self._cancelled)
        self.progress.rejected.connect(self._dismissed)
        self.progress.accepted.connect(self._dismissed)
        self.progress.show_outcome(
            reason, self._again if self._retry is not None else None, english
        )

    def _again(self) -> None:
        retry = self._retry
        self.progress.accept()
        if retry is not None:
            retry()

    def _dismissed(self) -> None:
        self.progress.deleteLater()
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
