"""Hosting one open session: fresh codes, the table, the protocol and the server, together.

:class:`Hosting` is what both the Session menu and ``saga-desktop --serve`` start; it needs only
a QCoreApplication, so the headless host uses it unchanged.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QHostInfo

from saga_desktop import app_version
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.network.codes import Code, build_link, new_gm_code, new_join_code
from saga_desktop.network.discovery import Announcement
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.interface import SeatInfo, Tap
from saga_desktop.network.table import SessionTable
from saga_desktop.ui.network.lan import Announcer, lan_interfaces
from saga_desktop.ui.network.transport import HostTransport, local_addresses


class HostingError(RuntimeError):
    """Hosting could not start (the port is taken, ...); the message says why."""


class Hosting(QObject):
    """A session served on a port, until :meth:`stop`."""

    seatsChanged = Signal()
    """A player joined, left or came back."""
    announceChanged = Signal(str)
    """The announcement on the local network started, failed or stopped (one line saying so)."""

    def __init__(
        self,
        session: Session,
        port: int = 0,
        parent: QObject | None = None,
        *,
        join_code: Code | None = None,
        gm_code: Code | None = None,
        tap: Tap | None = None,
        announce: bool = False,
    ) -> None:
        """Start listening at once; raise :class:`HostingError` when that is not possible.

        With ``announce``, other copies of the app on the local network find the game by
        themselves (the announcement never holds a code).
        """
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
        self.announcer: Announcer | None = None
        if announce:
            self.announcer = Announcer(self._announcement(), self.announced_addresses(), self)
            self.announcer.statusChanged.connect(self.announceChanged)
            self.announcer.start()

    def _announcement(self) -> Announcement:
        campaign = self.session.campaign
        return Announcement(
            game_name=campaign.name or "Saga",
            ruleset=campaign.ruleset,
            ruleset_version=str(find_ruleset(campaign.ruleset).version),
            app_version=app_version(),
            host_name=QHostInfo.localHostName(),
            port=self.port,
        )

    def announced_addresses(self) -> list[str]:
        """The addresses the announcement gives: those of the chosen interfaces, else all."""
        return lan_interfaces() or self.addresses()

    def announce_status(self) -> str:
        """One line: whether and how the game is announced on the local network."""
        if self.announcer is None:
            return "Not announced on the local network (players type the address)."
        return self.announcer.status

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
            if self.announcer is not None:
                self.announcer.stop()
            self.transport.stop(reason)
            self.table.close()
