"""A dice-pool round over the network: players declare in their own windows, the GM rolls.

Loopback: the GM hosts the sample (round 2 of its fight, declaring), Ren (Mara) and Sam (Oswin)
join. Each declares when their character's turn comes, seeing only what the rules show them; the
GM declares for the monsters and resolves; each exchange is labelled Player action or Monster
action, and only the winner's player gets to apply the outcome.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.access import encounter_of, options
from saga_desktop.model.dicepool.ops.combat import Declare, RollCombat
from saga_desktop.model.dicepool.sample import build_sample
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.dicepool.seat_combat import SeatCombat
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.menu import SessionMenu
from tests.ui.network.table_fixtures import hosted, join

WAIT = 5000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


def combat_of(client: ClientWindow) -> SeatCombat:
    panel = client.findChild(SeatCombat, "seatCombat")
    assert panel is not None
    assert client.tabs.tabText(client.tabs.indexOf(panel)) == "Combat"
    return panel


def text_of(panel: SeatCombat) -> str:
    from PySide6.QtWidgets import QGroupBox, QLabel

    labels = [w.text() for w in panel.findChildren(QLabel)]
    return "\n".join(labels + [b.title() for b in panel.findChildren(QGroupBox)])


def test_a_round_declared_by_players_and_gm_then_rolled(qtbot: QtBot, menu: SessionMenu) -> None:
    session = menu.bridge.session
    players = {"pc1": join(menu, qtbot, "Ren"), "pc2": join(menu, qtbot, "Sam")}
    panels = {cid: combat_of(c) for cid, c in players.items()}
    targets = {"pc1": "m1", "pc2": "m2", "m1": "pc1", "m2": "pc2"}
    order = dp.declaration_order(encounter_of(session.campaign))
    for n, cid in enumerate(order):
        if cid.startswith("m"):
            menu.bridge.apply(Declare(cid, "attack", targets[cid]))
            continue
        panel = panels[cid]
        qtbot.waitUntil(
            lambda p=panel: p.declare_button is not None and p.declare_button.isEnabled(),
            timeout=WAIT,
        )
        for other, other_panel in panels.items():  # what the others declared, as each sees it
            if other != cid:
                for earlier in order[:n]:
                    name = encounter_of(session.campaign).combatant(earlier).name
                    slower = order.index(earlier) < order.index(other)
                    if earlier != other and not slower:
                        # each seat's patch arrives in its own time: wait for this one's
                        qtbot.waitUntil(
                            lambda p=other_panel, name=name: (
                                f"{name} (" in text_of(p) and "has declared" in text_of(p)
                            ),
                            timeout=WAIT,
                        )
        assert panel.target is not None
        panel.target.setCurrentIndex(panel.target.findData(targets[cid]))
        assert panel.declare_button is not None
        panel.declare_button.click()
        qtbot.waitUntil(
            lambda c=cid: encounter_of(session.campaign).declaration(c) is not None, timeout=WAIT
        )
    fight = encounter_of(session.campaign)
    assert fight.phase is dp.Phase.RESOLVE
    for panel in panels.values():  # all revealed together
        qtbot.waitUntil(lambda p=panel: "has declared" not in text_of(p), timeout=WAIT)
        assert "declared attack" in text_of(panel)
    for cid in dp.resolution_order(fight):  # the GM types the dice: the players roll high
        fight = encounter_of(session.campaign)
        size = dp.combat_pool(fight, cid, options(session.campaign))[0].size
        menu.bridge.apply(RollCombat(cid, (6 if cid in panels else 1,) * size))
    fight = encounter_of(session.campaign)
    assert fight.phase is dp.Phase.OUTCOMES
    for panel in panels.values():
        qtbot.waitUntil(lambda p=panel: "exchange-0" in _names(p), timeout=WAIT)
    for i, e in enumerate(fight.exchanges):
        for cid, panel in panels.items():
            box_title = next(t for n, t in _boxes(panel) if n == f"exchange-{i}")
            assert box_title == (e.winner_side.label if e.winner_side else "No outcome")
            mine_won = e.winner_id == cid and e.final_victory > 0
            assert (i in panel.outcome_buttons) == mine_won
    won = [(i, e) for i, e in enumerate(fight.exchanges) if e.winner_id in panels and e.victory]
    assert won
    i, e = won[0]
    button = panels[e.winner_id].outcome_buttons[i]
    assert button.text() == "Apply (Player action)"
    button.click()
    ren = players[e.winner_id]
    qtbot.waitUntil(
        lambda: (
            encounter_of(session.campaign).exchanges[i].outcome is not None
            or "refused" in ren.banner.text()
        ),
        timeout=WAIT,
    )
    assert "refused" not in ren.banner.text(), ren.banner.text()


def test_a_player_cannot_declare_for_others_or_target_what_is_not_in_the_fight(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    ren = join(menu, qtbot, "Ren")
    for op, says in (
        ({"combatant": "pc2", "action": "defend"}, "your own characters"),
        ({"combatant": "pc1", "action": "attack", "target": "m9"}, "someone you can see"),
    ):
        ren.send({"kind": "dicepool.Declare", **op})
        qtbot.waitUntil(lambda s=says: s in ren.banner.text(), timeout=WAIT)


def _names(panel: SeatCombat) -> set[str]:
    from PySide6.QtWidgets import QWidget

    return {w.objectName() for w in panel.findChildren(QWidget)}


def _boxes(panel: SeatCombat) -> list[tuple[str, str]]:
    from PySide6.QtWidgets import QGroupBox

    return [(b.objectName(), b.title()) for b in panel.findChildren(QGroupBox)]
