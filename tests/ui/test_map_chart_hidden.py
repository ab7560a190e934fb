"""Charting a region hidden from the players, in every game, from the keyboard.

The Chart dialog's *Hidden from the players* comes after the GM-only notes in the tab order and
before the button that charts, has a mnemonic (Alt+H) and ticks with Space, and the region it
charts is on the GM's map and absent from the players' map (the Player View's centre) until the
GM shows it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import SetRegionHidden
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map.chart_dialog import ChartDialog
from saga_desktop.ui.map.view import player_map
from tests.ui.test_map_charting import GAMES, _feature

TITLE = "The Secret Spring"


def _tab_chain(dialog: ChartDialog) -> list[QWidget]:
    """The widgets Tab passes through from the GM-only notes to the button that charts."""
    seen: list[QWidget] = []
    widget: QWidget | None = dialog.form.gm_notes
    while widget is not None and widget is not dialog.chart_button and len(seen) < 60:
        seen.append(widget)
        widget = widget.nextInFocusChain()
        while widget is not None and not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            widget = widget.nextInFocusChain()
    assert widget is dialog.chart_button
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_a_region_charted_hidden_from_the_keyboard_stays_off_the_players_map(
    qtbot: QtBot, game: str, tmp_path: object
) -> None:
    feature = _feature(qtbot, game, tmp_path)
    session = feature.bridge.session
    players = player_map(feature.bridge)
    qtbot.addWidget(players)
    players.show()
    dialog = feature.flows.chart_hex(Hex(2, -1))
    assert isinstance(dialog, ChartDialog)
    qtbot.waitExposed(dialog)
    assert not dialog.hidden.isChecked(), "shown to the players, unless the GM says otherwise"
    assert dialog.hidden.toolTip() and dialog.hidden.accessibleDescription()
    qtbot.keyClicks(dialog.form.title, TITLE)
    chain = _tab_chain(dialog)
    assert chain[-1] is dialog.hidden, "the last stop before the button that charts"
    assert "&H" in dialog.hidden.text()
    dialog.hidden.setFocus()  # where Tab brings it (the chain above)
    qtbot.keyClick(dialog.hidden, Qt.Key.Key_Space)
    assert dialog.hidden.isChecked(), "Space ticks it"
    qtbot.mouseClick(dialog.chart_button, Qt.MouseButton.LeftButton)
    region = session.campaign.map.region_at(2, -1)
    assert region is not None and region.hidden and region.title == TITLE
    assert feature.view.map_scene.region_at(2, -1) is not None, "the GM's map has it"
    assert players.map_scene.region_at(2, -1) is None, "the players' map has not"
    assert TITLE not in players.tooltip_for(Hex(2, -1))
    dialog.accept()
    session.apply(SetRegionHidden(2, -1, False))
    assert players.map_scene.region_at(2, -1) is not None
