"""Songs & Sagas combat at a player's own seat: the GM's Combat dock, with only the player's part.

Over real sockets a player's window (the main window at their seat) attacks with their own
character on the party's turn, makes a trial roll instead, settles their roll, defends when an
enemy attacks them, and burns a card for their Vanori's gift, all from the Combat dock; the host
rolls and reveals every card, and its campaign changes as the rules say. What only the GM does
(starting and ending the fight, morale, the DR and the risk, a feat's die, real dice, the
consequences) is hidden or read-only there, and the same request forged past the window is
refused by the host with nothing changed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.operation import Operation
from saga_desktop.model.session import Session
from saga_desktop.model.songs.combat_queries import attack_odds, party_risk, pending
from saga_desktop.model.songs.ops.combat import (
    Attack,
    CheckMorale,
    EndTurn,
    EnemyAttack,
    ResolveAttack,
    ResolveDefence,
    RollSetup,
    StartCombat,
)
from saga_desktop.model.songs.ops.enemies import AddEnemy, EnemyStats
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.songs.state import play_of
from saga_desktop.network.client_events import RequestAnswered
from saga_desktop.rules import songs
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.remote_session import request_of
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.songs.combat import CombatPanel
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import WAIT, hosted


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[tuple[Session, SessionMenu]]:
    """The sample campaign hosted over loopback sockets."""
    session = build_sample()
    with hosted(qtbot, session) as menu:
        yield session, menu


def combat_dock(window: SeatWindow) -> CombatPanel:
    """The seat window's Combat dock, brought forward."""
    feature = window.combat_feature  # type: ignore[attr-defined]
    feature.show_dock()
    panel = feature.panel
    assert isinstance(panel, CombatPanel)
    return panel


def fight(session: Session, menu: SessionMenu, *enemies: str) -> None:
    """The GM starts a fight (against the swarm) and hands the turn to the party."""
    menu.bridge.apply(StartCombat(enemies or ("e1",)))
    if play_of(session.campaign).combat.turn == "enemies":  # type: ignore[union-attr]
        menu.bridge.apply(EndTurn())


def host_says(window: SeatWindow, qtbot: QtBot, op: Operation) -> str:
    """Send ``op`` to the host past the window's own check; the host's refusal, "" if done.

    The window's own check refuses it first, in the same words.
    """
    said: list[str] = []
    window.bridge.refused.connect(said.append)
    window.bridge.apply(op)
    window.bridge.refused.disconnect(said.append)
    answers: list[RequestAnswered] = []
    window.transport.received.connect(
        lambda e: answers.append(e) if isinstance(e, RequestAnswered) else None
    )
    window.transport.request(request_of(op))
    qtbot.waitUntil(lambda: bool(answers), timeout=WAIT)
    host = "" if answers[0].ok else answers[0].message
    assert said == [host], (said, host)
    return host


def refused(window: SeatWindow, qtbot: QtBot, session: Session, op: Operation, says: str) -> None:
    """The host refuses ``op`` from this seat, saying ``says``, and nothing changes."""
    before = session.revision, session.campaign.model_dump()
    assert says in host_says(window, qtbot, op)
    assert (session.revision, session.campaign.model_dump()) == before


