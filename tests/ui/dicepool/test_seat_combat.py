"""A dice-pool round at the players' seats: they declare and choose in the game's own combat dock.

Loopback sockets: the GM hosts the sample (round 2 of its fight, declaring); Ren (Mara) and Sam
(Oswin) open the main window at their seats. Each declares in the combat dock when their
character's turn comes (lowest REF first), seeing only what the rules show them: a faster
combatant's declaration reads "has declared" until all are in. The GM declares for the monsters
and rolls. Only the winner's player applies an outcome, only the loser's player sets STR
against a victory; what only the GM does is not offered at a seat, and forged requests for it
are refused by the host with nothing changed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QPushButton, QTableWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.access import encounter_of, options
from saga_desktop.model.dicepool.ops.combat import (
    ApplyOutcome,
    Declare,
    EndEncounter,
    EndRound,
    Resolve,
    RollCombat,
    StartEncounter,
    UseStrength,
)
from saga_desktop.model.dicepool.sample import build_sample
from saga_desktop.model.dicepool.seat import hidden_declared
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.dicepool.combat import CombatDock
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.dicepool.seat_helpers import refused_everywhere
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted

WAIT = 10_000
TARGETS = {"pc1": "m1", "pc2": "m2", "m1": "pc1", "m2": "pc2"}


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


def combat_of(window: SeatWindow) -> CombatDock:
    dock = window.findChild(CombatDock, "dicepool-combat")
    assert dock is not None
    return dock


def declared_column(dock: CombatDock) -> dict[str, str]:
    """Each combatant's Declared cell, as the seat sees it."""
    table = dock.table
    assert isinstance(table, QTableWidget)
    return {table.item(r, 0).text(): table.item(r, 2).text() for r in range(table.rowCount())}


def buttons(dock: CombatDock) -> list[str]:
    return [b.text() for b in dock.findChildren(QPushButton) if b.isVisibleTo(dock)]


def declare_round(qtbot: QtBot, menu: SessionMenu, docks: dict[str, CombatDock]) -> None:
    """Everyone declares an attack, in REF order: the players from their docks."""
    session = menu.bridge.session
    order = dp.declaration_order(encounter_of(session.campaign))
    for cid in order:
        if cid.startswith("m"):
            menu.bridge.apply(Declare(cid, "attack", TARGETS[cid]))
            continue
        dock = docks[cid]
        qtbot.waitUntil(
            lambda d=dock: d.declare_box is not None and d.declare_button.isEnabled(),
            timeout=WAIT,
        )
        dock.target.setCurrentIndex(dock.target.findData(TARGETS[cid]))
        dock.declare_button.click()
        assert encounter_of(session.campaign).declaration(cid) is not None


def roll_round(menu: SessionMenu, high: set[str]) -> dp.Encounter:
    """The GM types the dice: those in ``high`` roll all sixes, the rest all ones."""
    session = menu.bridge.session
    for cid in dp.resolution_order(encounter_of(session.campaign)):
        fight = encounter_of(session.campaign)
        size = dp.combat_pool(fight, cid, options(session.campaign))[0].size
        menu.bridge.apply(RollCombat(cid, (6 if cid in high else 1,) * size))
    fight = encounter_of(session.campaign)
    assert fight.phase is dp.Phase.OUTCOMES
    return fight


