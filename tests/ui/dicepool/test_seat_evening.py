"""A dice-pool evening at the players' seats, start to end, over real loopback sockets.

The GM hosts the sample; Ren and Sam take their characters' seats and Kari makes hers in the
main window at her seat (*Party › New character…*), which the GM accepts. The GM places her
token and a hidden enemy; Kari moves her token. The GM sends her a prompted check and she rolls
it in her check dock with its odds in sight; a combat round is declared by everyone (the players
in their combat docks), rolled by the GM, and the winner's player applies the outcome. Every
seat's campaign ends equal to what the visibility functions give it, and no byte of any seat's
view holds the GM's secret.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.access import encounter_of
from saga_desktop.model.dicepool.ops.checks import PromptCheck
from saga_desktop.model.dicepool.ops.combat import Declare
from saga_desktop.model.dicepool.sample import build_sample
from saga_desktop.model.ops.characters import AcceptCharacter
from saga_desktop.model.ops.tokens import MoveToken, PlaceToken
from saga_desktop.model.visibility import view_for
from saga_desktop.rules import dicepool as dp
from tests.network.test_seat_model import typed
from tests.ui.dicepool.test_seat_checks import check_dock, waiting
from tests.ui.dicepool.test_seat_combat import TARGETS, combat_of, roll_round
from tests.ui.dicepool.test_seat_creation import new_character, ok
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted

WAIT = 10_000
SECRET = "gm-only-the-miller-sold-the-well-3d1"


def test_a_dice_pool_evening_from_joining_to_the_end_of_a_round(qtbot: QtBot) -> None:
    session = build_sample()
    with hosted(qtbot, session) as menu:
        windows = {name: seat_window(qtbot, menu, name) for name in ("Ren", "Sam", "Kari")}
        kari = windows["Kari"]
        dialog = new_character(kari)  # Kari makes her character; the GM accepts it
        dialog.name.setText("Vey")
        dialog.attrs["str"].setValue(2)
        ok(dialog)
        vey = next(c for c in session.campaign.characters if c.name == "Vey")
        assert vey.status == "submitted" and vey.player == "Kari"
        session.apply(AcceptCharacter(vey.id))
        region = session.campaign.map.regions[0]
        menu.bridge.apply(PlaceToken("character", region.q, region.r, character=vey.id))
        menu.bridge.apply(PlaceToken("enemy", region.q, region.r, name=SECRET, hidden=True))
        token = next(t for t in session.campaign.map.tokens if t.character == vey.id)
        qtbot.waitUntil(lambda: kari.bridge.session.campaign.map.token(token.id) is not None,
                        timeout=WAIT)  # fmt: skip
        kari.bridge.apply(MoveToken(token.id, region.q + 1, region.r))
        assert session.campaign.map.token(token.id).q == region.q + 1  # type: ignore[union-attr]
        session.apply(PromptCheck(vey.id, "ref", "", "skill", 3, "Leap the mill race"))
        dock = check_dock(kari)
        qtbot.waitUntil(lambda: len(waiting(dock)) == 1, timeout=WAIT)
        assert dock.odds.text().startswith("Success")  # the exact odds, before the roll
        dock.roll_button.click()
        assert session.campaign.play.model_dump(mode="json")["check"]["roller_name"] == "Vey"
        docks = {"pc1": combat_of(windows["Ren"]), "pc2": combat_of(windows["Sam"])}
        for cid in dp.declaration_order(encounter_of(session.campaign)):
            if cid not in docks:
                menu.bridge.apply(Declare(cid, "attack", TARGETS[cid]))
                continue
            combat = docks[cid]
            qtbot.waitUntil(
                lambda d=combat: d.declare_box is not None and d.declare_button.isEnabled(),
                timeout=WAIT,
            )
            combat.target.setCurrentIndex(combat.target.findData(TARGETS[cid]))
            combat.declare_button.click()
        fight = roll_round(menu, high=set(docks))
        i, e = next((i, e) for i, e in enumerate(fight.exchanges) if e.winner_id in docks)
        winner = docks[e.winner_id]
        qtbot.waitUntil(lambda: len(winner.exchanges) > i, timeout=WAIT)
        button = winner.exchanges[i].apply_button
        assert button is not None and button.text().startswith("Player action")
        button.click()
        assert encounter_of(session.campaign).exchanges[i].outcome is not None
        hosting = menu.hosting
        assert hosting is not None
        revisions = {s.name: s.revision for s in hosting.seats()}
        qtbot.waitUntil(
            lambda: all(w.transport.protocol.revision == revisions[n] for n, w in windows.items()),
            timeout=WAIT,
        )
        for name, window in windows.items():
            seat = window.remote.model
            mine = typed(view_for(seat.campaign, seat.viewer))
            assert mine == typed(view_for(session.campaign, seat.viewer)), name
            assert SECRET not in str(window.view), name
