"""A GM seat manages the table as the host's window does: who is here, free, move, remove.

Every GM seat is told the table (:class:`~saga_desktop.network.messages.TableSeats`): the seats
with their state and round trip, the join code and the links to read out, and how the host is
stopped. A player's seat is never told (it would learn the join code, the links and the round
trips, none of which it needs; who is at the table it hears from
:mod:`saga_desktop.network.presence`, as every seat does). A GM seat frees, moves or removes a
seat with a :data:`SEAT_ADMIN` request; a player's is refused with the reason and nothing changes.

Stopping the host stays with the host's own computer (its window, or Ctrl+C where ``--serve``
runs): a GM seat that could stop an unattended host would end the evening for everyone, itself
included, with nobody at the host to start it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import JsonValue

from saga_desktop.network.messages import MAX_TABLE_SEATS, SeatLine, TableSeats

if TYPE_CHECKING:
    from saga_desktop.network.host import HostProtocol
    from saga_desktop.network.host_sending import Conn
    from saga_desktop.network.seats import Seat

SEAT_ADMIN = "net.SeatAdmin"
"""The request a GM seat frees, moves or removes a seat with: ``action``, ``seat``, ``name``."""
ACTIONS = ("free", "move", "remove")
NAME_MAX = 200


def seat_admin(action: str, seat_id: str, name: str = "") -> dict[str, JsonValue]:
    """The request with which a GM seat frees (``free``), moves or removes a seat."""
    op: dict[str, JsonValue] = {"op": SEAT_ADMIN, "action": action, "seat": seat_id}
    if action == "move":
        op["name"] = name
    return op


class SeatAdmin:
    """Tells the GM seats the table, and carries out their seat requests."""

    def __init__(self, host: HostProtocol) -> None:
        self.host = host
        self.links: list[str] = []
        """The join links to read out or paste (the host's window sets them)."""
        self.stopping = ""
        """How this host is stopped, in words for a GM seat."""
        self._told: dict[str, TableSeats] = {}  # conn id: what that GM seat was last told

    def table(self) -> TableSeats:
        """The table as a GM seat is told it."""
        lines = [
            SeatLine(
                seat_id=info.seat_id,
                name=info.name,
                role=info.role,
                state=info.state,
                rtt_ms=None if info.rtt is None else min(600_000, round(info.rtt * 1000)),
                free=info.free,
            )
            for info in self.host.seats()[:MAX_TABLE_SEATS]
        ]
        return TableSeats(
            seats=lines,
            join_code=self.host.join_code.text,
            links=self.links[:4],
            stopping=self.stopping[:200],
        )

    def _gm_seats(self) -> list[Conn]:
        return [
            c
            for c in self.host.open_conns()
            if c.phase == "joined" and c.seat is not None and c.seat.role == "gm"
        ]

    def follow_up(self) -> None:
        """After each event: tell each GM seat the table if it changed since it was last told."""
        gm_seats = self._gm_seats()
        if not gm_seats and not self._told:
            return  # the common case on a table without a GM seat
        live = {c.conn_id for c in gm_seats}
        for conn_id in [i for i in self._told if i not in live]:
            del self._told[conn_id]  # a GM seat that comes back is told anew
        if not gm_seats:
            return
        table = self.table()
        for conn in gm_seats:
            if self._told.get(conn.conn_id) != table:
                self._told[conn.conn_id] = table
                self.host.session.send(conn, table)

    def request(self, seat: Seat, fields: dict[str, JsonValue]) -> str | None:
        """A seat's :data:`SEAT_ADMIN` request: None when done, else why not (nothing changed)."""
        if seat.role != "gm":
            return "Only the GM frees, moves or removes seats."
        extra = sorted(set(fields) - {"action", "seat", "name"})
        if extra:
            return f"{SEAT_ADMIN}: {extra[0][:40]!r} is not a field of this request."
        action, seat_id, name = fields.get("action"), fields.get("seat"), fields.get("name", "")
        if action not in ACTIONS or not isinstance(seat_id, str) or not isinstance(name, str):
            return f"{SEAT_ADMIN} needs an action (free, move or remove) and a seat (its id)."
        target = self.host.seat_by_id(seat_id)
        if target is None:
            return "That seat is no longer at the table."
        if target.seat_id == seat.seat_id:
            return "A GM seat cannot free, move or remove itself: leave the table instead."
        try:
            if action == "free":
                self.host.desk.free(seat_id)
            elif action == "move":
                if len(name) > NAME_MAX:
                    return f"A seat's name is at most {NAME_MAX} characters."
                self.host.desk.move(seat_id, name)
            else:
                self.host.desk.remove(seat_id)
        except ValueError as exc:
            return str(exc)
        return None
