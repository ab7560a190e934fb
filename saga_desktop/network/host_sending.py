"""The host's connections, and how it writes to them: messages sealed, big views in parts."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from saga_desktop.i18n.words import Words, say, words, words_n
from saga_desktop.network.chunks import TooBigError, split_view
from saga_desktop.network.crypto import SecureChannel
from saga_desktop.network.framing import FrameError
from saga_desktop.network.guard import TokenBucket
from saga_desktop.network.interface import Close, Send, Tap
from saga_desktop.network.messages import (
    MAX_MESSAGE,
    Bye,
    MessageBase,
    Patch,
    Refused,
    RequestResult,
    Snapshot,
    View,
    ViewPart,
    Welcome,
    encode,
)
from saga_desktop.network.seats import Seat

if TYPE_CHECKING:
    from saga_desktop.network.host import HostProtocol

log = logging.getLogger(__name__)
MAX_REASON = 2000


@dataclass
class Conn:
    """One connection as the host sees it."""

    conn_id: str
    peer: str
    channel: SecureChannel
    bucket: TokenBucket
    opened_at: float
    phase: Literal["handshake", "hello", "join", "waiting", "joined"] = "handshake"
    seat: Seat | None = None
    strikes: int = 0
    early: bytearray = field(default_factory=bytearray)  # the offer, waiting for its budget
    offered_at: float | None = None  # when the offer went to the key agreement
    held: tuple[bytes, str] | None = None  # a wrong code's refusal, sent at ``held_until``
    held_until: float = 0.0
    last_heard: float = 0.0
    ping_at: float = 0.0
    ping_nonce: int = 0
    pinged: bool = False  # a heartbeat is out, waiting for its pong
    rtt: float | None = None
    told_claims: bool = False  # a GM seat: it was told the claims waiting since it sat down

    def __post_init__(self) -> None:
        self.last_heard = self.ping_at = self.opened_at


class Sending:
    """What every part of the host's handling needs: send, refuse, say goodbye."""

    def __init__(self, host: HostProtocol, seats: dict[str, Seat], tap: Tap | None) -> None:
        self.host, self.seats, self.tap = host, seats, tap

    def _live(self, conn: Conn) -> bool:
        return self.host._state.conns.get(conn.conn_id) is conn

    def send(self, conn: Conn, message: MessageBase) -> None:
        """Seal and queue one message to ``conn``.

        A view too big for one message goes as an outline and its parts; a patch too big goes
        as the seat's whole view at that revision (it is the newest one).
        """
        if not self._live(conn):
            return
        plaintext = encode(message)
        limit = min(self.host.limits.max_message, MAX_MESSAGE)
        if len(plaintext) > limit:
            seat = conn.seat
            if isinstance(message, (Welcome, Snapshot)) and message.view is not None:
                self._send_in_parts(conn, message, message.view, limit)
                return
            if (
                isinstance(message, Patch)
                and seat is not None
                and seat.revision == message.revision
            ):
                view = self.host.table.view_for(seat.seat_id)
                self._send_in_parts(conn, Snapshot(revision=message.revision, view={}), view, limit)
                return
        self._seal(conn, type(message).__name__, plaintext, limit)

    def _seal(self, conn: Conn, what: str, plaintext: bytes, limit: int) -> None:
        if self.tap is not None:
            self.tap(conn.conn_id, conn.seat.seat_id if conn.seat else None, plaintext)
        try:
            if len(plaintext) > limit:
                raise FrameError("over the message limit")
            self.host.emit(Send(conn.conn_id, conn.channel.seal(plaintext)))
        except FrameError:
            log.error("a %s of %d bytes is too big to send", what, len(plaintext))
            self.bye(conn, words("The table is too big to send over the network."))

    def _send_in_parts(
        self, conn: Conn, message: Welcome | Snapshot, view: View, limit: int
    ) -> None:
        """``message`` with the outline of ``view``, then the parts that fill it in."""
        try:
            outline, parts = split_view(view, limit - 1024)
        except TooBigError as exc:
            log.error("a view cannot be split to send: %s", exc)
            self.bye(
                conn, words("The table is too big to send over the network: {why}", why=str(exc))
            )
            return
        head = message.model_copy(update={"view": outline, "parts": len(parts)})
        self._seal(conn, type(head).__name__, encode(head), limit)
        for index, changes in enumerate(parts):
            part = ViewPart(revision=head.revision, index=index, changes=changes)
            self._seal(conn, "ViewPart", encode(part), limit)

    def bye(self, conn: Conn, reason: Words | str, *, back: bool = False) -> None:
        """Say why (and, with ``back``, that the host will be there again), then close ``conn``.

        Words travel as words (the player's app words them in its own language); the host's log
        reads them in the host's.
        """
        text, data = why(reason)
        if conn.channel.is_open:
            self.send(conn, Bye(reason=text, words=data, back=back))
        self.host.emit(Close(conn.conn_id, say(reason) if isinstance(reason, Words) else reason))

    def strike(self, conn: Conn, reason: Words | str, request_id: int | None = None) -> None:
        """Refuse a bad message; drop the connection once it has sent too many."""
        text, data = why(reason)
        if request_id is None:
            self.send(conn, Refused(reason=text, words=data))
        else:
            message = "" if data is not None else text
            self.send(
                conn, RequestResult(request_id=request_id, ok=False, message=message, words=data)
            )
        conn.strikes += 1
        if conn.strikes >= self.host.limits.strikes and self._live(conn):
            last = reason if isinstance(reason, Words) else text
            n = conn.strikes
            self.bye(
                conn,
                words_n(
                    "Dropped after {n} bad message; the last: {last}",
                    "Dropped after {n} bad messages; the last: {last}",
                    n,
                    last=last,
                ),
            )


def why(reason: Words | str) -> tuple[str, dict[str, Any] | None]:
    """A reason as it travels: words as their data alone (no sentence), a text as it is."""
    if isinstance(reason, Words):
        return "", reason.to_data()
    return reason[:MAX_REASON], None
