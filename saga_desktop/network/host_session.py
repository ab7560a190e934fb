"""The host's handling of one connection's messages: offer, hello, join, requests, resume."""

from __future__ import annotations

import logging

from saga_desktop.i18n.words import Words, english, say, words
from saga_desktop.network.claims import ANSWER_CLAIM
from saga_desktop.network.codes import CodeKind, tokens_match
from saga_desktop.network.crypto import HANDSHAKE_FRAME
from saga_desktop.network.framing import frame_length
from saga_desktop.network.host_sending import MAX_REASON, Conn, Sending
from saga_desktop.network.interface import Close, Send
from saga_desktop.network.messages import (
    MAX_MESSAGE,
    PROTOCOL_VERSION,
    Bye,
    Hello,
    Join,
    MessageError,
    Ping,
    Pong,
    Refused,
    Request,
    RequestResult,
    Resume,
    Snapshot,
    Welcome,
    decode,
    encode,
    request_parts,
)
from saga_desktop.network.seat_admin import SEAT_ADMIN
from saga_desktop.network.seats import Role, Seat

log = logging.getLogger(__name__)


class Session(Sending):
    """Turns a connection's decrypted messages into seats, requests and replies."""

    def receive(self, conn: Conn, data: bytes) -> None:
        """Bytes arrived on ``conn`` (none: try again an offer that waits for its budget)."""
        if data:
            conn.last_heard = self.host.clock()
        if conn.held is not None:
            return  # a wrong code: nothing more is read while it waits for its answer
        if conn.offered_at is None:
            conn.early += data
            if not self._offer_ready(conn):
                return
            data, conn.early, conn.offered_at = bytes(conn.early), bytearray(), self.host.clock()
        result = conn.channel.receive(data)
        if result.wrong_code:
            self.host.keys.failed(conn.peer)
            assert result.failure is not None
            delay = self.host.limits.code_delay
            conn.held, conn.held_until = (result.send, result.failure), self.host.clock() + delay
            return
        if result.send:
            self.host.emit(Send(conn.conn_id, result.send))
        if result.opened:
            self.host.keys.succeeded(conn.peer)
            conn.phase = "hello"
        if result.failure is not None:
            self.host.emit(Close(conn.conn_id, result.failure))
            return
        steps = [(reason, b"") for reason in result.bad] + [("", m) for m in result.messages]
        for bad, plaintext in steps:
            if not self._live(conn):
                return
            if not conn.bucket.take():
                self.bye(conn, words("Too many messages too fast: the host closed the connection."))
                return
            if bad:
                self.strike(conn, bad)
            else:
                self._message(conn, plaintext)

    def _offer_ready(self, conn: Conn) -> bool:
        """True when the whole first frame is in and the address may have a key agreement.

        A first frame longer than a handshake needs closes the connection at once.
        """
        size = frame_length(conn.early)
        if size is not None and not 0 < size <= HANDSHAKE_FRAME:
            limit = HANDSHAKE_FRAME
            reason = f"A frame of {size} bytes before the handshake: the limit is {limit}."
            conn.early = bytearray()
            self.host.emit(Close(conn.conn_id, reason))
            return False
        if size is None or len(conn.early) < 4 + size:
            return False
        return self.host.keys.take(conn.peer)

    def _message(self, conn: Conn, plaintext: bytes) -> None:
        try:
            message = decode(plaintext)
        except MessageError as exc:
            self.strike(conn, str(exc))
            return
        if isinstance(message, Ping):
            self.send(conn, Pong(nonce=message.nonce))
        elif isinstance(message, Pong):
            if conn.pinged and message.nonce == conn.ping_nonce:
                conn.rtt, conn.pinged = self.host.clock() - conn.ping_at, False
        elif isinstance(message, Bye):
            self.host.emit(Close(conn.conn_id, f"the player left: {message.reason}"))
        elif conn.phase == "hello":
            if isinstance(message, Hello):
                self._hello(conn, message)
            else:
                self.strike(conn, words("Send your versions (a hello message) first."))
        elif conn.phase == "join":
            if isinstance(message, Join):
                self._join(conn, message)
            else:
                self.strike(conn, words("Join a seat first."))
        elif conn.phase == "waiting":
            self.strike(conn, words("Wait for the GM's answer first."))
        elif isinstance(message, Request):
            self._request(conn, message)
        elif isinstance(message, Resume):
            self._catch_up(conn, conn.seat, message.last_revision, snapshot=True)
        else:
            kind = repr(message.type)
            self.strike(
                conn, words("A player does not send {kind} messages once seated.", kind=kind)
            )

    def _hello(self, conn: Conn, hello: Hello) -> None:
        versions = self.host.table.versions()
        problems: list[Words] = []
        if hello.protocol_version != PROTOCOL_VERSION:
            problems.append(
                words(
                    "network protocol {host} on the host, {yours} in your app",
                    host=PROTOCOL_VERSION,
                    yours=hello.protocol_version,
                )
            )
        if hello.app_version != versions.app_version:
            problems.append(
                words(
                    "Saga Desktop {host} on the host, {yours} in your app",
                    host=versions.app_version,
                    yours=hello.app_version,
                )
            )
        for ruleset, version in sorted(versions.rulesets.items()):
            theirs = hello.rulesets.get(ruleset)
            if theirs != version:
                problems.append(
                    words(
                        "{ruleset} rules {host} on the host, {yours} in your app",
                        ruleset=ruleset,
                        host=version,
                        yours=theirs or words("missing"),
                    )
                )
        if problems:
            reason = words(
                "Versions differ: {problems}. Install the GM's version to join.",
                problems=Words(
                    "; ".join(f"{{p{i}}}" for i in range(len(problems))),
                    {f"p{i}": p for i, p in enumerate(problems)},
                ),
            )
            # An app of another protocol may not read words: it is told in English alone.
            if hello.protocol_version == PROTOCOL_VERSION:
                self.send(conn, Refused(words=reason.to_data()))
            else:
                self.send(conn, Refused(reason=english(reason)[:MAX_REASON]))
            self.host.emit(Close(conn.conn_id, say(reason)))
            return
        reply = Hello(
            app_version=versions.app_version,
            protocol_version=PROTOCOL_VERSION,
            rulesets=dict(versions.rulesets),
        )
        self.send(conn, reply)
        conn.phase = "join"

    def _join(self, conn: Conn, join: Join) -> None:
        if join.role == "gm" and conn.channel.kind is not CodeKind.GM:
            self.strike(conn, words("Only the GM code opens a GM seat."))
            return
        if join.reconnect_token is not None:
            token = join.reconnect_token
            seat = next((s for s in self.seats.values() if tokens_match(token, s.token)), None)
            if seat is None or seat.role != join.role:
                unknown = words("That reconnect token is not known here; join with a seat name.")
                self.strike(conn, unknown)
                return
            old = self.host._state.conns.get(seat.conn_id or "")
            if old is not None and old is not conn:
                self.bye(old, words("Your seat was taken back by a new connection."))
            self._seat(conn, seat)
            self._catch_up(conn, seat, join.last_revision, snapshot=False)
            return
        name = " ".join((join.seat_name or "").split())
        if not name or not name.isprintable():
            self.strike(conn, words("A seat needs a name made of ordinary characters."))
            return
        self.host.desk.by_name(conn, name, join.role)

    def new_seat(self, conn: Conn, name: str, role: Role) -> None:
        """Make a seat called ``name`` and sit ``conn`` in it, or refuse saying why not."""
        try:
            seat_id = self.host.table.add_seat(name, role)
        except ValueError as exc:
            self.strike(conn, str(exc) or words("The table has no room for another seat."))
            return
        if seat_id in self.seats:
            raise ValueError(f"the table gave out seat id {seat_id!r} twice")
        seat = Seat(seat_id, name, role, self.host.limits.log_size)
        self.seats[seat_id] = seat
        self.sit(conn, seat)

    def sit(self, conn: Conn, seat: Seat) -> None:
        """Give ``seat`` to ``conn`` (a new app): its whole view."""
        self._seat(conn, seat)
        self._catch_up(conn, seat, None, snapshot=False)

    def _seat(self, conn: Conn, seat: Seat) -> None:
        seat.conn_id, conn.seat, conn.phase, seat.free = conn.conn_id, seat, "joined", False

    def _catch_up(self, conn: Conn, seat: Seat | None, last: int | None, snapshot: bool) -> None:
        """Bring the seat up to date: the patches after ``last``, or its whole view."""
        assert seat is not None
        patches = seat.patches_after(last) if last is not None else None
        limit = min(self.host.limits.max_message, MAX_MESSAGE)
        if patches and any(len(encode(p)) > limit for p in patches[:-1]):
            patches = None  # an old patch too big to send: the whole view instead
        if not snapshot:
            view = self.host.table.view_for(seat.seat_id) if patches is None else None
            welcome = Welcome(
                seat_id=seat.seat_id,
                seat_name=seat.name,
                role=seat.role,
                reconnect_token=seat.token,
                revision=seat.revision if patches is None or last is None else last,
                view=view,
            )
            self.send(conn, welcome)
        elif patches is None:
            view = self.host.table.view_for(seat.seat_id)
            self.send(conn, Snapshot(revision=seat.revision, view=view))
        for patch in patches or []:
            self.send(conn, patch)
        if patches is None:
            seat.whole_view_due = False

    def _request(self, conn: Conn, request: Request) -> None:
        seat = conn.seat
        assert seat is not None
        if not seat.first_time(request.request_id):
            reason = words(
                "Request {request} was already handled; it is not done twice.",
                request=request.request_id,
            )
            self.strike(conn, reason, request.request_id)
            return
        refusal: Words | str | None
        try:
            tag, fields = request_parts(request.op)
            if tag == ANSWER_CLAIM:
                refusal = self.host.desk.answer_request(seat, fields)
            elif tag == SEAT_ADMIN:
                refusal = self.host.admin.request(seat, fields)
            else:
                refusal = self.host.table.handle_request(seat.seat_id, dict(request.op))
        except Exception:  # an error in the app must not stop the game for everyone
            log.exception("the table failed on a request from seat %s", seat.seat_id)
            refusal = words("The host could not carry out this request (an error in the GM's app).")
        if self._live(conn):
            said = refusal if isinstance(refusal, Words) else None
            result = RequestResult(
                request_id=request.request_id,
                ok=refusal is None,
                message="" if said is not None or refusal is None else str(refusal)[:MAX_REASON],
                words=said.to_data() if said is not None else None,
            )
            self.send(conn, result)
