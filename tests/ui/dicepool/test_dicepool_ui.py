"""The dice-pool docks through real widgets: the main window, a check with an assist, a round."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QDockWidget, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.access import card_of, encounter_of
from saga_desktop.model.dicepool.odds import check_preview
from saga_desktop.model.dicepool.ops.cards import SetTrait
from saga_desktop.model.dicepool.ops.checks import AssistSpec
from saga_desktop.model.dicepool.sample import sample_campaign
from saga_desktop.model.dicepool.state import play_of
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.prompt_dialog import PromptDialog, PromptTargets
from tests.model.dicepool.conftest import party_session
from tests.ui.test_main_window import _discard_on_teardown, make_window  # noqa: F401

LEFT = Qt.MouseButton.LeftButton


def shown(qtbot: QtBot, session: Session) -> MainWindow:
    window = make_window(qtbot, session)
    window.resize(1600, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def feature_of(window: MainWindow):  # type: ignore[no-untyped-def]
    return window.dicepool_feature  # type: ignore[attr-defined]


def docks(window: MainWindow) -> set[str]:
    return {d.objectName() for d in window.findChildren(QDockWidget)}


def test_the_sample_shows_the_dice_pool_docks_not_the_songs_ones(qtbot: QtBot) -> None:
    window = make_window(qtbot, Session(sample_campaign()))
    names = docks(window)
    assert {"sheet-pc1", "sheet-pc2", "dicepool-check", "dicepool-combat"} <= names
    assert "enemies" not in names and "roll-panel" not in names and "combat" not in names
    f = feature_of(window)
    assert f.sheets["pc1"].windowTitle() == "Mara Fenwick"
    assert "Success" in f.check_dock.verdict.text() or "Failure" in f.check_dock.verdict.text()


def test_a_check_with_an_assist(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = shown(qtbot, party_session())
    window.bridge.session.apply(SetTrait("pc2", "skill", "Swim", 1))
    dock = feature_of(window).check_dock
    dock.attribute.setCurrentIndex(dock.attribute.findData("int"))
    dock.trait.setCurrentIndex(dock.trait.findData("skill|Survival"))
    dock.cl.setValue(4)
    assert dock.cl_words.text() == "challenging"
    assert len(dock.pool.faces) == 0 and dock.pool.row.count() == 8  # 7 dice + the stretch
    helper = dock.helpers[0]
    dock.raise_()
    helper.on.setChecked(True)
    helper.trait.setCurrentIndex(helper.trait.findData("vocation|Herbalist"))
    campaign = window.bridge.session.campaign
    spec = AssistSpec("pc2", "int", "Herbalist", "vocation")
    odds = check_preview(campaign, "pc1", "int", "Survival", "skill", 4, (spec,))
    assert dock.odds.text().startswith(f"Success {dp.percent(odds.success)}")
    assert "adds 1.0 wins" in helper.effect.text()
    # A weak helper is expected to cost wins, and says so.
    helper.attribute.setCurrentIndex(helper.attribute.findData("ref"))
    helper.trait.setCurrentIndex(helper.trait.findData("skill|Swim"))  # 5 dice
    assert "costs 0.5 wins" in helper.effect.text() and "color" in helper.effect.styleSheet()
    helper.attribute.setCurrentIndex(helper.attribute.findData("int"))
    helper.trait.setCurrentIndex(helper.trait.findData("vocation|Herbalist"))
    # Physical dice: bad faces are refused with the reason, nothing changes.
    qtbot.mouseClick(dock.physical, LEFT)
    dock.faces.setText("6 6")
    helper.faces.setText("4 4 4 4 1 1 1 1")
    journal = len(campaign.journal)
    qtbot.mouseClick(dock.roll_button, LEFT)
    assert "faces of 7 dice" in dock.problem.text() and len(campaign.journal) == journal
    dock.faces.setText("6 5 4 1 1 1 1")
    with qtbot.waitSignal(dock.rolled) as got:
        qtbot.mouseClick(dock.roll_button, LEFT)
    result = got.args[0]
    assert result.wins == 4 and result.success  # 3 wins + 1 from the assist
    assert dock.result_dice.wins_shown == 3
    assert dock.verdict.text() == "Success: 4 wins against CL 4, a bare success"
    # Prompt (the dialog offers the character chosen), then resolve from the queue.
    asked: list[PromptDialog] = []

    def answer(parent: object, what: str, party: object, chosen: object) -> PromptTargets:
        asked.append(PromptDialog(what, party, chosen))  # type: ignore[arg-type]
        return asked[-1].targets()

    monkeypatch.setattr("saga_desktop.ui.prompt_queue.ask_prompt_targets", answer)
    qtbot.mouseClick(dock.prompt_button, LEFT)
    assert asked[0].targets().characters == (dock.character_id,)
    assert dock.queue.count() == 1
    qtbot.mouseClick(dock.physical, LEFT)
    qtbot.mouseClick(dock.resolve_button, LEFT)
    assert dock.queue.count() == 0 and play_of(campaign).prompts == []


def click(qtbot: QtBot, button: QPushButton) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, LEFT)


def test_a_whole_round_of_two_against_two(qtbot: QtBot) -> None:
    window = shown(qtbot, party_session())
    dock = feature_of(window).combat_dock
    dock.raise_()
    qtbot.waitUntil(dock.start_button.isVisible)
    campaign = window.bridge.session.campaign
    click(qtbot, dock.start_button)
    fight = encounter_of(window.bridge.session.campaign)
    assert [dock.table.item(r, 0).text() for r in range(4)] == ["Brute", "Bren", "Hound", "Mara"]
    targets = {"Brute": "Bren", "Bren": "Brute", "Hound": "Mara", "Mara": "Hound"}
    for name in ["Brute", "Bren", "Hound", "Mara"]:
        dock.action.setCurrentIndex(dock.action.findData("attack"))
        dock.target.setCurrentIndex(dock.target.findText(targets[name]))
        click(qtbot, dock.declare_button)
    fight = encounter_of(window.bridge.session.campaign)
    assert fight.phase is dp.Phase.RESOLVE
    assert dock.table.item(1, 2).text() == "attack Brute"
    odds = [w.text() for w in dock.pair_odds]
    assert len(odds) == 2 and odds[0].startswith("Mara (12D6) vs Hound (8D6)")
    # Typed faces in resolution order: Mara, the hound, Bren, the brute.
    for faces in [
        "6 6 6 6 6 6 6 6 6 6 6 1",
        "1 1 1 1 1 1 1 1",
        "4 4 1 1 1 1 1 1 1 1 1 1",
        "6 6 6 6 6 6 6 6 6",
    ]:
        dock.faces.setText(faces)
        typed = dock.typed_button
        assert typed is not None
        click(qtbot, typed)
    fight = encounter_of(campaign)
    assert fight.phase is dp.Phase.OUTCOMES and len(dock.exchanges) == 2
    mara_box, bren_box = dock.exchanges
    assert mara_box.apply_button is not None and bren_box.apply_button is not None
    assert mara_box.apply_button.text() == "Player action: Mara applies"
    assert bren_box.apply_button.text() == "Monster action: Brute applies"
    assert bren_box.strength_button is not None
    assert "victory 7 → 4" in bren_box.strength_button.text()
    click(qtbot, bren_box.strength_button)
    bren_box = dock.exchanges[1]
    assert (
        bren_box.strength_button is None
        and "STR -3 → 4" in bren_box.title() + encounter_of(campaign).exchanges[1].explain()
    )
    assert bren_box.level.maximum() == 4
    words = [w.text() for w in bren_box.findChildren(QLabel)]
    assert "Armor: none in close combat; Bren's injury lands in full." in words
    bren_box.level.setValue(3)
    bren_box.note.setText("a club to the ribs")
    click(qtbot, bren_box.apply_button)
    # Close combat: armor does not count (the text's ruling, the campaign's default).
    assert card_of(campaign, "pc2").injuries == (dp.Injury(3, "a club to the ribs"),)
    assert "armor" not in campaign.journal[-1].text
    mara_box = dock.exchanges[0]
    mara_box.level.setValue(4)
    click(qtbot, mara_box.apply_button)
    assert play_of(campaign).monsters[0].incapacitated
    end = dock.end_round_button
    assert end is not None
    click(qtbot, end)
    assert encounter_of(campaign).round == 2
    assert "STR used" in dock.table.item(1, 1).text()  # Bren, second to declare


@pytest.mark.parametrize("value", [5])
def test_a_sheet_edit_outside_the_range_is_refused(qtbot: QtBot, value: int) -> None:
    window = shown(qtbot, party_session())
    sheet = feature_of(window).sheets["pc1"]
    assert sheet.spins["str"].maximum() == 4
    sheet.spins["str"].setValue(2)
    assert card_of(window.bridge.session.campaign, "pc1").strength == 2
    window.bridge.session.undo()
    assert feature_of(window).sheets["pc1"].spins["str"].value() == 1


def test_the_check_panel_needs_no_sideways_scrolling_with_long_names(qtbot: QtBot) -> None:
    from saga_desktop.model.ops.characters import EditCharacter
    from saga_desktop.ui.bridge import SessionBridge
    from saga_desktop.ui.dicepool.check import CheckDock

    session = party_session()
    long_name = "Bren of the Long Hollow beneath the Drowned Mill, Gatekeeper"
    session.apply(EditCharacter("pc2", name=long_name))
    dock = CheckDock(SessionBridge(session))
    qtbot.addWidget(dock)
    dock.resize(420, 700)
    dock.show()
    qtbot.waitExposed(dock)
    qtbot.waitUntil(lambda: dock.scroll_area.widget().isVisible())
    qtbot.wait(50)  # the scroll area takes its range once the layout has run
    body = dock.scroll_area.widget()
    assert body.minimumSizeHint().width() <= dock.scroll_area.viewport().width()
    assert dock.scroll_area.horizontalScrollBar().maximum() == 0
    boxes = [b for b in dock.findChildren(QCheckBox) if "assists with" in b.text()]
    assert boxes and long_name not in boxes[0].text() and long_name in boxes[0].toolTip()


def test_a_monster_is_the_gms_until_shown_from_the_combat_dock(qtbot: QtBot) -> None:
    from saga_desktop.model.ruleset import Viewer
    from saga_desktop.model.visibility import view_for

    window = shown(qtbot, party_session())
    dock = feature_of(window).combat_dock
    dock.raise_()
    qtbot.waitUntil(dock.start_button.isVisible)
    session = window.bridge.session

    def table_knows() -> list[str]:
        monsters = view_for(session.campaign, Viewer.TABLE).play["monsters"]
        return [m["name"] for m in monsters]  # type: ignore[index,union-attr]

    assert table_knows() == []
    show = dock.findChild(QPushButton, "show-m1")
    assert show is not None and show.text() == "Show to players"
    click(qtbot, show)
    assert table_knows() == ["Hound"]
    qtbot.waitUntil(  # the dock is rebuilt: the old button goes later
        lambda: (
            [b.text() for b in dock.findChildren(QPushButton, "show-m1")][-1] == "Hide from players"
        )
    )
