"""Who may sit where: seats asked for by name, the GM's leave, and the GM's seat tools.

A seat belongs to the app that took it (its reconnect token brings it back). Asking for a seat by
name is free for a new name without a character; a name with a character, or a seat another app
already holds, waits for the GM's answer, as a door with a host at it. The GM answers in the
host's window, or from a GM seat: every GM seat is told the claims waiting (:class:`Claims`) and
answers with an :data:`ANSWER_CLAIM` request. With nobody to ask (an unattended ``--serve`` and
no GM seat), a character's seat is first come, first served, and a taken seat is refused; claims
waiting when the last GM seat leaves are settled that way at once. The GM may also free a seat
(the next app asking for it by name takes it), move it to another name, or remove it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import JsonValue

from saga_desktop.i18n.words import english, words
from saga_desktop.network.codes import new_reconnect_token
from saga_desktop.network.interface import ClaimInfo
from saga_desktop.network.messages import MAX_CLAIMS, ClaimLine, Claims, Snapshot, Wait
from saga_desktop.network.seats import Role, Seat

if TYPE_CHECKING:
    from saga_desktop.network.host import HostProtocol
    from saga_desktop.network.host_sending import Conn
    from saga_desktop.network.host_session import Session

WAITING_WORDS = words("Waiting for the GM to let you in…")
WAITING = english(WAITING_WORDS)
"""What a waiting app is told (in English; each app words it in its own language)."""
ANSWER_CLAIM = "net.AnswerClaim"
"""The request a GM seat answers a claim with: ``claim`` (its id), ``accept``, ``reason``."""
REASON_MAX = 200


def answer_claim(claim_id: int, accept: bool, reason: str = "") -> dict[str, JsonValue]:
    """The request with which a GM seat lets a waiting app in, or refuses it (and says why)."""
    op: dict[str, JsonValue] = {"op": ANSWER_CLAIM, "claim": claim_id, "accept": accept}
    if reason.strip():
        op["reason"] = reason.strip()[:REASON_MAX]
    return op


@dataclass
class Claim:
    """An app (``conn_id``) waiting for the GM's leave to sit as ``name``."""

    claim_id: int
    conn_id: str
    name: str
    role: Role
    asked_at: float


