"""The host side of the protocol: the GM's app, sole authority over the table. Sans-IO.

The transport calls :meth:`HostProtocol.connection_made`, :meth:`~HostProtocol.data_received`
and :meth:`~HostProtocol.connection_lost`, and :meth:`~HostProtocol.tick` about twice a second;
the app calls :meth:`~HostProtocol.publish` after each change. Every call returns the
:class:`Send` and :class:`Close` actions to carry out, in order. Nothing a peer sends makes the
host raise: bad input is refused with a message and changes nothing, and a peer that keeps at it
is dropped while everyone else plays on.

Before a peer has proved the code it costs the host little: a few KiB at most, a place among a
fixed number of such connections (the oldest goes when a new one needs room), and a key agreement
only when its address's budget allows. A wrong code delays the connection that gave it; only many
in a row slow its address, and even then a right code from there is let in, just later.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from saga_desktop.i18n.words import Words
from saga_desktop.network.claims import Claim, Desk
from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.network.crypto import SecureChannel
from saga_desktop.network.guard import Clock, KeyBudget, TokenBucket
from saga_desktop.network.host_sending import Conn
from saga_desktop.network.host_session import Session
from saga_desktop.network.interface import (
    Action,
    ClaimInfo,
    Close,
    HostLimits,
    SeatInfo,
    SeatState,
    Send,
    Table,
    Tap,
    Versions,
)
from saga_desktop.network.messages import Change, Ping
from saga_desktop.network.presence import PresenceDesk
from saga_desktop.network.seat_admin import SeatAdmin
from saga_desktop.network.seats import KeptSeat, Seat

__all__ = [
    "Action",
    "ClaimInfo",
    "Close",
    "HostLimits",
    "HostProtocol",
    "SeatInfo",
    "Send",
    "Table",
    "Versions",
]
BUSY = "The host is busy with many new connections: connect again in a moment."


@dataclass
class _State:
    seats: dict[str, Seat] = field(default_factory=dict)
    conns: dict[str, Conn] = field(default_factory=dict)  # oldest first
    claims: dict[int, Claim] = field(default_factory=dict)
    outbox: list[Action] = field(default_factory=list)


class HostProtocol:
    """Seats, codes, revisions, presence and resume for one hosted game, without any sockets."""

    def __init__(
        self,
        table: Table,
        join_code: Code,
        gm_code: Code | None = None,
        *,
        clock: Clock = time.monotonic,
        limits: HostLimits | None = None,
        tap: Tap | None = None,
        guarded: Desk.Guard | None = None,
        gm_at_host: bool = False,
    ) -> None:
        """``tap(conn_id, seat_id, plaintext)`` sees every message before it is sealed.

        ``guarded`` (a name -> bool) says which names have a character. While a GM can answer
        (``gm_at_host``: the host's own window, or any GM seat connected), such a name and any
        seat already taken are given only with the GM's leave (:meth:`answer`, or a GM seat's
        request); with nobody to ask, names are first come, first served and a taken seat is
        refused.
        """
        if join_code.kind is not CodeKind.PLAYER or (gm_code and gm_code.kind is not CodeKind.GM):
            raise ValueError("the join code must be a player code and the GM code a GM code")
        self.table, self.clock, self.limits = table, clock, limits or HostLimits()
        self._codes = {CodeKind.PLAYER: join_code}
        if gm_code is not None:
            self._codes[CodeKind.GM] = gm_code
        self.keys = KeyBudget(clock, self.limits.keys)
        self._state = _State()
        self._session = Session(self, self._state.seats, tap)
        claims = self._state.claims
        self.desk = Desk(self, self._session, self._state.seats, claims, guarded, gm_at_host)
        self.admin = SeatAdmin(self)
        self.presence = PresenceDesk(self, gm_at_host)
        self._depth = 0

    @contextmanager
    def _batch(self) -> Iterator[list[Action]]:
        """Collect actions; only the outermost call returns them (the table may publish inside)."""
        self._depth += 1
        result: list[Action] = []
        try:
            yield result
            if self._depth == 1:
                self.desk.follow_up()
                self.admin.follow_up()
                self.presence.follow_up()
        finally:
            self._depth -= 1
        if self._depth == 0:
            result.extend(self._state.outbox)
            self._state.outbox.clear()

    def emit(self, action: Action) -> None:
        """Queue an action for the current call's result."""
        self._state.outbox.append(action)
        if isinstance(action, Close):
            self._forget(action.conn_id)

    def _forget(self, conn_id: str) -> None:
        conn = self._state.conns.pop(conn_id, None)
        if conn is not None and conn.seat is not None and conn.seat.conn_id == conn.conn_id:
            conn.seat.conn_id = None

    def conn(self, conn_id: str) -> Conn | None:
        """The open connection ``conn_id``, if any."""
        return self._state.conns.get(conn_id)

    def open_conns(self) -> list[Conn]:
        """Every open connection, oldest first."""
        return list(self._state.conns.values())

    def connection_made(self, conn_id: str, peer: str) -> list[Action]:
        """A peer connected; ``peer`` is its address without the port (wrong codes count by it).

        When the connections still proving the code are at their limit, the oldest goes.
        """
        if conn_id in self._state.conns:
            raise ValueError(f"connection id {conn_id!r} is already in use")
        with self._batch() as out:
            unproved = [c for c in self._state.conns.values() if c.phase == "handshake"]
            for oldest in unproved[: max(0, len(unproved) - self.limits.unauthenticated + 1)]:
                self.emit(Close(oldest.conn_id, BUSY))
            channel = SecureChannel.for_host(self._codes)
            bucket = TokenBucket(self.limits.rate, self.limits.burst, self.clock)
            self._state.conns[conn_id] = Conn(conn_id, peer, channel, bucket, self.clock())
        return out

    def tick(self) -> list[Action]:
        """Timers: heartbeats, silent peers, waiting offers, wrong codes, slow joins.

        Call it every half second or so.
        """
        with self._batch() as out:
            now, limits = self.clock(), self.limits
            for conn in list(self._state.conns.values()):
                if self.conn(conn.conn_id) is not conn:
                    continue
                if conn.held is not None:
                    if now >= conn.held_until:
                        self.emit(Send(conn.conn_id, conn.held[0]))
                        self.emit(Close(conn.conn_id, conn.held[1]))
                elif conn.phase == "handshake":
                    self._handshake_timer(conn, now)
                elif now - conn.last_heard >= limits.silent_after:
                    self.emit(Close(conn.conn_id, "Nothing heard for a while: gone."))
                elif conn.phase in ("hello", "join") and now - conn.opened_at > limits.join_timeout:
                    self._session.bye(conn, "Took too long to join; connect again.")
                elif now - conn.ping_at >= limits.ping_every:
                    conn.ping_nonce, conn.ping_at, conn.pinged = conn.ping_nonce + 1, now, True
                    self._session.send(conn, Ping(nonce=conn.ping_nonce))
            self.desk.expire(now)
        return out

    def _handshake_timer(self, conn: Conn, now: float) -> None:
        """Close a handshake that stalled; give a waiting offer its key agreement when it may.

        An offer waiting for its address's budget may wait as long as a join may take: a right
        code from a busy address is let in late rather than turned away.
        """
        if conn.offered_at is not None:
            if now - conn.offered_at >= self.limits.handshake_timeout:
                self.emit(Close(conn.conn_id, "Took too long to prove the code."))
        elif now - conn.opened_at >= self.limits.join_timeout:
            self.emit(Close(conn.conn_id, "Took too long to send a key exchange."))
        elif conn.early:
            self._session.receive(conn, b"")

    def data_received(self, conn_id: str, data: bytes) -> list[Action]:
        """Bytes from a peer; returns what to send and whom to close."""
        with self._batch() as out:
            conn = self._state.conns.get(conn_id)
            if conn is not None:
                self._session.receive(conn, data)
        return out

    def connection_lost(self, conn_id: str) -> list[Action]:
        """A peer went away; its seat stays, waiting for its reconnect token."""
        with self._batch() as out:
            self._forget(conn_id)
        return out

    def publish(self, changes_by_seat: Mapping[str, Sequence[Change]]) -> list[Action]:
        """Send each seat its own changes, as one new revision of its view.

        Call it right after every change to the table, before anything else reaches the host,
        so that :meth:`Table.view_for` and the seats' revisions always agree.
        """
        with self._batch() as out:
            unknown = set(changes_by_seat) - set(self._state.seats)
            if unknown:
                raise ValueError(f"no such seats: {sorted(unknown)}")
            for seat_id, changes in changes_by_seat.items():
                if changes:
                    seat = self._state.seats[seat_id]
                    patch = seat.record(changes)
                    conn = self._state.conns.get(seat.conn_id or "")
                    if conn is not None:
                        self._session.send(conn, patch)
        return out

    def kick(self, seat_id: str, reason: str) -> list[Action]:
        """Close the connection in a seat (the seat and its token stay)."""
        with self._batch() as out:
            seat = self._state.seats.get(seat_id)
            conn = self._state.conns.get(seat.conn_id or "") if seat else None
            if conn is not None:
                self._session.bye(conn, reason)
        return out

    def claims(self) -> list[ClaimInfo]:
        """The apps waiting for the GM's leave to take a seat, oldest first."""
        return self.desk.claims()

    def answer(self, claim_id: int, accept: bool, reason: str = "") -> list[Action]:
        """The GM lets a waiting app into the seat it asked for, or sends it away (and why)."""
        said = " ".join(reason.split())
        if said and not accept:
            name = next((c.name for c in self.claims() if c.claim_id == claim_id), "")
            said = f"The GM did not let you in as {name}: {said}"
        with self._batch() as out:
            self.desk.answer(claim_id, accept, said)
        return out

    def free_seat(self, seat_id: str) -> list[Action]:
        """Unbind a seat from its app: the next app asking for it by name takes it."""
        with self._batch() as out:
            self.desk.free(seat_id)
        return out

    def move_seat(self, seat_id: str, name: str) -> list[Action]:
        """Seat ``seat_id`` under another name (ValueError saying why not)."""
        with self._batch() as out:
            self.desk.move(seat_id, name)
        return out

    def remove_seat(self, seat_id: str) -> list[Action]:
        """Send the seat's player away and take the seat from the table."""
        with self._batch() as out:
            self.desk.remove(seat_id)
        return out

    def close_all(self, reason: Words | str) -> list[Action]:
        """Say goodbye to every connection, e.g. when the GM stops hosting.

        ``reason`` as :class:`Words` is worded by each player's app in its own language.
        """
        with self._batch() as out:
            for conn in list(self._state.conns.values()):
                self._session.bye(conn, reason)
        return out

    def pause_all(self, reason: Words | str) -> list[Action]:
        """Say goodbye to every connection for a moment: the host will be there again.

        It comes back with the same seats (a ``--serve`` stopped to be served again), so the
        seated come back by themselves (an app not seated yet has nothing to come back to).
        """
        with self._batch() as out:
            for conn in list(self._state.conns.values()):
                self._session.bye(conn, reason, back=True)
        return out

    def restore_seats(self, kept: Sequence[KeptSeat]) -> None:
        """Seat again the players of a host that stopped without saying goodbye (a crash).

        Each seat keeps its id, name, role and reconnect token, so its player takes it back by
        themselves; the first time they do, they get their whole view, since their last revision
        was counted by the old host. Call it before anyone connects.
        """
        if self._state.conns:
            raise ValueError("seats are restored before anyone connects")
        ids = [seat.seat_id for seat in kept]
        if len(set(ids)) != len(ids) or set(ids) & set(self._state.seats):
            raise ValueError("a restored seat id is given twice or already taken")
        for seat in kept:
            self.table.restore_seat(seat.seat_id, seat.name, seat.role)
            self._state.seats[seat.seat_id] = Seat(
                seat.seat_id,
                seat.name,
                seat.role,
                self.limits.log_size,
                token=seat.token,
                whole_view_due=True,
                free=seat.free,
            )

    @property
    def join_code(self) -> Code:
        """The code players join with."""
        return self._codes[CodeKind.PLAYER]

    @property
    def session(self) -> Session:
        """The seat session (sends to, greets and says goodbye to connections)."""
        return self._session

    def seat_by_id(self, seat_id: str) -> Seat | None:
        """The seat ``seat_id``, if it is at the table."""
        return self._state.seats.get(seat_id)

    def kept_seats(self) -> list[KeptSeat]:
        """What :meth:`restore_seats` needs to seat everyone again after a restart."""
        return [
            KeptSeat(s.seat_id, s.name, s.role, s.token, s.free) for s in self._state.seats.values()
        ]

    def seats(self) -> list[SeatInfo]:
        """Every seat, in the order they were first taken, with its presence."""
        out = []
        now = self.clock()
        for s in self._state.seats.values():
            conn = self._state.conns.get(s.conn_id or "")
            state: SeatState = "gone"
            if conn is not None:
                state = "away" if now - conn.last_heard >= self.limits.away_after else "here"
            rtt = conn.rtt if conn is not None else None
            out.append(SeatInfo(s.seat_id, s.name, s.role, state, s.revision, rtt, s.free))
        return out

    def connections(self) -> int:
        """How many connections are open (joined or not)."""
        return len(self._state.conns)
