"""Every dialog a menu opens names its controls for a screen reader (issue 32).

Each game's main window: every enabled menu entry whose text ends in "…" (it opens a window) is
triggered; the dialog it opens (modal or not) is walked for showing interactive controls, each
of which must have an accessible name (its own, a label buddy's, or its text), then closed.
File choosers are the system's and are left out, as are entries that leave the window.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAccessible, QAction
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMenu, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from tests.ui.cardtable.test_named_controls import INTERACTIVE
from tests.ui.test_main_window import make_window

SKIPPED = ("open", "save", "export", "import", "print", "new campaign", "quit", "join")
"""Entries that open the system's file chooser or replace the campaign (checked elsewhere)."""


def unnamed_in(dialog: QWidget) -> list[str]:
    out = []
    for widget in [dialog, *dialog.findChildren(QWidget)]:
        if not isinstance(widget, INTERACTIVE) or not widget.isVisible():
            continue
        if widget.objectName().startswith("qt_"):
            continue
        parent = widget.parentWidget()
        if parent is not None and parent.objectName().startswith("qt_scrollarea"):
            continue  # a scroll area's own bar
        iface = QAccessible.queryAccessibleInterface(widget)
        name = iface.text(QAccessible.Text.Name).strip() if iface is not None else ""
        if not name:
            out.append(f"{type(dialog).__name__}: {type(widget).__name__} {widget.objectName()!r}")
    return out


def dialog_entries(window: QWidget) -> list[QAction]:
    entries = []
    for top in window.menuBar().actions():  # type: ignore[attr-defined]
        menu = top.menu()
        if not isinstance(menu, QMenu) or not top.isVisible():
            continue
        for act in menu.actions():
            text = act.text().replace("&", "").casefold()
            if act.menu() is not None or not act.isVisible() or not act.isEnabled():
                continue
            if text.endswith("…") and not any(word in text for word in SKIPPED):
                entries.append(act)
    return entries


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_every_dialog_from_the_menus_names_its_controls(
    qtbot: QtBot, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: ("", ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: ("", ""))
    monkeypatch.setattr(QMessageBox, "exec", lambda _self: QMessageBox.StandardButton.Cancel)
    window = make_window(qtbot, Session(find_ruleset(game).sample_campaign()))
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    entries = dialog_entries(window)
    assert len(entries) >= 3, [a.text() for a in entries]
    unnamed: list[str] = []
    opened: list[str] = []
    for act in entries:
        before = {w for w in QApplication.topLevelWidgets() if w.isVisible()}

        def inspect(label: str = act.text()) -> None:
            modal = QApplication.activeModalWidget()
            if isinstance(modal, QDialog):
                opened.append(label)
                unnamed.extend(unnamed_in(modal))
                modal.reject()

        QTimer.singleShot(150, inspect)
        act.trigger()
        qtbot.wait(200)
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget not in before and isinstance(widget, QDialog):
                opened.append(act.text())
                unnamed.extend(unnamed_in(widget))
                widget.close()
    print(f"\n{game}: dialogs opened from the menus: {opened}")
    assert opened, "no dialog opened"
    assert unnamed == [], unnamed
