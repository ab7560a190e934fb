"""Hosting one open session: fresh codes, the table, the protocol and the server, together.

:class:`Hosting` is what both the Session menu and ``saga-desktop --serve`` start; it needs only
a QCoreApplication, so the headless host uses it unchanged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtNetwork import QHostInfo

from saga_desktop import app_version
from saga_desktop.i18n import tr
from saga_desktop.i18n.words import Words, words
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.network.chat_table import ChatTable
from saga_desktop.network.codes import (
    Code,
    CodeError,
    CodeKind,
    build_link,
    new_gm_code,
    new_join_code,
    parse_code,
)
from saga_desktop.network.discovery import Announcement
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.interface import Action, ClaimInfo, SeatInfo, Tap
from saga_desktop.network.permissions import seat_owns
from saga_desktop.network.seats import KeptSeat
from saga_desktop.storage import hosting as kept
from saga_desktop.ui.network.endpoints import InternetError, RelayChoice
from saga_desktop.ui.network.host_transport import HostTransport, local_addresses
from saga_desktop.ui.network.internet import InternetHosting, describe_relay
from saga_desktop.ui.network.lan import Announcer, lan_interfaces

log = logging.getLogger(__name__)


STOPPED = words("The GM stopped hosting.")
"""Why the players' apps close: words each app words in its own language."""
STOPS_AT_WINDOW = "window"
STOPS_AT_SERVE = "serve"
"""How hosting stops, as a GM seat's table says it (each app words it: ``stopping_words``)."""


class HostingError(RuntimeError):
    """Hosting could not start (the port is taken, ...); the message says why."""


