"""A 120-character region title or ally's name is cut with "…" where it would widen or run off.

The whole text stays in a plain-text tooltip. Reopening a campaign full of long names leaves
every dock as narrow as it can be with short ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import EditRegion
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.sheet import EditDetails
from saga_desktop.model.songs.sample import sample_campaign
from saga_desktop.storage import save_campaign
from saga_desktop.ui import files as files_module
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from saga_desktop.ui.player.panels import RegionPanel
from tests.ui.test_main_window import make_window

TITLE = ("The Drowned Stair under the Glass Cliffs of Hrafnholm, " * 4)[:120]
NAME = ("Bjorn & the Sons of the Salt Marsh who Sing at Dawn, " * 4)[:120]


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def long_session() -> Session:
    """The sample, every region and character named at the length limit."""
    session = Session(sample_campaign())
    for region in list(session.campaign.map.regions):
        session.apply(EditRegion(region.q, region.r, title=TITLE))
    for i, character in enumerate(session.campaign.characters):
        session.apply(EditDetails(character.id, name=f"{NAME[:-1]}{i}"))
    return session


def shown_window(qtbot: QtBot, session: Session) -> MainWindow:
    window = make_window(qtbot, session)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_player_views_region_title_takes_one_line(qtbot: QtBot) -> None:
    session = long_session()
    panel = RegionPanel()
    qtbot.addWidget(panel)
    panel.resize(500, 400)
    panel.show()
    region = session.campaign.map.regions[0]
    panel.show_region(region.model_copy(update={"title": "Short"}))
    one_line = panel.title.heightForWidth(panel.title.width())
    panel.show_region(region)
    assert panel.title.text().endswith("…") and TITLE in panel.title.full_text()
    assert panel.title.heightForWidth(panel.title.width()) == one_line
    assert TITLE in panel.accessibleName()


def test_the_maps_context_menu_cuts_a_long_title(qtbot: QtBot) -> None:
    window = shown_window(qtbot, long_session())
    feature = window.map_feature
    assert feature is not None
    region = window.bridge.session.campaign.map.regions[0]
    from saga_desktop.rules.hexgrid import Hex

    menu = feature.flows.context_menu(Hex(region.q, region.r))
    qtbot.addWidget(menu)
    [section] = [a for a in menu.actions() if a.isSeparator() and a.text()]
    assert section.text().startswith(f"Region {region.number} — The Drowned")
    assert section.text().endswith("…") and menu.sizeHint().width() < 600


def dock_minimums(window: MainWindow) -> dict[str, int]:
    return {
        d.objectName(): d.minimumSizeHint().width()
        for d in window.findChildren(QDockWidget)
        if d.parent() is window
    }


def _narrowest(window: MainWindow) -> dict[str, int]:
    """The widths of the right docks in sight, each squeezed as narrow as the window lets it."""
    right = [
        d
        for d in window.findChildren(QDockWidget)
        if d.parent() is window
        and window.dockWidgetArea(d) == Qt.DockWidgetArea.RightDockWidgetArea
        and d.isVisible()
        and not d.visibleRegion().isEmpty()  # a tab behind another keeps its old size
    ]
    window.resizeDocks(right, [1] * len(right), Qt.Orientation.Horizontal)
    QApplication.processEvents()
    return {d.objectName(): d.width() for d in right}


def test_reopening_long_names_keeps_every_dock_as_narrow(qtbot: QtBot, tmp_path: Path) -> None:
    short = shown_window(qtbot, Session(sample_campaign()))
    expected = dock_minimums(short)
    narrowest = _narrowest(short)
    assert narrowest
    path = tmp_path / "long names.saga"
    save_campaign(long_session().campaign, path)
    window = shown_window(qtbot, Session(sample_campaign()))
    assert window.files.open_path(path)
    QApplication.processEvents()
    assert window.bridge.session.campaign.characters[0].name.startswith("Bjorn &")
    assert dock_minimums(window) == expected
    for name, width in _narrowest(window).items():  # long names widen no dock
        assert width <= narrowest.get(name, width), name
    assert (
        window.mapToGlobal(QPoint(window.width(), 0)).x() <= window.screen().geometry().right() + 1
    )
    assert isinstance(window.menu("&Play"), QMenu)
