"""The Combat dock in a fight at the window's usual sizes: nothing cut sideways, and room to play.

Sizes as in ``tests/ui/test_window_sizes.py``: the window on a 1600×900 screen (1472×810),
on 1366×768 (1257×691) and on 1024×600 (942×540).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QDockWidget, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.combat import EndTurn
from saga_desktop.model.songs.state import SongsPlay
from saga_desktop.ui.main_window import MainWindow
from tests.ui.test_window_sizes import _discard_on_teardown, window_for

__all__ = ["_discard_on_teardown"]

SIZES = {"1600x900": (1472, 810), "1366x768": (1257, 691), "1024x600": (942, 540)}


def fight(qtbot: QtBot, size: tuple[int, int]) -> tuple[MainWindow, QDockWidget]:
    window = window_for(qtbot, "songs-and-sagas", size)
    dock = window.findChild(QDockWidget, "combat")
    assert dock is not None
    dock.show()
    dock.raise_()
    QApplication.processEvents()
    panel = dock.panel  # type: ignore[attr-defined]
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    play = window.document.bridge.session.campaign.play
    assert isinstance(play, SongsPlay) and play.combat is not None
    if play.combat.turn != "party":
        window.document.bridge.apply(EndTurn(), window)
    qtbot.wait(200)  # the dock takes its room once the layout has settled
    return window, dock


@pytest.mark.parametrize("screen", SIZES)
def test_nothing_in_the_combat_dock_is_cut_sideways(qtbot: QtBot, screen: str) -> None:
    window, dock = fight(qtbot, SIZES[screen])
    area = dock.widget()
    assert isinstance(area, QScrollArea)
    panel = area.widget()
    assert panel is not None
    assert panel.width() <= area.viewport().width(), (
        f"the panel is {panel.width()} px in a {area.viewport().width()} px dock"
    )
    for button in panel.findChildren(QAbstractButton):
        if button.isVisibleTo(panel):
            assert button.width() >= button.minimumSizeHint().width(), button.text()
            right = button.mapTo(panel, button.rect().topRight()).x()
            assert right < area.viewport().width(), f"{button.text()!r} runs past the dock"
    column = [
        d
        for d in window.findChildren(QDockWidget)
        if window.dockWidgetArea(d) == window.dockWidgetArea(dock)
        and d.isVisible()
        and not d.visibleRegion().isEmpty()
    ]
    height = sum(d.height() for d in column)
    assert dock.height() >= 0.55 * height, "a fight gets most of its column"


def test_a_narrow_dock_scrolls_sideways_rather_than_cutting(qtbot: QtBot) -> None:
    window, dock = fight(qtbot, SIZES["1024x600"])
    area = dock.widget()
    assert isinstance(area, QScrollArea)
    window.resizeDocks([dock], [150], Qt.Orientation.Horizontal)
    qtbot.wait(100)
    panel = area.widget()
    assert isinstance(panel, QWidget)
    if panel.width() > area.viewport().width():
        assert area.horizontalScrollBar().isVisible(), "cut, with no way to see the rest"
