"""Limits that keep a hostile or broken peer from wearing the host down.

Both take an injectable clock (seconds, monotonic), so tests can move time by hand.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]


class TokenBucket:
    """Allows ``burst`` messages at once and ``rate`` per second after that."""

    def __init__(self, rate: float, burst: float, clock: Clock) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens = burst
        self._last = clock()

    def take(self) -> bool:
        """Spend one token; False when the peer is over its rate."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


@dataclass
class _Record:
    failures: int
    last: float


class CodeAttempts:
    """Wrong codes per peer address; each failure doubles the wait before the next try.

    After ``n`` wrong codes in a row a peer waits ``base * 2**(n-1)`` seconds (at most ``cap``)
    before its next attempt is even checked. A right code forgets the peer. Only the
    ``max_peers`` most recent peers are remembered, so the table cannot grow without bound.
    """

    def __init__(
        self, clock: Clock, base: float = 1.0, cap: float = 300.0, max_peers: int = 4096
    ) -> None:
        self._clock, self.base, self.cap, self.max_peers = clock, base, cap, max_peers
        self._peers: OrderedDict[str, _Record] = OrderedDict()

    def wait_for(self, peer: str) -> float:
        """Seconds before ``peer`` may try a code again (0: it may try now)."""
        record = self._peers.get(peer)
        if record is None:
            return 0.0
        delay = min(self.cap, self.base * 2.0 ** (record.failures - 1))
        return max(0.0, record.last + delay - self._clock())

    def failures(self, peer: str) -> int:
        """How many wrong codes in a row ``peer`` has given."""
        record = self._peers.get(peer)
        return 0 if record is None else record.failures

    def failed(self, peer: str) -> None:
        """Note one wrong code from ``peer``."""
        record = self._peers.pop(peer, None) or _Record(0, 0.0)
        record.failures, record.last = record.failures + 1, self._clock()
        self._peers[peer] = record
        while len(self._peers) > self.max_peers:
            self._peers.popitem(last=False)

    def succeeded(self, peer: str) -> None:
        """Forget ``peer``'s wrong codes: it knew the code."""
        self._peers.pop(peer, None)

    def refusal(self, peer: str) -> str | None:
        """Why ``peer`` may not try now, or None if it may."""
        wait = self.wait_for(peer)
        if wait <= 0:
            return None
        return f"Too many wrong codes from your address: wait {wait:.0f} s and try again."
