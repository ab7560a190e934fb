"""Internet play in the Qt app: iroh's endpoints (``endpoints.py``) joined to the transports.

The iroh loop runs on a thread of its own; :class:`QtPost` brings every callback back to the GUI
thread, so the host protocol, the table and the windows only ever run there. The host's endpoint
hands its connections to the LAN host transport (one table, one protocol, two ways in), and a
player's internet line stands where the LAN socket stands (``transport.py``).

Settings: ``network/internet`` (bool, on by default) hosts on the internet besides the LAN;
``network/relay`` is empty for iroh's public relays, ``off`` for direct connections only, or the
``https://`` address of a group's own relay. The environment variables ``SAGA_DESKTOP_INTERNET``
(``off``) and ``SAGA_DESKTOP_RELAY`` (same values as the setting) override them for one run;
``SAGA_DESKTOP_INTERNET_BIND`` (``address:port``) pins the endpoints to one address.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal, Slot

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.network.internet_link import InternetLink
from saga_desktop.ui.network.endpoints import (
    InternetError,
    InternetHost,
    PathInfo,
    RelayChoice,
)

ROUTES_EVERY_MS = 2000
INTERNET_KEY = "network/internet"
RELAY_KEY = "network/relay"


class QtPost(QObject):
    """Runs callbacks from any thread on this object's (the GUI) thread, in order."""

    _call = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._call.connect(self._run, Qt.ConnectionType.QueuedConnection)

    def post(self, fn: Callable[[], None]) -> None:
        """Queue ``fn`` for the GUI thread (safe to call from the iroh thread)."""
        self._call.emit(fn)

    @Slot(object)
    def _run(self, fn: Callable[[], None]) -> None:
        fn()


def internet_enabled(settings: QSettings | None = None) -> bool:
    """Whether hosting also opens an internet endpoint."""
    env = os.environ.get("SAGA_DESKTOP_INTERNET", "").strip().lower()
    if env:
        return env not in ("off", "0", "no", "false")
    value = (settings or QSettings()).value(INTERNET_KEY, True)
    return value not in (False, "false", "0", 0)


def internet_bind() -> str | None:
    """The address endpoints bind to (all of this computer's, unless the environment says)."""
    return os.environ.get("SAGA_DESKTOP_INTERNET_BIND") or None


def relay_choice(settings: QSettings | None = None) -> RelayChoice:
    """The relays to use, from the environment or the settings (raises InternetError if bad)."""
    text = os.environ.get("SAGA_DESKTOP_RELAY")
    if text is None:
        text = str((settings or QSettings()).value(RELAY_KEY, "") or "")
    return parse_relay(text)


def parse_relay(text: str) -> RelayChoice:
    """``''``/``default``: the public relays; ``off``: direct only; else relay addresses."""
    text = text.strip()
    if text.lower() in ("", "default"):
        return RelayChoice("default")
    if text.lower() == "off":
        return RelayChoice("off")
    return RelayChoice("custom", tuple(part.strip() for part in text.split(",") if part.strip()))


ROUTES = {
    "direct": tr_noop("directly"),
    "relay": tr_noop("through the relay"),
    "connecting": tr_noop("connecting"),
}
"""How an internet player's connection goes, in words."""


def describe_relay(choice: RelayChoice) -> str:
    """The relay setting in a few words, for the hosting window."""
    if choice.kind == "off":
        return tr("direct connections only (no relay)")
    if choice.kind == "custom":
        return tr("your relay ({urls})", urls=", ".join(choice.urls))
    return tr("iroh's public relays when a direct path cannot be made")


def describe_routes(paths: list[PathInfo]) -> str:
    """One line on how the internet players connect: directly or through the relay, and how fast."""
    if not paths:
        return tr("Nobody has joined over the internet yet.")
    parts = []
    for path in paths:
        how = tr(ROUTES.get(path.route, ROUTES["connecting"]))
        if path.rtt_ms is not None:
            how = tr("{how} ({ms} ms)", how=how, ms=path.rtt_ms)
        parts.append(how)
    return trn(
        "{n} over the internet: {routes}.",
        "{n} over the internet: {routes}.",
        len(paths),
        routes=tr(", ").join(parts),
    )


