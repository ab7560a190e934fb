"""A character's attack starts on their last weapon, or their best one, in every round."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.model.songs.state import Gear, InventoryEntry
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.combat import CombatFeature, install_combat
from tests.ui.songs.combat.test_combat_panel import choose, click, play_of


def attack_with_default(qtbot: QtBot, feature: CombatFeature, actor: str) -> str:
    """Pick the actor, keep the offered source, roll and settle: returns the source used."""
    panel = feature.panel
    choose(panel.action.actor, actor)
    used = str(panel.action.source.currentData())
    click(qtbot, panel.action.roll_button)
    click(qtbot, panel.settle.settle_button)
    return used


def test_round_two_attacks_with_the_last_weapon_not_a_d4_feat(
    qtbot: QtBot, combat: CombatFeature, session: Session
) -> None:
    panel = combat.panel
    click(qtbot, panel.start_button)
    if play_of(session).combat.turn == "enemies":  # type: ignore[union-attr]
        click(qtbot, panel.end_turn_button)
    assert attack_with_default(qtbot, combat, "pc1") == "weapon:Axe"
    choose(panel.action.actor, "pc2")
    assert panel.action.source.currentData() == "weapon:Bow"
    choose(panel.action.source, "feat:8")
    click(qtbot, panel.action.roll_button)
    click(qtbot, panel.settle.settle_button)
    round_one = play_of(session).combat.round  # type: ignore[union-attr]
    while play_of(session).combat.round == round_one:  # type: ignore[union-attr]
        click(qtbot, panel.end_turn_button)
    assert play_of(session).combat.turn == "party"  # type: ignore[union-attr]

    assert panel.action.roll_button.text() == "Roll the attack"
    choose(panel.action.actor, "pc1")
    assert panel.action.source.currentData() == "weapon:Axe"
    choose(panel.action.actor, "pc2")
    assert panel.action.source.currentData() == "feat:8"

    # A new window (or a restart) reads the last weapon from the journal.
    window = QMainWindow()
    qtbot.addWidget(window)
    fresh = install_combat(window, SessionBridge(session)).panel
    choose(fresh.action.actor, "pc2")
    assert fresh.action.source.currentData() == "feat:8"
    choose(fresh.action.actor, "pc1")
    assert fresh.action.source.currentData() == "weapon:Axe"


def test_a_first_attack_takes_the_best_unbroken_weapon(qtbot: QtBot, session: Session) -> None:
    inventory = session.campaign.characters[0].sheet.inventory  # type: ignore[union-attr]
    inventory.insert(0, InventoryEntry(kind="weapon", name="Knife", weapon=Gear(die=4)))
    inventory.append(
        InventoryEntry(kind="weapon", name="Greatsword", weapon=Gear(die=12, damage=5))
    )
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_combat(window, SessionBridge(session))
    window.show()
    click(qtbot, feature.panel.start_button)
    if play_of(session).combat.turn == "enemies":  # type: ignore[union-attr]
        click(qtbot, feature.panel.end_turn_button)
    choose(feature.panel.action.actor, "pc1")
    assert feature.panel.action.source.currentData() == "weapon:Axe"
