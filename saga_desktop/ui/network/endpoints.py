"""The internet transport: iroh's QUIC endpoints carrying the same protocol bytes as the LAN socket.

iroh (n0's peer-to-peer QUIC library) reaches a host behind a home router without an open port:
it punches a hole through both routers when it can and falls back to a relay when it cannot. The
host's address travels as an endpoint *ticket* (its key, its addresses, its relay) inside the join
link; the join code never does: the same code handshake as on the LAN runs inside the stream, so
the protocol, the seats, the heartbeat, the limits and the visibility rules are the ones of
:mod:`saga_desktop.network.host` and :mod:`saga_desktop.network.client`, unchanged.

This module needs no Qt (the network package, being sans-IO, holds no transport). iroh's API
is asyncio, so one :class:`IrohRuntime` runs an event loop on a
thread of its own, and every callback a caller gives is handed to ``post`` (the UI posts it into
its own event loop; a test may call it at once). Each connection carries one bidirectional stream.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gc
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from saga_desktop.i18n import tr
from saga_desktop.ui.network.iroh_runtime import (
    ALPN,
    CONNECT_TIMEOUT_S,
    InternetError,
    IrohRuntime,
    PathInfo,
    Post,
    RelayChoice,
    describe_failure,
    path_info,
    runtime,
    unavailable,
)
from saga_desktop.ui.network.iroh_stream import (
    CUT_OFF,
    DAMAGED,
    Drops,
    Stream,
    connect_failure,
    goodbye,
)

if TYPE_CHECKING:
    import iroh

STOP_GOODBYE_S = 2.0
"""How long stopping waits for the players to read the goodbye (all at once)."""


class InternetHost:
    """The host's endpoint: accepts players' connections and hands their bytes to the protocol.

    ``on_made(conn_id, peer)``, ``on_data(conn_id, data)`` and ``on_lost(conn_id)`` are posted to
    the caller's side; ``peer`` is ``iroh:<the player's endpoint id>`` (an endpoint id costs nothing
    to make, so the host's limits treat each like one more address).
    """

    def __init__(
        self,
        post: Post,
        on_made: Callable[[str, str], None],
        on_data: Callable[[str, bytes], None],
        on_lost: Callable[[str], None],
        *,
        relay: RelayChoice | None = None,
        bind: str | None = None,
        rt: IrohRuntime | None = None,
        secret_key: bytes | None = None,
    ) -> None:
        self._post, self._on_made, self._on_data, self._on_lost = post, on_made, on_data, on_lost
        self.relay = relay or RelayChoice()
        self._bind = bind
        self._rt = rt or runtime()
        self._secret_key = secret_key
        self._endpoint: iroh.Endpoint | None = None
        self._streams: dict[str, Stream] = {}
        self._ids = itertools.count(1)
        self._accepting: concurrent.futures.Future[Any] | None = None
        self._tasks: set[asyncio.Future[None]] = set()
        self.drops = Drops("Internet hosting")

    # -- start and stop ---------------------------------------------------------------------------

    def start(self, timeout: float = 10.0) -> str:
        """Bind the endpoint and start accepting; returns its ticket (raises InternetError)."""
        missing = unavailable()
        if missing is not None:
            raise InternetError(tr("{reason}.", reason=missing[0].upper() + missing[1:]))
        try:
            self._rt.call(self._bind_endpoint(), timeout)
        except InternetError:
            raise
        except Exception as exc:
            raise InternetError(
                tr("Internet hosting could not start: {detail}", detail=describe_failure(exc))
            ) from exc
        self._accepting = self._rt.submit(self._accept_loop())
        return self.ticket()

    async def _bind_endpoint(self) -> None:

        options = self.relay.options(self._bind, [ALPN])
        if self._secret_key is not None:
            options.secret_key = self._secret_key
        self._endpoint = await self._rt.bind(options)
        if self.relay.kind != "off":
            # Wait briefly for a home relay, so the ticket carries it; go on without one after that.
            with contextlib.suppress(Exception):  # gone or closing already
                await asyncio.wait_for(self._endpoint.online(), 4.0)

    def ticket(self) -> str:
        """The endpoint ticket for the join link (addresses change: ask again for a fresh one)."""
        import iroh

        if self._endpoint is None:
            raise InternetError(tr("Internet hosting is not running."))
        return str(iroh.EndpointTicket.from_addr(self._endpoint.addr()))

    def port(self) -> int:
        """The UDP port the endpoint listens on (its first IPv4 socket)."""
        if self._endpoint is None:
            return 0
        for where in self._endpoint.bound_sockets():
            host, _, port = where.rpartition(":")
            if "[" not in host and port.isdigit():
                return int(port)
        return 0

    def secret_key(self) -> bytes:
        """The endpoint's key (kept across a crash so the players' links stay good)."""
        if self._endpoint is None:
            raise InternetError(tr("Internet hosting is not running."))
        return bytes(self._endpoint.secret_key().to_bytes())

    def stop(self) -> None:
        """Close every connection and the endpoint, and let go of its socket."""
        endpoint, self._endpoint = self._endpoint, None
        if endpoint is None:
            return
        if self._accepting is not None:
            self._accepting.cancel()
            self._accepting = None
        streams, self._streams = list(self._streams.values()), {}

        async def close(endpoint: iroh.Endpoint) -> None:
            # Every player reads the goodbye before the connection closes (QUIC drops the rest).
            await asyncio.gather(
                *(goodbye(stream, b"host stopped", STOP_GOODBYE_S) for stream in streams),
                return_exceptions=True,
            )
            tasks = list(self._tasks)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self._tasks.clear()  # their tracebacks hold the endpoint's frames
            tasks.clear()
            await self._rt.close(endpoint)

        with contextlib.suppress(Exception):  # gone or closing already
            self._rt.call(close(endpoint), STOP_GOODBYE_S + 5.0)
        self.drops.summary()
        # The socket is freed with the endpoint's last reference, and the cancelled tasks left
        # cycles (exception, traceback, frame) holding it: collect them, so a host started
        # again at once (after a crash, in the same app) gets the same port, and the same link.
        streams.clear()
        del endpoint
        gc.collect()

    # -- connections ------------------------------------------------------------------------------

    async def _accept_loop(self) -> None:
        me = asyncio.current_task()
        if me is not None:
            self._tasks.add(me)
        endpoint = self._endpoint
        while endpoint is not None and not endpoint.is_closed():
            try:
                incoming = await endpoint.accept_next()
            except Exception:
                return
            if incoming is None:
                return
            task = asyncio.ensure_future(self._serve(incoming))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _serve(self, incoming: iroh.Incoming) -> None:
        try:
            conn = await (await incoming.accept()).connect()
            bi = await asyncio.wait_for(conn.accept_bi(), 30.0)
        except Exception:
            return
        conn_id = f"i{next(self._ids)}"
        stream = Stream(conn, bi, self.drops)
        self._streams[conn_id] = stream
        stream.start_writing()
        peer = f"iroh:{conn.remote_id()}"
        self._post(lambda: self._on_made(conn_id, peer))
        await stream.read_loop(lambda data: self._post(lambda: self._on_data(conn_id, data)))
        if self._streams.pop(conn_id, None) is not None:
            stream.queue.put_nowait(None)
            self._post(lambda: self._on_lost(conn_id))

    def send(self, conn_id: str, data: bytes) -> None:
        """Queue bytes for one connection (in order)."""
        stream = self._streams.get(conn_id)
        if stream is not None:
            self._rt.call_soon(stream.queue.put_nowait, data)

    def close(self, conn_id: str) -> None:
        """Close one connection after what was queued for it."""
        stream = self._streams.get(conn_id)
        if stream is None:
            return

        self._rt.submit(goodbye(stream, b"closed"))

    def path(self, conn_id: str) -> PathInfo:
        """How one connection travels now."""
        stream = self._streams.get(conn_id)
        return path_info(stream.conn) if stream is not None else PathInfo("unknown", None)

    def connections(self) -> list[str]:
        """The ids of the open connections."""
        return list(self._streams)


class InternetPipe:
    """A player's connection to a host's endpoint, carrying the protocol's bytes.

    ``on_connected()``, ``on_data(data)`` and ``on_lost(error)`` are posted to the caller's side;
    ``error`` is '' when the stream ended cleanly and one line otherwise.
    """

    def __init__(
        self,
        post: Post,
        ticket: str,
        on_connected: Callable[[], None],
        on_data: Callable[[bytes], None],
        on_lost: Callable[[str], None],
        *,
        relay: RelayChoice | None = None,
        bind: str | None = None,
        rt: IrohRuntime | None = None,
        timeout: float | None = None,
    ) -> None:
        self._post = post
        self._ticket = ticket
        self._on_connected, self._on_data, self._on_lost = on_connected, on_data, on_lost
        self.relay = relay or RelayChoice()
        self._bind = bind
        self._rt = rt or runtime()
        self._timeout = CONNECT_TIMEOUT_S if timeout is None else timeout
        self._endpoint: iroh.Endpoint | None = None
        self._stream: Stream | None = None
        self._closed = False
        self._task: concurrent.futures.Future[Any] | None = None

    def open(self) -> None:
        """Start connecting (the answer comes through the callbacks)."""
        missing = unavailable()
        if missing is not None:
            self._lost(tr("Cannot join over the internet: {reason}.", reason=missing))
            return
        self._task = self._rt.submit(self._run())

    async def _run(self) -> None:
        import iroh

        try:
            addr = iroh.EndpointTicket.from_string(self._ticket).endpoint_addr()
        except Exception:
            self._lost(tr(DAMAGED))
            return
        try:
            self._endpoint = await self._rt.bind(self.relay.options(self._bind))
            conn = await asyncio.wait_for(self._endpoint.connect(addr, ALPN), self._timeout)
            bi = await conn.open_bi()
        except Exception as exc:  # a timeout, or iroh's error (whose text may be empty)
            self._lost(connect_failure(exc))
            await self._close_endpoint()
            return
        stream = Stream(conn, bi)
        self._stream = stream
        stream.start_writing()
        self._post(self._on_connected)
        why = await stream.read_loop(lambda data: self._post(lambda: self._on_data(data)))
        self._stream = None
        stream.queue.put_nowait(None)
        self._lost(tr(CUT_OFF) if why else "")
        await self._close_endpoint()

    def _lost(self, why: str) -> None:
        if not self._closed:
            self._closed = True
            self._post(lambda: self._on_lost(why))

    async def _close_endpoint(self) -> None:
        endpoint, self._endpoint = self._endpoint, None
        if endpoint is not None:
            await self._rt.close(endpoint)

    def write(self, data: bytes) -> None:
        """Queue bytes for the host."""
        stream = self._stream
        if stream is not None and data:
            self._rt.call_soon(stream.queue.put_nowait, data)

    def path(self) -> PathInfo:
        """How the connection travels now."""
        stream = self._stream
        return path_info(stream.conn) if stream is not None else PathInfo("unknown", None)

    def close(self) -> None:
        """Finish the stream after what was queued, then close (no callback follows)."""
        self._closed = True
        stream = self._stream

        async def finish() -> None:
            if stream is not None:
                await goodbye(stream, b"left", 1.0)
            await self._close_endpoint()

        self._rt.submit(finish())


__all__ = [
    "ALPN",
    "CONNECT_TIMEOUT_S",
    "InternetError",
    "InternetHost",
    "InternetPipe",
    "IrohRuntime",
    "PathInfo",
    "RelayChoice",
    "describe_failure",
    "runtime",
    "unavailable",
]
