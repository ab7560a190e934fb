"""Every seat is told who is at the table: names, player or GM, here, away or gone.

After each event the host looks whether who is at the table changed (a seat taken, taken back,
left, gone quiet, renamed, freed or removed); if so, every seated connection is told
(:class:`~saga_desktop.network.messages.Presence`), and a connection that just sat down is told
at once. Nothing is sent when nothing changed, however often the host looks.

What a seat is told is only what a player at a real table sees by looking round it: names, who
is the GM, who is there. Never a seat id, the join code, a link, a reconnect token or a round
trip (a GM seat learns those from :mod:`saga_desktop.network.seat_admin`). A seat never sends
presence: the host refuses it as any message a seated app does not send.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saga_desktop.network.messages import MAX_TABLE_SEATS, Presence, PresenceSeat

if TYPE_CHECKING:
    from saga_desktop.network.host import HostProtocol

Key = tuple[tuple[str, str, str], ...]


class PresenceDesk:
    """Tells every seat who is at the table, when that changed or when it sits down."""

    def __init__(self, host: HostProtocol, gm_at_host: bool) -> None:
        self.host, self.gm_at_host = host, gm_at_host
        self._key: Key | None = None  # the table as last told: (name, role, state) per seat
        self._told: dict[str, str] = {}  # conn id: the seat it was told the table as

    def follow_up(self) -> None:
        """After each event: tell the seats who is at the table, if it changed for them."""
        joined = [c for c in self.host.open_conns() if c.phase == "joined" and c.seat is not None]
        if not joined and not self._told:
            return  # nobody seated: nobody to tell
        seats = self.host.seats()[:MAX_TABLE_SEATS]
        key: Key = tuple((s.name, s.role, s.state) for s in seats)
        if key != self._key:
            self._key, self._told = key, {}
        else:
            live = {c.conn_id for c in joined}
            self._told = {i: seat for i, seat in self._told.items() if i in live}
        due = [c for c in joined if c.seat and self._told.get(c.conn_id) != c.seat.seat_id]
        if not due:
            return
        lines = [PresenceSeat(name=s.name, role=s.role, state=s.state) for s in seats]
        table = Presence(seats=lines, gm_at_host=self.gm_at_host)
        places = {s.seat_id: place for place, s in enumerate(seats)}
        for conn in due:
            assert conn.seat is not None
            seat_id = conn.seat.seat_id
            self._told[conn.conn_id] = seat_id
            you = places.get(seat_id)
            self.host.session.send(conn, table.model_copy(update={"you": you}))
