"""The sheets at a player's seat: the game's own sheet docks, gated for the seat.

A seat's window is the main window, so its sheets are the docks the GM's own window shows
(``RulesetUi.sheet_dock``). At a player's seat :class:`SeatSheetGate` keeps them honest: on the
seat's own characters every control the player may not use is disabled with the reason (one
walk, :func:`~saga_desktop.ui.gate.gate`, asking the host's own rules); another player's
character is shown whole, every control closed, its title saying "(read only)". The review
dialog shows a submitted character with :func:`embedded_sheet`, the same widget.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.changes import Changes
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.gate import gate
from saga_desktop.ui.registry import find_ui

SHEET_PREFIX = "sheet-"
"""A character's sheet dock is named ``sheet-<character id>`` by every game."""
READ_ONLY = tr_noop("{title} (read only)")
"""Another's sheet at a seat: its title says it cannot be changed here."""
NO_CHARACTER = tr_noop(
    "None of the characters names you as its player yet: make one with Party › New character."
)


def embedded_sheet(
    bridge: SessionBridge, character_id: str, parent: QWidget | None = None
) -> QWidget | None:
    """The game's sheet dock of a character as a plain widget (no title bar, not movable)."""
    ui = find_ui(bridge.session.campaign.ruleset)
    dock = None if ui is None else ui.sheet_dock(bridge, character_id, parent)
    if dock is None:
        return None
    dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
    dock.setTitleBarWidget(QWidget(dock))
    build = getattr(dock, "ensure_built", None)
    if callable(build):  # a lazy dock makes its sheet when first shown in a window
        build()
    return dock


def sheet_docks(window: QMainWindow) -> dict[str, QDockWidget]:
    """The window's character sheet docks, by character id."""
    return {
        dock.objectName()[len(SHEET_PREFIX) :]: dock
        for dock in window.findChildren(QDockWidget)
        if dock.objectName().startswith(SHEET_PREFIX)
    }


class SeatSheetGate(QObject):
    """Gates every sheet dock of a player's seat window after each change the host sends."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge) -> None:
        super().__init__(window)
        self.window, self.bridge = window, bridge
        self._watched: set[str] = set()
        self._raised = False
        self._soon = QTimer(self)  # goes with the window (a single shot would outlive it)
        self._soon.setSingleShot(True)
        self._soon.timeout.connect(self.gate_now)
        bridge.changed.connect(self._changed)
        self.gate_now()

    def _changed(self, _changes: Changes) -> None:
        self.queue()

    def queue(self) -> None:
        """Gate once the sheets have redrawn (after every listener of this change)."""
        self._soon.start(0)

    def gate_now(self) -> None:
        """Disable, with the reason, each control the seat may not use (another's sheet: all)."""
        own = self.bridge.viewer.characters
        docks = sheet_docks(self.window)
        for cid, dock in docks.items():
            if cid not in self._watched:  # a lazy sheet is built when first shown
                self._watched.add(cid)
                dock.visibilityChanged.connect(lambda _on: self.queue())
            marked = tr(READ_ONLY, title="\x00").split("\x00")
            title = dock.windowTitle()
            if len(marked) == 2 and title.startswith(marked[0]) and title.endswith(marked[1]):
                title = title[len(marked[0]) : len(title) - len(marked[1]) or None]
            dock.setWindowTitle(title if cid in own else tr(READ_ONLY, title=title))
            body = dock.widget()
            if body is not None:  # another's character: every control says why it is closed
                gate(body, self.bridge, cid)
        mine = [docks[cid] for cid in docks if cid in own]
        if mine and not self._raised and self.window.isVisible():  # own sheet in front, once
            self._raised = True
            mine[0].raise_()
