"""The iroh runtime under internet play: one asyncio loop on a thread, the relay choice, paths.

iroh's API is asyncio, so one :class:`IrohRuntime` runs an event loop on a thread of its own for
every endpoint of the app (``endpoints.py`` holds the host's and the player's); what a caller gives
as a callback is handed to a ``post`` (the UI posts it into its own event loop). No Qt here.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from saga_desktop.i18n import tr

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
                raise InternetError(
                    tr("A custom relay needs its address (https://relay.example.org).")
                )
            for url in self.urls:
                if not url.startswith(("https://", "http://")) or len(url) > 300 or " " in url:
                    raise InternetError(
                        tr(
                            "A relay address looks like https://relay.example.org: {url}",
                            url=repr(url),
                        )
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
        return tr(
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
