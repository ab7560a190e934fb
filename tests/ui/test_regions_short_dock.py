"""A short Regions dock (1024×600) shows the list or a region's note whole, never both squeezed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.ui.map.regions_dock import MIN_ROWS, RegionsDock
from tests.ui.test_window_sizes import _discard_on_teardown, window_for

__all__ = ["_discard_on_teardown"]


def whole(widget: QWidget) -> bool:
    return widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect()


def test_a_short_regions_dock_shows_rows_then_the_whole_note(qtbot: QtBot) -> None:
    window = window_for(qtbot, "songs-and-sagas", (1024, 600))
    dock = window.findChild(RegionsDock)
    assert dock is not None
    dock.raise_()
    QApplication.processEvents()
    table = dock.table
    rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()
    assert rows >= MIN_ROWS, f"the list shows {rows} rows"
    assert whole(table)
    # Picking a region shows its note with room to read and type; the list is one click away.
    rect = table.visualRect(table.model().index(1, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QApplication.processEvents()
    editor = dock.notes.notes
    assert editor.isEnabled() and editor.toPlainText()
    lines = editor.viewport().height() // editor.fontMetrics().lineSpacing()
    assert lines >= 3, f"the note shows {lines} lines"
    assert whole(editor)
    if dock.compact:
        assert not table.isVisible()
        qtbot.mouseClick(dock.back_button, Qt.MouseButton.LeftButton)
        assert whole(table) and not editor.isVisible()


def test_a_short_regions_dock_keeps_the_list_for_the_keyboard(qtbot: QtBot) -> None:
    """Tab and the arrows move through the list; Enter opens the note; back returns to the row."""
    window = window_for(qtbot, "songs-and-sagas", (1024, 600))
    dock = window.findChild(RegionsDock)
    assert dock is not None
    dock.raise_()
    window.activateWindow()
    QApplication.processEvents()
    assert dock.compact, "the test needs the short dock"
    table = dock.table
    table.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    assert table.hasFocus() and table.isVisible()
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert table.hasFocus() and table.isVisible(), "an arrow key must not open the note"
    row = table.currentIndex().row()
    qtbot.keyClick(table, Qt.Key.Key_Return)
    QApplication.processEvents()
    editor = dock.notes.notes
    assert not table.isVisible() and whole(editor) and editor.hasFocus()
    dock.back_button.click()
    QApplication.processEvents()
    assert whole(table) and table.hasFocus() and table.currentIndex().row() == row
