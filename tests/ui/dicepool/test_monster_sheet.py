"""A monster's sheet for the GM: its injuries, what the fight has spent, and the GM's notes;
the combat tracker's rows show injuries too."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGroupBox, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.ops.combat import (
    ApplyOutcome,
    Declare,
    EndEncounter,
    EndRound,
    RollCombat,
    StartEncounter,
    UseStrength,
)
from saga_desktop.model.dicepool.ops.monsters import RemoveMonster
from saga_desktop.model.dicepool.state import play_of
from saga_desktop.model.types import TEXT_MAX
from tests.model.dicepool.conftest import party_session
from tests.ui.dicepool.test_dicepool_ui import feature_of, shown
from tests.ui.test_main_window import _discard_on_teardown  # noqa: F401

LEFT = Qt.MouseButton.LeftButton


def _gone(w: QWidget, top: QWidget) -> bool:
    """Hidden by a redraw (it or a parent below ``top``), waiting to be deleted."""
    while w is not None and w is not top:
        if w.isHidden():
            return True
        w = w.parentWidget()
    return False


def _texts(widget: QWidget) -> str:
    """The text of every label the widget shows now (a redraw leaves old ones to be deleted)."""
    QApplication.processEvents()  # new widgets show from the event loop
    shown = [w for w in widget.findChildren(QLabel) if not _gone(w, widget)]
    return "\n".join(w.text() for w in shown)


def test_the_hound_s_injuries_and_notes_are_on_its_sheet(qtbot: QtBot) -> None:
    window = shown(qtbot, party_session())
    session = window.bridge.session
    feature = feature_of(window)
    combat = feature.combat_dock
    # Before the fight: the Hound's line in "Who fights?" opens its sheet.
    button = combat.findChild(QPushButton, "sheet-m1")
    assert button is not None
    qtbot.mouseClick(button, LEFT)
    sheet = feature.monster_sheets["m1"]
    assert sheet.isVisible() and sheet.windowTitle() == "Hound"
    assert sheet.notes is not None and sheet.notes.toPlainText() == "Afraid of fire"
    # A fight: Mara wounds the Hound twice at level 2; it spends its STR in the first round.
    session.apply(StartEncounter(("pc1", "m1")))
    for wins, strength in ((8, True), (4, False)):
        session.apply(Declare("m1", "attack", "pc1"))
        session.apply(Declare("pc1", "attack", "m1"))
        session.apply(RollCombat("pc1", faces=(6,) * wins + (1,) * (12 - wins)))
        session.apply(RollCombat("m1", faces=(6,) * 2 + (1,) * 6))
        if strength:
            session.apply(UseStrength(0, "m1"))
        session.apply(ApplyOutcome(0, "pc1", "injury", 2, "a cut flank"))
        session.apply(EndRound())
    hound = play_of(session.campaign).monster("m1")
    assert hound is not None and [i.level for i in hound.injuries] == [2, 2]
    text = _texts(sheet)
    assert text.count("a cut flank") == 2, text
    fight = next(b for b in sheet.findChildren(QGroupBox, "this-fight") if not _gone(b, sheet))
    assert "Round 3. STR 2: used." in _texts(fight)
    # The tracker's row for the Hound names its injury.
    table = combat.table
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "Hound")
    assert "injuries L2 (a cut flank), L2 (a cut flank)" in combat.table.item(row, 1).text()
    # Double-clicking a row opens (here: raises) the sheet.
    combat.table.cellDoubleClicked.emit(row, 0)
    assert feature.monster_sheets["m1"] is sheet


def test_notes_are_saved_kept_while_typing_and_the_sheet_goes_with_its_monster(
    qtbot: QtBot,
) -> None:
    window = shown(qtbot, party_session())
    session = window.bridge.session
    feature = feature_of(window)
    sheet = feature.open_sheet("m2")
    assert sheet is not None and sheet.notes is not None and sheet.notes.toPlainText() == ""
    qtbot.keyClicks(sheet.notes, "Owes the miller money")
    session.apply(StartEncounter(("pc1", "m2")))  # a change redraws the sheet: typing stays
    assert sheet.notes.toPlainText() == "Owes the miller money"
    qtbot.mouseClick(sheet.findChild(QPushButton, "save-notes"), LEFT)
    assert play_of(session.campaign).monster("m2").notes == "Owes the miller money"  # type: ignore[union-attr]
    assert "Armor: 1 of 1 left (not in close combat)." in _texts(sheet)
    sheet.notes.setPlainText("x" * (TEXT_MAX + 1))
    sheet.notes.document().setModified(True)
    qtbot.mouseClick(sheet.findChild(QPushButton, "save-notes"), LEFT)
    assert "Not changed" in sheet.problem.text()
    assert sheet.notes.toPlainText() == "x" * (TEXT_MAX + 1)  # refused, not lost
    session.apply(EndEncounter())
    session.apply(RemoveMonster("m2"))
    assert "m2" not in feature.monster_sheets
