"""The players' screen never cuts a region note or a result at its foot: the text fits the room."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSettings
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import EditRegion
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map import player_map
from saga_desktop.ui.player import PlayerWindow
from tests.ui.test_plain_tooltips import rendered

NOTE = (
    "A bare ridge where the light of the radiant gate still bends the horizon. Cairns of white "
    "stone, some old, some very new.\n\nRisk card J♠: 3, danger (danger close at hand). Wind."
)


def bottom_in(widget: QWidget, window: QWidget) -> int:
    return widget.mapTo(window, QPoint(0, widget.height())).y()


@pytest.mark.parametrize(
    ("size", "note"), [((960, 540), NOTE), ((960, 540), NOTE * 4), ((1024, 600), NOTE * 2)]
)
def test_the_region_note_fits_above_the_cards(
    qtbot: QtBot, size: tuple[int, int], note: str
) -> None:
    campaign = find_ruleset("songs-and-sagas").sample_campaign()
    assert campaign is not None and campaign.map.party is not None
    session = Session(campaign)
    party = campaign.map.party
    session.apply(EditRegion(party.q, party.r, notes=note))
    player = PlayerWindow(SessionBridge(session), QSettings(), player_map)
    qtbot.addWidget(player)
    player.resize(*size)
    player.show()
    qtbot.waitExposed(player)
    QApplication.processEvents()
    notes, frame = player.region.notes, player.region.frame
    room = bottom_in(player.side, player)
    assert bottom_in(frame, player) <= room, "the region panel's foot is cut"
    assert bottom_in(notes, player) <= room
    needed = notes.fontMetrics().boundingRect(
        notes.contentsRect().adjusted(0, 0, 0, 10**6), notes.alignment() | 0x1000, notes.text()
    )
    assert needed.height() <= notes.contentsRect().height(), "the note runs past its box"
    if notes.text() != note:  # the rest is in reach: the tooltip and the accessible name
        assert notes.text().endswith("…") or notes.text() == note.replace("\n\n", "\n")
        assert rendered(notes.toolTip()) == note
    assert note in player.region.accessibleName()
