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
import atexit
import concurrent.futures
import contextlib
import gc
import itertools
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import iroh

ALPN = b"saga-desktop/1"
"""The application protocol both sides name: a host answers only the app's own streams."""
CONNECT_TIMEOUT_S = 8.0
"""How long a join waits for the host's endpoint before saying why it could not connect."""
READ_CHUNK = 64 * 1024

Post = Callable[[Callable[[], None]], None]
"""Runs a callback on the caller's side (the UI thread)."""

RelayKind = Literal["default", "custom", "off"]


class InternetError(RuntimeError):
    """The internet transport could not do what was asked; the message says why in one line."""


@dataclass(frozen=True)
class RelayChoice:
    """Which relays an endpoint may fall back on.

    ``default``: the public relays run by iroh's makers (and their address lookup); ``custom``: the
    relay URLs a group runs itself, and nothing of n0's; ``off``: direct connections only (a LAN, a
    test, or a group that wants no third party at all).
    """

    kind: RelayKind = "default"
    urls: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind == "custom":
            if not self.urls:
                raise InternetError("A custom relay needs its address (https://relay.example.org).")
            for url in self.urls:
                if not url.startswith(("https://", "http://")) or len(url) > 300 or " " in url:
                    raise InternetError(
                        f"A relay address looks like https://relay.example.org: {url!r}"
                    )

    def options(self, bind: str | None, alpns: list[bytes] | None = None) -> iroh.EndpointOptions:
        """The endpoint options iroh takes for this choice."""
        import iroh

        if self.kind == "default":
            preset, relay = iroh.preset_n0(), iroh.RelayMode.default_mode()
        elif self.kind == "custom":
            preset, relay = iroh.preset_minimal(), iroh.RelayMode.custom_from_urls(list(self.urls))
        else:
            preset, relay = iroh.preset_minimal(), iroh.RelayMode.disabled()
        return iroh.EndpointOptions(preset=preset, relay_mode=relay, bind_addr=bind, alpns=alpns)


def unavailable() -> str | None:
    """Why internet play cannot work on this computer (iroh is not installed), or None."""
    try:
        import iroh  # noqa: F401
    except ImportError:
        return (
            "internet play is not available in this build of Saga Desktop (iroh has no build "
            "for this computer); players on the local network can still join"
        )
    return None


def describe_failure(exc: BaseException) -> str:
    """One line for a failed connection or endpoint."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]


class IrohRuntime:
    """One asyncio loop on a daemon thread, for every iroh endpoint of the app."""

    def __init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="iroh", daemon=True)
        self._started = False
        self._lock = threading.Lock()
        self._endpoints: list[iroh.Endpoint] = []

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    def submit(self, coro: Coroutine[Any, Any, Any]) -> concurrent.futures.Future[Any]:
        """Run a coroutine on the loop; its result or error comes back in the future."""
        with self._lock:
            if not self._started:
                self._started = True
                self._thread.start()
                atexit.register(self.shutdown)
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    async def bind(self, options: iroh.EndpointOptions) -> iroh.Endpoint:
        """Bind an endpoint, kept on the list :meth:`shutdown` closes."""
        import iroh

        endpoint = await iroh.Endpoint.bind(options)
        self._endpoints.append(endpoint)
        return endpoint

    async def close(self, endpoint: iroh.Endpoint) -> None:
        """Close an endpoint (and forget it)."""
        with contextlib.suppress(ValueError):
            self._endpoints.remove(endpoint)
        with contextlib.suppress(Exception):  # closing already
            await endpoint.close()

    async def _close_all(self) -> None:
        for endpoint in list(self._endpoints):
            await self.close(endpoint)
        me = asyncio.current_task()
        rest = [task for task in asyncio.all_tasks() if task is not me]
        for task in rest:
            task.cancel()
        await asyncio.gather(*rest, return_exceptions=True)

    def shutdown(self) -> None:
        """Close every endpoint, stop the loop and wait for its thread.

        At exit this must come before the interpreter finalizes: iroh's own threads call back
        into Python while a connection lives, and a call into a finalizing interpreter aborts.
        """
        if self._started and self._thread.is_alive():
            with contextlib.suppress(Exception):
                self.call(self._close_all(), 5.0)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5.0)

    def call_soon(self, fn: Callable[..., None], *args: Any) -> None:
        """Run a plain function on the loop's thread (never blocks the caller)."""
        self._loop.call_soon_threadsafe(fn, *args)

    def call(self, coro: Coroutine[Any, Any, Any], timeout: float = 10.0) -> Any:
        """Run a coroutine on the loop and wait for its result (start-up and shutdown only)."""
        return self.submit(coro).result(timeout)


_RUNTIME: IrohRuntime | None = None


def runtime() -> IrohRuntime:
    """The app's one iroh runtime (made on first use)."""
    global _RUNTIME
    if _RUNTIME is None:
        _RUNTIME = IrohRuntime()
    return _RUNTIME


@dataclass(frozen=True)
class PathInfo:
    """How a connection currently travels: ``direct`` or through a ``relay``, and its round trip."""

    route: Literal["direct", "relay", "unknown"]
    rtt_ms: int | None
    remote: str = ""
    """The address the selected path goes to (for a direct path, ``ip:port``)."""


