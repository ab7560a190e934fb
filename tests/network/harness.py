"""A fake table and an in-memory loopback network connecting one host to several clients."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from saga_desktop.i18n.words import Words, say
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import ClientEvent
from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.network.guard import KeyLimits
from saga_desktop.network.host import Close, HostProtocol, Send
from saga_desktop.network.interface import Action, Versions
from saga_desktop.network.messages import PROTOCOL_VERSION
from saga_desktop.network.patch import diff

SECRET = "the-baron-is-the-dragon-7f3a"
CODE = Code(CodeKind.PLAYER, "42-lantern-otter-maple")
ROOMY = KeyLimits(1000.0, 1000.0, 1000.0, 1000.0)  # key agreements without waiting
GM_CODE = Code(CodeKind.GM, "17-anchor-bison-cedar-daisy-eagle")
VERSIONS = Versions("1.2.0", {"songs-and-sagas": "3"})


class FakeTable:
    """A tiny game: tokens on hexes, a deck the host draws from, hands, a GM-only secret."""

    def __init__(self, seed: int = 1) -> None:
        self.rng = random.Random(seed)
        self.host: HostProtocol | None = None
        self.seats: dict[str, dict[str, str]] = {}
        self.tokens: dict[str, dict[str, Any]] = {}
        self.hands: dict[str, dict[str, str]] = {}
        self.deck = [f"c{i}" for i in range(200)]
        self.discard: dict[str, str] = {}
        self.published: dict[str, dict[str, Any]] = {}
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self.actions: list[Action] = []  # what publishing inside handle_request returned

    def versions(self) -> Versions:
        return VERSIONS

    def current_view(self, seat_id: str) -> dict[str, Any]:
        view: dict[str, Any] = {
            "seats": {sid: dict(seat) for sid, seat in self.seats.items()},
            "tokens": {tid: dict(token) for tid, token in self.tokens.items()},
            "hand": dict(self.hands.get(seat_id, {})),
            "hand_sizes": {sid: len(hand) for sid, hand in self.hands.items()},
            "discard": dict(self.discard),
        }
        if self.seats.get(seat_id, {}).get("role") == "gm":
            view["gm"] = {"secret": SECRET, "deck_top": self.deck[-3:]}
        return view

    def view_for(self, seat_id: str) -> dict[str, Any]:
        view = self.current_view(seat_id)
        self.published[seat_id] = view
        return view

    def add_seat(self, name: str, role: str) -> str:
        if len(self.seats) >= 40:
            raise ValueError("The table is full.")
        number = len(self.seats) + 1
        while f"s{number}" in self.seats:
            number += 1
        seat_id = f"s{number}"
        self.restore_seat(seat_id, name, role)
        self.publish()
        return seat_id

    def restore_seat(self, seat_id: str, name: str, role: str) -> None:
        if seat_id in self.seats:
            raise ValueError(f"{seat_id} is taken")
        self.seats[seat_id] = {"name": name, "role": role}
        self.hands[seat_id] = {}
        self.tokens[f"t-{seat_id}"] = {"owner": seat_id, "hex": "0,0"}

    def rename_seat(self, seat_id: str, name: str) -> None:
        self.seats[seat_id]["name"] = name
        self.published[seat_id] = self.current_view(seat_id)

    def remove_seat(self, seat_id: str) -> None:
        for part in (self.seats, self.hands, self.published):
            part.pop(seat_id, None)

    def handle_request(self, seat_id: str, op: dict[str, Any]) -> str | None:
        self.requests.append((seat_id, op))
        kind = op["kind"]
        if kind == "move":
            token = self.tokens.get(str(op.get("token")))
            if token is None:
                return "There is no such token."
            if token["owner"] != seat_id and self.seats[seat_id]["role"] != "gm":
                return "That token is not yours to move."
            if not isinstance(op.get("hex"), str):
                return "Say which hex to move to."
            token["hex"] = op["hex"]
        elif kind == "draw":
            if not self.deck:
                return "The deck is empty."
            card = self.deck.pop(self.rng.randrange(len(self.deck)))
            self.hands[seat_id][card] = "card"
        elif kind == "play":
            card = op.get("card")
            if not isinstance(card, str) or card not in self.hands[seat_id]:
                return "That card is not in your hand."
            del self.hands[seat_id][card]
            self.discard[card] = seat_id
        elif kind == "boom":  # a bug in the app's table, for the host to survive
            raise RuntimeError("the table broke")
        else:
            return f"Unknown request {kind!r}."
        self.publish()
        return None

    def gm_move(self, token_id: str, hex_: str) -> list[Action]:
        """The GM moves a token in the host app: an ordinary change, published afterwards."""
        self.tokens[token_id]["hex"] = hex_
        return self.publish()

    def publish(self) -> list[Action]:
        assert self.host is not None
        changes = {}
        for seat_id, old in self.published.items():
            new = self.current_view(seat_id)
            changes[seat_id] = diff(old, new)
            self.published[seat_id] = new
        actions = self.host.publish(changes)
        self.actions.extend(actions)
        return actions


@dataclass
class Link:
    """One client's connection in the loopback network."""

    client: ClientProtocol
    events: list[ClientEvent] = field(default_factory=list)
    open: bool = False
    to_host: list[bytes] = field(default_factory=list)
    to_client: list[bytes] = field(default_factory=list)
    closed_by_host: str | None = None


