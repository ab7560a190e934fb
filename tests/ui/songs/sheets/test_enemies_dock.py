"""The Enemies dock through its widgets: examples, stat block edits, refusals, undo."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.ui.songs.enemies.examples import load_examples
from saga_desktop.ui.songs.sheets import SheetsFeature


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


def test_examples_are_added_and_edited(qtbot: QtBot, sheets: SheetsFeature) -> None:
    dock = sheets.enemies_dock
    assert dock.objectName() == "enemies"
    session = sheets.bridge.session
    actions = dock.examples_menu.actions()
    examples = load_examples()
    assert len(actions) == len(examples) >= 5
    mob = next(i for i, e in enumerate(examples) if e.count > 1)
    actions[mob].trigger()
    [enemy] = session.campaign.play.enemies
    assert (enemy.name, enemy.count, enemy.notes) == (
        examples[mob].name,
        examples[mob].count,
        examples[mob].notes,
    )
    assert dock.list.count() == 1 and f"(x{enemy.count})" in dock.list.item(0).text()
    form = dock.form
    assert form.name.text() == enemy.name and form.count.value() == enemy.count
    form.resilience.setValue(3)
    assert session.campaign.play.enemies[0].resilience == 3
    assert "resilience 3/" in dock.list.item(0).text()
    session.undo()
    assert form.resilience.value() == enemy.max_resilience
    form.weapon.setCurrentIndex(form.weapon.findData(12))
    form.weapon.activated.emit(form.weapon.currentIndex())
    assert session.campaign.play.enemies[0].weapon.die == 12
    assert "d12 damage" in dock.list.item(0).text()


def test_bad_stat_block_edits_are_refused(qtbot: QtBot, sheets: SheetsFeature) -> None:
    dock = sheets.enemies_dock
    session = sheets.bridge.session
    qtbot.mouseClick(dock.add_button, Qt.MouseButton.LeftButton)
    assert session.campaign.play.enemies[0].name == "New enemy"
    form = dock.form
    before = dump(session)
    form.name.setFocus()
    form.name.selectAll()
    qtbot.keyClick(form.name, Qt.Key.Key_Delete)
    qtbot.keyClick(form.name, Qt.Key.Key_Return)
    assert form.problem.text() == "Not changed: An enemy needs a name"
    assert dump(session) == before and form.name.text() == "New enemy"
    armor = next(b for b in form.findChildren(QAbstractButton) if b.text() == "Damage armor")
    qtbot.mouseClick(armor, Qt.MouseButton.LeftButton)
    assert form.problem.text() == "Not changed: New enemy wears no armor"
    assert dump(session) == before
    form.armor.setCurrentIndex(form.armor.findData(6))
    form.armor.activated.emit(form.armor.currentIndex())
    qtbot.mouseClick(armor, Qt.MouseButton.LeftButton)
    assert form.problem.text() == ""
    assert "armor d4 (damaged from d6)" in dock.list.item(0).text()


def test_remove_and_undo(qtbot: QtBot, sheets: SheetsFeature) -> None:
    dock = sheets.enemies_dock
    session = sheets.bridge.session
    dock.examples_menu.actions()[0].trigger()
    dock.examples_menu.actions()[1].trigger()
    assert dock.list.count() == 2 and dock.selected_id() == "e2"
    qtbot.mouseClick(dock.remove_button, Qt.MouseButton.LeftButton)
    assert [e.id for e in session.campaign.play.enemies] == ["e1"]
    assert dock.list.count() == 1
    sheets.window.undo_action.trigger()  # type: ignore[attr-defined]
    assert dock.list.count() == 2


def test_with_no_enemy_the_form_steps_aside(qtbot: QtBot, sheets: SheetsFeature) -> None:
    """No disabled stat block with numbers that look like an enemy's: a line says what to do."""
    dock = sheets.enemies_dock
    session = sheets.bridge.session
    dock.examples_menu.actions()[0].trigger()
    assert dock.form.name.text() != ""
    for enemy in list(session.campaign.play.enemies):
        dock.select(enemy.id)
        qtbot.mouseClick(dock.remove_button, Qt.MouseButton.LeftButton)
    assert session.campaign.play.enemies == [] and dock.list.count() == 0
    assert dock.form.name.text() == "" and dock.form.gear.text() == ""
    assert dock.form_area.isHidden() and not dock.empty.isHidden()
    assert dock.empty.text().startswith("No enemies yet: add a blank stat block")
    dock.examples_menu.actions()[0].trigger()
    assert not dock.form_area.isHidden() and dock.empty.isHidden()
    assert dock.form.name.text() == session.campaign.play.enemies[0].name
    dock.select(session.campaign.play.enemies[0].id)
    qtbot.mouseClick(dock.remove_button, Qt.MouseButton.LeftButton)
    assert dock.form_area.isHidden() and dock.form.name.text() == ""
