"""The line under the card table never sits empty like a broken widget."""

from __future__ import annotations

from PySide6.QtGui import QPalette
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.play import AskOracle
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.items import INK, INK_SOFT
from saga_desktop.ui.palette import contrast
from tests.ui.songs.play.conftest import make_feature, party_session


def ink(line: object) -> str:
    return line.palette().color(QPalette.ColorRole.WindowText).name()  # type: ignore[attr-defined]


def test_an_empty_line_says_so_then_shows_the_latest_action(qtbot: QtBot) -> None:
    session = party_session()
    session.campaign.journal.clear()  # nothing written yet
    feature = make_feature(qtbot, SessionBridge(session))
    line = feature.table_dock.latest
    assert line.full_text == ""
    assert line.text() == "No action at the table yet"
    assert ink(line) == INK_SOFT.name()
    ground = line.palette().color(QPalette.ColorRole.Window)
    assert contrast(line.palette().color(QPalette.ColorRole.WindowText), ground) >= 4.5
    session.apply(AskOracle("Is it safe?", 1))
    assert line.full_text.startswith("Oracle: Is it safe?")
    assert line.text() != "No action at the table yet" and ink(line) == INK.name()