class Loopback:
    """Carries bytes between a host and its clients, in order, recording every byte."""

    def __init__(self, host: HostProtocol) -> None:
        self.host = host
        self.links: dict[str, Link] = {}
        self._queue: deque[tuple[str, str, bytes]] = deque()

    def connect(self, conn_id: str, client: ClientProtocol, peer: str = "10.0.0.2") -> Link:
        link = self.links.get(conn_id) or Link(client)
        link.client, link.open, link.closed_by_host = client, True, None
        self.links[conn_id] = link
        self.run(self.host.connection_made(conn_id, peer))
        self.send_to_host(conn_id, client.connection_made())
        return link

    def send_to_host(self, conn_id: str, data: bytes) -> None:
        if data:
            self._queue.append(("host", conn_id, data))
        self._pump()

    def run(self, actions: list[Action]) -> None:
        for action in actions:
            if isinstance(action, Send):
                self._queue.append(("client", action.conn_id, action.data))
            elif isinstance(action, Close):
                self._queue.append(("close", action.conn_id, action.reason.encode()))
        self._pump()

    def drop(self, conn_id: str) -> None:
        """The network drops a connection under both ends."""
        link = self.links[conn_id]
        link.open = False
        link.events += link.client.connection_lost()
        self.run(self.host.connection_lost(conn_id))

    def _pump(self) -> None:
        while self._queue:
            where, conn_id, data = self._queue.popleft()
            link = self.links.get(conn_id)
            if link is None or not link.open:
                continue
            if where == "host":
                link.to_host.append(data)
                for action in self.host.data_received(conn_id, data):
                    if isinstance(action, Send):
                        self._queue.append(("client", action.conn_id, action.data))
                    else:
                        self._queue.append(("close", action.conn_id, action.reason.encode()))
            elif where == "client":
                link.to_client.append(data)
                out = link.client.data_received(data)
                link.events += out.events
                if out.data:
                    self._queue.append(("host", conn_id, out.data))
                if out.close:
                    link.open = False
                    self.run(self.host.connection_lost(conn_id))
            else:
                link.open, link.closed_by_host = False, data.decode()
                link.events += link.client.connection_lost()

    def request(self, conn_id: str, op: dict[str, Any]) -> int:
        request_id, data = self.links[conn_id].client.request(op)
        self.send_to_host(conn_id, data)
        return request_id


def make_host(**kwargs: Any) -> tuple[FakeTable, HostProtocol, Loopback]:
    table = FakeTable(kwargs.pop("seed", 1))
    host = HostProtocol(table, CODE, GM_CODE, **kwargs)
    table.host = host
    return table, host, Loopback(host)


def player(name: str | None = "Ada", code: Code = CODE, **kwargs: Any) -> ClientProtocol:
    return ClientProtocol(code, VERSIONS.app_version, dict(VERSIONS.rulesets), name, **kwargs)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class RawClient:
    """A hostile client: does the handshake honestly, then sends whatever bytes it likes."""

    def __init__(
        self, host: HostProtocol, conn_id: str, code: Code = CODE, net: Loopback | None = None
    ) -> None:
        from saga_desktop.network.crypto import SecureChannel

        self.host, self.conn_id, self.net = host, conn_id, net
        self.channel = SecureChannel.for_player(code)
        self.received: list[bytes] = []
        self.closed: str | None = None
        self.feed(host.connection_made(conn_id, "10.6.6.6"))
        self.send_raw(self.channel.start())

    def feed(self, actions: list[Action]) -> None:
        for action in actions:
            if action.conn_id != self.conn_id:
                if self.net is not None:  # what the host sends the honest players
                    self.net.run([action])
            elif isinstance(action, Close):
                self.closed = action.reason
            elif self.closed is None:
                result = self.channel.receive(action.data)
                self.received += result.messages
                if result.send:
                    self.send_raw(result.send)

    def send_raw(self, data: bytes) -> None:
        self.feed(self.host.data_received(self.conn_id, data))

    def send(self, plaintext: bytes) -> None:
        self.send_raw(self.channel.seal(plaintext))

    def send_json(self, message: dict[str, Any]) -> None:
        import json

        self.send(json.dumps(message).encode())

    def last(self) -> dict[str, Any]:
        import json

        return json.loads(self.received[-1])

    def join(self, name: str = "Mallory") -> None:
        self.send_json(
            {
                "type": "hello",
                "app_version": VERSIONS.app_version,
                "protocol_version": PROTOCOL_VERSION,
                "rulesets": dict(VERSIONS.rulesets),
            }
        )
        before = len(self.received)
        self.send_json({"type": "join", "seat_name": name})
        said = [self.types(m) for m in self.received[before:]]
        assert said[:1] == ["welcome"] and said[-1:] == ["presence"], said  # who is at the table

    @staticmethod
    def types(plaintext: bytes) -> str:
        import json

        return str(json.loads(plaintext)["type"])


def reason_of(reply: dict[str, Any]) -> str:
    """A refusal's or goodbye's why, as an app in the current language words it."""
    if reply.get("words") is not None:
        return say(Words.from_data(reply["words"]))
    return str(reply.get("reason", ""))
