"""The player's side of the sans-IO protocol: one line to the host, on the LAN or the internet.

:class:`ClientTransport` feeds the bytes of its line to a
:class:`~saga_desktop.network.client.ClientProtocol` and sends what it returns. When the host
goes away without saying goodbye, or falls silent, it connects again and takes the seat back with
the reconnect token. It runs the protocol's timer (heartbeats, a silent host). A line is a TCP
socket (:class:`TcpLine`) or an iroh stream (:class:`InternetLine`): the protocol above them is
the same. The host's side is :mod:`saga_desktop.ui.network.host_transport`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pydantic import JsonValue
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QTcpSocket
from shiboken6 import isValid

from saga_desktop.i18n import number, tr, tr_noop
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import (
    ClientEvent,
    Closed,
    HostRefused,
    HostSilent,
    Joined,
    Waiting,
)

CLIENT_TICK_MS = 1000
CONNECT_TIMEOUT_MS = 5000  # a host that vanished from the network answers nothing, not even "no"
INTERNET_TIMEOUT_MS = 10000  # the iroh stream says why itself after 8 s; this is the backstop
RECONNECT_DELAYS_MS = (500, 1000, 2000, 4000)  # a host there again is found within ~5 s
CONNECTED = tr_noop("Connected")
LOST = HostSilent().text
BACK = tr_noop("Back at the table.")
PAUSED = tr_noop(
    "The host stopped for a moment: coming back to the table as soon as it is there again…"
)
"""Where a seat's connection stands; each said through ``tr()`` where it is shown."""


def forget(socket: QTcpSocket, client: bool = False) -> None:
    """Stop hearing from a socket and delete it once control returns to the event loop."""
    signals = [socket.readyRead, socket.disconnected]
    if client:
        signals += [socket.connected, socket.errorOccurred]
    for signal in signals:
        signal.disconnect()
    socket.deleteLater()


class Line(Protocol):
    """One connection to the host, as the transport uses it."""

    def write(self, data: bytes) -> None:
        """Send bytes (in order)."""

    def close(self, last: bytes = b"") -> None:
        """Send ``last``, then close; no callback follows."""

    def abort(self) -> None:
        """Drop the connection at once; no callback follows."""


Connected = Callable[["Line"], None]
Data = Callable[["Line", bytes], None]
Lost = Callable[["Line", str], None]


class TcpLine:
    """A TCP socket to the host's LAN port."""

    def __init__(
        self, parent: QObject, host: str, port: int, up: Connected, data: Data, lost: Lost
    ) -> None:
        self.socket = socket = QTcpSocket(parent)

        def gone(why: str) -> None:
            if isValid(socket):  # not while being destroyed
                lost(self, why)

        socket.connected.connect(lambda: up(self))
        socket.readyRead.connect(lambda: data(self, bytes(socket.readAll().data())))
        socket.disconnected.connect(lambda: gone(""))
        socket.errorOccurred.connect(lambda _error: gone(socket.errorString()))
        socket.connectToHost(host, port)

    def write(self, data: bytes) -> None:
        """Send bytes."""
        self.socket.write(data)

    def close(self, last: bytes = b"") -> None:
        """Send ``last``, then close after what was written."""
        socket = self.socket
        if last:
            socket.write(last)
        socket.flush()
        forget(socket, client=True)
        socket.disconnectFromHost()

    def abort(self) -> None:
        """Drop the socket at once."""
        forget(self.socket, client=True)
        self.socket.abort()


class InternetLine:
    """An iroh stream to the host's internet endpoint (see ``endpoints.py``)."""

    def __init__(self, parent: QObject, ticket: str, up: Connected, data: Data, lost: Lost) -> None:
        from saga_desktop.ui.network.endpoints import InternetError, InternetPipe
        from saga_desktop.ui.network.internet import QtPost, internet_bind, relay_choice

        self._post = QtPost(parent)
        self._done = False
        self.pipe: InternetPipe | None = None

        def gone(why: str) -> None:
            if not self._done:
                self._done = True
                lost(self, why)

        try:
            relay = relay_choice()
        except InternetError as exc:  # a bad relay setting: say so as a failed connection
            why = tr("The relay setting is wrong: {detail}", detail=str(exc))
            self._post.post(lambda: gone(why))
            return
        pipe = InternetPipe(
            self._post.post,
            ticket,
            lambda: None if self._done else up(self),
            lambda chunk: None if self._done else data(self, chunk),
            gone,
            relay=relay,
            bind=internet_bind(),
        )
        self.pipe = pipe
        pipe.open()

    def write(self, data: bytes) -> None:
        """Send bytes."""
        if self.pipe is not None:
            self.pipe.write(data)

    def close(self, last: bytes = b"") -> None:
        """Send ``last``, then close."""
        self._done = True
        if self.pipe is not None:
            self.pipe.write(last)
            self.pipe.close()

    def abort(self) -> None:
        """Drop the stream."""
        self.close()


