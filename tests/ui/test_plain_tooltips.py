"""Every tooltip shows user text as plain text: dock tabs, sheets, enemies, recent files."""

from __future__ import annotations

from PySide6 import QtGui
from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QTabBar, QToolTip, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.characters import EditCharacter
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui.main_window import MainWindow
from tests.ui.test_window_sizes import _discard_on_teardown, window_for

__all__ = ["_discard_on_teardown"]

MARKUP = "Sigrun <b>Bold</b><img src=x> &amp; co"


def rendered(tip: str) -> str:
    """What Qt shows for a tooltip's text."""
    if QtGui.Qt.mightBeRichText(tip):  # type: ignore[attr-defined]
        doc = QTextDocument()
        doc.setHtml(tip)
        return doc.toPlainText()
    return tip


def hover(widget: QWidget, pos: object) -> str:
    """Ask the widget for its tooltip at ``pos``: the text Qt then shows."""
    QToolTip.hideText()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, widget.mapToGlobal(pos))  # type: ignore[arg-type]
    QApplication.sendEvent(widget, event)
    return QToolTip.text() if QToolTip.isVisible() else ""


def marked_window(qtbot: QtBot) -> tuple[MainWindow, Session]:
    window = window_for(qtbot, "songs-and-sagas")
    session = window.document.bridge.session
    cid = session.campaign.characters[0].id
    session.apply(EditCharacter(cid, name=MARKUP))
    QApplication.processEvents()
    return window, session


def test_a_dock_tab_shows_a_character_name_as_typed(qtbot: QtBot) -> None:
    window, _session = marked_window(qtbot)
    found = [
        (bar, i)
        for bar in window.findChildren(QTabBar)
        for i in range(bar.count())
        if bar.tabText(i) == MARKUP
    ]
    assert found, "the renamed sheet's tab is on screen"
    bar, index = found[0]
    tip = hover(bar, bar.tabRect(index).center())
    assert rendered(tip) == MARKUP, tip
    assert find_ruleset("songs-and-sagas")  # the window's game


def every_tip(window: MainWindow) -> list[str]:
    """The tooltips of every widget, list item and menu action of the window."""
    from PySide6.QtWidgets import QListWidget, QMenu

    tips = [
        f"{w.toolTip()}  [{type(w).__name__} {w.objectName()}]"
        for w in window.findChildren(QWidget)
    ]
    for view in window.findChildren(QListWidget):
        tips += [view.item(i).toolTip() for i in range(view.count())]
    for menu in window.findChildren(QMenu):
        menu.aboutToShow.emit()  # menus filled on opening (recent files)
        tips += [f"{a.toolTip()}  [action in {menu.title()}]" for a in menu.actions()]
    return tips


def test_user_text_in_sheet_enemy_and_file_tooltips_stays_plain(
    qtbot: QtBot, tmp_path: object
) -> None:
    from pathlib import Path

    from saga_desktop.model.songs.ops.enemies import AddEnemy, EnemyStats
    from saga_desktop.model.songs.state import Gear, InventoryEntry

    window, session = marked_window(qtbot)
    sheet = session.campaign.characters[0].sheet
    sheet.inventory[:] = [  # type: ignore[attr-defined]
        InventoryEntry(kind="weapon", name=MARKUP, weapon=Gear(die=6, damage=1))
    ]
    session.apply(AddEnemy(EnemyStats("Draugr", 10, notes=f"notes {MARKUP}")))
    recent = Path(str(tmp_path)) / f"{MARKUP}.saga"
    window.files.add_recent(recent)  # type: ignore[attr-defined]
    enemies = window.findChild(QWidget, "enemies")
    assert enemies is not None
    assert enemies.list is not None  # type: ignore[attr-defined]  # the lazy dock builds
    session.apply(EditCharacter(session.campaign.characters[0].id, notes="again"))
    QApplication.processEvents()
    marked = [t for t in every_tip(window) if "Bold" in t]
    assert len(marked) >= 4, marked  # the weapon's two buttons, the enemy, the recent file
    for tip in marked:
        assert "<b>Bold</b>" in rendered(tip), f"tooltip renders markup: {tip!r}"
