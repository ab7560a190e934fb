"""Markup typed into any name, title, note or table shows literally in every tooltip of each game.

One sweep per game: character names, a region's title and note, a journal line, a user table's
title and description and (dice pool) a monster's name all hold markup; then every widget, list
item, item-view cell, menu action and dock tab is asked for its tooltip, and each one carrying
that text must render it as typed.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDockWidget,
    QGraphicsView,
    QMenu,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.characters import EditCharacter
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import EditRegion
from saga_desktop.ui.lazy_dock import LazyDock
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.map.region_form import RegionForm
from tests.ui.test_plain_tooltips import hover, rendered
from tests.ui.test_window_sizes import _discard_on_teardown, window_for

__all__ = ["_discard_on_teardown"]

MARK = "<b>Bold</b>"
MARKUP = f"Sigrun {MARK} &amp; co"


def _cells(model: QAbstractItemModel, parent: QModelIndex) -> list[str]:
    tips: list[str] = []
    for row in range(min(model.rowCount(parent), 200)):
        for col in range(50):  # a list model hides columnCount: walk the valid cells
            index = model.index(row, col, parent)
            if not index.isValid():
                break
            tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                tips.append(tip)
            if col == 0 and model.rowCount(index) > 0:
                tips += _cells(model, index)
    return tips


def every_tip(window: QWidget) -> list[str]:
    """Every tooltip the window can show: widgets, items, cells, menu actions, tabs, map items."""
    tips = [w.toolTip() for w in window.findChildren(QWidget)]
    for view in window.findChildren(QAbstractItemView):
        model = view.model()
        if model is not None:
            tips += _cells(model, QModelIndex())
    for combo in window.findChildren(QComboBox):
        tips += _cells(combo.model(), QModelIndex())
    for menu in window.findChildren(QMenu):
        menu.aboutToShow.emit()
        tips += [a.toolTip() for a in menu.actions()]
    for dock in window.findChildren(QDockWidget):
        tips.append(dock.toggleViewAction().toolTip())
    for bar in window.findChildren(QTabBar):  # dock tabs: their tips are made plain on hover
        shown = bar.isVisible()
        tips += [hover(bar, bar.tabRect(i).center()) if shown else "" for i in range(bar.count())]
    for graphics in window.findChildren(QGraphicsView):
        scene = graphics.scene()
        if scene is not None:
            tips += [item.toolTip() for item in scene.items()]
    return tips


def marked(tips: list[str]) -> list[str]:
    return [t for t in tips if "Bold" in t]


def assert_plain(tips: list[str]) -> None:
    bad = [t for t in marked(tips) if MARK not in rendered(t) or "&amp;" not in rendered(t)]
    assert not bad, f"tooltips that render markup: {bad}"


def build_every_dock(window: MainWindow) -> None:
    for dock in window.findChildren(LazyDock):
        dock.ensure_built()
    QApplication.processEvents()


def mark_everything(window: MainWindow) -> None:
    """Markup in every name, region, journal line and a user table of the window's campaign."""
    session = window.document.bridge.session
    campaign = session.campaign
    for i, character in enumerate(campaign.characters):
        session.apply(EditCharacter(character.id, name=f"{MARKUP} {i}"))
    region = campaign.map.regions[0]
    session.apply(EditRegion(region.q, region.r, title=MARKUP, notes=f"note {MARKUP}"))
    session.apply(AddNote(f"journal {MARKUP}"))
    if campaign.ruleset == "dice-pool":
        from saga_desktop.model.dicepool.ops.monsters import EditMonster
        from saga_desktop.model.dicepool.state import play_of
        from saga_desktop.model.operation import OperationError

        for i, monster in enumerate(play_of(campaign).monsters):
            with contextlib.suppress(OperationError):  # in the sample's fight: name stays
                session.apply(EditMonster(monster.id, name=f"{MARKUP} m{i}"))
    library = window.map_feature.library  # type: ignore[attr-defined]
    library.user_dir.mkdir(parents=True, exist_ok=True)
    (library.user_dir / "marked.json").write_text(
        json.dumps({"title": MARKUP, "description": f"about {MARKUP}", "entries": ["a", "b"]}),
        "utf-8",
    )
    library.reload()
    window.map_feature.tables_dock.refresh()  # type: ignore[attr-defined]
    QApplication.processEvents()


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_every_tooltip_of_a_game_shows_typed_markup_literally(qtbot: QtBot, game: str) -> None:
    window = window_for(qtbot, game)
    build_every_dock(window)
    mark_everything(window)
    build_every_dock(window)
    tips = every_tip(window)
    assert len(marked(tips)) >= 4, marked(tips)  # the journal line, region, table, a name
    assert_plain(tips)


def test_the_region_form_shows_a_user_table_literally(qtbot: QtBot) -> None:
    window = window_for(qtbot, "songs-and-sagas")
    mark_everything(window)
    form = RegionForm(window.map_feature.library, None)  # type: ignore[attr-defined]
    qtbot.addWidget(form)
    tips = [b.toolTip() for b in form.buttons.values()]
    assert len(marked(tips)) == 1
    assert_plain(tips)


def test_a_dice_pool_winner_with_markup_in_the_name_shows_it_literally(qtbot: QtBot) -> None:
    from tests.model.dicepool.conftest import party_session
    from tests.ui.dicepool.test_dicepool_ui import click, feature_of, shown

    session = party_session()
    session.apply(EditCharacter("pc1", name=MARKUP))
    window = shown(qtbot, session)
    dock = feature_of(window).combat_dock
    dock.raise_()
    qtbot.waitUntil(dock.start_button.isVisible)
    click(qtbot, dock.start_button)
    targets = {"Brute": "Bren", "Bren": "Brute", "Hound": MARKUP, MARKUP: "Hound"}
    for name in ["Brute", "Bren", "Hound", MARKUP]:
        dock.action.setCurrentIndex(dock.action.findData("attack"))
        dock.target.setCurrentIndex(dock.target.findText(targets[name]))
        click(qtbot, dock.declare_button)
    for faces in [
        "6 6 6 6 6 6 6 6 6 6 6 1",
        "1 1 1 1 1 1 1 1",
        "4 4 1 1 1 1 1 1 1 1 1 1",
        "6 6 6 6 6 6 6 6 6",
    ]:
        dock.faces.setText(faces)
        click(qtbot, dock.typed_button)
    winner_box = dock.exchanges[0]
    assert winner_box.apply_button is not None
    tips = [winner_box.apply_button.toolTip()]
    assert len(marked(tips)) == 1
    assert_plain(tips)
