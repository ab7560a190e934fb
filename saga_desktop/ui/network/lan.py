"""Zeroconf (multicast DNS) carrying the announcements of :mod:`saga_desktop.network.discovery`.

:class:`Announcer` makes a hosted game visible to the other copies of the app on the local network;
:class:`GameBrowser` lists the games it hears of. Zeroconf runs its own threads: what it finds comes
back to the Qt thread through a queued signal, and nothing here touches a widget. Starting never
blocks the window (registration runs on zeroconf's own loop); stopping is bounded by zeroconf's
timeouts. When multicast is not possible, both say so in one line and typing an address still works.

``SAGA_DESKTOP_LAN_INTERFACES`` (IPv4 addresses, comma-separated) limits announcing and looking to
those interfaces; by default every IPv4 interface is used.
"""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

from saga_desktop.i18n import tr
from saga_desktop.network.discovery import SERVICE_TYPE, Announcement, read_found

if TYPE_CHECKING:
    from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf

# zeroconf and asyncio are imported where they are first used, when hosting or joining: together
# they take a tenth of a second or more to load, which every start of the app would pay.

INTERFACES_VARIABLE = "SAGA_DESKTOP_LAN_INTERFACES"
RESOLVE_TIMEOUT_MS = 3000
RECORD_TTL = 120  # seconds: a host that vanished without a goodbye drops off the lists this soon


def local_networks() -> list[ipaddress.IPv4Network]:
    """The IPv4 networks this computer is on (to prefer a host's address on one of them)."""
    networks = []
    for interface in QNetworkInterface.allInterfaces():
        for entry in interface.addressEntries():
            if entry.ip().protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            try:
                address = f"{entry.ip().toString()}/{entry.prefixLength()}"
                networks.append(ipaddress.IPv4Network(address, strict=False))
            except ValueError:
                continue
    return networks


class LanError(RuntimeError):
    """Multicast DNS cannot be used here; the message says why, in one line."""


def lan_interfaces() -> list[str]:
    """The interfaces chosen with ``SAGA_DESKTOP_LAN_INTERFACES``; empty means all of them."""
    text = os.environ.get(INTERFACES_VARIABLE, "")
    return [part.strip() for part in text.split(",") if part.strip()]


def _check_interfaces(chosen: list[str]) -> None:
    """Refuse, in one line, an interface address that is not this computer's."""
    own = {address.toString() for address in QNetworkInterface.allAddresses()}
    for text in chosen:
        try:
            ipaddress.IPv4Address(text)
        except ValueError:
            raise LanError(f"{INTERFACES_VARIABLE} holds {text!r}, not an IPv4 address") from None
        if text not in own:
            raise LanError(f"no network interface of this computer has the address {text}")


def open_zeroconf() -> Zeroconf:
    """Zeroconf on the chosen IPv4 interfaces; raise :class:`LanError` when that is impossible."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    chosen = lan_interfaces()
    _check_interfaces(chosen)
    try:
        return Zeroconf(interfaces=chosen or InterfaceChoice.All, ip_version=IPVersion.V4Only)
    except Exception as exc:  # OSError, or zeroconf's own errors: any of them means "no multicast"
        raise LanError(f"multicast is not available here ({exc or type(exc).__name__})") from exc


def _on_loop(zc: Zeroconf, coroutine: Coroutine[Any, Any, Any]) -> Future[Any]:
    """Run ``coroutine`` on zeroconf's own event loop thread, without waiting for it."""
    import asyncio

    assert zc.loop is not None
    return asyncio.run_coroutine_threadsafe(coroutine, zc.loop)


class _Relay(QObject):
    """Lives in the Qt thread and has no parent: zeroconf's threads emit, Qt queues the calls."""

    found = Signal(object)
    lost = Signal(str)
    status = Signal(str)


def _server_name(announcement: Announcement) -> str:
    """A host name of its own, so the computer's own mDNS name (Avahi, Bonjour) is never claimed."""
    label = re.sub(r"[^a-z0-9-]+", "-", announcement.host_name.lower()).strip("-")[:30]
    return f"saga-desktop-{label or 'host'}-{announcement.port}.local."


