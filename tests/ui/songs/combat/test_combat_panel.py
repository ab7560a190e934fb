"""A combat round played through the Combat dock's widgets, with a seeded generator."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton
from pytestqt.qtbot import QtBot

from saga_desktop.i18n.words import english
from saga_desktop.model.session import Session
from saga_desktop.model.songs.access import to_rules_character, to_rules_enemy
from saga_desktop.model.songs.combat_queries import percent
from saga_desktop.model.songs.ops.combat import ResilienceTrial
from saga_desktop.model.songs.state import SongsPlay
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.ui.songs.combat import CombatFeature
from tests.model.songs.fight import fight_session
from tests.ui.songs.combat.conftest import settle_events


def play_of(session: Session) -> SongsPlay:
    play = session.campaign.play
    assert isinstance(play, SongsPlay)
    return play


def enemy_resilience(session: Session, enemy_id: str) -> int:
    return next(e.resilience for e in play_of(session).enemies if e.id == enemy_id)


def deck_of(session: Session) -> TableDeck:
    t = table_of(session.campaign)
    return TableDeck.from_codes(t.draw, t.discard, t.revealed, t.hands)


def assert_52(session: Session, feature: CombatFeature) -> None:
    """52 cards in the model, and the hands the panel shows add up with the piles."""
    t = table_of(session.campaign)
    cards = t.draw + t.discard + t.revealed + [c for hand in t.hands.values() for c in hand]
    assert len(cards) == 52 and len(set(cards)) == 52
    shown = 0
    for character in session.campaign.characters:
        details = feature.panel.party.rows[character.id].details.text()
        count = int(details.split(" card")[0].split(" · ")[-1])
        assert count == len(t.hands[character.id])
        shown += count
    assert shown + len(t.draw) + len(t.discard) + len(t.revealed) == 52


def choose(combo: QComboBox, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def click(qtbot: QtBot, button: QPushButton) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def shoot(feature: CombatFeature, name: str) -> None:
    folder = os.environ.get("SAGA_SCREENSHOTS")
    if folder:
        settle_events()
        feature.dock.grab().save(str(Path(folder) / f"{name}.png"))


def test_a_combat_round_through_the_panel(
    qtbot: QtBot, combat: CombatFeature, session: Session
) -> None:
    panel = combat.panel
    assert combat.dock.objectName() == "combat"
    assert panel.setup_box.isVisible() and panel.enemy_list.count() == 2
    assert panel.heading.text() == "No fight"

    # Initiative by card.
    click(qtbot, panel.start_button)
    fight = play_of(session).combat
    assert fight is not None and fight.enemies == ["wolves", "draugr"]
    card = Card.from_code(fight.initiative)
    assert panel.initiative.card == card
    first = "the party" if card.is_red else "the enemies"
    assert f"{first} first" in panel.order.text()
    assert panel.heading.text().startswith("Round 1")
    assert not panel.setup_box.isVisible()
    assert_52(session, combat)
    if fight.turn == "enemies":
        click(qtbot, panel.end_turn_button)
    assert panel.heading.text().endswith("The party's turn")

    # Sigrid attacks the wolves with her axe; the odds shown are the engine's.
    action = panel.action
    choose(action.actor, "pc1")
    choose(action.action, "attack")
    choose(action.source, "weapon:Axe")
    choose(action.target, "wolves")
    choose(action.attribute, "strength")
    action.risk.setValue(2)
    request = songs.TrialRequest(songs.Attribute.STRENGTH, 12, 2)
    campaign = session.campaign
    odds = songs.attack_odds(
        request,
        to_rules_character(campaign.characters[0]),
        to_rules_enemy(play_of(session).enemies[0]),
        deck_of(session),
        play_of(session).options,
        weapon="Axe",
    )
    assert action.odds.bar.format() == f"success {percent(odds.roll.success)}"
    text = action.odds.text.text()
    assert f"natural 1: {percent(odds.roll.natural_1)}" in text
    assert f"natural 20: {percent(odds.roll.natural_20)}" in text
    assert f"expected damage {float(odds.expected_damage):.2f}" in text
    shoot(combat, "combat_1_attack_setup")
    click(qtbot, action.roll_button)
    attack = songs.AttackRoll.from_data(play_of(session).pending or {})
    assert panel.settle.isVisible() and not action.isVisible()
    assert panel.settle.cards.cards == list(attack.trial.revealed)
    assert panel.settle.die.dice.text().startswith("Damage die")
    assert panel.settle.die.reason.text()
    assert_52(session, combat)
    shoot(combat, "combat_2_attack_rolled")
    before = enemy_resilience(session, "wolves")
    results: list[object] = []
    panel.applied.connect(results.append)
    click(qtbot, panel.settle.settle_button)
    [result] = results
    assert isinstance(result, songs.AttackResult)
    assert result.damage == max(0, result.damage_roll - result.armor_roll)
    assert enemy_resilience(session, "wolves") == before - result.damage
    assert panel.enemies.rows["wolves"].bar.value() == before - result.damage
    assert "[damage die:" in panel.last.text()
    assert panel.party.rows["pc1"].status.text() == "acted"
    assert_52(session, combat)

    # The enemies' turn: the draugr attacks Bjorn, who defends.
    click(qtbot, panel.end_turn_button)
    assert play_of(session).combat.turn == "enemies"  # type: ignore[union-attr]
    assert action.roll_button.text() == "Roll the defence"
    choose(action.actor, "draugr")
    choose(action.target, "pc2")
    assert action.odds.bar.format().startswith("avoid ")
    assert "dropped to 0" in action.odds.text.text()
    click(qtbot, action.roll_button)
    defence = songs.DefenceRoll.from_data(play_of(session).pending or {})
    assert defence.enemy_id == "draugr"
    shoot(combat, "combat_3_defence_rolled")
    results.clear()
    bjorn_before = campaign.characters[1].sheet.resilience
    click(qtbot, panel.settle.settle_button)
    [settled] = results
    assert isinstance(settled, songs.DefenceResult)
    assert campaign.characters[1].sheet.resilience == bjorn_before - settled.damage
    assert_52(session, combat)

    # A consequence as a button: the GM damages Bjorn's armor; the draugr's morale.
    choose(panel.consequences.character, "pc2")
    click(qtbot, panel.consequences.armor_button)
    assert session.campaign.characters[1].sheet.armor.damage == 1
    assert "armor damaged" in panel.last.text()
    panel.enemies.rows["draugr"].button.click()
    assert "draugr" in play_of(session).combat.morale  # type: ignore[union-attr]
    shoot(combat, "combat_4_after_consequence")
    assert_52(session, combat)

    # End of combat.
    click(qtbot, panel.end_button)
    assert play_of(session).combat is None
    assert panel.setup_box.isVisible() and not panel.action.isVisible()
    assert session.campaign.journal[-1].text.startswith("The fight ends after")
    assert_52(session, combat)


def test_a_trial_roll_and_a_consequence_for_the_enemy(
    qtbot: QtBot, combat: CombatFeature, session: Session
) -> None:
    panel = combat.panel
    click(qtbot, panel.start_button)
    if play_of(session).combat.turn == "enemies":  # type: ignore[union-attr]
        click(qtbot, panel.end_turn_button)
    choose(panel.action.actor, "pc2")
    choose(panel.action.action, "trial")
    assert panel.action.intent.isVisible() and not panel.action.source.isVisible()
    qtbot.keyClicks(panel.action.intent, "shoot the draugr's blade away")
    assert panel.action.roll_button.text() == "Roll the trial"
    click(qtbot, panel.action.roll_button)
    assert isinstance(panel.settle.record, songs.TrialRoll)
    click(qtbot, panel.settle.settle_button)
    assert session.campaign.journal[-1].kind == "trial"
    choose(panel.consequences.enemy, "draugr")
    click(qtbot, panel.consequences.enemy_weapon)
    draugr = play_of(session).enemies[1]
    assert draugr.weapon.damage == 1
    assert "d6 damage" in panel.enemies.rows["draugr"].details.text()


def test_refusals_show_and_change_nothing(
    qtbot: QtBot, combat: CombatFeature, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    from saga_desktop.ui import messages

    monkeypatch.setattr(messages, "show_error", lambda _p, _t, text, detail="": shown.append(text))
    panel = combat.panel
    for i in range(panel.enemy_list.count()):
        panel.enemy_list.item(i).setCheckState(Qt.CheckState.Unchecked)
    assert not panel.start_button.isEnabled()
    before = session.export().model_dump(mode="json")
    panel.start_combat()
    assert shown and "at least one enemy" in shown[0]
    assert session.export().model_dump(mode="json") == before


def test_falling_to_zero_offers_the_resilience_trial(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QMainWindow

    from saga_desktop.model.songs.ops.combat import EndTurn, EnemyAttack, ResolveDefence, RollSetup
    from saga_desktop.model.songs.ops.combat import StartCombat as Start
    from saga_desktop.ui.bridge import SessionBridge
    from saga_desktop.ui.songs.combat import install_combat

    session = fight_session()
    session.apply(Start(("draugr",)))
    if play_of(session).combat.turn == "party":  # type: ignore[union-attr]
        session.apply(EndTurn())
    session.campaign.characters[1].sheet.resilience = 3
    session.apply(EnemyAttack("draugr", "pc2", RollSetup("dexterity", d20=2)))
    session.apply(ResolveDefence(damage_roll=8, armor_roll=1))
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_combat(window, SessionBridge(session))
    window.show()
    panel = feature.panel
    row = panel.party.rows["pc2"]
    assert row.status.text() == "at 0"
    assert "resilience trial is due" in panel.hint.text()
    assert row.button.text() == "Resilience trial"
    row.button.click()
    assert isinstance(panel.settle.record, songs.TrialRoll)
    assert panel.settle.title() == "Bjorn's resilience trial"
    panel.settle.settle_button.click()
    assert session.campaign.journal[-1].kind == "resilience"
    assert english(session.undo_label or "") == "Settle trial roll"
    session.undo()
    session.undo()
    assert panel.party.rows["pc2"].button.text() == "Resilience trial"
    assert isinstance(ResilienceTrial("pc2"), ResilienceTrial)


def test_undo_and_redo_move_the_panel(
    qtbot: QtBot, combat: CombatFeature, session: Session
) -> None:
    panel = combat.panel
    click(qtbot, panel.start_button)
    assert not panel.setup_box.isVisible()
    session.undo()
    assert panel.setup_box.isVisible() and play_of(session).combat is None
    session.redo()
    assert not panel.setup_box.isVisible()
    assert panel.heading.text().startswith("Round 1")


def give_card(session: Session, character: str) -> str:
    code = table_of(session.campaign).draw[0]
    table_of(session.campaign).draw.remove(code)
    table_of(session.campaign).hands[character].append(code)
    return code


def test_burns_and_gifts_from_the_panel(
    qtbot: QtBot, combat: CombatFeature, session: Session
) -> None:
    panel = combat.panel
    mine = give_card(session, "pc1")
    raven = give_card(session, "pc2")
    click(qtbot, panel.start_button)
    if play_of(session).combat.turn == "enemies":  # type: ignore[union-attr]
        click(qtbot, panel.end_turn_button)
    # The Raven's gift: Bjorn burns a card and the draugr's die drops a step.
    gifts = panel.consequences
    assert gifts.gift.isVisible()
    choose(gifts.gift, f"pc2:{raven}")
    choose(gifts.enemy, "draugr")
    click(qtbot, gifts.gift_button)
    assert play_of(session).enemies[1].weakened == 1
    assert "Raven: from d8" in panel.enemies.rows["draugr"].details.text()
    # Call the Gods after the d20 is seen.
    choose(panel.action.actor, "pc1")
    choose(panel.action.source, "weapon:Axe")
    choose(panel.action.target, "draugr")
    click(qtbot, panel.action.roll_button)
    score = songs.AttackRoll.from_data(play_of(session).pending or {}).trial.score
    burn = panel.settle.burn
    index = next(i for i in range(burn.count()) if burn.itemText(i).startswith("Call the Gods"))
    burn.setCurrentIndex(index)
    click(qtbot, panel.settle.burn_button)
    boosted = songs.AttackRoll.from_data(play_of(session).pending or {})
    assert boosted.trial.score == score + 2
    assert mine in table_of(session.campaign).discard
    assert "Call the Gods" in panel.settle.line.text()
    click(qtbot, panel.settle.settle_button)
    assert_52(session, combat)


def test_real_dice_typed_at_the_table(
    qtbot: QtBot, combat: CombatFeature, session: Session
) -> None:
    panel = combat.panel
    click(qtbot, panel.start_button)
    if play_of(session).combat.turn == "enemies":  # type: ignore[union-attr]
        click(qtbot, panel.end_turn_button)
    action = panel.action
    choose(action.actor, "pc1")
    choose(action.source, "weapon:Axe")
    choose(action.target, "wolves")
    action.table_dice.setChecked(True)
    action.d20.setValue(20)
    click(qtbot, action.roll_button)
    attack = songs.AttackRoll.from_data(play_of(session).pending or {})
    assert attack.trial.d20 == 20 and attack.trial.physical
    settle = panel.settle
    assert settle.die.dice.text() == "Damage die d8 → d10"
    assert "Natural 20" in settle.die.reason.text()
    settle.table_dice.setChecked(True)
    assert settle.damage_roll.maximum() == 10 and settle.armor_roll.maximum() == 4
    settle.damage_roll.setValue(9)
    settle.armor_roll.setValue(3)
    shoot(combat, "combat_5_real_dice")
    click(qtbot, settle.settle_button)
    assert enemy_resilience(session, "wolves") == 9 - 6
    assert "d10 9 - armor d4 3 = 6 damage" in panel.last.text()
