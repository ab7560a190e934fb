"""A player's card-table action line is always the newest line that player may read.

Issue 31 (4) and (12): after the GM hides a region, the line no longer names it; after the GM
undoes a roll, it no longer shows the roll; a newcomer at a busy table sees the newest line, not
"No action at the table yet".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, SetRegionHidden
from saga_desktop.model.songs.ops.play import AskOracle
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.network.table_fixtures import hosted, join

WAIT = 5000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


def line(client: SeatWindow) -> str:
    assert client.card_table is not None
    return client.card_table.table_dock.latest.full_text


def test_a_newcomer_reads_the_newest_line_not_an_empty_table(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    menu.bridge.apply(AskOracle("Is the tide out?", 1))
    client = join(menu, qtbot)
    assert line(client).startswith("Oracle: Is the tide out?"), line(client)
    assert client.card_table is not None
    latest = client.card_table.table_dock.latest
    assert latest.text() != latest.placeholder


def test_hiding_a_region_takes_its_name_off_the_players_line(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    client = join(menu, qtbot)
    menu.bridge.apply(ChartRegion(3, -2, title="Copperwood"))
    qtbot.waitUntil(lambda: "Copperwood" in line(client), timeout=WAIT)
    menu.bridge.apply(SetRegionHidden(3, -2))
    qtbot.waitUntil(lambda: "Copperwood" not in line(client), timeout=WAIT)
    qtbot.wait(100)
    assert "Copperwood" not in line(client)
    assert line(client), "the newest line the player may still read"


def test_an_undone_roll_leaves_the_players_line(qtbot: QtBot, menu: SessionMenu) -> None:
    client = join(menu, qtbot)
    menu.bridge.apply(AskOracle("Is the tide out?", 1))
    qtbot.waitUntil(lambda: "Is the tide out?" in line(client), timeout=WAIT)
    menu.bridge.session.undo()
    qtbot.waitUntil(lambda: "Is the tide out?" not in line(client), timeout=WAIT)