def test_before_a_fight_the_player_sees_no_way_to_start_one(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Ren")
    panel = combat_dock(window)
    assert panel.heading.full_text() == "No fight"
    assert "When the GM starts a fight" in panel.order.text()
    assert not panel.setup_box.isVisible()  # picking the enemies is the GM's
    assert not window.combat_feature.actions["end_combat"].isEnabled()  # type: ignore[attr-defined]
    refused(window, qtbot, session, StartCombat(("e1",)), "Only the GM")


def test_the_enemies_dock_is_the_gms_alone(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    _session, menu = table
    window = seat_window(qtbot, menu, "Ren")
    docks = {d.objectName() for d in window.findChildren(QDockWidget)}
    assert "combat" in docks and "enemies" not in docks
    assert window.sheets_feature.enemies_dock is None  # type: ignore[attr-defined]


def test_a_player_attacks_with_their_own_character_and_settles_it(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Ren")
    panel = combat_dock(window)
    fight(session, menu)
    action = panel.action
    qtbot.waitUntil(action.isVisible, timeout=WAIT)
    # Ren plays Astrid (pc1) only; Ivar is Sam's to play.
    assert [action.actor.itemData(i) for i in range(action.actor.count())] == ["pc1"]
    assert action.source.currentData() == "weapon:Bearded axe"
    assert all(not str(action.source.itemData(i)).startswith("feat:") for i in range(2))
    # The GM's parts: shown read-only at what the host rolls with, or not at all.
    assert not action.dr.isEnabled() and action.dr_value() == 12
    assert not action.risk.isEnabled() and action.risk.value() == party_risk(session.campaign) == 3
    assert not action.table_dice.isVisible() and not action.d20.isVisible()
    assert not panel.end_turn_button.isVisible() and not panel.end_button.isVisible()
    assert not panel.enemies.rows["e1"].button.isVisible()  # morale is the GM's
    assert not panel.consequences.isVisible()  # Astrid has no gift to burn, no consequences
    request = songs.TrialRequest(songs.Attribute.STRENGTH, 12, 3)
    host = attack_odds(session.campaign, "pc1", "e1", request, "Bearded axe", None)
    assert action.odds.odds == host  # the odds shown are the host's own
    action.roll_button.click()
    qtbot.waitUntil(lambda: pending(session.campaign) is not None, timeout=WAIT)
    record = pending(session.campaign)
    assert isinstance(record, songs.AttackRoll) and record.trial.character_id == "pc1"
    assert record.trial.dr == 12 and record.trial.attribute is songs.Attribute.STRENGTH
    assert record.trial.risk == 3  # the region's risk, as the GM's own panel would roll it
    settle = panel.settle
    qtbot.waitUntil(settle.isVisible, timeout=WAIT)
    assert settle.title() == "Astrid Ulfsdottir attacks Glass-wing swarm (x12)"
    assert not settle.consequence.isVisible() and not settle.replace.isVisible()
    assert not settle.dice_row.isVisible()
    settle.settle_button.click()
    qtbot.waitUntil(lambda: pending(session.campaign) is None, timeout=WAIT)
    assert session.campaign.journal[-1].character == "pc1"
    combat = play_of(session.campaign).combat
    assert combat is not None and "pc1" in combat.acted
    qtbot.waitUntil(lambda: "acted this turn" in panel.hint.text(), timeout=WAIT)
    assert not action.isVisible()  # nothing more to do this turn


def test_a_trial_roll_instead_of_an_attack(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Sam")
    panel = combat_dock(window)
    fight(session, menu)
    action = panel.action
    qtbot.waitUntil(action.isVisible, timeout=WAIT)
    assert action.actor.currentData() == "pc2"
    action.action.setCurrentIndex(action.action.findData("trial"))
    action.intent.setText("pin a wing to the rocks")
    action.attribute.setCurrentIndex(action.attribute.findData("dexterity"))
    assert action.roll_button.text() == "Roll the trial"
    action.roll_button.click()
    qtbot.waitUntil(lambda: pending(session.campaign) is not None, timeout=WAIT)
    record = pending(session.campaign)
    assert isinstance(record, songs.TrialRoll) and record.character_id == "pc2"
    assert "pin a wing to the rocks" in session.campaign.journal[-1].text
    qtbot.waitUntil(panel.settle.isVisible, timeout=WAIT)
    panel.settle.settle_button.click()
    qtbot.waitUntil(lambda: pending(session.campaign) is None, timeout=WAIT)
    assert session.campaign.journal[-1].kind == "trial"


def test_a_player_defends_when_an_enemy_attacks_them(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Ren")
    panel = combat_dock(window)
    fight(session, menu)
    menu.bridge.apply(EndTurn())
    qtbot.waitUntil(lambda: "The enemies' turn" in panel.hint.text(), timeout=WAIT)
    assert not panel.action.isVisible()  # an enemy's attack is the GM's to make
    dock = window.combat_feature.dock  # type: ignore[attr-defined]
    dock.close()  # the player put the Combat dock away
    assert not panel.isVisible()
    menu.bridge.apply(EnemyAttack("e1", "pc1", RollSetup("dexterity")))
    settle = panel.settle
    qtbot.waitUntil(settle.isVisible, timeout=WAIT)  # the dock comes forward by itself
    assert settle.title() == "Astrid Ulfsdottir defends against Glass-wing swarm (x12)"
    assert not settle.consequence.isVisible() and not settle.replace.isVisible()
    refused(window, qtbot, session, ResolveDefence(take_damage=False), "Only the GM")
    settle.settle_button.click()
    qtbot.waitUntil(lambda: pending(session.campaign) is None, timeout=WAIT)
    assert session.campaign.journal[-1].character == "pc1"


def test_another_players_roll_is_not_settled_from_this_seat(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Ren")
    panel = combat_dock(window)
    fight(session, menu)
    menu.bridge.apply(Attack("pc2", "e1", RollSetup("dexterity"), weapon="Yew bow"))
    qtbot.waitUntil(lambda: "Ivar the Quiet's attack waits" in panel.hint.text(), timeout=WAIT)
    assert not panel.settle.isVisible() and not panel.action.isVisible()
    refused(window, qtbot, session, ResolveAttack(), "another player's character")


def test_the_ravens_gift_from_the_combat_dock(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Sam")
    panel = combat_dock(window)
    draugr = menu.bridge.apply(AddEnemy(EnemyStats("Draugr", 8, weapon=8)))
    fight(session, menu, draugr)
    gifts = panel.consequences
    qtbot.waitUntil(gifts.isVisible, timeout=WAIT)
    assert gifts.title() == "Your Vanori's gifts"
    assert not gifts.armor_button.isVisible() and not gifts.enemy_armor.isVisible()
    assert gifts.gift.count() == 1 and "Ivar the Quiet burns" in gifts.gift.currentText()
    assert gifts.enemy.currentData() == draugr
    gifts.gift_button.click()
    qtbot.waitUntil(lambda: not session.campaign.piles["hand:pc2"], timeout=WAIT)
    foe = next(e for e in play_of(session.campaign).enemies if e.id == draugr)
    assert foe.weakened and session.campaign.journal[-1].character == "pc2"


def test_what_only_the_gm_does_is_refused_by_the_host(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Ren")
    other = menu.bridge.apply(AddEnemy(EnemyStats("Ridge wolf", 5)))
    fight(session, menu)

    def axe(target: str = "e1", setup: RollSetup | None = None) -> Attack:
        return Attack("pc1", target, setup or RollSetup(), weapon="Bearded axe")

    forged: list[tuple[Operation, str]] = [
        (axe(str(other)), "someone you can see"),  # an enemy outside the fight
        (Attack("pc1", "e1", feat_die=12), "Only the GM sets feat die"),
        (axe(setup=RollSetup(dr=6)), "Only the GM sets dr"),  # a DR of their own
        (axe(setup=RollSetup(risk=0)), "Only the GM sets risk"),  # no risk cards
        (axe(setup=RollSetup(d20=20)), "Only the GM sets d20"),  # a die typed in
        (Attack("pc2", "e1", weapon="Yew bow"), "your own characters"),
        (EndTurn(), "Only the GM"),
        (CheckMorale("e1"), "Only the GM"),
    ]
    for op, says in forged:
        refused(window, qtbot, session, op, says)
