"""The joined player's map keeps every region in sight as the window resizes, until they zoom."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from pytestqt.qtbot import QtBot

from saga_desktop.ui.network.shared_map import SharedMap

VIEW: dict[str, Any] = {
    "map": {
        "orientation": "pointy",
        "party": {"q": 3, "r": 0},
        "regions": {f"{q},0": {"q": q, "r": 0, "number": q + 1, "risk": 1} for q in range(4)},
        "tokens": {},
    }
}


def _all_in_sight(view: SharedMap) -> bool:
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    return shown.contains(view.scene().itemsBoundingRect())


def test_the_whole_map_stays_in_sight_until_the_player_zooms(qtbot: QtBot) -> None:
    view = SharedMap()
    qtbot.addWidget(view)
    view.resize(300, 200)
    view.show()
    view.show_map(VIEW)  # drawn while the window is still small
    view.resize(900, 700)
    qtbot.waitUntil(lambda: _all_in_sight(view))
    wide = view.transform().m11()
    assert view.fitting and wide > 0
    wheel = QWheelEvent(
        QPointF(450, 350),
        QPointF(view.mapToGlobal(QPoint(450, 350))),
        QPoint(0, 0),
        QPoint(0, 240),  # two notches towards the player: zoom in
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    view.wheelEvent(wheel)
    assert not view.fitting and view.transform().m11() > wide * 1.3
    zoomed = view.transform().m11()
    view.resize(400, 300)
    qtbot.wait(20)
    assert view.transform().m11() == zoomed  # the player's zoom is kept


def test_a_patch_inside_the_map_leaves_the_view_and_one_beyond_it_refits(qtbot: QtBot) -> None:
    view = SharedMap()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    data = copy.deepcopy(VIEW)
    view.show_map(data)
    before = view.transform().m11()
    data["map"]["regions"]["1,0"]["risk"] = 3  # a region redrawn in place: no refit, no repaint
    view.show_map(data, {"1,0"})
    assert view.transform().m11() == before
    data["map"]["regions"]["12,0"] = {"q": 12, "r": 0, "number": 5, "risk": 1}
    view.show_map(data, {"12,0"})  # charted far east: the whole map comes back in sight
    assert view.transform().m11() < before and _all_in_sight(view)
