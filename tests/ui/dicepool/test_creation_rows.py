"""The dice-pool creation dialog: skills, proficiencies and vocations as rows of a name box and
a number box kept within the rules' limits, hints that fit, and the budget counted as you go."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton, QSpinBox
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.access import card_of
from saga_desktop.model.dicepool.state import play_of
from saga_desktop.rules import dicepool as dp
from tests.model.dicepool.conftest import blank_session
from tests.ui.dicepool.test_dicepool_ui import feature_of, shown
from tests.ui.test_main_window import _discard_on_teardown  # noqa: F401

LEFT = Qt.MouseButton.LeftButton


def _row(qtbot: QtBot, dialog: object, kind: str, name: str, points: int) -> None:
    rows = dialog.rows[kind]  # type: ignore[attr-defined]
    qtbot.mouseClick(rows.findChild(QPushButton, f"add-{kind}"), LEFT)
    edit, spin, _remove = rows.rows[-1]
    assert edit.hasFocus() or not edit.isVisible()
    qtbot.keyClicks(edit, name)
    spin.setValue(points)


def test_a_character_is_made_from_rows_within_the_limits(qtbot: QtBot) -> None:
    window = shown(qtbot, blank_session())
    dialog = feature_of(window).new_card()
    qtbot.keyClicks(dialog.name, "Mara")
    for attribute, value in (("str", 2), ("ref", 2), ("int", 2)):
        dialog.attrs[attribute].setValue(value)
    _row(qtbot, dialog, "skill", "Survival", 2)
    _row(qtbot, dialog, "skill", "Lore", 1)
    _row(qtbot, dialog, "proficiency", "Blades", 2)
    _row(qtbot, dialog, "vocation", "Hunter", 2)
    # The number boxes hold the rules' limits: a proficiency is worth at most 2.
    prof = dialog.rows["proficiency"].rows[0][1]
    assert (prof.minimum(), prof.maximum()) == (1, dp.PROFICIENCY_MAX)
    assert dialog.rows["vocation"].rows[0][1].maximum() == dp.VOCATION_MAX
    assert dialog.rows["proficiency"].title() == "Proficiencies: each 1 to 2 points"
    assert "vocations 7 of 10" in dialog.budget.text(), [r.traits() for r in dialog.rows.values()]
    # A row taken away no longer counts; an empty row counts for nothing.
    _row(qtbot, dialog, "skill", "Swim", 3)
    assert "vocations 10 of 10" in dialog.budget.text()
    qtbot.mouseClick(dialog.rows["skill"].rows[2][2], LEFT)
    qtbot.mouseClick(dialog.rows["skill"].findChild(QPushButton, "add-skill"), LEFT)
    assert "vocations 7 of 10" in dialog.budget.text()
    qtbot.keyClicks(dialog.weapon, "Sword")
    qtbot.keyClicks(dialog.weapon_prof, "Blades")
    dialog.create_card()
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.problem.text()
    card = card_of(window.bridge.session.campaign, dialog.created)
    assert card.skills == (("Survival", 2), ("Lore", 1))
    assert card.proficiencies == (("Blades", 2),) and card.vocations == (("Hunter", 2),)
    assert card.weapons == (dp.Weapon("Sword", 1, "Blades"),)


def test_every_hint_fits_its_box(qtbot: QtBot) -> None:
    window = shown(qtbot, blank_session())
    dialog = feature_of(window).new_card(monster=True)
    for kind in ("skill", "proficiency", "vocation"):
        qtbot.mouseClick(dialog.rows[kind].findChild(QPushButton, f"add-{kind}"), LEFT)
    qtbot.waitExposed(dialog)
    edits = [e for e in dialog.findChildren(QLineEdit) if e.placeholderText()]
    assert len(edits) >= 5
    for edit in edits:
        room = edit.contentsRect().width() - 8  # the frame and text margins
        need = edit.fontMetrics().horizontalAdvance(edit.placeholderText())
        assert need <= room, (edit.placeholderText(), need, room)
    spins = [s for s in dialog.findChildren(QSpinBox) if s.isVisible()]
    assert all(s.toolTip() for s in spins)
    qtbot.keyClicks(dialog.name, "Hound")
    _row(qtbot, dialog, "proficiency", "Unarmed", 1)
    dialog.create_card()
    assert [m.name for m in play_of(window.bridge.session.campaign).monsters] == ["Hound"]
