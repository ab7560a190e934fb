"""What the host protocol and the app agree on: the table it serves, and the actions it returns."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol

from pydantic import JsonValue

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import Words
from saga_desktop.network.guard import KeyLimits
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

    def handle_request(self, seat_id: str, op: dict[str, JsonValue]) -> Words | str | None:
        """Check and apply ``op`` for ``seat_id``: None if done, else why not (nothing changed).

        Why not is best words (data): the seat words it in its own language.
        """
        ...

    def add_seat(self, name: str, role: Role) -> str:
        """Make a new seat and return its id; raise ValueError with a message to refuse it."""
        ...

    def restore_seat(self, seat_id: str, name: str, role: Role) -> None:
        """Make again a seat kept from before a restart, with its id and a fresh view.

        Seats made by :meth:`add_seat` afterwards never get a restored seat's id.
        """
        ...

    def rename_seat(self, seat_id: str, name: str) -> None:
        """Seat ``seat_id`` under ``name`` from now on: its view is built afresh for that name."""
        ...

    def remove_seat(self, seat_id: str) -> None:
        """Take ``seat_id`` away from the table (the GM removed that player)."""
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
    rate: float = 30.0  # messages per second, sustained, once the code is proved
    burst: float = 90.0  # messages at once
    unauthenticated: int = 64  # connections still proving the code, from every address together
    handshake_timeout: float = 10.0  # seconds to prove the code once the key exchange is done
    join_timeout: float = 60.0  # seconds from connecting to being seated (a GM's answer aside)
    claim_timeout: float = 600.0  # how long a claim on a seat waits for the GM's answer
    code_delay: float = 2.0  # a connection that gave a wrong code hears so only this much later
    keys: KeyLimits = field(default_factory=KeyLimits)
    ping_every: float = 3.0  # seconds between heartbeats to each connection
    away_after: float = 5.0  # a seat unheard for this long shows as away
    silent_after: float = 9.0  # a connection unheard for this long is closed: the seat is gone
    max_message: int = MAX_MESSAGE  # a bigger view goes in parts; a bigger patch as a view


SeatState = Literal["here", "away", "gone"]


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the GM's window lists it: ``rtt`` is the last heartbeat's round trip (s)."""

    seat_id: str
    name: str
    role: Role
    state: SeatState
    revision: int
    rtt: float | None = None
    free: bool = False  # the GM freed it: the next app asking for it by name takes it

    @property
    def connected(self) -> bool:
        """True while an app sits in the seat."""
        return self.state != "gone"


@dataclass(frozen=True)
class ClaimInfo:
    """An app asking for a seat that needs the GM's leave (a character's, or one already taken)."""

    claim_id: int
    name: str
    role: Role
    taken: bool  # the seat exists: someone took it before, from another app

    def text(self) -> str:
        """One plain line for the GM, e.g. "Ren (new computer) asks for Ren's seat"."""
        if self.taken:
            return tr("{name} (new computer) asks for {name}'s seat", name=self.name)
        return tr("{name} asks for {name}'s seat (a character's, not taken yet)", name=self.name)
