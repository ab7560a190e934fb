"""The Play menu's actions through real widgets: oracle, look-ups, rest, scenes, burns."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.play import preview_next_card, preview_oracle
from saga_desktop.model.songs.ops.rolls import BeginTrial
from saga_desktop.model.songs.state import Enemy, play_of
from saga_desktop.model.songs.table import DISCARD, DRAW, table_of
from saga_desktop.rules import songs
from saga_desktop.rules.songs.odds import percent
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.play import TableFeature, install_table
from saga_desktop.ui.songs.play.burn_dialog import BurnCardDialog, BurnFor
from saga_desktop.ui.songs.play.oracle_dialog import LookupDialog, OracleDialog
from saga_desktop.ui.songs.play.rest_dialog import RestDialog
from tests.ui.songs.play.conftest import give, party_session, stack


def opened_by(qtbot: QtBot, feature: TableFeature, key: str) -> QDialog:
    seen: list[QDialog] = []
    feature.dialogOpened.connect(seen.append)
    feature.actions[key].trigger()
    assert len(seen) == 1
    qtbot.waitExposed(seen[0])
    return seen[0]


def test_the_play_menu(feature: TableFeature) -> None:
    menus = [a.menu() for a in feature.window.menuBar().actions() if a.menu()]
    play = next(m for m in menus if isinstance(m, QMenu) and m.title() == "&Play")
    texts = [a.text() for a in play.actions() if not a.isSeparator()]
    assert texts[:4] == [
        "&Trial or fate roll…",
        "&Cancel the waiting roll",
        "Ask the &oracle…",
        "&Reaction…",
    ]
    assert "End &scene" in texts and "Reduced &motion" not in texts  # it is in View
    assert feature.table_dock.objectName() == "card-table"
    assert feature.roll_dock.objectName() == "roll-panel"


def test_oracle(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    dialog = opened_by(qtbot, feature, "oracle")
    assert isinstance(dialog, OracleDialog)
    qtbot.keyClicks(dialog.question, "Is the ford guarded?")
    dialog.factors.setValue(2)
    odds = preview_oracle(session.campaign, 2)
    assert dialog.odds.text().startswith(
        f"Strong yes {percent(odds.strong_yes)} · weak yes {percent(odds.weak_yes)} · "
        f"no {percent(odds.no)} (draw pile "
    )
    with qtbot.waitSignal(dialog.answered) as answered:
        qtbot.mouseClick(dialog.ask, Qt.MouseButton.LeftButton)
    record = answered.args[0]
    assert isinstance(record, songs.OracleRecord) and len(record.reveal.cards) == 3
    assert dialog.cards.cards == list(record.reveal.cards)
    assert dialog.answer.text() == record.answer.text.capitalize()
    assert dialog.detail.text().startswith(
        record.explain() + "\nThe odds of this question were: Strong yes"
    )
    entry = session.campaign.journal[-1]
    assert entry.kind == "oracle" and "Is the ford guarded?" in entry.text
    assert feature.scene.cards_in(DISCARD)[-3:] == list(record.reveal.cards)
    dialog.close()


def test_reaction(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    stack(session, "7D")
    dialog = opened_by(qtbot, feature, "reaction")
    assert isinstance(dialog, LookupDialog)
    assert dialog.odds.text() == "Next card: " + preview_next_card(session.campaign).explain()
    qtbot.keyClicks(dialog.who, "the ferryman")
    qtbot.mouseClick(dialog.ask, Qt.MouseButton.LeftButton)
    assert dialog.answer.text() == "They seem curious"
    assert session.campaign.journal[-1].text.startswith("Reaction of the ferryman: 7♦")
    dialog.close()


def test_enemy_morale_of_a_listed_enemy(qtbot: QtBot, session: Session) -> None:
    wolves = Enemy(id="wolves", name="Wolves", max_resilience=9, resilience=4, count=3)
    session.campaign.play.enemies.append(wolves)
    from tests.ui.songs.play.conftest import make_feature

    feature = make_feature(qtbot, SessionBridge(session))
    stack(session, "2H")
    dialog = opened_by(qtbot, feature, "morale")
    assert isinstance(dialog, LookupDialog)
    dialog.who.setCurrentIndex(dialog.who.findData("wolves"))
    qtbot.mouseClick(dialog.ask, Qt.MouseButton.LeftButton)
    assert dialog.answer.text() == "They panic and run"
    assert session.campaign.journal[-1].details["enemy_id"] == "wolves"
    dialog.close()


def test_initiative_end_scene_next_session(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    feature.actions["initiative"].trigger()
    assert session.campaign.journal[-1].kind == "initiative"
    assert feature.table_dock.latest.full_text.startswith("Initiative: ")
    feature.actions["end_scene"].trigger()
    assert session.campaign.play.scene_number == 2
    assert feature.scene.counts()[DISCARD] == 0 and feature.scene.counts()[DRAW] == 52
    feature.actions["next_session"].trigger()
    assert session.campaign.play.session_number == 2


def test_ending_a_scene_is_seen(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    """Even with nothing to shuffle back, the status bar and the table's line say it ended."""
    feature.actions["end_scene"].trigger()
    assert feature.table_dock.latest.full_text.startswith("Scene 1 ends: 1 card shuffled back")
    assert not table_of(session.campaign).discard
    feature.actions["end_scene"].trigger()
    line = "Scene 2 ends: 0 cards shuffled back into the draw pile (52 cards); hands are kept."
    assert session.campaign.journal[-1].text == line
    assert feature.window.statusBar().currentMessage() == line
    assert feature.table_dock.latest.full_text == line
    feature.actions["next_session"].trigger()
    assert feature.window.statusBar().currentMessage().startswith("Session 2: ")
    assert feature.table_dock.latest.full_text.startswith("Session 2: ")


