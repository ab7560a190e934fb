"""The GM's journal says which lines the players do not read ("GM only" in the line's facts).

A region charted hidden, and the line saying a region was hidden, are marked; once the region is
shown its lines lose the mark, but the line saying it was hidden keeps it (the GM's for good).
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, SetRegionHidden
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.journal import JournalFeature, install_journal
from saga_desktop.ui.journal.model import GM_ONLY_TAG, META_ROLE


def facts(feature: JournalFeature) -> dict[str, str]:
    """Each line of the dock's list with the facts drawn above it."""
    feature.dock.ensure_built()
    model = feature.dock.panel.model
    return {
        str(model.data(model.index(r))): str(model.data(model.index(r), META_ROLE))
        for r in range(model.rowCount())
    }


def test_the_gms_journal_marks_the_lines_players_do_not_read(qtbot: QtBot) -> None:
    session = build_sample()
    bridge = SessionBridge(session)
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_journal(window, bridge)
    window.show()
    qtbot.waitExposed(window)
    session.apply(ChartRegion(20, 0, "Copperwood Hollow", hidden=True))
    charted = session.campaign.journal[-1].text
    assert GM_ONLY_TAG in facts(feature)[charted]
    session.apply(SetRegionHidden(20, 0, False))
    session.apply(SetRegionHidden(20, 0, True))
    hid = session.campaign.journal[-1].text
    session.apply(SetRegionHidden(20, 0, False))
    shown = facts(feature)
    assert GM_ONLY_TAG not in shown[charted], "shown: the players read it again"
    assert GM_ONLY_TAG in shown[hid], "that it was hidden stays the GM's"
    assert not any(GM_ONLY_TAG in f for t, f in shown.items() if "Glass Strand" in t)
