"""Real sockets on loopback: a hosted sample session; players join, act, drop and resume."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import EditRegion, MoveParty
from saga_desktop.model.songs.ops.prompts import PromptRoll
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import ClientEvent, Closed, Joined, RequestAnswered
from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.rules import songs
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.transport import ClientTransport

SECRET = "the-tide-bell-rings-for-the-dead-9d2"
WAIT = 5000


PLAYERS: list[Player] = []


class Player:
    """An app client connected over a real socket, recording what it hears."""

    def __init__(self, hosting: Hosting, name: str, code: Code | None = None, **kw: Any) -> None:
        PLAYERS.append(self)
        versions = hosting.table.versions()
        app_version = kw.pop("app_version", versions.app_version)
        self.protocol = ClientProtocol(
            code or hosting.join_code, app_version, dict(versions.rulesets), name, **kw
        )
        self.transport = ClientTransport(self.protocol, "127.0.0.1", hosting.port)
        self.events: list[ClientEvent] = []
        self.transport.received.connect(self.events.append)
        self.transport.connect_to_host()

    def joined(self) -> bool:
        return self.protocol.joined and self.protocol.view is not None

    def view(self) -> dict[str, Any]:
        assert self.protocol.view is not None
        return self.protocol.view

    def closed(self) -> str | None:
        reasons = [e.reason for e in self.events if isinstance(e, Closed)]
        return reasons[-1] if reasons else None


@pytest.fixture
def hosting(qtbot: QtBot) -> Iterator[Hosting]:
    sent: list[tuple[str | None, bytes]] = []
    tap = lambda c, seat, data: sent.append((seat, data))  # noqa: E731
    host = Hosting(build_sample(), 0, tap=tap, ask_the_gm=False)
    host.sent = sent  # type: ignore[attr-defined]
    yield host
    for player in PLAYERS:
        player.transport.close()
    PLAYERS.clear()
    host.stop()
    qtbot.wait(50)


def test_two_players_join_one_acts_and_everyone_sees_it(qtbot: QtBot, hosting: Hosting) -> None:
    ren, sam = Player(hosting, "Ren"), Player(hosting, "Sam")
    qtbot.waitUntil(lambda: ren.joined() and sam.joined(), timeout=WAIT)
    assert [s.name for s in hosting.seats()] == ["Ren", "Sam"]
    hosting.session.apply(PromptRoll("pc1", songs.Attribute.HEART, 12))
    request = ren.transport.request({"kind": "songs.RollPrompt", "prompt": 1})
    qtbot.waitUntil(lambda: (sam.view()["play"].get("pending") or {}).get("character_id") == "pc1")
    # Ren's answer and Sam's patch travel on two sockets: either may arrive first.
    qtbot.waitUntil(lambda: RequestAnswered(request, True, "") in ren.events, timeout=WAIT)
    hosting.session.apply(MoveParty(1, 0))
    qtbot.waitUntil(lambda: ren.view()["map"]["party"] == {"q": 1, "r": 0}, timeout=WAIT)
    qtbot.waitUntil(lambda: sam.view()["map"]["party"] == {"q": 1, "r": 0}, timeout=WAIT)
    assert ren.view() == hosting.table.view_for("seat1")


def test_a_dropped_player_reconnects_and_resumes(qtbot: QtBot, hosting: Hosting) -> None:
    ren = Player(hosting, "Ren")
    qtbot.waitUntil(ren.joined, timeout=WAIT)
    socket = ren.transport._socket
    assert socket is not None
    socket.abort()  # the network drops the player's connection
    hosting.session.apply(MoveParty(2, 0))  # missed while away
    qtbot.waitUntil(lambda: sum(isinstance(e, Joined) for e in ren.events) == 2, timeout=WAIT)
    assert [e.resumed for e in ren.events if isinstance(e, Joined)] == [False, True]
    qtbot.waitUntil(lambda: ren.view()["map"]["party"] == {"q": 2, "r": 0}, timeout=WAIT)
    assert [s.name for s in hosting.seats()] == ["Ren"]  # the same seat, taken back
    assert ren.view() == hosting.table.view_for("seat1")


def test_a_gm_secret_never_appears_in_bytes_to_a_player(qtbot: QtBot, hosting: Hosting) -> None:
    ren = Player(hosting, "Ren")
    gm = Player(hosting, "Gunn", hosting.gm_code, role="gm")
    qtbot.waitUntil(lambda: ren.joined() and gm.joined(), timeout=WAIT)
    region = hosting.session.campaign.map.regions[0]
    hosting.session.apply(EditRegion(region.q, region.r, gm_notes=SECRET))
    qtbot.waitUntil(lambda: SECRET in str(gm.view()["map"]["regions"]), timeout=WAIT)
    sent: list[tuple[str | None, bytes]] = hosting.sent  # type: ignore[attr-defined]
    assert any(SECRET.encode() in data for seat, data in sent if seat == "seat2")
    assert not any(SECRET.encode() in data for seat, data in sent if seat != "seat2")


def test_wrong_code_and_other_version_get_one_clear_line(qtbot: QtBot, hosting: Hosting) -> None:
    old = Player(hosting, "Sam", app_version="0.0.1")
    qtbot.waitUntil(lambda: bool(old.closed()), timeout=WAIT)
    wrong = Player(hosting, "Ren", Code(CodeKind.PLAYER, "42-lantern-otter-maple"))
    qtbot.waitUntil(lambda: bool(wrong.closed()), timeout=WAIT)
    assert "code" in (wrong.closed() or "").lower()
    reason = old.closed() or ""
    assert "0.0.1" in reason and hosting.table.versions().app_version in reason
    assert not wrong.transport._retry.isActive() and not old.transport._retry.isActive()


def test_stopping_the_host_says_goodbye(qtbot: QtBot, hosting: Hosting) -> None:
    ren = Player(hosting, "Ren")
    qtbot.waitUntil(ren.joined, timeout=WAIT)
    hosting.stop()
    over = "The GM stopped hosting. The game is over for now"
    qtbot.waitUntil(lambda: (ren.closed() or "").startswith(over), timeout=WAIT)
    assert ren.transport.finished


def test_nobody_listening_is_a_clear_error(qtbot: QtBot, hosting: Hosting) -> None:
    port = hosting.port
    hosting.stop()
    versions = hosting.table.versions()
    protocol = ClientProtocol(hosting.join_code, versions.app_version, versions.rulesets, "Ren")
    transport = ClientTransport(protocol, "127.0.0.1", port)
    events: list[ClientEvent] = []
    transport.received.connect(events.append)
    transport.connect_to_host()
    qtbot.waitUntil(lambda: any(isinstance(e, Closed) for e in events), timeout=WAIT)
    transport.close()
    closed = [e for e in events if isinstance(e, Closed)]
    assert closed[0].reason.startswith(f"Cannot reach the host at 127.0.0.1:{port}")
