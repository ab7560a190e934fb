"""The Session menu: host the open campaign, stop, review players' characters, or join a game.

The menu is built at start; the network code (protocol, encryption, sockets, dialogs) is
imported when the player first hosts or joins, so a start that never plays over the network
does not pay for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QWidget

from saga_desktop import app_version
from saga_desktop.i18n import tr, tr_noop
from saga_desktop.i18n.words import Words, words
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.messages import show_error
from saga_desktop.ui.network.host_port import PORTS_TRIED, host_port
from saga_desktop.ui.network.review import ReviewEntry

if TYPE_CHECKING:
    from saga_desktop.model.session import Session
    from saga_desktop.network.codes import Code
    from saga_desktop.network.seats import Role
    from saga_desktop.storage.hosting import HostingStore, KeptHosting
    from saga_desktop.ui.network.dialogs import HostDialog, JoinRequest
    from saga_desktop.ui.network.endpoints import RelayChoice
    from saga_desktop.ui.network.hosting import Hosting
    from saga_desktop.ui.network.joining import SeatJoin


STOPPED = words("The GM stopped hosting.")
"""Why the players' apps close: words each app words in its own language."""

AGAIN_AS_BEFORE = tr_noop(
    "Hosting again as before you stopped: same port, codes and seats. The players choose "
    "Join again in their windows (or join as before) and are back in their seats."
)


