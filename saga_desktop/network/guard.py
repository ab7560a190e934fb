"""Limits that keep a hostile or broken peer from wearing the host down.

All take an injectable clock (seconds, monotonic), so tests can move time by hand.

Key agreements cost the host real work (about 7 ms each), and each one is a guess at the code,
so they are budgeted before any is done: every address has a small budget of its own, and all
addresses together share a larger one. Wrong codes slow the address they come from only after
many in a row; before that, only the connection that guessed wrong waits (see
:class:`~saga_desktop.network.host.HostProtocol`). Nothing here ever refuses a connection: an
offer over the budget waits its turn, so a right code is only ever delayed, never turned away.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]


class TokenBucket:
    """Allows ``burst`` events at once and ``rate`` per second after that."""

    def __init__(self, rate: float, burst: float, clock: Clock) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens = burst
        self._last = clock()

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now

    def ready(self) -> bool:
        """True when one token could be spent now (nothing is spent)."""
        self._refill()
        return self._tokens >= 1

    def take(self) -> bool:
        """Spend one token; False when the peer is over its rate."""
        self._refill()
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


@dataclass(frozen=True)
class KeyLimits:
    """How many key agreements the host does, per address and in all."""

    per_address: float = 2.0  # per second, sustained
    per_address_burst: float = 4.0
    in_all: float = 20.0  # per second, every address together
    in_all_burst: float = 40.0
    many_failures: int = 20  # wrong codes in a row before the address itself is slowed
    slow_every: float = 10.0  # then: one key agreement per this many seconds from that address


@dataclass
class _Address:
    bucket: TokenBucket
    failures: int = 0


class KeyBudget:
    """Which offers may have their key agreement now; wrong codes counted by address.

    Only the ``max_peers`` most recently seen addresses are remembered, so the table cannot grow
    without bound.
    """

    def __init__(self, clock: Clock, limits: KeyLimits, max_peers: int = 4096) -> None:
        self._clock, self.limits, self.max_peers = clock, limits, max_peers
        self._all = TokenBucket(limits.in_all, limits.in_all_burst, clock)
        self._peers: OrderedDict[str, _Address] = OrderedDict()

    def _address(self, peer: str) -> _Address:
        record = self._peers.pop(peer, None)
        if record is None:
            limits = self.limits
            bucket = TokenBucket(limits.per_address, limits.per_address_burst, self._clock)
            record = _Address(bucket)
        self._peers[peer] = record
        while len(self._peers) > self.max_peers:
            self._peers.popitem(last=False)
        return record

    def take(self, peer: str) -> bool:
        """Spend one key agreement for ``peer`` if its budget and the shared one allow it."""
        record = self._address(peer)
        if not (record.bucket.ready() and self._all.ready()):
            return False
        record.bucket.take()
        self._all.take()
        return True

    def failures(self, peer: str) -> int:
        """How many wrong codes in a row ``peer`` has given."""
        record = self._peers.get(peer)
        return 0 if record is None else record.failures

    def slowed(self, peer: str) -> bool:
        """True once ``peer`` gave so many wrong codes that the address itself is slowed."""
        return self.failures(peer) >= self.limits.many_failures

    def failed(self, peer: str) -> None:
        """Note one wrong code from ``peer``; after many, its budget shrinks to a trickle."""
        record = self._address(peer)
        record.failures += 1
        if record.failures == self.limits.many_failures:
            record.bucket.rate, record.bucket.burst = 1.0 / self.limits.slow_every, 1.0
            record.bucket.take()  # the trickle starts now, not with a saved-up token

    def succeeded(self, peer: str) -> None:
        """Someone at ``peer`` knew the code: its address is trusted again."""
        record = self._peers.get(peer)
        if record is not None and record.failures:
            record.failures = 0
            record.bucket.rate = self.limits.per_address
            record.bucket.burst = self.limits.per_address_burst
