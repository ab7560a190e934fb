"""Dock tabs show their titles whole at 1024×600 and 200%: a long row scrolls, never "Re…"."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QTabBar
from pytestqt.qtbot import QtBot

from tests.ui.test_window_sizes import ON_1024, _discard_on_teardown, window_for

__all__ = ["_discard_on_teardown"]


@pytest.mark.parametrize("size", [ON_1024, (800, 450)])
def test_dock_tab_titles_are_never_cut(qtbot: QtBot, size: tuple[int, int]) -> None:
    window = window_for(qtbot, "songs-and-sagas", size)
    QApplication.processEvents()
    bars = [b for b in window.findChildren(QTabBar) if b.isVisible() and b.count() > 1]
    assert bars, "the default layout tabs some docks"
    for bar in bars:
        metrics = bar.fontMetrics()
        for i in range(bar.count()):
            text = bar.tabText(i)
            assert bar.tabRect(i).width() > metrics.horizontalAdvance(text), f"{text!r} is cut"
    # The tabs that do not fit scroll into view; the current one shows.
    crowded = [b for b in bars if sum(b.tabRect(i).width() for i in range(b.count())) > b.width()]
    for bar in crowded:
        assert bar.usesScrollButtons()
