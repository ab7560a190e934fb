"""The internet transport (iroh endpoints, relays off, direct addresses on loopback) carries the
same protocol as the LAN socket: joins, requests, patches, drops and comebacks."""

from __future__ import annotations

import contextlib
import queue
import time
from collections.abc import Callable
from typing import Any

import pytest

from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import Joined, RequestAnswered, ViewChanged
from saga_desktop.network.codes import CodeError
from saga_desktop.network.host import Close, HostProtocol, Send
from saga_desktop.network.interface import Action
from saga_desktop.network.internet_link import InternetLink, is_internet_link, parse_internet_link
from saga_desktop.ui.network.endpoints import (
    InternetError,
    InternetHost,
    InternetPipe,
    RelayChoice,
)
from tests.network.harness import SECRET, FakeTable, make_host, player

OFF = RelayChoice("off")
LOOPBACK = "127.0.0.1:0"


class Pump:
    """The test's 'UI thread': callbacks from the iroh thread wait here until pumped."""

    def __init__(self) -> None:
        self.q: queue.Queue[Callable[[], None]] = queue.Queue()

    def post(self, fn: Callable[[], None]) -> None:
        self.q.put(fn)

    def until(self, done: Callable[[], bool], timeout: float = 10.0) -> None:
        end = time.monotonic() + timeout
        while not done():
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError("timed out waiting over the internet transport")
            with contextlib.suppress(queue.Empty):
                self.q.get(timeout=min(left, 0.1))()


class NetHost:
    """A HostProtocol served on an iroh endpoint."""

    def __init__(self, pump: Pump, table: FakeTable, host: HostProtocol) -> None:
        self.table, self.host = table, host
        self.wire: list[bytes] = []
        self.endpoint = InternetHost(
            pump.post, self._made, self._data, self._lost, relay=OFF, bind=LOOPBACK
        )
        self.ticket = self.endpoint.start()

    def run(self, actions: list[Action]) -> None:
        for action in actions:
            if isinstance(action, Send):
                self.wire.append(action.data)
                self.endpoint.send(action.conn_id, action.data)
            elif isinstance(action, Close):
                self.endpoint.close(action.conn_id)

    def _made(self, conn_id: str, peer: str) -> None:
        assert peer.startswith("iroh:")
        self.run(self.host.connection_made(conn_id, peer))

    def _data(self, conn_id: str, data: bytes) -> None:
        self.wire.append(data)
        self.run(self.host.data_received(conn_id, data))

    def _lost(self, conn_id: str) -> None:
        self.run(self.host.connection_lost(conn_id))


class NetPlayer:
    """A ClientProtocol on an iroh pipe."""

    def __init__(self, pump: Pump, ticket: str, client: ClientProtocol) -> None:
        self.pump, self.ticket, self.client = pump, ticket, client
        self.events: list[Any] = []
        self.lost: list[str] = []
        self.pipe = self._open()

    def _open(self) -> InternetPipe:
        pipe = InternetPipe(
            self.pump.post,
            self.ticket,
            lambda: pipe.write(self.client.connection_made()),
            self._data,
            self._lost,
            relay=OFF,
            bind=LOOPBACK,
        )
        pipe.open()
        return pipe

    def _data(self, data: bytes) -> None:
        out = self.client.data_received(data)
        self.events += out.events
        self.pipe.write(out.data)

    def _lost(self, why: str) -> None:
        self.lost.append(why)
        self.events += self.client.connection_lost()

    def request(self, op: dict[str, Any]) -> int:
        request_id, data = self.client.request(op)
        self.pipe.write(data)
        return request_id

    def joined(self) -> bool:
        return any(isinstance(e, Joined) for e in self.events)

    def answered(self, request_id: int) -> bool:
        return any(
            isinstance(e, RequestAnswered) and e.request_id == request_id for e in self.events
        )

    def reconnect(self) -> None:
        self.pipe = self._open()


def hex_of(p: NetPlayer, token: str) -> object:
    tokens = p.client.view.get("tokens", {})
    return tokens.get(token, {}).get("hex") if isinstance(tokens, dict) else None


@pytest.fixture
def pump() -> Pump:
    return Pump()


