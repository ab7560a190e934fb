"""A 120-character name is cut with "…" (whole in a plain tooltip) and widens no dock."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.sheet import EditDetails
from saga_desktop.ui import files as files_module
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from tests.model.songs.fight import fight_session
from tests.ui.test_main_window import make_window

LONG = ("Sigrid Stormcaller of the Glass Shore, " * 4)[:120]


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def combat_window(qtbot: QtBot, name: str) -> MainWindow:
    session = fight_session()
    if name:
        session.apply(EditDetails("pc1", name=name))
    window = make_window(qtbot, session)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.combat_feature.dock.raise_()  # type: ignore[attr-defined]
    return window


def inside_viewport(widget: QWidget, area: QScrollArea) -> bool:
    """The widget's right edge is within the dock (scrolling down may still be needed)."""
    viewport = area.viewport()
    left = widget.mapTo(viewport, QPoint(0, 0)).x()
    return left >= 0 and left + widget.width() <= viewport.width()


def test_a_long_name_never_pushes_the_fight_buttons_away(qtbot: QtBot) -> None:
    short = combat_window(qtbot, "")
    short_min = short.combat_feature.panel.minimumSizeHint().width()  # type: ignore[attr-defined]
    window = combat_window(qtbot, LONG)
    dock = window.combat_feature.dock  # type: ignore[attr-defined]
    panel = window.combat_feature.panel  # type: ignore[attr-defined]
    assert panel.minimumSizeHint().width() == short_min, "no minimum width from user text"
    area = dock.widget()
    assert isinstance(area, QScrollArea)
    qtbot.waitUntil(lambda: inside_viewport(panel.start_button, area))
    panel.start_button.click()
    row = panel.party.rows["pc1"]
    assert row.name.full_text() == LONG
    assert row.name.text().endswith("…") and len(row.name.text()) < len(LONG)
    assert "<" not in LONG and LONG in row.name.toolTip()
    short.combat_feature.panel.start_button.click()  # type: ignore[attr-defined]
    fighting_min = short.combat_feature.panel.minimumSizeHint().width()  # type: ignore[attr-defined]
    assert panel.minimumSizeHint().width() == fighting_min
    for button in (panel.end_turn_button, panel.end_button, panel.action.roll_button):
        if button.isVisible():
            assert inside_viewport(button, area), button.text()
    assert dock.minimumSizeHint().width() < 500
    roll = window.table_feature.roll_dock  # type: ignore[attr-defined]
    assert roll.minimumSizeHint().width() == short.table_feature.roll_dock.minimumSizeHint().width()  # type: ignore[attr-defined]
    for other in (dock, roll, window.journal_feature.dock):  # type: ignore[union-attr]
        assert other.minimumSizeHint().width() < 500, other.objectName()