class SessionMenu(QObject):
    """Hosting and joining for one main window (its ``&Session`` menu)."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge, menu_title: str = "&Session"):
        super().__init__(window)
        self.setObjectName("sessionMenu")
        self.window, self.bridge = window, bridge
        self.hosting: Hosting | None = None
        self.dialog: HostDialog | None = None
        self.clients: list[SeatJoin] = []
        self._stopped: dict[str, KeptHosting] = {}  # campaign id: its last hosting, this run
        menu = window.menu(menu_title)  # type: ignore[attr-defined]
        self.host_action = QAction(tr("&Host this campaign…"), self)
        self.host_action.setObjectName("sessionHost")
        self.host_action.setStatusTip(tr("Let players on this network join the open campaign"))
        self.stop_action = QAction(tr("&Stop hosting"), self)
        self.stop_action.setObjectName("sessionStop")
        self.join_action = QAction(tr("&Join a game…"), self)
        self.join_action.setObjectName("sessionJoin")
        self.host_action.triggered.connect(lambda: self.host())  # not `checked` as the port
        self.stop_action.triggered.connect(lambda: self.stop_hosting())
        self.join_action.triggered.connect(lambda: self.join())
        self.review_action = QAction(tr("&Review characters…"), self)
        self.review = ReviewEntry(window, bridge, self.review_action)
        menu.addAction(self.host_action)
        menu.addAction(self.stop_action)
        menu.addAction(self.review_action)
        menu.addSeparator()
        menu.addAction(self.join_action)
        bridge.aboutToReplace.connect(self._before_replace)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._quitting)
        self._update()

    def _update(self) -> None:
        hosting = self.hosting is not None
        self.host_action.setText(tr("&Hosting…") if hosting else tr("&Host this campaign…"))
        self.stop_action.setEnabled(hosting)

    def host(self, port: int | None = None) -> Hosting | None:
        """Start hosting the open session (or show the hosting window again).

        Without ``port``: the port the settings say (:func:`host_port`, 47800 unless changed),
        else the next free one; the hosting window says which. A game kept from a host that
        stopped unexpectedly (same port, codes and seats) is hosted again as it was.
        """
        if self.hosting is None and port is None and self.kept() is not None:
            return self.host_again()
        stopped = self._stopped.pop(self.bridge.session.campaign.id, None)
        if self.hosting is None and port is None and stopped is not None:
            return self.host_again(stopped)
        if self.hosting is None:
            self.hosting = self._start(self.bridge.session, port)
            if self.hosting is None:
                return None
            self.hosting.claimsChanged.connect(self._claims)
        if self.dialog is None:
            from saga_desktop.ui.network.dialogs import HostDialog

            self.dialog = HostDialog(self.hosting, self.window, self._settings())
            self.dialog.stop_button.clicked.connect(lambda: self.stop_hosting())
        self.dialog.show()
        self.dialog.raise_()
        self._update()
        return self.hosting

    def _settings(self) -> QSettings:
        settings = getattr(self.window, "settings", None)
        return settings if isinstance(settings, QSettings) else QSettings()

    def _start(self, session: Session, port: int | None) -> Hosting | None:
        from saga_desktop.ui.network.hosting import Hosting, HostingError

        if port is None:
            first = host_port(self._settings())
            ports = [*range(first, min(first + PORTS_TRIED, 65536)), 0]  # 0: any free port
        else:
            ports = [port]
        try:
            return Hosting(
                session,
                ports,
                self,
                announce=True,
                store=self.store(),
                internet=self._internet(),
            )
        except HostingError as exc:
            show_error(self.window, tr("Cannot host"), str(exc))
            return None

    def _internet(self) -> RelayChoice | None:
        """The relays for internet hosting; None when it is off (or its setting is bad)."""
        from saga_desktop.ui.network.endpoints import InternetError
        from saga_desktop.ui.network.internet import internet_enabled, relay_choice

        if not internet_enabled():
            return None
        try:
            return relay_choice()
        except InternetError as exc:
            self.window.statusBar().showMessage(
                tr("Not hosting on the internet: {detail}", detail=str(exc)), 15000
            )
            return None

    def _claims(self) -> None:
        """An app asks for a seat: bring the hosting window forward, where the GM answers."""
        hosting = self.hosting
        if hosting is None or not hosting.claims():
            return
        names = tr(", ").join(claim.name for claim in hosting.claims())
        self.window.statusBar().showMessage(
            tr("Asking for a seat: {names} (see Hosting).", names=names), 15000
        )
        if self.dialog is not None:
            self.dialog.show()
            self.dialog.raise_()

    def store(self) -> HostingStore:
        """Where what re-hosting needs after a crash is kept (this computer only)."""
        from saga_desktop.storage import paths
        from saga_desktop.storage.hosting import HostingStore

        return HostingStore(paths.hosting_dir())

    def host_again(self, stopped: KeptHosting | None = None) -> Hosting | None:
        """After a crash: host the open campaign again if it was being hosted, as it was.

        The same port, codes and seats come back at once, so the players' windows, still
        trying to reconnect, get back to their seats by themselves; the hosting window opens
        and says so (or which new port the players need, if the old one is taken).
        """
        session, store = self.bridge.session, self.store()
        state = stopped or self.kept()
        if self.hosting is not None or state is None:
            return None
        # Only now the network code: every start asks, and it is rarely needed.
        from saga_desktop.ui.network.hosting import Hosting, HostingError

        try:
            self.hosting = Hosting(
                session,
                0,
                self,
                announce=True,
                store=store,
                restore=state,
                internet=self._internet(),
            )
        except HostingError as exc:
            store.forget(session.campaign.id)
            show_error(
                self.window, tr("Cannot host again"), tr("The game is not hosted again."), str(exc)
            )
            return None
        self.hosting.claimsChanged.connect(self._claims)
        if stopped is not None and self.hosting.restored:
            self.hosting.notice = tr(AGAIN_AS_BEFORE)
        said = (
            tr("Hosting again as before.")
            if stopped
            else tr("Hosting again after Saga Desktop stopped.")
        )
        self.window.statusBar().showMessage(said, 15000)
        return self.host()

    def kept(self) -> KeptHosting | None:
        """What a host of this campaign that stopped unexpectedly kept, if anything."""
        return self.store().load(self.bridge.session.campaign.id)

    def stop_hosting(self, reason: Words | str = STOPPED) -> None:
        """Say goodbye to every player and close the port.

        The game's port, codes and seats are remembered while the app runs: hosting the same
        campaign again brings them back, so a player's *Join again* takes their seat at once.
        """
        if self.hosting is not None:
            state = self.hosting.kept_state
            if state is not None:
                self._stopped[self.hosting.session.campaign.id] = state
            self.hosting.stop(reason)
            self.hosting.deleteLater()
            self.hosting = None
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        self._update()

    def _quitting(self) -> None:
        self.stop_hosting(words("The GM closed Saga Desktop."))

    def _before_replace(self, _session: object) -> None:
        self.stop_hosting(words("The GM opened another campaign."))

    def join(
        self, link: str = "", parent: QWidget | None = None, previous: JoinRequest | None = None
    ) -> SeatJoin | None:
        """Ask where and how to join, then connect; the seat's window opens once seated.

        With ``previous`` (a join that did not succeed), the dialog shows what was typed then.
        """
        from saga_desktop.ui.network.dialogs import JoinDialog

        dialog = JoinDialog(link, parent or self.window, previous)
        if not dialog.exec() or dialog.result_request is None:
            return None
        request = dialog.result_request
        return self.open_client(
            request.host, request.port, request.code, request.seat_name, request.ticket, request
        )

    def open_client(
        self,
        host: str,
        port: int,
        code: Code,
        seat_name: str,
        ticket: str | None = None,
        request: JoinRequest | None = None,
    ) -> SeatJoin:
        """A seat connected (and reconnecting) to ``host:port``, or to ``ticket``'s endpoint.

        The main window opens at the seat once the host sent the view: a player's seat with
        the join code, a GM seat with the GM's code. If the join ends before a seat, its
        window offers *Try again…*: the Join dialog with what was typed (``request``).
        """
        if request is None:
            from saga_desktop.ui.network.dialogs import JoinRequest

            where = f"{host}:{port}" if not ticket else ""
            request = JoinRequest(host, port, code, seat_name, ticket, where)
        kept = request
        window = join_seat(
            host, port, code, seat_name, self.window, ticket, lambda: self.join(previous=kept)
        )
        self.clients.append(window)
        window.destroyed.connect(lambda: self._forget(window))
        return window

    def _forget(self, window: SeatJoin) -> None:
        if window in self.clients:
            self.clients.remove(window)


def join_seat(
    host: str,
    port: int,
    code: Code,
    seat_name: str,
    parent: QWidget | None = None,
    ticket: str | None = None,
    retry: Callable[[], object] | None = None,
) -> SeatJoin:
    """A seat connecting to ``host:port`` (or ``ticket``'s endpoint) with this app's versions.

    The join shows how it goes (over ``parent``) and opens the main window at the seat, a
    player's or, with the GM's code, a GM seat's, once the host sent the view.

    The seat's reconnect token is kept in the settings, so a player whose app closed or crashed
    takes the same seat back by joining again with the same name.
    """
    from saga_desktop.model.registry import rulesets
    from saga_desktop.network.client import ClientProtocol
    from saga_desktop.network.codes import CodeKind
    from saga_desktop.ui.network.transport import ClientTransport

    versions = {game.id: str(game.version) for game in rulesets()}
    role: Role = "gm" if code.kind is CodeKind.GM else "player"
    where = (
        ("p2p", ticket[8:60]) if ticket else (host, port)
    )  # an endpoint's ticket starts with its key
    settings, key = QSettings(), token_key(str(where[0]), where[1], seat_name, role)
    token = str(settings.value(key, "") or "") or None
    name = None if token else seat_name
    protocol = ClientProtocol(code, app_version(), versions, name, role, token)
    transport = ClientTransport(
        protocol, host, port, seat_name=seat_name if token else None, ticket=ticket
    )
    transport.tokenKept.connect(lambda kept: QSettings().setValue(key, kept))
    from saga_desktop.ui.network.joining import SeatJoin

    join = SeatJoin(transport, parent, retry)
    transport.connect_to_host()
    return join


def token_key(host: str, port: int | str, seat_name: str, role: str) -> str:
    """Where the reconnect token of a seat at ``host:port`` is kept in the settings."""
    name = "".join(ch if ch.isalnum() else "_" for ch in seat_name.casefold())
    where = "".join(ch if ch.isalnum() else "_" for ch in f"{host}_{port}")
    return f"network/seats/{where}/{role}_{name}"