def path_info(conn: iroh.Connection) -> PathInfo:
    """The selected path of a live connection."""
    try:
        paths = conn.paths()
    except Exception:  # a connection closing under us
        return PathInfo("unknown", None)
    chosen = next((p for p in paths if p.is_selected), paths[0] if paths else None)
    if chosen is None:
        return PathInfo("unknown", None)
    route: Literal["direct", "relay"] = "relay" if chosen.is_relay else "direct"
    return PathInfo(route, int(chosen.rtt_ms), str(chosen.remote_addr))


class _Stream:
    """One connection's stream: writes queued in order, reads handed to the owner."""

    def __init__(self, conn: iroh.Connection, bi: iroh.BiStream) -> None:
        self.conn = conn
        self.send = bi.send()
        self.recv = bi.recv()
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.writer: asyncio.Task[None] | None = None

    async def write_loop(self) -> None:
        while True:
            data = await self.queue.get()
            if data is None:
                with contextlib.suppress(Exception):  # gone or closing already
                    await self.send.finish()
                return
            await self.send.write_all(data)

    async def read_loop(self, on_data: Callable[[bytes], None]) -> str:
        """Read until the end of the stream; returns why it ended ('' for a clean end)."""
        while True:
            try:
                data = await self.recv.read(READ_CHUNK)
            except Exception as exc:
                return describe_failure(exc)
            if not data:
                return ""
            on_data(data)


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
        self._streams: dict[str, _Stream] = {}
        self._ids = itertools.count(1)
        self._accepting: concurrent.futures.Future[Any] | None = None
        self._tasks: set[asyncio.Future[None]] = set()

    # -- start and stop ---------------------------------------------------------------------------

    def start(self, timeout: float = 10.0) -> str:
        """Bind the endpoint and start accepting; returns its ticket (raises InternetError)."""
        missing = unavailable()
        if missing is not None:
            raise InternetError(missing[0].upper() + missing[1:] + ".")
        try:
            self._rt.call(self._bind_endpoint(), timeout)
        except InternetError:
            raise
        except Exception as exc:
            raise InternetError(
                f"Internet hosting could not start: {describe_failure(exc)}"
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
            raise InternetError("Internet hosting is not running.")
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
            raise InternetError("Internet hosting is not running.")
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
            for stream in streams:
                stream.queue.put_nowait(None)
            await asyncio.sleep(0.05)  # let the goodbyes go out
            for stream in streams:
                stream.conn.close(0, b"host stopped")
            tasks = list(self._tasks)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self._tasks.clear()  # their tracebacks hold the endpoint's frames
            tasks.clear()
            await self._rt.close(endpoint)

        with contextlib.suppress(Exception):  # gone or closing already
            self._rt.call(close(endpoint), 5.0)
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
        stream = _Stream(conn, bi)
        self._streams[conn_id] = stream
        stream.writer = asyncio.ensure_future(stream.write_loop())
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

        async def finish() -> None:
            await stream.queue.put(None)
            if stream.writer is not None:
                with contextlib.suppress(Exception):  # gone or closing already
                    await asyncio.wait_for(stream.writer, 5.0)
            stream.conn.close(0, b"closed")

        self._rt.submit(finish())

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
        self._stream: _Stream | None = None
        self._closed = False
        self._task: concurrent.futures.Future[Any] | None = None

    def open(self) -> None:
        """Start connecting (the answer comes through the callbacks)."""
        missing = unavailable()
        if missing is not None:
            self._lost(f"Cannot join over the internet: {missing}.")
            return
        self._task = self._rt.submit(self._run())

    async def _run(self) -> None:
        import iroh

        try:
            addr = iroh.EndpointTicket.from_string(self._ticket).endpoint_addr()
        except Exception:
            self._lost("The internet link is damaged: copy it again from the GM's hosting window.")
            return
        try:
            self._endpoint = await self._rt.bind(self.relay.options(self._bind))
            conn = await asyncio.wait_for(self._endpoint.connect(addr, ALPN), self._timeout)
            bi = await conn.open_bi()
        except TimeoutError:
            self._lost(
                "No answer from the host over the internet: is the GM's app open and hosting, "
                "and is this computer online?"
            )
            await self._close_endpoint()
            return
        except Exception as exc:
            self._lost(f"Cannot reach the host over the internet: {describe_failure(exc)}")
            await self._close_endpoint()
            return
        stream = _Stream(conn, bi)
        self._stream = stream
        stream.writer = asyncio.ensure_future(stream.write_loop())
        self._post(self._on_connected)
        why = await stream.read_loop(lambda data: self._post(lambda: self._on_data(data)))
        self._stream = None
        stream.queue.put_nowait(None)
        self._lost(why)
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
                await stream.queue.put(None)
                if stream.writer is not None:
                    with contextlib.suppress(Exception):  # gone or closing already
                        await asyncio.wait_for(stream.writer, 3.0)
                stream.conn.close(0, b"left")
            await self._close_endpoint()

        self._rt.submit(finish())