def test_players_declare_in_turn_seeing_what_the_rules_show_then_the_winner_applies(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    session: Session = menu.bridge.session
    windows = {"pc1": seat_window(qtbot, menu, "Ren"), "pc2": seat_window(qtbot, menu, "Sam")}
    docks = {cid: combat_of(w) for cid, w in windows.items()}
    ren, sam = docks["pc1"], docks["pc2"]
    assert "Start encounter" not in buttons(ren) and "End encounter" not in buttons(ren)
    # Oswin (REF 1) declares first; Mara (REF 3) waits her turn, her box shown but closed.
    qtbot.waitUntil(lambda: ren.declare_box is not None, timeout=WAIT)
    assert not ren.declare_button.isEnabled()
    assert "Waiting for Oswin Hale to declare first" in " ".join(
        w.text() for w in ren.declare_box.findChildren(type(ren.problem))
    )
    sam.target.setCurrentIndex(sam.target.findData("m2"))
    sam.declare_button.click()
    menu.bridge.apply(Declare("m2", "attack", "pc2"))
    # Mara is faster than both: she reads what they declared. Oswin is slower than the
    # Mill warden: he learns only that it has declared.
    qtbot.waitUntil(lambda: "attack" in declared_column(ren).get("Mill warden", ""), timeout=WAIT)
    qtbot.waitUntil(lambda: declared_column(sam).get("Mill warden") == "has declared", timeout=WAIT)
    assert hidden_declared(windows["pc2"].bridge.session.campaign) == {"m2"}
    menu.bridge.apply(Declare("m1", "attack", "pc1"))
    qtbot.waitUntil(lambda: ren.declare_button.isEnabled(), timeout=WAIT)
    ren.target.setCurrentIndex(ren.target.findData("m1"))
    ren.declare_button.click()
    assert encounter_of(session.campaign).phase is dp.Phase.RESOLVE
    for dock in docks.values():  # all revealed together; the GM rolls
        qtbot.waitUntil(lambda d=dock: "has declared" not in declared_column(d).values(),
                        timeout=WAIT)  # fmt: skip
        assert all(v.startswith("attack") for v in declared_column(dock).values())
        assert not any(b.startswith(("Resolve", "Roll ")) for b in buttons(dock))
    fight = roll_round(menu, high={"pc1", "pc2"})
    for dock in docks.values():
        qtbot.waitUntil(lambda d=dock: len(d.exchanges) == len(fight.exchanges), timeout=WAIT)
        assert "End round" not in buttons(dock)
    for i, e in enumerate(fight.exchanges):
        for cid, dock in docks.items():
            box = dock.exchanges[i]
            assert (box.apply_button is not None) == (e.winner_id == cid and e.final_victory > 0)
            assert box.strength_button is None  # the players won: no STR of theirs to set
    i, e = next((i, e) for i, e in enumerate(fight.exchanges) if e.winner_id == "pc1")
    button = ren.exchanges[i].apply_button
    assert button is not None and button.text() == "Player action: Mara Fenwick applies"
    button.click()
    assert encounter_of(session.campaign).exchanges[i].outcome is not None


def test_the_loser_sets_str_against_the_victory_from_their_seat(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    session: Session = menu.bridge.session
    windows = {"pc1": seat_window(qtbot, menu, "Ren"), "pc2": seat_window(qtbot, menu, "Sam")}
    docks = {cid: combat_of(w) for cid, w in windows.items()}
    declare_round(qtbot, menu, docks)
    fight = roll_round(menu, high={"m1", "m2"})
    i, e = next((i, e) for i, e in enumerate(fight.exchanges) if e.loser_id == "pc2")
    assert e.victory > 0
    sam = docks["pc2"]
    qtbot.waitUntil(lambda: len(sam.exchanges) > i, timeout=WAIT)
    button = sam.exchanges[i].strength_button
    assert button is not None and docks["pc1"].exchanges[i].strength_button is None
    assert sam.exchanges[i].apply_button is None  # the monster's outcome is the GM's
    button.click()
    after = encounter_of(session.campaign)
    assert after.exchanges[i].strength_reduction > 0
    assert after.combatant("pc2").strength_used


def test_a_forged_request_for_what_the_gm_or_another_player_does_is_refused(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    session: Session = menu.bridge.session
    ren = seat_window(qtbot, menu, "Ren")
    before = session.export().model_dump(mode="json")
    for op in (
        Declare("pc2", "defend"),  # Sam's character
        Declare("pc1", "attack", "m9"),  # nobody Ren can see
        Declare("m1", "attack", "pc1"),  # a monster
        Resolve(),
        RollCombat("pc1", (6, 6, 6)),
        EndRound(),
        EndEncounter(),
        StartEncounter(("pc1", "m1")),
        UseStrength(0, "pc1"),
        ApplyOutcome(0, "m1", "injury", 1),
    ):
        refused_everywhere(menu, ren, op)
    assert session.export().model_dump(mode="json") == before
