"""Table talk over the internet transport (an iroh endpoint on loopback, relays off) beside LAN."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.chat_table import SAY
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import ClientEvent, RequestAnswered
from saga_desktop.network.internet_link import parse_internet_link
from saga_desktop.ui.network.endpoints import RelayChoice
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.transport import ClientTransport

WAIT = 15_000
WHISPER = "meet me by the sluice 6e0"


def _player(hosting: Hosting, name: str, internet: bool) -> tuple[ClientTransport, list[Any]]:
    versions = hosting.table.versions()
    protocol = ClientProtocol(
        hosting.join_code, versions.app_version, dict(versions.rulesets), name
    )
    ticket = None
    if internet:
        link = hosting.internet_link()
        assert link is not None
        ticket = parse_internet_link(link).ticket
    transport = ClientTransport(protocol, "127.0.0.1", hosting.port, ticket=ticket)
    events: list[ClientEvent] = []
    transport.received.connect(events.append)
    transport.connect_to_host()
    return transport, events


def test_a_whisper_from_an_internet_seat_reaches_only_its_recipient(qtbot: QtBot) -> None:
    sent: list[tuple[str | None, bytes]] = []
    hosting = Hosting(
        build_sample(),
        0,
        tap=lambda c, seat, data: sent.append((seat, data)),
        ask_the_gm=False,
        internet=RelayChoice("off"),
    )
    links = []
    try:
        ren, ren_events = _player(hosting, "Ren", internet=True)
        sam, _ = _player(hosting, "Sam", internet=False)
        links = [ren, sam]
        qtbot.waitUntil(
            lambda: all(t.protocol.joined and t.protocol.view for t in links), timeout=WAIT
        )
        rid = ren.request({"op": SAY, "text": WHISPER, "to": ["GM"], "whisper": True})
        qtbot.waitUntil(
            lambda: any(isinstance(e, RequestAnswered) and e.request_id == rid for e in ren_events),
            timeout=WAIT,
        )
        qtbot.waitUntil(lambda: bool(ren.protocol.view and ren.protocol.view["chat"]), timeout=WAIT)
        rid2 = sam.request({"op": SAY, "text": "hello from the LAN"})
        qtbot.waitUntil(lambda: len((ren.protocol.view or {}).get("chat", {})) == 2, timeout=WAIT)
        # Sam's patch comes over another link: it may arrive after Ren's
        qtbot.waitUntil(lambda: len((sam.protocol.view or {}).get("chat", {})) == 1, timeout=WAIT)
        assert rid2 >= 0
        assert [m.text for m in hosting.session.campaign.chat] == [WHISPER, "hello from the LAN"]
        sam_view = sam.protocol.view or {}
        assert [m["text"] for m in sam_view["chat"].values()] == ["hello from the LAN"]
        ren_seat, sam_seat = ren.protocol.seat_id, sam.protocol.seat_id
        assert any(WHISPER.encode() in d for s, d in sent if s == ren_seat)
        assert not any(WHISPER.encode() in d for s, d in sent if s == sam_seat)
    finally:
        for t in links:
            t.close()
        hosting.stop()
        qtbot.wait(50)
