"""The check dock through real widgets: single, opposed, group and extended checks."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.resonance.access import extended_of, pending_of
from saga_desktop.model.resonance.ops.checks import BeginCheck
from saga_desktop.model.resonance.ops.odds import preview_check
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.resonance.panel import CheckPanel
from saga_desktop.ui.resonance.words import check_odds_text
from tests.model.resonance.helpers import cards, make_session

LEFT = Qt.MouseButton.LeftButton


KEEP: list[object] = []


def make_panel(qtbot: QtBot) -> tuple[CheckPanel, Session]:
    session = make_session()
    KEEP.clear()
    window = QMainWindow()
    qtbot.addWidget(window)
    bridge = SessionBridge(session)
    panel = CheckPanel(bridge)
    KEEP.extend((window, bridge))
    window.setCentralWidget(panel)
    window.show()
    return panel, session


def first_card(panel: CheckPanel, cid: str) -> None:
    box = panel.boxes[cid]
    qtbot_button = next(iter(box.buttons.values()))
    qtbot_button.click()


def test_a_whole_single_check(qtbot: QtBot) -> None:
    panel, session = make_panel(qtbot)
    setup = panel.setup
    setup.stat.setCurrentIndex(1)  # Body
    qtbot.mouseClick(setup.tier_buttons[resonance.Tier.HARD], LEFT)
    assert setup.dc.value() == 13
    odds = preview_check(session.campaign, BeginCheck("pc1", resonance.Stat.BODY, 13))
    assert setup.odds.text() == check_odds_text(odds, True)
    qtbot.mouseClick(setup.draw_button, LEFT)
    pending = pending_of(session.campaign)
    assert isinstance(pending, resonance.PendingCheck)
    box = panel.boxes["pc1"]
    for choice in pending.choices:
        button = box.buttons[choice.card]
        assert str(choice.effective) in button.text()
        assert ("✓" in button.text()) == choice.passes
    card = pending.draw.cards[-1]
    with qtbot.waitSignal(panel.resultShown) as shown:
        qtbot.mouseClick(box.buttons[card], LEFT)
    assert cards(session, "pc1")[2] == [card.code]
    assert "plays" in shown.args[0] and panel.result.text() == shown.args[0]


def test_cancel_check_from_the_panel(qtbot: QtBot) -> None:
    panel, session = make_panel(qtbot)
    before = cards(session, "pc1")
    qtbot.mouseClick(panel.setup.draw_button, LEFT)
    assert panel.cancel.isVisible()
    qtbot.mouseClick(panel.cancel, LEFT)
    assert cards(session, "pc1") == before and pending_of(session.campaign) is None


def test_an_opposed_check_keeps_both_sides_face_down(qtbot: QtBot) -> None:
    panel, session = make_panel(qtbot)
    panel.setup.set_kind("opposed")
    panel.setup.second.setCurrentIndex(panel.setup.second.findData("pc3"))
    assert "wins" in panel.setup.odds.text()
    qtbot.mouseClick(panel.setup.draw_button, LEFT)
    assert not panel.boxes["pc1"].buttons and not panel.boxes["pc3"].buttons
    qtbot.mouseClick(panel.boxes["pc1"].look_button, LEFT)
    assert panel.boxes["pc1"].buttons and not panel.boxes["pc3"].buttons
    first_card(panel, "pc1")
    assert not panel.boxes["pc1"].buttons  # chosen: face down again
    qtbot.mouseClick(panel.boxes["pc3"].look_button, LEFT)
    with qtbot.waitSignal(panel.resultShown) as shown:
        first_card(panel, "pc3")
    assert " vs " in shown.args[0] and pending_of(session.campaign) is None


def test_a_group_check(qtbot: QtBot) -> None:
    panel, session = make_panel(qtbot)
    panel.setup.set_kind("group")
    assert "The group succeeds" in panel.setup.odds.text()
    qtbot.mouseClick(panel.setup.draw_button, LEFT)
    assert not panel.play_group.isEnabled()
    for cid in ("pc1", "pc2", "pc3"):
        first_card(panel, cid)
    assert panel.play_group.isEnabled()
    with qtbot.waitSignal(panel.resultShown) as shown:
        qtbot.mouseClick(panel.play_group, LEFT)
    assert "Group" in shown.args[0]
    assert all(len(cards(session, c)[2]) == 1 for c in ("pc1", "pc2", "pc3"))


def test_an_extended_check_with_its_tracker(qtbot: QtBot) -> None:
    panel, session = make_panel(qtbot)
    panel.setup.set_kind("extended")
    panel.setup.threshold.setValue(40)
    panel.setup.rounds.setValue(2)
    qtbot.mouseClick(panel.setup.draw_button, LEFT)
    assert panel.tracker.isVisible() and panel.tracker.bar.maximum() == 40
    qtbot.mouseClick(panel.tracker.draw_round, LEFT)
    for cid in ("pc1", "pc2", "pc3"):
        first_card(panel, cid)
    qtbot.mouseClick(panel.play_group, LEFT)
    state = extended_of(session.campaign)
    assert state is not None and state.round == 1
    assert panel.tracker.bar.value() == min(40, state.pool)
    assert "Round 1" in panel.tracker.rounds.text()


def test_every_row_label_of_the_setup_has_its_shortcut_not_a_stray_ampersand(
    qtbot: QtBot,
) -> None:
    from PySide6.QtWidgets import QLabel

    panel, _session = make_panel(qtbot)
    labels = [w for w in panel.findChildren(QLabel) if "&" in w.text()]
    assert labels
    for label in labels:  # a mnemonic shows only with a buddy; without one "&" is printed
        assert label.buddy() is not None, label.text()
