"""A waiting roll is settled in one dock; the other says where (and leads there)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.combat import (
    EndTurn,
    EnemyAttack,
    ResilienceTrial,
    ResolveDefence,
    RollSetup,
    StartCombat,
)
from saga_desktop.model.songs.state import SongsPlay
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.combat import CombatFeature, install_combat
from saga_desktop.ui.songs.play import TableFeature, install_table
from tests.model.songs.fight import fight_session


def both_docks(qtbot: QtBot, session: Session) -> tuple[TableFeature, CombatFeature]:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("map"))
    bridge = SessionBridge(session)
    table = install_table(window, bridge, QSettings())
    table.set_animations_enabled(False)
    combat = install_combat(window, bridge)
    window.tabifyDockWidget(combat.dock, table.roll_dock)
    window.resize(1300, 900)
    window.show()
    qtbot.waitExposed(window)
    return table, combat


def bjorn_down_in_a_fight() -> Session:
    session = fight_session()
    session.apply(StartCombat(("draugr",)))
    play = session.campaign.play
    assert isinstance(play, SongsPlay) and play.combat is not None
    if play.combat.turn == "party":
        session.apply(EndTurn())
    session.campaign.characters[1].sheet.resilience = 3
    session.apply(EnemyAttack("draugr", "pc2", RollSetup("dexterity", d20=2)))
    session.apply(ResolveDefence(damage_roll=8, armor_roll=1))
    assert session.campaign.characters[1].sheet.resilience == 0
    return session


def test_in_a_fight_the_resilience_trial_is_settled_in_the_combat_dock(qtbot: QtBot) -> None:
    session = bjorn_down_in_a_fight()
    table, combat = both_docks(qtbot, session)
    session.apply(ResilienceTrial("pc2", risk=1))
    panel = table.panel
    assert combat.panel.settle.isVisibleTo(combat.panel)
    assert panel.pages.currentWidget() is panel.blocked, "the Roll dock offers its own burns"
    assert not panel.showing_result
    assert panel.blocked_note.text() == (
        "Bjorn's resilience trial waits in the Combat dock: it is settled there."
    )
    table.roll_dock.raise_()
    assert combat.dock.visibleRegion().isEmpty()
    panel.to_combat.click()
    assert not combat.dock.visibleRegion().isEmpty(), "the button leads to the Combat dock"
    combat.panel.settle.settle_button.click()
    assert session.campaign.journal[-1].kind == "resilience"
    assert panel.showing_setup


def test_outside_a_fight_the_roll_dock_settles_it(qtbot: QtBot) -> None:
    session = fight_session()
    session.campaign.characters[1].sheet.resilience = 0
    table, combat = both_docks(qtbot, session)
    session.apply(ResilienceTrial("pc2", risk=1))
    assert table.panel.showing_result
    assert not combat.panel.settle.isVisibleTo(combat.panel)
    assert "Bjorn's resilience trial waits in the Roll dock" in combat.panel.hint.text()
    assert combat.panel.hint.isVisibleTo(combat.panel)
