"""The seat window's connection line once the connection ends, and its *Join again* button.

Three endings, three lines:

- the host stops for a moment (``saga-desktop --serve`` stopped with Ctrl+C, to be served again,
  or a host that crashed): the app comes back to the seat by itself, and the line says so;
- the game ends (the GM chose *Stop hosting*, closed Saga Desktop or opened another campaign):
  the line gives the host's words, which say the game is over for now (``HostTransport.stop``);
  *Join again* tries once more with the same code and name (the kept seat first);
- the host refused us (a wrong code, the GM's refusal, the seat given to another computer): the
  line gives the host's words, and *Join again* is there too.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow, QPushButton

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.network.client_events import ClientEvent, Closed, Joined
from saga_desktop.ui.announce import announce
from saga_desktop.ui.network.transport import PAUSED, ClientTransport

AGAIN = tr_noop("Choose Join again to try once more with the same code and name.")


class JoinAgain:
    """Keeps the seat window's connection line true when the connection ends; offers Join again."""

    def __init__(self, window: QMainWindow, transport: ClientTransport, line: QLabel) -> None:
        self.transport, self.line = transport, line
        self.button = QPushButton(tr("&Join again"), window)
        self.button.setObjectName("joinAgain")
        self.button.setAccessibleName(tr("Join again"))
        self.button.setToolTip(tr("Join this game again with the same code and name"))
        self.button.hide()
        self.button.clicked.connect(self._join_again)
        window.statusBar().addPermanentWidget(self.button)
        transport.received.connect(self.on_event)

    def on_event(self, event: ClientEvent) -> None:
        """Say on the connection line what the end of a connection means for this seat."""
        if isinstance(event, Joined):
            self.button.hide()
            self.line.setToolTip("")
        elif isinstance(event, Closed):
            if event.back:
                text = tr("{why} {then}", why=event.reason, then=tr(PAUSED))
            elif self.transport.finished:
                text = tr("Not connected: {why}", why=event.reason)
                self.button.show()
            else:
                text = tr("{why} Reconnecting…", why=event.reason)
            self.line.setText(text)  # one line of the status bar: the whole of it in the tip
            more = (
                tr("{why} {then}", why=text, then=tr(AGAIN))
                if self.transport.finished and not event.back
                else text
            )
            self.line.setToolTip(more)
            announce(self.line, more, assertive=self.transport.finished)

    def _join_again(self) -> None:
        self.button.hide()
        self.line.setText(tr("Joining again…"))
        self.transport.join_again()