class WaysIn(Protocol):
    """What the host transport offers a connection that came another way (adopt, feed, drop)."""

    def adopt(self, conn_id: str, peer: str, pipe: _Pipe) -> None:
        """A new connection."""

    def feed(self, conn_id: str, data: bytes) -> None:
        """Bytes from it."""

    def drop(self, conn_id: str) -> None:
        """It is gone."""


class _Pipe:
    """One internet connection as the host transport writes to it (the calls a socket gets)."""

    def __init__(self, endpoint: InternetHost, conn_id: str) -> None:
        self._endpoint, self._conn_id = endpoint, conn_id

    def write(self, data: bytes) -> int:
        self._endpoint.send(self._conn_id, bytes(data))
        return len(data)

    def flush(self) -> bool:
        return True

    def disconnectFromHost(self) -> None:
        self._endpoint.close(self._conn_id)


class InternetHosting(QObject):
    """The host's internet endpoint, feeding the same host transport as the LAN socket."""

    routesChanged = Signal(str)
    """How the internet players connect now (one line), every couple of seconds while hosting."""

    def __init__(
        self,
        transport: WaysIn,
        relay: RelayChoice,
        parent: QObject | None = None,
        *,
        secret_key: bytes | None = None,
        port: int = 0,
    ) -> None:
        super().__init__(parent)
        self._transport = transport
        self.relay = relay
        self._post = QtPost(self)
        self._secret_key, self._port = secret_key, port
        self.endpoint = self._make_endpoint()
        self._routes = QTimer(self)
        self._routes.setInterval(ROUTES_EVERY_MS)
        self._routes.timeout.connect(lambda: self.routesChanged.emit(self.routes()))
        self.ticket = ""

    def start(self) -> None:
        """Open the endpoint; raises InternetError saying why it could not.

        With a kept key and port (hosting again after a crash) the players' links stay good;
        if that port is taken now, another is used (the key, and with the relays the link, stay).
        """
        try:
            self.ticket = self.endpoint.start()
        except InternetError:
            if not self._port:
                raise
            self._port = 0
            self.endpoint = self._make_endpoint()
            self.ticket = self.endpoint.start()
        self._routes.start()

    def kept(self) -> tuple[str, int]:
        """The key (hex) and UDP port to keep for hosting again after a crash."""
        return self.endpoint.secret_key().hex(), self.endpoint.port()

    def _make_endpoint(self) -> InternetHost:
        bind = internet_bind()
        if self._port:
            host = bind.rsplit(":", 1)[0] if bind else "0.0.0.0"  # noqa: S104 - every interface
            bind = f"{host}:{self._port}"
        return InternetHost(
            self._post.post,
            self._made,
            self._transport.feed,
            self._transport.drop,
            relay=self.relay,
            bind=bind,
            secret_key=self._secret_key,
        )

    def link(self, game: str) -> str:
        """The internet join link (no code in it)."""
        return InternetLink(self.ticket, game[:80] or "Saga").url()

    def routes(self) -> str:
        """How the internet players connect now."""
        ids = self.endpoint.connections()
        return describe_routes([self.endpoint.path(conn_id) for conn_id in ids])

    def _made(self, conn_id: str, peer: str) -> None:
        self._transport.adopt(conn_id, peer, _Pipe(self.endpoint, conn_id))

    def stop(self) -> None:
        """Close the endpoint (the transport has said goodbye already)."""
        self._routes.stop()
        self.endpoint.stop()


__all__ = [
    "InternetError",
    "InternetHosting",
    "QtPost",
    "describe_relay",
    "describe_routes",
    "internet_enabled",
    "parse_relay",
    "relay_choice",
]
