"""A whole evening over the network, in the players' own windows (pytest-qt, port 0).

1. Dice pool, start to end, at the players' seats: tests/ui/dicepool/test_seat_evening.py.
2. Six players' app windows over real sockets through 500 seeded actions of a Songs evening
   (charting, hiding, notes, tokens, prompted rolls, undo and redo, trespasses): every window
   ends equal to the view the visibility functions give its seat.
(Each game's docks doing these at a player's seat, clicked: tests/ui/{songs,resonance,dicepool}/
test_player_*.py.)
"""

from __future__ import annotations

import contextlib
import random

from pydantic import JsonValue
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, EditRegion, SetRegionHidden
from saga_desktop.model.ops.tokens import MoveToken, PlaceToken
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.prompts import PromptRoll
from saga_desktop.model.songs.sample import build_sample as songs_sample
from saga_desktop.network.client import NotJoinedError
from saga_desktop.network.permissions import seat_owns
from saga_desktop.rules import songs
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.network.table_fixtures import Window, join

WAIT = 10_000
SECRET = "gm-only-the-miller-sold-the-well-3d1"


def host(qtbot: QtBot, session: Session) -> SessionMenu:
    window = Window()
    qtbot.addWidget(window)
    menu = SessionMenu(window, SessionBridge(session, window))
    assert menu.host(port=0) is not None
    return menu


def in_step(menu: SessionMenu, clients: dict[str, SeatWindow], qtbot: QtBot) -> None:
    """Every window has caught up with the host and shows exactly its seat's view."""
    hosting = menu.hosting
    assert hosting is not None
    session = menu.bridge.session

    def viewer(name: str) -> Viewer:
        chars = session.campaign.characters
        return Viewer.player(*[c.id for c in chars if seat_owns(name, c.player)])

    def caught_up() -> bool:
        revisions = {s.name: s.revision for s in hosting.seats()}
        return all(c.transport.protocol.revision == revisions[n] for n, c in clients.items())

    qtbot.waitUntil(caught_up, timeout=WAIT)
    for name, client in clients.items():
        assert client.view == hosting.table.build_view(viewer(name)), name


def send(client: SeatWindow, request: dict[str, JsonValue]) -> None:
    """Send a request from a seat without waiting for the answer (players act at once)."""
    with contextlib.suppress(NotJoinedError, ValueError):  # between a drop and the reconnect
        client.transport.request(request)


def finish(menu: SessionMenu, qtbot: QtBot) -> None:
    for client in list(menu.clients):
        client.close()
    menu.stop_hosting()
    qtbot.wait(50)


PLAYERS = ("Ren", "Sam", "Ada", "Bo", "Cy", "Dee")
ATTRIBUTES = tuple(songs.Attribute)


def test_six_players_windows_through_500_seeded_actions(qtbot: QtBot) -> None:
    session = songs_sample()
    menu = host(qtbot, session)
    rng = random.Random(1402)
    try:
        clients = {name: join(menu, qtbot, name, WAIT) for name in PLAYERS}
        for c in session.campaign.characters:  # every character gets a token on the map
            menu.bridge.apply(PlaceToken("character", 0, 0, character=c.id))

        def gm() -> None:
            regions = session.campaign.map.regions
            region = rng.choice(regions)
            pick = rng.randrange(7)
            if pick == 0:
                q, r = rng.randrange(-9, 10), rng.randrange(-9, 10)
                if session.campaign.map.region_at(q, r) is None:
                    menu.bridge.apply(ChartRegion(q, r, title=f"Hex {q},{r}", gm_notes=SECRET))
            elif pick == 1:
                menu.bridge.apply(SetRegionHidden(region.q, region.r, rng.random() < 0.5))
            elif pick == 2:
                menu.bridge.apply(EditRegion(region.q, region.r, notes=f"seen {rng.random()}"))
            elif pick == 3:
                who = rng.choice(session.campaign.characters)
                menu.bridge.apply(PromptRoll(who.id, rng.choice(ATTRIBUTES), dr=12))
            elif pick == 4:
                session.undo()
            elif pick == 5:
                session.redo()
            else:
                tokens = session.campaign.map.tokens
                if tokens:
                    t = rng.choice(tokens)
                    q, r = rng.randrange(-3, 4), rng.randrange(-3, 4)
                    menu.bridge.apply(MoveToken(t.id, q, r))  # (a refusal changes nothing)

        def player(name: str) -> None:
            client = clients[name]
            play = session.campaign.play.model_dump(mode="json")
            mine = [c.id for c in session.campaign.characters if seat_owns(name, c.player)]
            pending = play.get("pending")
            waiting = [p["id"] for p in play["prompts"] if p["character"] in mine]
            tokens = [t for t in session.campaign.map.tokens if t.character in mine]
            roll = rng.random()
            if isinstance(pending, dict) and pending.get("character_id") in mine:
                send(client, {"kind": "songs.ResolveTrial"})
            elif waiting and roll < 0.5:
                send(client, {"kind": "songs.RollPrompt", "prompt": waiting[0]})
            elif tokens and roll < 0.8:
                q, r = rng.randrange(-3, 4), rng.randrange(-3, 4)
                send(client, {"kind": "core.MoveToken", "token": tokens[0].id, "q": q, "r": r})
            else:  # a trespass: the GM's work, refused with nothing changed
                send(client, {"kind": "core.MoveParty", "q": 0, "r": 0})

        for _ in range(500):
            if rng.random() < 0.5:
                gm()
            else:
                player(rng.choice(PLAYERS))
            QApplication.processEvents()
        in_step(menu, clients, qtbot)
        assert all(SECRET not in str(c.view) for c in clients.values())
        kinds = {e.kind for e in session.campaign.journal}
        assert "trial" in kinds  # the players really rolled what the GM sent them
    finally:
        finish(menu, qtbot)
