"""A whole evening over the network, in the players' own windows (pytest-qt, port 0).

1. Dice pool, start to end: the GM hosts; two players take their seats and a third makes her
   character, which the GM accepts; tokens are placed and moved; the GM sends a prompted check
   and the player rolls it; a combat round is declared by everyone, then rolled, and the winner
   applies the outcome, each from their own window's session. Every window ends equal to the
   visibility view.
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

from saga_desktop.model.dicepool.access import encounter_of, options, play_of
from saga_desktop.model.dicepool.ops.cards import CardSpec, CreateCharacter
from saga_desktop.model.dicepool.ops.checks import ResolvePrompt
from saga_desktop.model.dicepool.ops.combat import ApplyOutcome, Declare, RollCombat
from saga_desktop.model.dicepool.sample import build_sample as dicepool_sample
from saga_desktop.model.ops.map import ChartRegion, EditRegion, SetRegionHidden
from saga_desktop.model.ops.tokens import MoveToken, PlaceToken
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.prompts import PromptRoll
from saga_desktop.model.songs.sample import build_sample as songs_sample
from saga_desktop.network.client import NotJoinedError
from saga_desktop.network.permissions import seat_owns
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules import songs
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.check import CheckDock
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.prompt_dialog import PromptTargets
from tests.ui.network.seat_fixtures import seat_map, token_at
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


def test_a_dice_pool_evening_from_joining_to_the_end_of_a_round(qtbot: QtBot) -> None:
    menu = host(qtbot, dicepool_sample())
    session = menu.bridge.session
    try:
        clients = {name: join(menu, qtbot, name, WAIT) for name in ("Ren", "Sam", "Kari")}
        kari = clients["Kari"]
        # Kari makes her character from her own window; the GM accepts it.
        assert kari.bridge.limited and not kari.bridge.viewer.characters
        made = CreateCharacter("Vey", CardSpec(strength=2), player="Kari", submit=True)
        kari.bridge.apply(made)
        vey = next(c for c in session.campaign.characters if c.name == "Vey")
        assert vey.status == "submitted" and vey.player == "Kari"
        review = menu.review.show_dialog()
        review.accept_button.click()
        assert session.campaign.character(vey.id).accepted
        qtbot.waitUntil(lambda: kari.bridge.viewer.characters == {vey.id}, timeout=WAIT)
        # Tokens: the GM places one for Vey and a hidden enemy; Kari moves hers.
        region = session.campaign.map.regions[0]
        menu.bridge.apply(PlaceToken("character", region.q, region.r, character=vey.id))
        menu.bridge.apply(PlaceToken("enemy", region.q, region.r, name=SECRET, hidden=True))
        token = next(t for t in session.campaign.map.tokens if t.character == vey.id)
        qtbot.waitUntil(lambda: token_at(seat_map(kari), token.id) is not None, timeout=WAIT)
        kari.bridge.apply(MoveToken(token.id, region.q + 1, region.r))
        assert session.campaign.map.token(token.id).q == region.q + 1
        for client in clients.values():  # everyone sees the move, nobody the hidden enemy
            qtbot.waitUntil(
                lambda c=client: token_at(seat_map(c), token.id) == (region.q + 1, region.r),
                timeout=WAIT,
            )
            assert SECRET not in str(client.view)
        # A prompted check: the GM sends it; Kari rolls it from her window.
        dock = CheckDock(menu.bridge)
        qtbot.addWidget(dock)
        dock.attribute.setCurrentIndex(dock.attribute.findData("ref"))
        dock.prompt_to(PromptTargets((vey.id,), "Leap the mill race"))
        qtbot.waitUntil(lambda: bool(play_of(kari.bridge.session.campaign).prompts), timeout=WAIT)
        (prompt,) = play_of(kari.bridge.session.campaign).prompts
        kari.bridge.apply(ResolvePrompt(prompt.id))
        assert not play_of(session.campaign).prompts
        assert session.campaign.play.model_dump(mode="json")["check"]["roller_name"] == "Vey"
        # A combat round: players declare from their windows, the GM for the monsters, then rolls.
        fighters = {"pc1": clients["Ren"], "pc2": clients["Sam"]}
        targets = {"pc1": "m1", "pc2": "m2", "m1": "pc1", "m2": "pc2"}
        for cid in dp.declaration_order(encounter_of(session.campaign)):
            declare = Declare(cid, "attack", targets[cid])
            if cid in fighters:
                fighters[cid].bridge.apply(declare)
            else:
                menu.bridge.apply(declare)
            assert encounter_of(session.campaign).declaration(cid) is not None, cid
        fight = encounter_of(session.campaign)
        for cid in dp.resolution_order(fight):  # typed dice: the players roll high
            size = dp.combat_pool(encounter_of(session.campaign), cid, options(session.campaign))
            menu.bridge.apply(RollCombat(cid, (6 if cid in fighters else 1,) * size[0].size))
        fight = encounter_of(session.campaign)
        assert fight.phase is dp.Phase.OUTCOMES
        i, e = next((i, e) for i, e in enumerate(fight.exchanges) if e.winner_id in fighters)
        winner = fighters[e.winner_id]
        winner.bridge.apply(ApplyOutcome(i, e.winner_id, "injury", 1))
        assert encounter_of(session.campaign).exchanges[i].outcome is not None
        in_step(menu, clients, qtbot)
    finally:
        finish(menu, qtbot)


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