class Hosting(QObject):
    """A session served on a port, until :meth:`stop`."""

    seatsChanged = Signal()
    """A player joined, left or came back, or a seat's presence may have changed."""
    claimsChanged = Signal()
    """An app started or stopped waiting for the GM's leave to take a seat (see :meth:`claims`)."""
    announceChanged = Signal(str)
    """The announcement on the local network started, failed or stopped (one line saying so)."""

    def __init__(
        self,
        session: Session,
        port: int | Sequence[int] = 0,
        parent: QObject | None = None,
        *,
        join_code: Code | None = None,
        gm_code: Code | None = None,
        tap: Tap | None = None,
        announce: bool = False,
        store: kept.HostingStore | None = None,
        restore: kept.KeptHosting | None = None,
        ask_the_gm: bool | None = None,
        internet: RelayChoice | None = None,
    ) -> None:
        """Start listening at once; raise :class:`HostingError` when that is not possible.

        With ``announce``, other copies of the app on the local network find the game by
        themselves (the announcement never holds a code). With ``store``, what re-hosting needs
        (port, codes, seats) is kept there while hosting, and forgotten by :meth:`stop`. With
        ``restore`` (kept by a host that crashed), the same port, codes and seats come back, so
        the players' windows get back in by themselves; if the port is taken, another is used
        and :attr:`notice` says so. With ``internet`` (the relays to fall back on), the game is
        also hosted on the internet: players anywhere join with :meth:`internet_link` and the
        same code; if that endpoint cannot start, LAN hosting goes on and
        :attr:`internet_status` says why.

        With ``ask_the_gm`` (by default: when there is a window to ask in), an app asking for a
        character's seat or a taken one waits for the GM's answer (:meth:`claims`,
        :meth:`answer`). Without it (``--serve``) a GM seat answers while one is connected;
        with none, a character's seat is first come, first served and a taken one refused.
        """
        super().__init__(parent)
        self.session = session
        self.notice = ""
        self.restored = False
        """Hosting came back after the app stopped, with the same port, codes and seats."""
        """One line for the GM about how hosting started (empty when there is nothing to say)."""
        if restore is not None:
            join_code, gm_code = _kept_codes(restore)
            port = restore.port
        self.join_code = join_code or new_join_code()
        self.gm_code = gm_code or new_gm_code()
        self.table = ChatTable(session)
        if ask_the_gm is None:
            ask_the_gm = isinstance(QCoreApplication.instance(), QGuiApplication)
        self.protocol = HostProtocol(
            self.table,
            self.join_code,
            self.gm_code,
            tap=tap,
            guarded=self._has_character,
            gm_at_host=ask_the_gm,
        )
        self.table.attach(self.protocol.publish)
        self.transport = HostTransport(self.protocol, self)
        self.table.on_actions = self.transport.run
        self.transport.seatsChanged.connect(self.seatsChanged)
        self._claim_ids: list[int] = []
        self.transport.seatsChanged.connect(self._claims_changed)
        wanted = [port] if isinstance(port, int) else list(port)
        problem: str | None = tr("No port to host on.")
        for candidate in wanted:  # the first that is free (the settings' port, then the next)
            problem = self.transport.listen(candidate)
            if problem is None:
                break
        port = wanted[0] if wanted else 0
        if problem is None and restore is None and port not in (0, self.port):
            self.notice = tr(
                "Port {port} is taken on this computer (another program, or another game "
                "hosted here), so the players join on port {new}.",
                port=port,
                new=self.port,
            )
        if problem is not None and restore is not None and port != 0:
            problem = self.transport.listen(0)
            # The players' windows keep trying the old port: they must join again by hand, by
            # name, so the old seats are not restored (their names would be taken).
            self.notice = tr(
                "Port {port} is taken, so the game is now on port {new}: the players "
                "must join again at the new address, with the same join code and their names.",
                port=port,
                new=self.port,
            )
        if problem is not None:
            self.table.close()
            raise HostingError(problem)
        if restore is not None and not self.notice:
            try:
                self.protocol.restore_seats([KeptSeat(**vars(seat)) for seat in restore.seats])
            except ValueError as exc:
                self.transport.server.close()
                self.table.close()
                raise HostingError(
                    tr("The kept seats cannot be restored: {detail}", detail=str(exc))
                ) from exc
            self.notice = tr(
                "Hosting again after Saga Desktop stopped: same port, codes and seats. "
                "The players' windows get back in by themselves."
            )
            self.restored = True
        self.running = True
        self.internet: InternetHosting | None = None
        self.internet_status = tr("Not hosted on the internet (turned off in the settings).")
        """One line: whether players outside this network can join, and through what."""
        if internet is not None:
            self._start_internet(internet, restore)
        self._tell_gm_seats(ask_the_gm)
        self.store = store
        self._kept: kept.KeptHosting | None = None
        if store is not None:
            self.transport.seatsChanged.connect(self._keep)
            self._keep()
        self.announcer: Announcer | None = None
        if announce:
            self.announcer = Announcer(self._announcement(), self.announced_addresses(), self)
            self.announcer.statusChanged.connect(self.announceChanged)
            self.announcer.start()

    def _start_internet(self, relay: RelayChoice, restore: kept.KeptHosting | None) -> None:
        key, port = None, 0
        if restore is not None and restore.internet_key:  # the players' links stay good
            key, port = bytes.fromhex(restore.internet_key), restore.internet_port
        internet = InternetHosting(self.transport, relay, self, secret_key=key, port=port)
        try:
            internet.start()
        except InternetError as exc:
            self.internet_status = tr("Not hosted on the internet: {detail}", detail=str(exc))
            return
        self.internet = internet
        self.internet_status = tr(
            "Hosted on the internet too, with {relay}.", relay=describe_relay(relay)
        )

    def _tell_gm_seats(self, window: bool) -> None:
        """What a GM seat's table shows besides the seats: the links, and how hosting stops."""
        internet = self.internet_link()
        self.protocol.admin.links = [*self.links()[:3], *([internet] if internet else [])]
        self.protocol.admin.stopping = STOPS_AT_WINDOW if window else STOPS_AT_SERVE

    def internet_link(self) -> str | None:
        """The internet join link (no code in it), or None when not hosted on the internet."""
        if self.internet is None:
            return None
        return self.internet.link(self.session.campaign.name or "Saga")

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
            return tr("Not announced on the local network (players type the address).")
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
        """Every seat taken so far, with its presence (here, away, gone) and round trip."""
        return self.protocol.seats()

    def _has_character(self, name: str) -> bool:
        return any(seat_owns(name, c.player) for c in self.session.campaign.characters)

    def _claims_changed(self) -> None:
        ids = [claim.claim_id for claim in self.protocol.claims()]
        if ids != self._claim_ids:
            self._claim_ids = ids
            self.claimsChanged.emit()

    def claims(self) -> list[ClaimInfo]:
        """The apps waiting for the GM's leave to take a seat, oldest first."""
        return self.protocol.claims()

    def _run(self, step: Callable[[], list[Action]]) -> str | None:
        """Carry out a GM's step on the seats; None when done, else why not."""
        if not self.running:
            return tr("Hosting has stopped.")
        try:
            self.transport.run(step())
        except ValueError as exc:
            return str(exc)
        return None

    def answer(self, claim_id: int, accept: bool, reason: str = "") -> str | None:
        """Let a waiting app into the seat it asked for, or send it away (saying why)."""
        return self._run(lambda: self.protocol.answer(claim_id, accept, reason))

    def free_seat(self, seat_id: str) -> str | None:
        """Unbind a seat from its app: the next app asking for it by name takes it."""
        return self._run(lambda: self.protocol.free_seat(seat_id))

    def move_seat(self, seat_id: str, name: str) -> str | None:
        """Seat ``seat_id`` under ``name``; None when done, else why not."""
        return self._run(lambda: self.protocol.move_seat(seat_id, name))

    def remove_seat(self, seat_id: str) -> str | None:
        """Send the seat's player away and take the seat from the table."""
        return self._run(lambda: self.protocol.remove_seat(seat_id))

    def _keep(self) -> None:
        """Write what re-hosting needs when it changed (a seat taken, the port)."""
        if self.store is None or not self.running:
            return
        state = kept.KeptHosting(
            self.port,
            self.join_code.text,
            self.gm_code.text,
            tuple(kept.KeptSeat(**vars(seat)) for seat in self.protocol.kept_seats()),
            *(self.internet.kept() if self.internet is not None else ("", 0)),
        )
        if state != self._kept:
            problem = self.store.keep(self.session.campaign.id, state)
            if problem is not None:
                log.warning("%s", problem)
            self._kept = state

    @property
    def kept_state(self) -> kept.KeptHosting | None:
        """What hosting this game again as it is needs (port, codes, seats, internet key)."""
        return self._kept

    def stop(self, reason: Words | str = STOPPED, *, forget: bool = True) -> None:
        """Say goodbye to the players, close the port and stop following the session.

        It forgets the kept state unless ``forget`` is False: hosting stopped on purpose does not
        come back by itself.
        """
        if self.running:
            self.running = False
            if self.store is not None and forget:
                self.store.forget(self.session.campaign.id)
            if self.announcer is not None:
                self.announcer.stop()
            self.transport.stop(reason, back=not forget)
            if self.internet is not None:
                self.internet.stop()
            self.table.close()


def _kept_codes(state: kept.KeptHosting) -> tuple[Code, Code]:
    """The join and GM codes of a kept state; HostingError when they are not such codes."""
    try:
        join_code, gm_code = parse_code(state.join_code), parse_code(state.gm_code)
    except CodeError as exc:
        raise HostingError(
            tr("The kept hosting state has a bad code: {detail}", detail=str(exc))
        ) from exc
    if join_code.kind is not CodeKind.PLAYER or gm_code.kind is not CodeKind.GM:
        raise HostingError(tr("The kept hosting state mixes up the join code and the GM code."))
    return join_code, gm_code
