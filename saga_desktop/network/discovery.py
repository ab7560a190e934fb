"""Finding games on the local network, without the network: what a host announces, what is found.

A hosting app announces a DNS-SD service of type :data:`SERVICE_TYPE` over multicast DNS; the
records are built here and read back here, so both sides agree and can be tested without sockets
(the zeroconf adapter is ``saga_desktop.ui.network.lan``). The announcement says what is played,
by whom and with which versions; it never holds the join code or the GM code, which are only ever
read out by the GM. Anyone on the network can announce anything, so every record read back is
clipped, cleaned and checked before it reaches a window.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from saga_desktop.i18n import tr
from saga_desktop.network.interface import Versions
from saga_desktop.network.messages import PROTOCOL_VERSION

SERVICE_TYPE = "_saga-desktop._tcp.local."
MAX_FOUND = 50  # games listed at once: a flood of announcements cannot grow the list without end
_MAX_LABEL = 63  # bytes in one DNS label (the service instance name)
_MAX_TEXT = 80  # characters kept of each text property, on both sides


def clip(text: str, limit: int = _MAX_TEXT) -> str:
    """``text`` on one line, without control characters, at most ``limit`` characters."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(cleaned.split())[:limit]


def _clip_bytes(text: str, limit: int) -> str:
    """The longest start of ``text`` whose UTF-8 encoding fits in ``limit`` bytes."""
    data = text.encode()[:limit]
    return data.decode(errors="ignore").strip()


@dataclass(frozen=True)
class Announcement:
    """What a hosting app tells the network about its game (never a code)."""

    game_name: str
    ruleset: str
    ruleset_version: str
    app_version: str
    host_name: str
    port: int

    def instance_name(self) -> str:
        """The service's instance name: the game and the host's computer, one DNS label."""
        game = clip(self.game_name, 40) or "Saga"
        host = clip(self.host_name, 20)
        name = f"{game} on {host}" if host else game
        return _clip_bytes(name.replace(".", " "), _MAX_LABEL) or "Saga"

    def service_name(self) -> str:
        """The full DNS-SD service name (instance, type and domain)."""
        return f"{self.instance_name()}.{SERVICE_TYPE}"

    def properties(self) -> dict[str, str]:
        """The TXT record: short text properties, each well under the 255-byte limit."""
        return {
            "name": clip(self.game_name),
            "ruleset": clip(self.ruleset),
            "ruleset_version": clip(self.ruleset_version),
            "app": clip(self.app_version),
            "protocol": str(PROTOCOL_VERSION),
            "host": clip(self.host_name),
        }


@dataclass(frozen=True)
class FoundGame:
    """A game announced on the network, as read back (cleaned; may come from anyone)."""

    service_name: str
    game_name: str
    ruleset: str
    ruleset_version: str
    app_version: str
    protocol_version: int | None
    host_name: str
    address: str
    port: int

    def mismatch(self, local: Versions) -> str | None:
        """Why this app cannot join the game (a version differs), or None when it can."""
        if self.protocol_version != PROTOCOL_VERSION:
            return tr("another network protocol")
        if self.app_version != local.app_version:
            return tr("needs Saga Desktop {version}", version=self.app_version or tr("(unknown)"))
        mine = local.rulesets.get(self.ruleset)
        if mine is None:
            return tr("a game this app does not have")
        if mine != self.ruleset_version:
            return tr(
                "needs {game} rules {version}",
                game=self.ruleset,
                version=self.ruleset_version or tr("(unknown)"),
            )
        return None


def _text(properties: Mapping[bytes, bytes | None], key: str) -> str:
    value = properties.get(key.encode())
    return clip(value.decode(errors="replace")) if value else ""


def _address(addresses: Iterable[str], near: Callable[[str], bool] | None) -> str | None:
    """The usable IPv4 address to connect to, one on a network of this computer if possible.

    Hosts announce IPv4 only (link-local IPv6 would need a scope); a host on several networks
    (a VPN, a virtual machine bridge) announces them all, and only some are reachable from here.
    """
    usable = []
    for text in addresses:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if not (address.is_multicast or address.is_unspecified or address.is_reserved):
            usable.append(str(address))
    nearby = [address for address in usable if near is not None and near(address)]
    return (nearby or usable)[0] if usable else None


def read_found(
    service_name: str,
    properties: Mapping[bytes, bytes | None],
    addresses: Iterable[str],
    port: int | None,
    near: Callable[[str], bool] | None = None,
) -> FoundGame | None:
    """A found game from a resolved service, or None when it cannot be joined at any address.

    ``near`` tells the addresses on one of this computer's networks, preferred to the others.
    """
    address = _address(addresses, near)
    if address is None or port is None or not 0 < port < 65536:
        return None
    protocol = _text(properties, "protocol")
    name = _text(properties, "name") or clip(service_name.split(".", 1)[0])
    return FoundGame(
        service_name=service_name,
        game_name=name or "(no name)",
        ruleset=_text(properties, "ruleset"),
        ruleset_version=_text(properties, "ruleset_version"),
        app_version=_text(properties, "app"),
        protocol_version=int(protocol) if protocol.isdigit() and len(protocol) < 6 else None,
        host_name=_text(properties, "host"),
        address=address,
        port=port,
    )
