"""Hosting one open session: fresh codes, the table, the protocol and the server, together.

:class:`Hosting` is what both the Session menu and ``saga-desktop --serve`` start; it needs only
a QCoreApplication, so the headless host uses it unchanged.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from saga_desktop.model.session import Session
from saga_desktop.network.codes import Code, build_link, new_gm_code, new_join_code
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.interface import SeatInfo, Tap
from saga_desktop.network.table import SessionTable
from saga_desktop.ui.network.transport import HostTransport, local_addresses


class HostingError(RuntimeError):
    """Hosting could not start (the port is taken, ...); the message says why."""


class Hosting(QObject):
    """A session served on a port, until :meth:`stop`."""

    seatsChanged = Signal()
    """A player joined, left or came back."""

    def __init__(
        self,
        session: Session,
        port: int = 0,
        parent: QObject | None = None,
        *,
        join_code: Code | None = None,
        gm_code: Code | None = None,
        tap: Tap | None = None,
    ) -> None:
        """Start listening at once; raise :class:`HostingError` when that is not possible."""
        super().__init__(parent)
        self.session = session
        self.join_code = join_code or new_join_code()
        self.gm_code = gm_code or new_gm_code()
        self.table = SessionTable(session)
        self.protocol = HostProtocol(self.table, self.join_code, self.gm_code, tap=tap)
        self.table.attach(self.protocol.publish)
        self.transport = HostTransport(self.protocol, self)
        self.table.on_actions = self.transport.run
        self.transport.seatsChanged.connect(self.seatsChanged)
        problem = self.transport.listen(port)
        if problem is not None:
            self.table.close()
            raise HostingError(problem)
        self.running = True

    @property
    def port(self) -> int:
        """The port players connect to."""
        return self.transport.port()

    def addresses(self) -> list[str]:
        """The addresses of this computer players on the network can use."""
        return local_addresses()

    def links(self) -> list[str]:
        """A ``saga://`` join link per address (they never contain the code)."""
        game = self.session.campaign.name or "Saga"
        return [build_link(address, self.port, game[:80]) for address in self.addresses()]

    def seats(self) -> list[SeatInfo]:
        """Every seat taken so far, connected or not."""
        return self.protocol.seats()

    def stop(self, reason: str = "The GM stopped hosting.") -> None:
        """Say goodbye to the players, close the port and stop following the session."""
        if self.running:
            self.running = False
            self.transport.stop(reason)
            self.table.close()
