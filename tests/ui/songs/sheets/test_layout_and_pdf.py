"""Sheets come back where they were after a restart, fit a narrow dock, and print to PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.creation import QuickCharacter
from saga_desktop.model.songs.ops.sheet import AddCondition, EditNotes, MarkXp
from saga_desktop.ui import features
from saga_desktop.ui.songs.sheets import SheetsFeature, install_sheets
from saga_desktop.ui.songs.sheets import party as party_module

from .conftest import WindowMaker, seeded_session

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea


def party_campaign() -> Campaign:
    session = seeded_session(3)
    session.apply(QuickCharacter("Astrid", weapon="Axe", player="Ren"))
    session.apply(QuickCharacter("Ivar", weapon="Bow", player="Sam"))
    return session.export()


def arrange_and_close(qtbot: QtBot, make_window: WindowMaker, campaign: Campaign) -> None:
    window, sheets = make_window(Session(campaign.model_copy(deep=True)))
    ivar = sheets.docks["pc2"]
    window.addDockWidget(RIGHT, ivar)
    sheets.enemies_dock.close()
    qtbot.waitUntil(lambda: window.dockWidgetArea(ivar) == RIGHT and not ivar.isFloating())
    window.close()  # saves the layout in the (temporary) settings


@pytest.mark.parametrize("installed_at_start", [False, True])
def test_dock_layout_survives_a_restart(
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    make_window: WindowMaker,
    installed_at_start: bool,
) -> None:
    campaign = party_campaign()
    arrange_and_close(qtbot, make_window, campaign)
    assert QSettings().value("window/state")
    if installed_at_start:
        # As the main window will do once the sheets are wired into its features.
        def install(window: QMainWindow) -> None:
            install_sheets(window, window.bridge)  # type: ignore[attr-defined]

        monkeypatch.setattr(features, "install_features", install)
    window, sheets = make_window(Session(campaign.model_copy(deep=True)))
    astrid, ivar = sheets.docks["pc1"], sheets.docks["pc2"]
    qtbot.waitUntil(lambda: window.dockWidgetArea(ivar) == RIGHT)
    assert window.dockWidgetArea(astrid) == LEFT
    assert astrid.isVisible() and ivar.isVisible()
    assert not sheets.enemies_dock.isVisible()
    # Each dock has its View-menu toggle either way.
    toggles = {a.text() for a in window.view_menu.actions()}  # type: ignore[attr-defined]
    assert {"Sheet: Astrid", "Sheet: Ivar", "Enemies"} <= toggles


def test_a_new_character_joins_the_sheet_tabs(qtbot: QtBot, sheets: SheetsFeature) -> None:
    window = sheets.window
    for name in ("Astrid", "Ivar", "Sigrun"):
        sheets.bridge.apply(AddCharacter(name))
    first = sheets.docks["pc1"]
    qtbot.waitUntil(lambda: len(window.tabifiedDockWidgets(first)) == 2)
    assert all(window.dockWidgetArea(d) == LEFT for d in sheets.docks.values())


def test_a_narrow_dock_wraps_instead_of_clipping(qtbot: QtBot, sheets: SheetsFeature) -> None:
    sheets.bridge.apply(QuickCharacter("Astrid Ulfsdottir of the Long Oar", weapon="Axe"))
    sheets.bridge.apply(AddCondition("pc1", "Frostbitten fingers that ache at dawn", 2))
    dock = sheets.docks["pc1"]
    dock.setFloating(True)
    dock.resize(300, 900)
    scroll = dock.scroll_area
    qtbot.waitUntil(lambda: dock.width() == 300 and scroll.viewport().width() > 250)
    assert dock.sheet.minimumSizeHint().width() <= 300
    qtbot.waitUntil(lambda: not scroll.horizontalScrollBar().isVisible())
    assert scroll.widget().width() <= scroll.viewport().width()
    # The four attributes stack in one column, each as wide as the sheet allows.
    boxes = list(dock.sheet.attributes.boxes.values())
    assert len({b.x() for b in boxes}) == 1
    dock.resize(1000, 900)
    qtbot.waitUntil(lambda: len({b.y() for b in boxes}) == 1)


def test_pdf_export_writes_a_printable_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sheets: SheetsFeature
) -> None:
    sheets.bridge.apply(QuickCharacter("Astrid", weapon="Axe", player="Ren"))
    sheets.bridge.apply(AddCondition("pc1", "Broken arm", 2))
    sheets.bridge.apply(MarkXp("pc1", 3))
    sheets.bridge.apply(EditNotes("pc1", "Came through the gate at dawn.\n" * 40))
    target = tmp_path / "astrid"
    monkeypatch.setattr(
        party_module,
        "choose_pdf_path",
        lambda _parent, suggested: (
            target.with_name(target.name + ".pdf") if suggested == "Astrid.pdf" else None
        ),
    )
    written = sheets.flows.export_pdf("pc1")
    assert written == tmp_path / "astrid.pdf"
    data = written.read_bytes()
    assert data.startswith(b"%PDF") and b"%%EOF" in data[-64:]
    assert b"/Type /Page" in data
    assert len(data) > 5_000
    assert "astrid.pdf" in sheets.window.statusBar().currentMessage()  # type: ignore[attr-defined]
    # Straight from the feature too (no dialog).
    again = sheets.export_pdf("pc1", tmp_path / "again.pdf")
    assert again.read_bytes().startswith(b"%PDF")
