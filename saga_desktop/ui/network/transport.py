"""QtNetwork carrying the sans-IO protocol: a TCP server for the host, a TCP socket per client.

:class:`HostTransport` feeds the bytes of every connection to a
:class:`~saga_desktop.network.host.HostProtocol` and carries out its Send and Close actions;
:class:`ClientTransport` does the same for a :class:`~saga_desktop.network.client.ClientProtocol`
and, when the host goes away without saying goodbye, connects again and takes the seat back with
the reconnect token.
"""

from __future__ import annotations

import itertools

from pydantic import JsonValue
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import (
    QAbstractSocket,
    QHostAddress,
    QNetworkInterface,
    QTcpServer,
    QTcpSocket,
)
from shiboken6 import isValid

from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import ClientEvent, Closed, HostRefused, Joined
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.interface import Action, Close, Send

EXPIRE_EVERY_MS = 2000
RECONNECT_DELAYS_MS = (500, 1000, 2000, 4000, 8000)


def peer_address(socket: QTcpSocket) -> str:
    """The peer's address without the port (an IPv4 address mapped into IPv6 as plain IPv4)."""
    text = socket.peerAddress().toString()
    if text.lower().startswith("::ffff:") and "." in text:
        text = text[len("::ffff:") :]
    return text


def forget(socket: QTcpSocket, client: bool = False) -> None:
    """Stop hearing from a socket and delete it once control returns to the event loop."""
    signals = [socket.readyRead, socket.disconnected]
    if client:
        signals += [socket.connected, socket.errorOccurred]
    for signal in signals:
        signal.disconnect()
    socket.deleteLater()


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses that others on the network can reach (no loopback)."""
    out = []
    for address in QNetworkInterface.allAddresses():
        ipv4 = address.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol
        if ipv4 and not address.isLoopback():
            out.append(address.toString())
    return out or ["127.0.0.1"]


class HostTransport(QObject):
    """Listens for players and passes their bytes to the host protocol."""

    seatsChanged = Signal()
    """Something happened that may change the list of seats or connections."""

    def __init__(self, protocol: HostProtocol, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.protocol = protocol
        self.server = QTcpServer(self)
        self.server.newConnection.connect(self._accept)
        self._sockets: dict[str, QTcpSocket] = {}
        self._ids = itertools.count(1)
        self._timer = QTimer(self)
        self._timer.setInterval(EXPIRE_EVERY_MS)
        self._timer.timeout.connect(lambda: self.run(self.protocol.expire()))

    def listen(self, port: int = 0) -> str | None:
        """Start listening on every address; None when listening, else why not."""
        if not self.server.listen(QHostAddress(QHostAddress.SpecialAddress.Any), port):
            return f"Cannot listen on port {port}: {self.server.errorString()}"
        self._timer.start()
        return None

    def port(self) -> int:
        """The port players connect to."""
        return int(self.server.serverPort())

    def stop(self, reason: str = "The GM stopped hosting.") -> None:
        """Say goodbye to every player and stop listening."""
        self.run(self.protocol.close_all(reason))
        self.server.close()
        self._timer.stop()
        for socket in list(self._sockets.values()):
            socket.flush()
            socket.disconnectFromHost()

    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            conn_id = f"c{next(self._ids)}"
            self._sockets[conn_id] = socket
            socket.readyRead.connect(lambda c=conn_id, s=socket: self._read(c, s))
            socket.disconnected.connect(lambda c=conn_id, s=socket: self._lost(c, s))
            self.run(self.protocol.connection_made(conn_id, peer_address(socket)))

    def _read(self, conn_id: str, socket: QTcpSocket) -> None:
        data = bytes(socket.readAll().data())
        if data and conn_id in self._sockets:
            self.run(self.protocol.data_received(conn_id, data))

    def _lost(self, conn_id: str, socket: QTcpSocket) -> None:
        if not isValid(socket):  # being destroyed with the server
            return
        if self._sockets.get(conn_id) is socket:
            del self._sockets[conn_id]
            self.run(self.protocol.connection_lost(conn_id))
        forget(socket)

    def run(self, actions: list[Action]) -> None:
        """Carry out the protocol's actions in order."""
        for action in actions:
            socket = self._sockets.get(action.conn_id)
            if socket is None:
                continue
            if isinstance(action, Send):
                socket.write(action.data)
            elif isinstance(action, Close):
                self._sockets.pop(action.conn_id, None)
                socket.flush()
                socket.disconnectFromHost()  # after what was written
        self.seatsChanged.emit()


class ClientTransport(QObject):
    """One player's connection to a host, reconnecting with the seat's token when it drops."""

    received = Signal(object)
    """Every :data:`~saga_desktop.network.client_events.ClientEvent`, in order."""
    status = Signal(str)
    """A one-line account of the connection, for the window's status bar."""
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
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.timeout.connect(self.connect_to_host)

    def connect_to_host(self) -> None:
        """Open a (new) connection to the host."""
        if self.finished:
            return
        socket = QTcpSocket(self)
        self._socket = socket
        socket.connected.connect(lambda: self._write(self.protocol.connection_made()))
        socket.readyRead.connect(lambda: self._read(socket))
        socket.disconnected.connect(lambda: self._lost(socket, ""))
        socket.errorOccurred.connect(lambda _error: self._lost(socket, socket.errorString()))
        self.status.emit(f"Connecting to {self.host}:{self.port}…")
        socket.connectToHost(self.host, self.port)

    def request(self, op: dict[str, JsonValue]) -> int:
        """Send a request; its id comes back in a RequestAnswered event."""
        request_id, data = self.protocol.request(op)
        self._write(data)
        return request_id

    def close(self, reason: str = "The player left.") -> None:
        """Leave the table for good."""
        self.finished = True
        self._retry.stop()
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
            self._emit(event)
        if out.close:
            self.finished = True
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
        forget(socket, client=True)
        for event in self.protocol.connection_lost():
            self._emit(event)
        if self.finished:
            return
        if self.protocol.reconnect_token is None:  # never seated: nothing to take back
            self.finished = True
            where = f"{self.host}:{self.port}"
            self._emit(Closed(f"Cannot reach the host at {where}: {error or 'connection closed'}."))
            return
        # No limit on attempts: a GM whose app crashed may take minutes to start it again.
        delay = RECONNECT_DELAYS_MS[min(self._attempt, len(RECONNECT_DELAYS_MS) - 1)]
        self._attempt += 1
        self._away = True
        self.status.emit(f"The host is gone; trying again in {delay / 1000:g} s…")
        self._retry.start(delay)

    def _emit(self, event: ClientEvent) -> None:
        self.received.emit(event)
