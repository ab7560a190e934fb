"""What the host protocol and the app agree on: the table it serves, and the actions it returns."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from pydantic import JsonValue

from saga_desktop.network.messages import MAX_MESSAGE, View
from saga_desktop.network.seats import Role


@dataclass(frozen=True)
class Versions:
    """What a table runs: the app's version and each ruleset's version, by ruleset id."""

    app_version: str
    rulesets: Mapping[str, str]


class Table(Protocol):
    """What the host needs from the app's campaign."""

    def versions(self) -> Versions:
        """The versions a joining app must match."""
        ...

    def view_for(self, seat_id: str) -> View:
        """Everything ``seat_id`` may see, as of the last :meth:`HostProtocol.publish`."""
        ...

    def handle_request(self, seat_id: str, op: dict[str, JsonValue]) -> str | None:
        """Check and apply ``op`` for ``seat_id``: None if done, else why not (nothing changed)."""
        ...

    def add_seat(self, name: str, role: Role) -> str:
        """Make a new seat and return its id; raise ValueError with a message to refuse it."""
        ...

    def restore_seat(self, seat_id: str, name: str, role: Role) -> None:
        """Make again a seat kept from before a restart, with its id and a fresh view.

        Seats made by :meth:`add_seat` afterwards never get a restored seat's id.
        """
        ...


@dataclass(frozen=True)
class Send:
    """Write ``data`` to connection ``conn_id``."""

    conn_id: str
    data: bytes


@dataclass(frozen=True)
class Close:
    """Close ``conn_id`` once what was sent before is written; ``reason`` is for the log."""

    conn_id: str
    reason: str


Action = Send | Close
Tap = Callable[[str, "str | None", bytes], None]


@dataclass(frozen=True)
class HostLimits:
    """The host's limits; the defaults suit a table of friends on a home network."""

    log_size: int = 256  # patches kept per seat for players who reconnect
    strikes: int = 5  # bad messages before a connection is dropped
    rate: float = 30.0  # messages per second, sustained
    burst: float = 90.0  # messages at once
    code_delay: float = 1.0  # wait after one wrong code; doubles with each more
    code_delay_cap: float = 300.0
    waiting_per_peer: int = 4  # connections from one address not yet seated
    join_timeout: float = 60.0  # seconds from connecting to being seated
    max_message: int = MAX_MESSAGE  # a bigger view goes in parts; a bigger patch as a view


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the GM's window lists it."""

    seat_id: str
    name: str
    role: Role
    connected: bool
    revision: int