class Desk:
    """The host's seat desk: by-name joins, claims waiting for the GM, the GM's seat tools."""

    Guard = Callable[[str], bool]

    def __init__(
        self,
        host: HostProtocol,
        session: Session,
        seats: dict[str, Seat],
        claims: dict[int, Claim],
        guarded: Guard | None,
        gm_at_host: bool,
    ) -> None:
        """``guarded`` says which names have a character; ``gm_at_host``: the host can ask."""
        self.host, self.session, self.seats, self._claims = host, session, seats, claims
        self.guarded, self.gm_at_host = guarded, gm_at_host
        self._ids = itertools.count(1)
        self._told: list[ClaimLine] = []  # what the GM seats were last told

    def _named(self, name: str) -> Seat | None:
        return next((s for s in self.seats.values() if s.name.casefold() == name.casefold()), None)

    def _gm_seats(self) -> list[Conn]:
        return [
            c
            for c in self.host.open_conns()
            if c.phase == "joined" and c.seat is not None and c.seat.role == "gm"
        ]

    def someone_answers(self) -> bool:
        """True when a GM can answer a claim: at the host's own window or at a GM seat."""
        return self.gm_at_host or bool(self._gm_seats())

    def by_name(self, conn: Conn, name: str, role: Role) -> None:
        """``conn`` asks for the seat called ``name``: take it, wait for the GM, or be refused."""
        seat = self._named(name)
        asks = role == "player" and self.someone_answers()
        if seat is not None and seat.free and seat.role == role:
            seat.token = new_reconnect_token()
            self.session.sit(conn, seat)
        elif seat is not None and not (asks and seat.role == role):
            taken = words(
                "The seat {name} is taken: pick another name, or reconnect.", name=repr(name)
            )
            if role == "player" and seat.role == role:
                taken = words(
                    "The seat {name} is taken by another computer, and no GM is at the table "
                    "to give it to this one: reconnect from that computer, or ask again when "
                    "the GM is here.",
                    name=repr(name),
                )
            self.session.strike(conn, taken)
        elif seat is not None or (asks and self.guarded is not None and self.guarded(name)):
            claim = Claim(next(self._ids), conn.conn_id, name, role, self.host.clock())
            self._claims[claim.claim_id] = claim
            conn.phase = "waiting"
            self.session.send(conn, Wait(words=WAITING_WORDS.to_data()))
        else:
            self.session.new_seat(conn, name, role)

    def _live(self, claim: Claim) -> Conn | None:
        conn = self.host.conn(claim.conn_id)
        return conn if conn is not None and conn.phase == "waiting" else None

    def claims(self) -> list[ClaimInfo]:
        """The claims still waiting, oldest first (those whose app left are dropped)."""
        for claim_id in [i for i, c in self._claims.items() if self._live(c) is None]:
            del self._claims[claim_id]
        return [
            ClaimInfo(c.claim_id, c.name, c.role, self._named(c.name) is not None)
            for c in self._claims.values()
        ]

    def follow_up(self) -> None:
        """After each event: settle the claims nobody can answer any more, tell the GM seats.

        The claims waiting when the last GM seat left (and the host has no window) are settled
        as if asked now: a character's seat not taken goes to the app that asked, a taken one
        is refused. A GM seat that arrives is told the claims waiting.
        """
        if self._claims and not self.someone_answers():
            for claim in list(self._claims.values()):
                del self._claims[claim.claim_id]
                conn = self._live(claim)
                if conn is not None:
                    conn.phase = "join"
                    self.by_name(conn, claim.name, claim.role)
        if not self._claims and not self._told:
            return  # the common case, after every change: nothing waits, nothing to tell
        lines = [ClaimLine(claim_id=c.claim_id, name=c.name, taken=c.taken) for c in self.claims()]
        lines = lines[:MAX_CLAIMS]
        told, self._told = self._told, lines
        for conn in self._gm_seats():
            if lines != told or not conn.told_claims:
                conn.told_claims = True
                if lines or told:
                    self.session.send(conn, Claims(claims=lines))

    def answer_request(self, seat: Seat, fields: dict[str, JsonValue]) -> str | None:
        """A seat's :data:`ANSWER_CLAIM` request: None when done, else why not (nothing changed)."""
        if seat.role != "gm":
            return "Only the GM lets players in."
        claim_id, accept = fields.get("claim"), fields.get("accept")
        reason = fields.get("reason", "")
        extra = sorted(set(fields) - {"claim", "accept", "reason"})
        if extra:
            return f"{ANSWER_CLAIM}: {extra[0][:40]!r} is not a field of this request."
        if type(claim_id) is not int or type(accept) is not bool:
            return f"{ANSWER_CLAIM} needs a claim (its number) and accept (true or false)."
        if not isinstance(reason, str) or len(reason) > REASON_MAX:
            return f"A reason is text of at most {REASON_MAX} characters."
        claim = self._claims.get(claim_id)
        if claim is None or self._live(claim) is None:
            return "That app is no longer waiting (it left, or the GM already answered)."
        reason = " ".join(reason.split())
        said = f"The GM did not let you in as {claim.name}: {reason}" if reason else ""
        self.answer(claim_id, accept, said)
        return None

    def expire(self, now: float) -> None:
        """Send away the apps that waited longer than the limit for the GM's answer."""
        for claim in list(self._claims.values()):
            if now - claim.asked_at >= self.host.limits.claim_timeout:
                self.answer(claim.claim_id, False, "The GM did not answer; ask again later.")

    def answer(self, claim_id: int, accept: bool, reason: str = "") -> None:
        """Let the claim's app in (bound to it from now on), or send it away."""
        claim = self._claims.pop(claim_id, None)
        conn = self._live(claim) if claim is not None else None
        if claim is None or conn is None:
            return
        if not accept:
            self.session.bye(
                conn, reason or words("The GM did not let you in as {name}.", name=claim.name)
            )
            return
        conn.phase = "join"
        seat = self._named(claim.name)
        if seat is None:
            self.session.new_seat(conn, claim.name, claim.role)
            return
        old = self.host.conn(seat.conn_id or "")
        if old is not None:
            self.session.bye(old, words("The GM gave your seat to another computer."))
        seat.token = new_reconnect_token()  # the old app's token no longer opens it
        self.session.sit(conn, seat)

    def _seat(self, seat_id: str) -> Seat:
        seat = self.seats.get(seat_id)
        if seat is None:
            raise ValueError(f"There is no seat {seat_id!r} at the table.")
        return seat

    def free(self, seat_id: str) -> None:
        """Unbind the seat from its app; the next app asking for it by name takes it."""
        seat = self._seat(seat_id)
        seat.token, seat.free = new_reconnect_token(), True
        conn = self.host.conn(seat.conn_id or "")
        if conn is not None:
            self.session.bye(conn, words("The GM freed your seat: join again by name."))

    def move(self, seat_id: str, name: str) -> None:
        """Seat ``seat_id`` under ``name``: it sees what that name may see from now on."""
        seat = self._seat(seat_id)
        name = " ".join(name.split())
        if not name or not name.isprintable() or len(name) > 200:
            raise ValueError("A seat needs a name made of ordinary characters.")
        other = self._named(name)
        if other is not None and other is not seat:
            raise ValueError(f"The seat {name!r} is taken.")
        self.host.table.rename_seat(seat_id, name)
        seat.name, seat.revision = name, seat.revision + 1
        seat.log.clear()  # the old patches were for the old name: a return gets the whole view
        conn = self.host.conn(seat.conn_id or "")
        if conn is not None:
            view = self.host.table.view_for(seat_id)
            self.session.send(conn, Snapshot(revision=seat.revision, view=view))

    def remove(self, seat_id: str) -> None:
        """Send the seat's app away and take the seat from the table."""
        seat = self._seat(seat_id)
        conn = self.host.conn(seat.conn_id or "")
        if conn is not None:
            self.session.bye(conn, words("The GM removed you from the table."))
        del self.seats[seat_id]
        self.host.table.remove_seat(seat_id)