class Announcer(QObject):
    """Announces one hosted game until :meth:`stop`; :attr:`status` says how it is going."""

    statusChanged = Signal(str)

    def __init__(
        self, announcement: Announcement, addresses: list[str], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.announcement, self.addresses = announcement, addresses
        self.status = tr("Not announced on the local network.")
        self._zc: Zeroconf | None = None
        self._relay = _Relay()
        self._relay.status.connect(self._heard)

    def start(self) -> None:
        """Start announcing (the probing for a unique name goes on in the background)."""
        from zeroconf import Error as ZeroconfError
        from zeroconf import ServiceInfo

        try:
            info = ServiceInfo(
                SERVICE_TYPE,
                self.announcement.service_name(),
                port=self.announcement.port,
                properties=self.announcement.properties(),
                server=_server_name(self.announcement),
                host_ttl=RECORD_TTL,
                other_ttl=RECORD_TTL,
                parsed_addresses=self.addresses,
            )
            zc = open_zeroconf()
        except (LanError, ValueError, ZeroconfError) as exc:
            self._set_status(tr("Not announced on the local network: {detail}.", detail=str(exc)))
            return
        self._zc = zc
        relay = self._relay

        async def register() -> str:
            await (await zc.async_register_service(info, allow_name_change=True))
            return info.name.removesuffix("." + SERVICE_TYPE)

        def done(future: Future[str]) -> None:
            if future.cancelled():
                return
            problem = future.exception()
            if problem is None:
                relay.status.emit(
                    tr(
                        'Announced on the local network as "{name}" (players see it in their '
                        "Join dialog).",
                        name=future.result(),
                    )
                )
            else:
                why = str(problem) or type(problem).__name__
                relay.status.emit(tr("Not announced on the local network: {detail}.", detail=why))

        self._set_status(tr("Announcing on the local network (checking that the name is free)."))
        _on_loop(zc, register()).add_done_callback(done)

    def _heard(self, text: str) -> None:
        if self._zc is not None:  # not stopped meanwhile
            self._set_status(text)

    def _set_status(self, text: str) -> None:
        self.status = text
        self.statusChanged.emit(text)

    def stop(self) -> None:
        """Say goodbye on the network (other lists drop the game at once) and close the sockets."""
        zc, self._zc = self._zc, None
        if zc is not None:
            zc.close()
            self._set_status(tr("No longer announced on the local network."))


class GameBrowser(QObject):
    """Listens for announced games until :meth:`stop`; reports them in the Qt thread."""

    gameFound = Signal(object)
    """A :class:`~saga_desktop.network.discovery.FoundGame`, new or changed."""
    gameLost = Signal(str)
    """The service name of a game that is no longer announced."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        networks = local_networks()  # read here, in the Qt thread; used in zeroconf's

        def near(address: str) -> bool:
            ip = ipaddress.IPv4Address(address)
            return any(ip in network for network in networks)

        self.near = near
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._relay = _Relay()
        self._relay.found.connect(self.gameFound)
        self._relay.lost.connect(self.gameLost)

    def start(self) -> str | None:
        """Start looking; None when looking, else why it cannot (one line)."""
        try:
            zc = open_zeroconf()
        except LanError as exc:
            return tr("Cannot look for games on this network: {detail}.", detail=str(exc))
        from zeroconf import ServiceBrowser

        self._zc = zc
        self._browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[self._handler(zc)])
        return None

    def _handler(self, zc: Zeroconf) -> Callable[..., None]:
        from zeroconf import IPVersion, ServiceStateChange
        from zeroconf.asyncio import AsyncServiceInfo

        relay, local = self._relay, self.near

        async def resolve(name: str) -> None:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            try:
                if not await info.async_request(zc, RESOLVE_TIMEOUT_MS):
                    return
                addresses = info.parsed_addresses(IPVersion.V4Only)
                found = read_found(name, info.properties, addresses, info.port, local)
            except Exception:  # a malformed record from anyone on the network: not a game
                return
            if found is not None:
                relay.found.emit(found)

        def changed(
            zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
        ) -> None:
            # In the browser's thread: never block here (stop() waits for this thread).
            if state_change is ServiceStateChange.Removed:
                relay.lost.emit(name)
            else:
                _on_loop(zc, resolve(name))

        return changed

    def stop(self) -> None:
        """Stop looking and close the sockets."""
        browser, self._browser = self._browser, None
        zc, self._zc = self._zc, None
        if browser is not None:
            browser.cancel()
        if zc is not None:
            zc.close()
