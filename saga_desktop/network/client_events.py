"""What the joining app's UI hears from :class:`~saga_desktop.network.client.ClientProtocol`."""

from __future__ import annotations

from dataclasses import dataclass, field

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Words
from saga_desktop.network.interface import ClaimInfo
from saga_desktop.network.messages import Change, Presence, TableSeats, View
from saga_desktop.network.seats import Role


@dataclass(frozen=True)
class Connected:
    """The host knew the code: the channel is secure; versions and seat come next."""


@dataclass(frozen=True)
class Joined:
    """The seat is ours; ``resumed`` when it is our old seat and only missed changes follow."""

    seat_id: str
    seat_name: str
    role: Role
    resumed: bool


@dataclass(frozen=True)
class ViewChanged:
    """The seat's view is now ``view`` at ``revision``; ``changes`` is None for a whole new view."""

    revision: int
    view: View
    changes: list[Change] | None


@dataclass(frozen=True)
class RequestAnswered:
    """The host's answer to one of our requests."""

    request_id: int
    ok: bool
    message: str
    words: Words | None = None
    """Why not, as data: the seat words it in its own language."""


@dataclass(frozen=True)
class HostRefused:
    """The host refused our last message (the connection stays open)."""

    reason: str
    english: str = field(default="", compare=False)
    """The reason in English (empty: as ``reason``), for code that decides by what was said."""

    @property
    def said_in_english(self) -> str:
        """The reason in English, whatever this app speaks."""
        return self.english or self.reason


@dataclass(frozen=True)
class Waiting:
    """The seat we asked for needs the GM's leave; ``text`` says so, for the window."""

    text: str


@dataclass(frozen=True)
class ClaimsChanged:
    """At a GM seat: the apps now waiting for the GM's leave to sit down, oldest first."""

    claims: tuple[ClaimInfo, ...]


@dataclass(frozen=True)
class TableChanged:
    """At a GM seat: the table as the host's window shows it (seats, join code, links)."""

    table: TableSeats


@dataclass(frozen=True)
class PresenceChanged:
    """Who is at the table, as the host now says (every seat hears it, a player's too)."""

    presence: Presence


@dataclass(frozen=True)
class HostSilent:
    """Nothing came from the host for too long: the connection is dropped and tried again."""

    text: str = tr_noop("Lost the host, trying again…")
    """Said through ``tr()`` where it is shown."""


@dataclass(frozen=True)
class Closed:
    """The connection is finished, and why (wrong code, versions differ, dropped, ...).

    ``back``: the host said it stops only for a moment; the seat's app comes back by itself.
    """

    reason: str
    back: bool = False
    english: str = field(default="", compare=False)
    """The reason in English (empty: as ``reason``), for code that decides by what was said."""

    @property
    def said_in_english(self) -> str:
        """The reason in English, whatever this app speaks."""
        return self.english or self.reason


ClientEvent = (
    Connected
    | Joined
    | ViewChanged
    | RequestAnswered
    | HostRefused
    | Waiting
    | ClaimsChanged
    | TableChanged
    | PresenceChanged
    | HostSilent
    | Closed
)
