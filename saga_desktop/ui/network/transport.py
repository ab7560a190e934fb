"""QtNetwork carrying the sans-IO protocol on a player's side: one TCP socket to the host.

:class:`ClientTransport` feeds the bytes of its socket to a
:class:`~saga_desktop.network.client.ClientProtocol` and sends what it returns. When the host
goes away without saying goodbye, or falls silent, it connects again and takes the seat back with
the reconnect token. It runs the protocol's timer (heartbeats, a silent host). The host's side is
:mod:`saga_desktop.ui.network.host_transport`.
"""

from __future__ import annotations

from pydantic import JsonValue
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QTcpSocket
from shiboken6 import isValid

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
RECONNECT_DELAYS_MS = (500, 1000, 2000, 4000, 8000)
CONNECTED = "Connected"
LOST = HostSilent().text
BACK = "Back at the table."


def forget(socket: QTcpSocket, client: bool = False) -> None:
    """Stop hearing from a socket and delete it once control returns to the event loop."""
    signals = [socket.readyRead, socket.disconnected]
    if client:
        signals += [socket.connected, socket.errorOccurred]
    for signal in signals:
        signal.disconnect()
    socket.deleteLater()


class ClientTransport(QObject):
    """One player's connection to a host, reconnecting with the seat's token when it drops."""

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
    ) -> None:
        super().__init__(parent)
        self.protocol, self.host, self.port = protocol, host, port
        self.seat_name = seat_name  # to ask by name if a kept token is not known to the host
        self.finished = False
        self.came_back = False
        """True once the seat was taken back after the connection to the host was lost."""
        self._away = False
        self._attempt = 0
        self._socket: QTcpSocket | None = None
        self._state = ""
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.timeout.connect(self.connect_to_host)
        self._tick = QTimer(self)
        self._tick.setInterval(CLIENT_TICK_MS)
        self._tick.timeout.connect(self._heartbeat)
        self._give_up = QTimer(self)
        self._give_up.setSingleShot(True)
        self._give_up.setInterval(CONNECT_TIMEOUT_MS)
        self._give_up.timeout.connect(self._no_answer)

    @property
    def connection_state(self) -> str:
        """The connection's state in a few plain words (empty before the first connection)."""
        return self._state

    def _set_state(self, text: str) -> None:
        if text != self._state:
            self._state = text
            self.connectionStateChanged.emit(text)

    def connect_to_host(self) -> None:
        """Open a (new) connection to the host."""
        if self.finished:
            return
        socket = QTcpSocket(self)
        self._socket = socket
        socket.connected.connect(lambda: self._connected(socket))
        socket.readyRead.connect(lambda: self._read(socket))
        socket.disconnected.connect(lambda: self._lost(socket, ""))
        socket.errorOccurred.connect(lambda _error: self._lost(socket, socket.errorString()))
        self._give_up.start()
        self.status.emit(f"Connecting to {self.host}:{self.port}…")
        if not self._away:
            self._set_state(f"Connecting to {self.host}…")
        socket.connectToHost(self.host, self.port)

    def _connected(self, socket: QTcpSocket) -> None:
        if socket is self._socket:
            self._give_up.stop()
            self._write(self.protocol.connection_made())
            self._tick.start()

    def _no_answer(self) -> None:
        if self._socket is not None:
            self._lost(self._socket, "no answer")

    def _heartbeat(self) -> None:
        socket = self._socket
        if socket is None:
            return
        out = self.protocol.tick()
        self._write(out.data)
        for event in out.events:
            self._emit(event)
        if out.close:  # the host fell silent: drop this connection and try again
            self._lost(socket, "the host fell silent")

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
        socket, self._socket = self._socket, None
        if socket is not None:
            data = self.protocol.leave(reason)
            if data:
                socket.write(data)
            socket.flush()
            forget(socket, client=True)
            socket.disconnectFromHost()
            self.protocol.connection_lost()

    def _write(self, data: bytes) -> None:
        if data and self._socket is not None:
            self._socket.write(data)

    def _read(self, socket: QTcpSocket) -> None:
        if socket is not self._socket:
            return
        out = self.protocol.data_received(bytes(socket.readAll().data()))
        self._write(out.data)
        for event in out.events:
            if isinstance(event, HostRefused) and self._by_name_next(event):
                continue
            if isinstance(event, Joined):
                self._attempt = 0
                self.came_back, self._away = self._away, False
                self.tokenKept.emit(self.protocol.reconnect_token or "")
                back = "Back at the table: " if self.came_back else ""
                self.status.emit(f"{back}Joined {self.host}:{self.port} as {event.seat_name}.")
                self._set_state(BACK if self.came_back else CONNECTED)
            elif isinstance(event, Waiting):
                self._set_state(event.text)
            elif isinstance(event, Closed):
                self._set_state(f"Not connected: {event.reason}")
            self._emit(event)
        if out.close:
            self.finished = True
            self._tick.stop()
            socket.disconnectFromHost()

    def _by_name_next(self, event: HostRefused) -> bool:
        """A kept token the host does not know (a new game): ask for the seat by name once."""
        if self.protocol.joined or self.seat_name is None or "token" not in event.reason:
            return False
        name, self.seat_name = self.seat_name, None
        self._write(self.protocol.join(name))
        return True

    def _lost(self, socket: QTcpSocket, error: str) -> None:
        if socket is not self._socket or not isValid(socket):
            return
        self._socket = None
        self._give_up.stop()
        self._tick.stop()
        forget(socket, client=True)
        socket.abort()
        for event in self.protocol.connection_lost():
            self._emit(event)
        if self.finished:
            return
        if self.protocol.reconnect_token is None:  # never seated: nothing to take back
            self.finished = True
            where = f"{self.host}:{self.port}"
            reason = f"Cannot reach the host at {where}: {error or 'connection closed'}."
            self._set_state(f"Not connected: {reason}")
            self._emit(Closed(reason))
            return
        # No limit on attempts: a GM whose app crashed may take minutes to start it again.
        delay = RECONNECT_DELAYS_MS[min(self._attempt, len(RECONNECT_DELAYS_MS) - 1)]
        self._attempt += 1
        self._away = True
        self._set_state(LOST)
        self.status.emit(f"The host is gone; trying again in {delay / 1000:g} s…")
        self._retry.start(delay)

    def _emit(self, event: ClientEvent) -> None:
        self.received.emit(event)
