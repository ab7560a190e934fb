"""The check dock tells the truth before the draw: two real sides, the cards a deck can give,
a rest when it is empty, extended rounds named as rounds, and a sheet that keeps secrets."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.table import pile_names
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.resonance.panel import CheckPanel
from saga_desktop.ui.resonance.sheet import SheetDock
from tests.model.resonance.helpers import make_session
from tests.ui.resonance.test_check_panel import first_card

LEFT = Qt.MouseButton.LeftButton
KEEP: list[object] = []


def shown_panel(qtbot: QtBot, session: Session) -> tuple[CheckPanel, SessionBridge]:
    KEEP.clear()
    window = QMainWindow()
    qtbot.addWidget(window)
    bridge = SessionBridge(session)
    panel = CheckPanel(bridge)
    KEEP.extend((window, bridge))
    window.setCentralWidget(panel)
    window.show()
    return panel, bridge


def test_an_opposed_check_never_sets_a_character_against_themselves(qtbot: QtBot) -> None:
    session = make_session(characters=1)  # the party grows one by one, the dock open
    panel, bridge = shown_panel(qtbot, session)
    setup = panel.setup
    setup.set_kind("opposed")
    assert not setup.draw_button.isEnabled()
    assert "second character" in setup.odds.text()
    bridge.apply(CreateCharacter("Mira", (3, 3, 3, 3)))
    assert setup.character.currentData() == "pc1" and setup.second.currentData() == "pc2"
    assert setup.draw_button.isEnabled() and "wins" in setup.odds.text()
    setup.character.setCurrentIndex(setup.character.findData("pc2"))
    assert setup.second.currentData() == "pc1"  # the other side moves aside
    qtbot.mouseClick(setup.draw_button, LEFT)
    assert set(panel.boxes) == {"pc1", "pc2"}


def _keep_in_deck(session: Session, cid: str, count: int) -> None:
    deck, _drawn, fatigue = pile_names(cid)
    piles = session.campaign.piles
    moved = piles[deck][: len(piles[deck]) - count]
    piles[deck] = piles[deck][len(moved) :]
    piles[fatigue] = piles[fatigue] + moved


def test_a_short_deck_says_how_many_cards_it_gives_and_an_empty_one_asks_for_a_rest(
    qtbot: QtBot,
) -> None:
    session = make_session()
    _keep_in_deck(session, "pc1", 2)  # Hero 1's Heart 3 asks for three cards
    panel, _bridge = shown_panel(qtbot, session)
    text = panel.setup.odds.text()
    assert text.startswith("Draws only 2 of 3 cards: success"), text
    assert "Hero 1's deck holds only 2 of the 3 cards. A rest (on Hero 1's sheet)" in text
    assert panel.setup.draw_button.isEnabled()
    _keep_in_deck(session, "pc1", 0)
    panel.refresh()
    text = panel.setup.odds.text()
    assert text.startswith("No card to draw: the check fails"), text
    assert "shuffles the 52 fatigue cards back in" in text


def test_an_extended_round_is_named_as_a_round(qtbot: QtBot) -> None:
    session = make_session()
    panel, _bridge = shown_panel(qtbot, session)
    panel.setup.set_kind("extended")
    panel.setup.name.setText("Escape the mine")
    members = panel.setup.members
    for i in range(members.count()):
        members.item(i).setCheckState(Qt.CheckState.Unchecked)
    assert not panel.setup.draw_button.isEnabled()  # nobody to take part: greyed, with why
    assert "at least one character" in panel.setup.odds.text()
    for i in range(members.count()):
        members.item(i).setCheckState(Qt.CheckState.Checked)
    assert panel.setup.draw_button.isEnabled()
    qtbot.mouseClick(panel.setup.draw_button, LEFT)
    qtbot.mouseClick(panel.tracker.draw_round, LEFT)
    assert panel.waiting.text().startswith(
        "Escape the mine, round 1 of 4, Heart against DC 10 (Moderate): pick a card"
    )
    assert panel.play_group.text() == "Play the round"
    drawn = session.campaign.journal[-1].text
    assert drawn.startswith("Escape the mine, round 1 of 4") and "Group" not in drawn
    for cid in ("pc1", "pc2", "pc3"):
        first_card(panel, cid)
    with qtbot.waitSignal(panel.resultShown) as shown:
        qtbot.mouseClick(panel.play_group, LEFT)
    assert shown.args[0].startswith("Round 1: ") and "group" not in shown.args[0].lower()
    assert "Escape the mine: pool" in shown.args[0]


def test_the_sheet_does_not_tell_the_suits_of_face_down_cards(qtbot: QtBot) -> None:
    session = make_session()
    panel, bridge = shown_panel(qtbot, session)
    sheet = SheetDock(bridge, "pc1", KEEP[0])  # type: ignore[arg-type]
    before = {s: m.text() for s, m in sheet.meters.items()}
    panel.setup.set_kind("opposed")
    qtbot.mouseClick(panel.setup.draw_button, LEFT)
    sheet.refresh()
    assert {s: m.text() for s, m in sheet.meters.items()} == before


def test_a_picked_card_is_marked_as_picked_and_focus_does_not_jump_to_another(
    qtbot: QtBot,
) -> None:
    session = make_session()
    panel, _bridge = shown_panel(qtbot, session)
    panel.setup.set_kind("group")
    qtbot.mouseClick(panel.setup.draw_button, LEFT)
    card, button = next(iter(panel.boxes["pc1"].buttons.items()))
    qtbot.mouseClick(button, LEFT)
    picked = panel.boxes["pc1"].buttons[card]
    assert picked.isChecked() and "picked" in picked.accessibleName()
    others = [b for box in panel.boxes.values() for c, b in box.buttons.items() if b is not picked]
    assert not any(b.isChecked() for b in others)
    # A click does not give a card the focus: the rebuilt boxes would hand it on to a card
    # the player never touched, whose focus frame looks like a pick. Tab still reaches them.
    for b in [picked, *others]:
        assert not b.focusPolicy() & Qt.FocusPolicy.ClickFocus
        assert b.focusPolicy() & Qt.FocusPolicy.TabFocus
    # A resonating card is told by its words and weight, not by a frame like focus or a pick.
    for box in panel.boxes.values():
        for b in box.buttons.values():
            assert "border" not in b.styleSheet()
            if "(+" in b.text():
                assert b.font().bold()
