"""One iroh connection's stream, its goodbye, and the words for an internet failure.

QUIC drops what a peer has not read yet when a connection closes, so a last message (a refusal,
"the GM gave your seat to another computer", "host stopped") needs its stream *finished* and the
peer's own close awaited before the connection is closed: :func:`goodbye`. A peer that leaves
while the host writes to it must cost no traceback: :class:`Stream` counts what it could not
send, and :class:`Drops` says so in the log once. No Qt here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.ui.network.iroh_runtime import READ_CHUNK, describe_failure

if TYPE_CHECKING:
    import iroh

log = logging.getLogger(__name__)

GOODBYE_S = 3.0
"""How long a closing side waits for the peer to read its last words and close."""

DAMAGED = tr_noop(
    "This internet link does not lead to this game's host (it is damaged, changed, or for "
    "another game): copy it again from the GM's hosting window, or ask the GM to send it again."
)
NO_ANSWER = tr_noop(
    "No answer from the host over the internet: is the GM's app open and hosting, is this the "
    "link the GM sent for this game, and is this computer online?"
)
OTHER_GAME = tr_noop(
    "The link leads to another program, or to another version of Saga Desktop: ask the GM for "
    "this game's link, and check that you both run the same version."
)
CUT_OFF = tr_noop(
    "The connection to the host broke off before the host answered: try joining again in a "
    "moment; if it keeps happening, ask the GM whether the game is still hosted."
)


class Drops:
    """What one endpoint could not send to peers that had left, said in the log once."""

    def __init__(self, who: str) -> None:
        self.who = who
        self.bytes = 0
        self.connections = 0
        self.logged = False

    def add(self, size: int) -> None:
        """``size`` bytes were dropped for a connection that left."""
        self.connections += 1
        self.bytes += size
        if not self.logged:
            self.logged = True
            log.info(
                "%s: dropped %d bytes for a connection that left while being written to "
                "(later drops are counted, not logged)",
                self.who,
                size,
            )

    def summary(self) -> None:
        """At the end: one line with the total, when more than the first drop happened."""
        if self.connections > 1:
            log.info(
                "%s: dropped %d bytes in all, for %d connections that left while being written to",
                self.who,
                self.bytes,
                self.connections,
            )


class Stream:
    """One connection's stream: writes queued in order, reads handed to the owner."""

    def __init__(
        self, conn: iroh.Connection, bi: iroh.BiStream, drops: Drops | None = None
    ) -> None:
        self.conn = conn
        self.ended = asyncio.Event()
        """Set once the peer's side of the stream ended (it said all it had to say, or left)."""
        self.send = bi.send()
        self.recv = bi.recv()
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.writer: asyncio.Task[None] | None = None
        self.drops = drops

    def start_writing(self) -> None:
        """Start the task that sends what is queued (its end never raises)."""
        self.writer = asyncio.ensure_future(self.write_loop())

    async def write_loop(self) -> None:
        """Send what is queued until None, then finish the stream; a gone peer drops the rest."""
        while True:
            data = await self.queue.get()
            if data is None:
                with contextlib.suppress(Exception):  # gone or closing already
                    await self.send.finish()
                return
            try:
                await self.send.write_all(data)
            except Exception:  # the peer left while we wrote: drop the rest, quietly
                self._drop(len(data))
                return

    def _drop(self, size: int) -> None:
        while not self.queue.empty():
            rest = self.queue.get_nowait()
            size += len(rest) if rest else 0
        if self.drops is not None:
            self.drops.add(size)

    async def read_loop(self, on_data: Callable[[bytes], None]) -> str:
        """Read until the end of the stream; returns why it ended ('' for a clean end)."""
        try:
            while True:
                try:
                    data = await self.recv.read(READ_CHUNK)
                except Exception as exc:
                    return describe_failure(exc)
                if not data:
                    return ""
                on_data(data)
        finally:
            self.ended.set()


async def goodbye(stream: Stream, reason: bytes, bound: float = GOODBYE_S) -> None:
    """Finish the stream after what is queued, let the peer read it and close, then close.

    The peer finishes its side or closes on reading the last frame (our apps do); one that does
    not is closed on after ``bound`` seconds.
    """
    await stream.queue.put(None)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + bound
    if stream.writer is not None:
        with contextlib.suppress(Exception):  # gone, closing already, or too slow
            await asyncio.wait_for(asyncio.shield(stream.writer), bound)
    peer_closed = asyncio.ensure_future(_closed(stream.conn))
    peer_done = asyncio.ensure_future(stream.ended.wait())
    await asyncio.wait(
        (peer_closed, peer_done),
        timeout=max(0.05, deadline - loop.time()),
        return_when=asyncio.FIRST_COMPLETED,
    )
    for waiter in (peer_closed, peer_done):
        waiter.cancel()
    await asyncio.gather(peer_closed, peer_done, return_exceptions=True)
    with contextlib.suppress(Exception):  # closed already
        stream.conn.close(0, reason)


async def _closed(conn: iroh.Connection) -> None:
    with contextlib.suppress(Exception):  # closed with an error: closed all the same
        await conn.closed()


def connect_failure(exc: BaseException) -> str:
    """What happened when a join over the internet failed, and what to do, in a sentence."""
    return tr(_failure(exc))


def _failure(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return NO_ANSWER
    kind = _kind(exc)
    if kind in ("KEY_PARSING", "TICKET_PARSING", "INVALID_INPUT"):
        return DAMAGED
    if kind == "ALPN":
        return OTHER_GAME
    if kind in ("CONNECTION",):
        return CUT_OFF
    detail = _detail(exc)
    if "alpn" in detail.lower() or "application protocol" in detail.lower():
        return OTHER_GAME
    if any(word in detail.lower() for word in ("handshake", "key", "signature", "certificate")):
        return DAMAGED
    return NO_ANSWER


def _kind(exc: BaseException) -> str:
    kind = getattr(exc, "kind", None)
    if not callable(kind):
        return ""
    try:
        return str(getattr(kind(), "name", ""))
    except Exception:  # not iroh's error after all
        return ""


def _detail(exc: BaseException) -> str:
    for name in ("message", "debug_message"):
        method = getattr(exc, name, None)
        if callable(method):
            with contextlib.suppress(Exception):
                return str(method())
    return str(exc)