@pytest.mark.parametrize("kind", list(songs.RestKind))
def test_rest(qtbot: QtBot, feature: TableFeature, session: Session, kind: songs.RestKind) -> None:
    stack(session, "5H")
    dialog = feature.open_rest("pc3")
    assert isinstance(dialog, RestDialog)
    dialog.set_kind(kind)
    if kind is songs.RestKind.LONG:
        assert dialog.repair.isEnabled()
        dialog.repair.setCurrentIndex(dialog.repair.findData("Axe"))
    assert ("+10" in dialog.preview.text()) == (kind is songs.RestKind.LONG)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert dialog.record is not None and dialog.result() == QDialog.DialogCode.Accepted
    sheet = session.campaign.character("pc3").sheet
    expected = {songs.RestKind.SHORT: 8, songs.RestKind.LONG: 8, songs.RestKind.FULL: 12}
    assert sheet.resilience == expected[kind]
    if kind is songs.RestKind.LONG:
        assert sheet.inventory[0].weapon is not None and sheet.inventory[0].weapon.damage == 0
    assert session.campaign.journal[-1].kind == "rest"
    assert feature.table_dock.latest.full_text.startswith(f"Ulla: {kind.value} rest")


def test_ox_rest(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    give(session, "pc3", "9S")
    stack(session, "3D")
    dialog = feature.open_rest("pc3")
    assert dialog.ox.isEnabled() and dialog.ox.count() == 2
    dialog.ox.setCurrentIndex(1)
    assert "+6" in dialog.preview.text()
    dialog.rest()
    assert dialog.record is not None and dialog.record.ox is not None
    assert session.campaign.character("pc3").sheet.resilience == 9
    assert feature.scene.cards_in(DISCARD)[-2].code == "9S"


def test_come_prepared(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    give(session, "pc1", "4C")
    dialog = feature.open_burn(BurnFor.PREPARED, "pc1")
    assert isinstance(dialog, BurnCardDialog)
    assert not dialog.ok.isEnabled()
    qtbot.keyClicks(dialog.text, "Lantern")
    assert dialog.ok.isEnabled()
    dialog.ok.click()
    assert any(e.name == "Lantern" for e in session.campaign.character("pc1").sheet.inventory)
    assert table_of(session.campaign).hands["pc1"] == []


def test_installs_in_the_main_window(qtbot: QtBot) -> None:
    from saga_desktop.storage import paths
    from saga_desktop.storage.backups import BackupStore
    from saga_desktop.storage.recovery import RecoveryStore
    from saga_desktop.ui.document import CampaignDocument
    from saga_desktop.ui.main_window import MainWindow

    session = party_session()
    bridge = SessionBridge(session)
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir())
    )
    window = MainWindow(doc, QSettings())
    feature = install_table(window, bridge)
    view_texts = [a.text() for a in window.view_menu.actions()]
    assert "Card table" in view_texts and "Roll" in view_texts
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles.index("&Play") < titles.index("&Help")
    assert feature.motion.speed == 1.0
    session.mark_saved()
    doc.close()
    window.deleteLater()


def test_a_stuck_roll_is_cancelled_from_the_play_menu(
    feature: TableFeature, session: Session
) -> None:
    cancel = feature.actions["cancel_roll"]
    assert cancel in feature.menu_actions() and not cancel.isEnabled()
    session.apply(BeginTrial("pc1", songs.Attribute.STRENGTH, 12, risk=2, d20=4))
    assert cancel.isEnabled()
    waiting = list(table_of(session.campaign).revealed)
    cancel.trigger()
    assert play_of(session.campaign).pending is None and not cancel.isEnabled()
    assert table_of(session.campaign).discard[-2:] == waiting
    assert feature.panel.showing_setup  # the roll panel is free for the next roll