class ClientTransport(QObject):
    """One player's connection to a host, reconnecting with the seat's token when it drops.

    It reaches the host at ``host``:``port`` on the LAN, or, with ``ticket``, at the host's
    internet endpoint (``host`` is then only a name for the status line).
    """

    received = Signal(object)
    """Every :data:`~saga_desktop.network.client_events.ClientEvent`, in order."""
    status = Signal(str)
    """A one-line account of the connection, for the window's status bar."""
    connectionStateChanged = Signal(str)
    """The connection's state in a few plain words ("Connected", "Lost the host, trying
    again…", "Back at the table.", ...), each time it changes; see :attr:`connection_state`."""
    tokenKept = Signal(str)
    """The seat's reconnect token, each time the seat is taken (keep it to come back later)."""

    def __init__(
        self,
        protocol: ClientProtocol,
        host: str,
        port: int,
        parent: QObject | None = None,
        *,
        seat_name: str | None = None,
        ticket: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.protocol, self.host, self.port = protocol, host, port
        self.ticket = ticket
        self.where = "the host over the internet" if ticket else f"{host}:{port}"
        self.seat_name = seat_name  # to ask by name if a kept token is not known to the host
        self.finished = False
        self.came_back = False
        """True once the seat was taken back after the connection to the host was lost."""
        self._away = False
        self._paused = False  # the host said it stops for a moment
        self._attempt = 0
        self._line: Line | None = None
        self._state = ""
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.timeout.connect(self.connect_to_host)
        self._tick = QTimer(self)
        self._tick.setInterval(CLIENT_TICK_MS)
        self._tick.timeout.connect(self._heartbeat)
        self._give_up = QTimer(self)
        self._give_up.setSingleShot(True)
        self._give_up.setInterval(INTERNET_TIMEOUT_MS if ticket else CONNECT_TIMEOUT_MS)
        self._give_up.timeout.connect(self._no_answer)

    @property
    def connection_state(self) -> str:
        """The connection's state in a few plain words (empty before the first connection)."""
        return self._state

    @property
    def _socket(self) -> QTcpSocket | None:
        """The TCP socket of the current line (None over the internet): tests cut it."""
        return self._line.socket if isinstance(self._line, TcpLine) else None

    def _set_state(self, text: str) -> None:
        if text != self._state:
            self._state = text
            self.connectionStateChanged.emit(text)

    def connect_to_host(self) -> None:
        """Open a (new) connection to the host."""
        if self.finished:
            return
        self._give_up.start()
        self.status.emit(tr("Connecting to {where}…", where=self.where))
        if not self._away:
            self._set_state(tr("Connecting to {where}…", where=self.host))
        if self.ticket:
            self._line = InternetLine(self, self.ticket, self._connected, self._read, self._lost)
        else:
            self._line = TcpLine(
                self, self.host, self.port, self._connected, self._read, self._lost
            )

    def _connected(self, line: Line) -> None:
        if line is self._line:
            self._give_up.stop()
            self._write(self.protocol.connection_made())
            self._tick.start()

    def _no_answer(self) -> None:
        if self._line is not None:
            self._lost(self._line, tr("no answer"))

    def _heartbeat(self) -> None:
        line = self._line
        if line is None:
            return
        out = self.protocol.tick()
        self._write(out.data)
        for event in out.events:
            self._emit(event)
        if out.close:  # the host fell silent: drop this connection and try again
            self._lost(line, tr("the host fell silent"))

    def request(self, op: dict[str, JsonValue]) -> int:
        """Send a request; its id comes back in a RequestAnswered event."""
        request_id, data = self.protocol.request(op)
        self._write(data)
        return request_id

    def close(self, reason: str = "The player left.") -> None:
        """Leave the table for good."""
        self.finished = True
        self._retry.stop()
        self._tick.stop()
        self._give_up.stop()
        line, self._line = self._line, None
        if line is not None:
            line.close(self.protocol.leave(reason))
            self.protocol.connection_lost()

    def _write(self, data: bytes) -> None:
        if data and self._line is not None:
            self._line.write(data)

    def _read(self, line: Line, data: bytes) -> None:
        if line is not self._line:
            return
        out = self.protocol.data_received(data)
        self._write(out.data)
        back = out.close and any(isinstance(e, Closed) and e.back for e in out.events)
        if out.close and not back:
            self.finished = True  # before the events: a window hearing Closed knows it is over
        for event in out.events:
            if isinstance(event, HostRefused) and self._by_name_next(event):
                continue
            if isinstance(event, Joined):
                self._attempt = 0
                self.came_back, self._away, self._paused = self._away, False, False
                self.tokenKept.emit(self.protocol.reconnect_token or "")
                if self.came_back:
                    self.status.emit(
                        tr(
                            "Back at the table: Joined {where} as {name}.",
                            where=self.where,
                            name=event.seat_name,
                        )
                    )
                else:
                    self.status.emit(
                        tr("Joined {where} as {name}.", where=self.where, name=event.seat_name)
                    )
                self._set_state(tr(BACK) if self.came_back else tr(CONNECTED))
            elif isinstance(event, Waiting):
                self._set_state(event.text)
            elif isinstance(event, Closed):
                self._set_state(
                    tr(PAUSED) if event.back else tr("Not connected: {why}", why=event.reason)
                )
            self._emit(event)
        if out.close:
            self._tick.stop()
            self._give_up.stop()
            self._line = None
            line.close()
            if back:  # the host will be there again with our seat: keep trying, and soon
                self._attempt = 0
                self._away = self._paused = True
                self.status.emit(tr("The host stopped for a moment; trying again shortly…"))
                self._retry.start(RECONNECT_DELAYS_MS[1])

    def join_again(self) -> None:
        """After the game ended (or a refusal): try once more with the same code and name.

        The kept seat token is tried first, then the seat is asked for by name.
        """
        if not self.finished:
            return
        self.finished = False
        self._attempt = 0
        self._away = False
        self.seat_name = self.seat_name or self.protocol.seat_name
        self.connect_to_host()

    def _by_name_next(self, event: HostRefused) -> bool:
        """A kept token the host does not know (a new game): ask for the seat by name once."""
        if self.protocol.joined or self.seat_name is None or "token" not in event.said_in_english:
            return False
        name, self.seat_name = self.seat_name, None
        self._write(self.protocol.join(name))
        return True

    def _lost(self, line: Line, error: str) -> None:
        if line is not self._line:
            return
        self._line = None
        self._give_up.stop()
        self._tick.stop()
        line.abort()
        for event in self.protocol.connection_lost():
            self._emit(event)
        if self.finished:
            return
        if self.protocol.reconnect_token is None:  # never seated: nothing to take back
            self.finished = True
            if self.ticket:
                reason = error or tr(
                    "The host closed the connection before letting you in: try joining again; "
                    "if it keeps happening, ask the GM whether the game is still hosted."
                )
            else:
                reason = tr(
                    "Cannot reach the host at {where}: {why}.",
                    where=self.where,
                    why=error or tr("connection closed"),
                )
            self._set_state(tr("Not connected: {why}", why=reason))
            self._emit(Closed(reason, english="Cannot reach the host"))
            return
        # No limit on attempts: a GM whose app crashed may take minutes to start it again.
        delay = RECONNECT_DELAYS_MS[min(self._attempt, len(RECONNECT_DELAYS_MS) - 1)]
        self._attempt += 1
        self._away = True
        self._set_state(tr(PAUSED) if self._paused else tr(LOST))
        self.status.emit(
            tr(
                "The host is gone; trying again in {seconds} s…",
                seconds=number(delay / 1000, 0 if delay % 1000 == 0 else 1),
            )
        )
        self._retry.start(delay)

    def _emit(self, event: ClientEvent) -> None:
        self.received.emit(event)
