"""The joining side: a player's (or a second GM's) app. Sans-IO.

One :class:`ClientProtocol` lives for the whole game, across reconnects: it keeps the seat, the
reconnect token, the view and its revision, so after :meth:`~ClientProtocol.connection_lost` a new
:meth:`~ClientProtocol.connection_made` takes the same seat back and receives only what it missed.
Every call returns the bytes to send and the :data:`ClientEvent` values for the UI. Call
:meth:`~ClientProtocol.tick` every second or so: it sends the heartbeat and, when nothing came
from the host for ``silent_after`` seconds, says so (:class:`HostSilent`) and asks to drop the
connection, so the transport connects again.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pydantic import JsonValue, ValidationError

from saga_desktop.i18n.words import Words, english, say, words
from saga_desktop.network.assembly import Assembly, AssemblyError
from saga_desktop.network.client_events import (
    ClaimsChanged,
    ClientEvent,
    Closed,
    Connected,
    HostRefused,
    HostSilent,
    Joined,
    PresenceChanged,
    RequestAnswered,
    TableChanged,
    ViewChanged,
    Waiting,
)
from saga_desktop.network.codes import Code
from saga_desktop.network.crypto import SecureChannel
from saga_desktop.network.interface import ClaimInfo
from saga_desktop.network.messages import (
    MAX_MESSAGE,
    PROTOCOL_VERSION,
    Bye,
    Change,
    Claims,
    Hello,
    Join,
    Message,
    MessageBase,
    MessageError,
    Patch,
    Ping,
    Pong,
    Presence,
    Refused,
    Request,
    RequestResult,
    Resume,
    Snapshot,
    TableSeats,
    View,
    Wait,
    Welcome,
    decode,
    encode,
)
from saga_desktop.network.patch import PatchError, apply_patch
from saga_desktop.network.seats import Role

FIRST_REQUEST_SPAN = 2**48
"""A client's first request id is drawn below this (ids stay well under the 2**53 limit)."""


class NotJoinedError(RuntimeError):
    """The client has no open, joined connection to send a request over."""


@dataclass
class ClientOutput:
    """Bytes to send, events for the UI, and whether the connection is finished."""

    data: bytes = b""
    events: list[ClientEvent] = field(default_factory=list)
    close: bool = False


