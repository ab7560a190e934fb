"""A GM seat's tools in the joined window: run a hosted game (say, one on ``--serve``) remotely.

The GM who joins with the GM code sees everything the GM sees, and asks the host for the GM's
map work — chart a hex, edit or hide a region, place the party, write a GM note — and for undo
and redo, which step the host's own history. Each is a request the host applies as an ordinary
operation, so every seat follows, and a refusal shows in the window's banner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QMainWindow,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.network.table import REDO, UNDO, region_key
from saga_desktop.ui.map.region_form import RegionForm
from saga_desktop.ui.network import named

Send = Callable[[dict[str, Any]], None]


class RegionDialog(QDialog):
    """Title, terrain, public and GM-only notes of a region to chart or edit."""

    def __init__(self, title: str, region: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("remoteRegionDialog")
        self.setWindowTitle(title)
        self.form = RegionForm(None, None, self)
        self.form.set_values(
            str(region.get("title", "")),
            str(region.get("terrain", "")),
            str(region.get("notes", "")),
            str(region.get("gm_notes", "")),
        )
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(buttons)
        self.resize(520, 420)

    def fields(self) -> dict[str, str]:
        """The region's fields as typed."""
        return {
            "title": self.form.title.text(),
            "terrain": self.form.terrain.text(),
            "notes": self.form.notes.toPlainText(),
            "gm_notes": self.form.gm_notes.toPlainText(),
        }


class GmTools:
    """The GM menu and the map's right-click menu of a GM seat's window."""

    def __init__(self, window: QMainWindow, send: Send, view: Callable[[], dict[str, Any]]):
        self.window, self.send, self.view = window, send, view
        menu = window.menuBar().addMenu("&Game")
        menu.setObjectName("gmMenu")
        self.undo = named(QAction("&Undo", window), "gmUndo")
        self.undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo.triggered.connect(lambda: self.send({"kind": UNDO}))
        self.redo = named(QAction("&Redo", window), "gmRedo")
        self.redo.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo.triggered.connect(lambda: self.send({"kind": REDO}))
        self.note = named(QAction("Add a GM &note…", window), "gmNote")
        self.note.triggered.connect(self.add_note)
        for action in (self.undo, self.redo, self.note):
            menu.addAction(action)
        self.update()

    def update(self) -> None:
        """Name what undo and redo would do on the host."""
        history = self.view().get("history") or {}
        for action, key, word in ((self.undo, "undo", "&Undo"), (self.redo, "redo", "&Redo")):
            label = history.get(key)
            action.setEnabled(bool(label))
            action.setText(f"{word} {label}" if label else word)

    def add_note(self) -> None:
        """Ask for a note only the GM reads, and send it."""
        text, ok = QInputDialog.getMultiLineText(self.window, "GM note", "A note for the journal:")
        if ok and text.strip():
            self.send({"kind": "core.AddNote", "text": text})

    def hex_menu(self, q: int, r: int, where: QPoint) -> QMenu:
        """The right-click menu of hex (q, r); shown at ``where`` (screen coordinates)."""
        region = (self.view().get("map") or {}).get("regions", {}).get(region_key(q, r))
        menu = QMenu(self.window)
        menu.setObjectName("gmHexMenu")
        if region is None:
            menu.addAction("&Chart this hex…", lambda: self.chart(q, r))
        else:
            menu.addAction("&Edit region…", lambda: self.edit(q, r, region))
            hidden = bool(region.get("hidden"))
            menu.addAction(
                "&Show to players" if hidden else "&Hide from players",
                lambda: self.send(
                    {"kind": "core.SetRegionHidden", "q": q, "r": r, "hidden": not hidden}
                ),
            )
        menu.addAction("&Place the party here", lambda: self.move_party(q, r))
        menu.popup(where)
        return menu

    def chart(self, q: int, r: int) -> None:
        """Describe a new region; the host numbers it and sets its risk."""
        dialog = RegionDialog(f"Chart hex ({q}, {r})", {}, self.window)
        if dialog.exec():
            self.send({"kind": "core.ChartRegion", "q": q, "r": r, **dialog.fields()})

    def edit(self, q: int, r: int, region: dict[str, Any]) -> None:
        """Change a region's title and notes."""
        dialog = RegionDialog(f"Edit region {region.get('number', '')}", region, self.window)
        if dialog.exec():
            self.send({"kind": "core.EditRegion", "q": q, "r": r, **dialog.fields()})

    def move_party(self, q: int, r: int) -> None:
        """Put the party on the hex (the GM's correction; no days pass)."""
        self.send({"kind": "core.MoveParty", "q": q, "r": r})
