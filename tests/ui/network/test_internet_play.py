"""Internet play through the app's own transports: the sample hosted on the LAN port and an iroh
endpoint at once (relays off, loopback only), one player on each, in one session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.tokens import PlaceToken
from saga_desktop.model.songs.ops.prompts import PromptRoll
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import ClientEvent, Closed, Joined, RequestAnswered
from saga_desktop.network.internet_link import parse_internet_link
from saga_desktop.rules import songs
from saga_desktop.ui.network import transport
from saga_desktop.ui.network.endpoints import RelayChoice
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.transport import ClientTransport

WAIT = 10000
SECRET = "the-drowned-king-wakes-at-moonrise-4c1"


class Player:
    def __init__(self, hosting: Hosting, name: str, *, internet: bool) -> None:
        versions = hosting.table.versions()
        self.protocol = ClientProtocol(
            hosting.join_code, versions.app_version, dict(versions.rulesets), name
        )
        ticket = None
        if internet:
            link = hosting.internet_link()
            assert link is not None
            ticket = parse_internet_link(link).ticket
        self.transport = ClientTransport(self.protocol, "127.0.0.1", hosting.port, ticket=ticket)
        self.events: list[ClientEvent] = []
        self.transport.received.connect(self.events.append)
        self.transport.connect_to_host()

    def joined(self) -> bool:
        return self.protocol.joined and self.protocol.view is not None

    def view(self) -> dict[str, Any]:
        assert self.protocol.view is not None
        return self.protocol.view


@pytest.fixture
def hosting(qtbot: QtBot) -> Iterator[Hosting]:
    sent: list[tuple[str | None, bytes]] = []
    host = Hosting(
        build_sample(),
        0,
        tap=lambda c, seat, data: sent.append((seat, data)),
        ask_the_gm=False,
        internet=RelayChoice("off"),
    )
    host.sent = sent  # type: ignore[attr-defined]
    yield host
    host.stop()
    qtbot.wait(50)


@pytest.fixture
def players() -> Iterator[list[Player]]:
    made: list[Player] = []
    yield made
    for p in made:
        p.transport.close()


def token_at(p: Player, token: str) -> tuple[object, object]:
    found = p.view()["map"].get("tokens", {}).get(token)
    return (found["q"], found["r"]) if found else (None, None)


def test_a_lan_player_and_an_internet_player_share_one_session(
    qtbot: QtBot, hosting: Hosting, players: list[Player]
) -> None:
    assert hosting.internet is not None, hosting.internet_status
    assert "direct connections only" in hosting.internet_status
    ren = Player(hosting, "Ren", internet=True)
    sam = Player(hosting, "Sam", internet=False)
    players += [ren, sam]
    qtbot.waitUntil(lambda: ren.joined() and sam.joined(), timeout=WAIT)
    assert ren.transport.connection_state == "Connected"
    # A prompted check rolled from across the internet, seen on the LAN.
    hosting.session.apply(PromptRoll("pc1", songs.Attribute.HEART, 12))
    asked = ren.transport.request({"kind": "songs.RollPrompt", "prompt": 1})
    qtbot.waitUntil(lambda: RequestAnswered(asked, True, "") in ren.events, timeout=WAIT)
    qtbot.waitUntil(
        lambda: (sam.view()["play"].get("pending") or {}).get("character_id") == "pc1",
        timeout=WAIT,
    )
    # A token of Ren's character, moved by Ren over the internet.
    token = hosting.session.apply(PlaceToken("character", 0, 0, character="pc1"))
    moved = ren.transport.request({"kind": "core.MoveToken", "token": token, "q": 1, "r": 0})
    qtbot.waitUntil(lambda: RequestAnswered(moved, True, "") in ren.events, timeout=WAIT)
    qtbot.waitUntil(lambda: token_at(sam, token) == (1, 0), timeout=WAIT)
    # Both seats hold exactly what the visibility rules give them.
    for p in (ren, sam):
        seat = p.protocol.seat_id or ""
        qtbot.waitUntil(lambda p=p, seat=seat: p.view() == hosting.table.view_for(seat))
    assert "over the internet: directly" in hosting.internet.routes()


def test_an_internet_player_who_drops_comes_back_to_the_same_seat(
    qtbot: QtBot, hosting: Hosting, players: list[Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transport, "RECONNECT_DELAYS_MS", (50, 100))
    ren = Player(hosting, "Ren", internet=True)
    players.append(ren)
    qtbot.waitUntil(ren.joined, timeout=WAIT)
    seat = ren.protocol.seat_id
    line = ren.transport._line
    assert line is not None
    ren.transport._lost(line, "the network went away")  # the stream dies under the player
    token = hosting.session.apply(PlaceToken("character", 2, 0, character="pc1"))
    qtbot.waitUntil(lambda: sum(isinstance(e, Joined) for e in ren.events) == 2, timeout=WAIT)
    assert ren.protocol.seat_id == seat
    assert ren.transport.connection_state == "Back at the table."
    qtbot.waitUntil(lambda: token_at(ren, token) == (2, 0), timeout=WAIT)


def test_a_gm_secret_never_crosses_to_an_internet_player(
    qtbot: QtBot, hosting: Hosting, players: list[Player]
) -> None:
    from saga_desktop.model.ops.map import EditRegion

    ren = Player(hosting, "Ren", internet=True)
    players.append(ren)
    qtbot.waitUntil(ren.joined, timeout=WAIT)
    region = hosting.session.campaign.map.regions[0]
    hosting.session.apply(EditRegion(region.q, region.r, gm_notes=SECRET, title="Harbour"))
    qtbot.waitUntil(lambda: "Harbour" in str(ren.view()["map"]), timeout=WAIT)
    assert SECRET not in str(ren.view())
    sent: list[tuple[str | None, bytes]] = hosting.sent  # type: ignore[attr-defined]
    assert sent and not any(SECRET.encode() in data for _seat, data in sent)


def test_no_host_at_the_internet_link_says_why_within_seconds(
    qtbot: QtBot, hosting: Hosting, players: list[Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    from saga_desktop.ui.network import endpoints as internet

    monkeypatch.setattr(internet, "CONNECT_TIMEOUT_S", 1.5)
    link = hosting.internet_link()
    assert link is not None
    hosting.stop()
    versions = hosting.table.versions()
    protocol = ClientProtocol(hosting.join_code, versions.app_version, versions.rulesets, "Ren")
    ticket = parse_internet_link(link).ticket
    client = ClientTransport(protocol, "the GM", 0, ticket=ticket)
    events: list[ClientEvent] = []
    client.received.connect(events.append)
    client.connect_to_host()
    qtbot.waitUntil(lambda: any(isinstance(e, Closed) for e in events), timeout=6000)
    client.close()
    reason = next(e.reason for e in events if isinstance(e, Closed))
    assert "No answer from the host" in reason
    assert client.connection_state.startswith("Not connected:")


def test_a_crashed_host_keeps_its_internet_link_and_takes_its_player_back(
    qtbot: QtBot, tmp_path: Path, players: list[Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    from saga_desktop.model.ops.map import MoveParty
    from saga_desktop.model.session import Session
    from saga_desktop.storage.hosting import HostingStore

    monkeypatch.setattr(transport, "RECONNECT_DELAYS_MS", (50, 100))
    store = HostingStore(tmp_path / "hosting")
    session = build_sample()
    first = Hosting(session, 0, store=store, ask_the_gm=False, internet=RelayChoice("off"))
    ren = Player(first, "Ren", internet=True)
    players.append(ren)
    qtbot.waitUntil(ren.joined, timeout=WAIT)
    kept = store.load(session.campaign.id)
    assert kept is not None and len(kept.internet_key) == 64 and kept.internet_port > 0
    link = first.internet_link()
    # The GM's app dies: no goodbye over either way in, the kept state left behind.
    first.store, first.running = None, False
    first.transport.server.close()
    assert first.internet is not None
    first.internet.endpoint.stop()
    first.table.close()
    qtbot.waitUntil(lambda: ren.transport.connection_state != "Connected", timeout=WAIT)
    recovered = Session(session.export().model_copy(deep=True))
    recovered.apply(MoveParty(2, 0))  # the GM went on before the player came back
    second = Hosting(
        recovered, 0, store=store, restore=kept, ask_the_gm=False, internet=RelayChoice("off")
    )
    try:
        assert second.internet_link() == link  # the same key and port: the same link
        qtbot.waitUntil(lambda: ren.transport.came_back, timeout=WAIT)
        assert ren.protocol.seat_id == "seat1"
        qtbot.waitUntil(lambda: ren.view() == second.table.view_for("seat1"), timeout=WAIT)
        assert ren.view()["map"]["party"] == {"q": 2, "r": 0}
    finally:
        second.stop()