class ClientProtocol:
    """Handshake, hello, join, then a live copy of this seat's view."""

    def __init__(
        self,
        code: Code,
        app_version: str,
        rulesets: Mapping[str, str],
        seat_name: str | None = None,
        role: Role = "player",
        reconnect_token: str | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        ping_every: float = 3.0,
        silent_after: float = 8.0,
    ) -> None:
        """Join by ``seat_name``, or take a seat back with a ``reconnect_token`` kept earlier."""
        self.code, self.role = code, role
        self.clock, self.ping_every, self.silent_after = clock, ping_every, silent_after
        self._heard = self._pinged = clock()
        self._nonce = 0
        self.hello = Hello(
            app_version=app_version, protocol_version=PROTOCOL_VERSION, rulesets=dict(rulesets)
        )
        self.seat_name, self.reconnect_token = seat_name, reconnect_token
        self.seat_id: str | None = None
        self.view: View | None = None
        self.revision, self.joined = -1, False
        self._channel: SecureChannel | None = None
        # A new app may take back a seat whose earlier app already sent requests: the host keeps
        # their ids to refuse replays, so each app numbers its requests from a random start.
        self._next_request = secrets.randbelow(FIRST_REQUEST_SPAN) + 1
        self._asked_resume_at: int | None = None
        self._phase = "handshake"
        self._assembling: Assembly | None = None  # a view arriving in parts
        self.claims: tuple[ClaimInfo, ...] = ()
        """At a GM seat: the apps waiting for the GM's leave to sit down, as the host last said."""
        self.table: TableSeats | None = None
        """At a GM seat: the table as the host last told it (None before it did)."""
        self.presence: Presence | None = None
        """Who is at the table, as the host last told this seat (None before it did)."""

    def connection_made(self) -> bytes:
        """A new connection to the host is up: the opening bytes of the handshake."""
        self._channel = SecureChannel.for_player(self.code)
        self.joined, self._phase = False, "handshake"
        self._heard = self._pinged = self.clock()
        return self._channel.start()

    def tick(self) -> ClientOutput:
        """The heartbeat, and a silent host noticed: then ``close`` asks to drop the connection."""
        out = ClientOutput()
        if self._channel is None or self._channel.failure is not None:
            return out
        now = self.clock()
        # Before the channel opens the host may hold our offer a while (a busy address): only
        # its own join timeout, a minute, means it is gone.
        patience = self.silent_after if self._open() else max(self.silent_after, 60.0)
        if now - self._heard >= patience:
            out.events.append(HostSilent())
            out.close, self.joined, self._channel, self._assembling = True, False, None, None
        elif self._open() and now - self._pinged >= self.ping_every:
            self._nonce, self._pinged = self._nonce + 1, now
            out.data += self._seal(Ping(nonce=self._nonce))
        return out

    def connection_lost(self) -> list[ClientEvent]:
        """The connection dropped; the seat, token and view are kept for the next one."""
        was_open = self._channel is not None and self._channel.failure is None
        self._channel, self.joined, self._assembling = None, False, None
        lost = words("The connection to the host was lost.")
        return [Closed(say(lost), english=english(lost))] if was_open else []

    def request(self, op: dict[str, JsonValue]) -> tuple[int, bytes]:
        """Ask the host to do ``op`` (a ``kind`` and its fields); returns its id and the bytes."""
        if not self.joined or self._channel is None:
            raise NotJoinedError("Not connected to the host: wait until the seat is joined.")
        try:
            message = Request(request_id=self._next_request, op=op)
        except ValidationError as exc:
            raise ValueError(f"Not a request the host can read: {exc.errors()[0]['msg']}") from None
        if len(encode(message)) > MAX_MESSAGE:
            raise ValueError("This request is too big to send to the host.")
        self._next_request += 1
        return message.request_id, self._seal(message)

    def join(self, seat_name: str) -> bytes:
        """Ask again for a seat by name, e.g. after the host refused a name or a token."""
        if not self._open() or self._phase != "join" or self.joined:
            raise NotJoinedError("A seat can be asked for only after the host said hello.")
        self.seat_name, self.reconnect_token, self.view = seat_name, None, None
        return self._seal(Join(role=self.role, seat_name=seat_name))

    def leave(self, reason: str = "") -> bytes:
        """A goodbye to send before closing."""
        return self._seal(Bye(reason=reason[:2000])) if self._open() else b""

    def _open(self) -> bool:
        return self._channel is not None and self._channel.is_open

    def _seal(self, message: MessageBase) -> bytes:
        assert self._channel is not None
        return self._channel.seal(encode(message))

    def data_received(self, data: bytes) -> ClientOutput:
        """Bytes from the host; never raises on anything the host sends."""
        out = ClientOutput()
        channel = self._channel
        if channel is None or channel.failure is not None:
            return out
        self._heard = self.clock()
        result = channel.receive(data)
        out.data += result.send
        if result.opened:
            out.events.append(Connected())
            self._phase = "hello"
            out.data += self._seal(self.hello)
        for text in result.bad:
            self._finish(out, words("The host's messages cannot be trusted: {why}", why=text))
        for plaintext in result.messages:
            if out.close:
                break
            try:
                self._message(decode(plaintext), out)
            except MessageError as exc:
                self._finish(
                    out, words("The host sent something this app cannot read: {why}", why=str(exc))
                )
        if result.failure is not None and not out.close:
            self._finish(out, result.failure)
        return out

    def _finish(self, out: ClientOutput, reason: Words | str, *, back: bool = False) -> None:
        """Close, saying why in this app's language (and in English, for code that decides)."""
        if not out.close:
            out.events.append(Closed(say(reason), back, english(reason)))
            out.close, self.joined, self._channel = True, False, None

    def _join_message(self) -> Join:
        if self.reconnect_token is not None:
            last = self.revision if self.view is not None else None
            return Join(role=self.role, reconnect_token=self.reconnect_token, last_revision=last)
        return Join(role=self.role, seat_name=self.seat_name)

    def _message(self, message: Message, out: ClientOutput) -> None:
        if self._assembling is not None:
            self._part(message, out)
        elif isinstance(message, Hello) and self._phase == "hello":
            self._phase = "join"
            out.data += self._seal(self._join_message())
        elif isinstance(message, Wait) and self._phase == "join":
            out.events.append(Waiting(_said(message.words, message.reason)))
        elif isinstance(message, Welcome):
            self._welcome(message, out)
        elif isinstance(message, Patch) and self.joined:
            self._patch(message, out)
        elif isinstance(message, Snapshot) and self.joined:
            if message.parts:
                self._assembling = Assembly(message, message.view)
            else:
                self._set_view(message.view, message.revision, None, out)
        elif isinstance(message, Claims) and self.joined and self.role == "gm":
            self.claims = tuple(
                ClaimInfo(line.claim_id, line.name, "player", line.taken) for line in message.claims
            )
            out.events.append(ClaimsChanged(self.claims))
        elif isinstance(message, TableSeats) and self.joined and self.role == "gm":
            self.table = message
            out.events.append(TableChanged(message))
        elif isinstance(message, Presence) and self.joined:
            self.presence = message
            out.events.append(PresenceChanged(message))
        elif isinstance(message, RequestResult):
            said = Words.from_data(message.words) if message.words is not None else None
            text = say(said) if said is not None else message.message  # in this seat's language
            event = RequestAnswered(message.request_id, message.ok, text, said)
            out.events.append(event)
        elif isinstance(message, Refused):
            why = _why(message.words, message.reason)
            if self._phase == "hello":  # versions differ: the host closes the connection
                self._finish(out, why)
            else:
                out.events.append(HostRefused(say(why), english(why)))  # in this seat's language
        elif isinstance(message, Bye):
            back = message.back and self.reconnect_token is not None
            why = _why(message.words, message.reason) or words("The host closed the connection.")
            self._finish(out, why, back=back)
        elif isinstance(message, Ping):
            out.data += self._seal(Pong(nonce=message.nonce))
        elif not isinstance(message, Pong):
            kind = repr(message.type)
            self._finish(out, words("The host sent an unexpected {kind} message.", kind=kind))

    def _part(self, message: Message, out: ClientOutput) -> None:
        """The next part of a view arriving in parts; the whole view counts once complete."""
        assert self._assembling is not None
        try:
            whole = self._assembling.add(message)
        except AssemblyError as exc:
            self._finish(out, str(exc))
            return
        if whole is not None:
            self._assembling = None
            self._message(whole, out)

    def _welcome(self, welcome: Welcome, out: ClientOutput) -> None:
        if welcome.parts and welcome.view is not None:
            self._assembling = Assembly(welcome, welcome.view)
            return
        resumed = welcome.view is None
        if resumed and (self.view is None or welcome.seat_id != self.seat_id):
            self._finish(out, words("The host resumed a seat this app does not have a view of."))
            return
        if self.claims:  # the host tells a GM seat the claims waiting anew
            self.claims = ()
            out.events.append(ClaimsChanged(()))
        self._phase = "joined"
        self.seat_id, self.seat_name = welcome.seat_id, welcome.seat_name
        self.reconnect_token, self.joined = welcome.reconnect_token, True
        if welcome.view is not None:
            self.view = welcome.view
        self.revision = welcome.revision
        self._asked_resume_at = None
        assert self.view is not None
        out.events.append(Joined(welcome.seat_id, welcome.seat_name, welcome.role, resumed))
        out.events.append(ViewChanged(self.revision, self.view, None))

    def _patch(self, patch: Patch, out: ClientOutput) -> None:
        if patch.revision <= self.revision:
            return  # already have it
        if patch.revision > self.revision + 1:
            self._resume(self.revision if self.revision >= 0 else None, out)
            return
        assert self.view is not None
        try:
            view = apply_patch(self.view, patch.changes)
        except PatchError:
            self._resume(None, out)  # our copy went wrong: ask for the whole view
            return
        self._set_view(view, patch.revision, patch.changes, out)

    def _resume(self, last: int | None, out: ClientOutput) -> None:
        key = -1 if last is None else last
        if self._asked_resume_at != key:
            self._asked_resume_at = key
            out.data += self._seal(Resume(last_revision=last))

    def _set_view(
        self, view: View, revision: int, changes: list[Change] | None, out: ClientOutput
    ) -> None:
        self.view, self.revision, self._asked_resume_at = view, revision, None
        out.events.append(ViewChanged(revision, view, changes))


def _said(data: dict[str, JsonValue] | None, text: str) -> str:
    """A host's reason in this app's language: its words where it sent them, else its text."""
    return say(_why(data, text))


def _why(data: dict[str, JsonValue] | None, text: str) -> Words | str:
    """A host's reason as it came: its words where it sent them, else its text."""
    return Words.from_data(data) if data is not None else text