def test_two_players_join_act_and_see_the_same_table(pump: Pump) -> None:
    table, host, _ = make_host()
    net = NetHost(pump, table, host)
    try:
        # Names long enough that random ciphertext cannot hold them by chance.
        ada = NetPlayer(pump, net.ticket, player("Adalheidis Wolfsdottir"))
        bo = NetPlayer(pump, net.ticket, player("Bodvar Strandson"))
        pump.until(lambda: ada.joined() and bo.joined())
        ada_seat = ada.client.seat_id
        assert ada_seat is not None
        asked = ada.request({"kind": "move", "token": f"t-{ada_seat}", "hex": "3,4"})
        pump.until(lambda: ada.answered(asked))
        pump.until(
            lambda: bo.client.view.get("tokens", {}).get(f"t-{ada_seat}", {}).get("hex") == "3,4"
        )
        # Every seat's copy equals what the host published for it.
        for p in (ada, bo):
            assert p.client.view == table.current_view(p.client.seat_id or "")
        assert any(isinstance(e, ViewChanged) for e in bo.events)
        # The stream carries only the code handshake's ciphertext: no name, no secret in clear.
        wire = b"".join(net.wire)
        for marker in (b"Adalheidis Wolfsdottir", b"Bodvar Strandson", SECRET.encode()):
            assert marker not in wire
    finally:
        net.endpoint.stop()


def test_a_dropped_player_comes_back_to_the_same_seat(pump: Pump) -> None:
    table, host, _ = make_host()
    net = NetHost(pump, table, host)
    try:
        ada = NetPlayer(pump, net.ticket, player("Ada"))
        pump.until(ada.joined)
        seat = ada.client.seat_id
        ada.pipe.close()
        ada.events += ada.client.connection_lost()
        pump.until(lambda: not net.endpoint.connections())
        table.gm_move(f"t-{seat}", "9,9")  # happens while she is away
        ada.events.clear()
        ada.reconnect()
        pump.until(ada.joined)
        assert ada.client.seat_id == seat
        pump.until(
            lambda: ada.client.view.get("tokens", {}).get(f"t-{seat}", {}).get("hex") == "9,9"
        )
    finally:
        net.endpoint.stop()


def test_no_host_answering_says_why_within_the_timeout(pump: Pump) -> None:
    table, host, _ = make_host()
    net = NetHost(pump, table, host)
    ticket = net.ticket
    net.endpoint.stop()
    lost: list[str] = []
    pipe = InternetPipe(
        pump.post,
        ticket,
        lambda: None,
        lambda _d: None,
        lost.append,
        relay=OFF,
        bind=LOOPBACK,
        timeout=1.5,
    )
    started = time.monotonic()
    pipe.open()
    pump.until(lambda: bool(lost), timeout=6)
    assert time.monotonic() - started < 5
    assert "No answer from the host" in lost[0]


def test_a_damaged_link_is_named(pump: Pump) -> None:
    lost: list[str] = []
    InternetPipe(
        pump.post, "endpointNOTATICKET", lambda: None, lambda _d: None, lost.append, relay=OFF
    ).open()
    pump.until(lambda: bool(lost))
    assert "damaged" in lost[0]


def test_a_custom_relay_needs_a_web_address() -> None:
    with pytest.raises(InternetError, match="relay"):
        RelayChoice("custom", ())
    with pytest.raises(InternetError, match="https://"):
        RelayChoice("custom", ("relay.example.org",))
    assert RelayChoice("custom", ("https://relay.example.org",)).urls


def test_the_internet_link_round_trips_and_never_holds_a_code(pump: Pump) -> None:
    table, host, _ = make_host()
    net = NetHost(pump, table, host)
    try:
        link = InternetLink(net.ticket, "The Shattered Coast & co").url()
        assert link.startswith("saga://p2p/endpoint")
        assert is_internet_link(link)
        back = parse_internet_link(link)
        assert back == InternetLink(net.ticket, "The Shattered Coast & co")
    finally:
        net.endpoint.stop()
    with pytest.raises(CodeError, match="never put in a link"):
        parse_internet_link(link + "&code=42-lantern-otter-maple")
    with pytest.raises(CodeError, match="damaged"):
        parse_internet_link(link.replace("endpoint", "endpoint!", 1))
    with pytest.raises(CodeError, match="damaged"):
        parse_internet_link("saga://p2p/endpointabc?game=x")
    assert not is_internet_link("saga://192.168.1.20:47800/?game=x")
