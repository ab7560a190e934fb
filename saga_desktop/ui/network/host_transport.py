"""QtNetwork carrying the sans-IO protocol on the host's side: a TCP server, a socket per player.

:class:`HostTransport` feeds the bytes of every connection to a
:class:`~saga_desktop.network.host.HostProtocol`, carries out its Send and Close actions, and runs
its timer (heartbeats, silent players, offers waiting for their turn, slow joins).
"""

from __future__ import annotations

import itertools
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import (
    QAbstractSocket,
    QHostAddress,
    QNetworkInterface,
    QTcpServer,
    QTcpSocket,
)
from shiboken6 import isValid

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import Words, joined, words
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.interface import Action, Close, Send
from saga_desktop.ui.network.transport import forget

HOST_TICK_MS = 500
GAME_OVER = words("The game is over for now.")
STOPPED = words("The GM stopped hosting.")
"""What the players' apps are told, as words each app words in its own language."""


class Pipe(Protocol):
    """A connection that came another way than the LAN socket (the internet endpoint).

    It takes the calls the host transport makes on a socket, so both are written to alike.
    """

    def write(self, data: bytes) -> int: ...  # noqa: D102
    def flush(self) -> bool: ...  # noqa: D102
    def disconnectFromHost(self) -> None: ...  # noqa: D102


def peer_address(socket: QTcpSocket) -> str:
    """The peer's address without the port (an IPv4 address mapped into IPv6 as plain IPv4)."""
    text = socket.peerAddress().toString()
    if text.lower().startswith("::ffff:") and "." in text:
        text = text[len("::ffff:") :]
    return text


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
        self._sockets: dict[str, QTcpSocket | Pipe] = {}
        self._ids = itertools.count(1)
        self._timer = QTimer(self)
        self._timer.setInterval(HOST_TICK_MS)
        self._timer.timeout.connect(lambda: self.run(self.protocol.tick()))

    def listen(self, port: int = 0) -> str | None:
        """Start listening on every address; None when listening, else why not."""
        if not self.server.listen(QHostAddress(QHostAddress.SpecialAddress.Any), port):
            return tr(
                "Cannot listen on port {port}: {detail}",
                port=port,
                detail=self.server.errorString(),
            )
        self._timer.start()
        return None

    def port(self) -> int:
        """The port players connect to."""
        return int(self.server.serverPort())

    def stop(self, reason: Words | str = STOPPED, *, back: bool = False) -> None:
        """Say goodbye to every player and stop listening.

        With ``back`` the host will be there again with the same seats (served again): the
        seated players' apps come back by themselves, and are told so.
        """
        if back:
            self.run(self.protocol.pause_all(reason))
        else:
            self.run(self.protocol.close_all(joined(reason, GAME_OVER)))
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

    # -- connections that came another way (the internet endpoint) ------------------------------

    def adopt(self, conn_id: str, peer: str, pipe: Pipe) -> None:
        """A new connection from another way in: the protocol hears it as it hears a socket."""
        self._sockets[conn_id] = pipe
        self.run(self.protocol.connection_made(conn_id, peer))

    def feed(self, conn_id: str, data: bytes) -> None:
        """Bytes from a connection that came another way."""
        if data and conn_id in self._sockets:
            self.run(self.protocol.data_received(conn_id, data))

    def drop(self, conn_id: str) -> None:
        """A connection that came another way is gone."""
        if self._sockets.pop(conn_id, None) is not None:
            self.run(self.protocol.connection_lost(conn_id))

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
