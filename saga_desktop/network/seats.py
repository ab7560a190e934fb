"""The host's seats: who sits where, their reconnect token, and the log of their recent patches."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from saga_desktop.network.codes import new_reconnect_token
from saga_desktop.network.messages import Change, Patch

Role = Literal["player", "gm"]
REQUEST_MEMORY = 512


@dataclass(frozen=True)
class KeptSeat:
    """A seat as kept across a restart of the host: its id, name, role and reconnect token.

    ``free``: the GM freed it (the next app asking by its name takes it; its old app may not).
    """

    seat_id: str
    name: str
    role: Role
    token: str
    free: bool = False


@dataclass
class Seat:
    """One seat at the table; it outlives the connections that sit in it."""

    seat_id: str
    name: str
    role: Role
    log_size: int
    token: str = field(default_factory=new_reconnect_token)
    revision: int = 0
    conn_id: str | None = None
    whole_view_due: bool = False  # restored after a restart: the old revisions mean nothing here
    free: bool = False  # freed by the GM: the next app asking for it by name takes it
    log: deque[Patch] = field(init=False)
    _seen: deque[int] = field(init=False)
    _seen_set: set[int] = field(init=False)

    def __post_init__(self) -> None:
        self.log = deque(maxlen=self.log_size)
        self._seen = deque()
        self._seen_set = set()

    def record(self, changes: Sequence[Change]) -> Patch:
        """Advance the seat's revision by one patch and keep it in the log."""
        self.revision += 1
        patch = Patch(revision=self.revision, changes=list(changes))
        self.log.append(patch)
        return patch

    def patches_after(self, revision: int) -> list[Patch] | None:
        """The patches after ``revision``, or None when the log no longer reaches back to it."""
        if self.whole_view_due:
            return None
        if revision == self.revision:
            return []
        if revision > self.revision or not self.log or self.log[0].revision > revision + 1:
            return None
        return [patch for patch in self.log if patch.revision > revision]

    def first_time(self, request_id: int) -> bool:
        """Note a request id; False if this seat already sent it (a replay)."""
        if request_id in self._seen_set:
            return False
        self._seen.append(request_id)
        self._seen_set.add(request_id)
        if len(self._seen) > REQUEST_MEMORY:
            self._seen_set.discard(self._seen.popleft())
        return True
