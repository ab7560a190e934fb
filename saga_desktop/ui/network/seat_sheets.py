"""Character sheets at a seat, and in the GM's review: the game's own sheet docks, embedded.

A seat shows each character with the sheet dock the GM's window uses (``RulesetUi.sheet_dock``)
over the seat's bridge, so a player reads the same sheet the GM does, never a dump of fields.
The seat's own characters come first; on them each control the rules do not let this seat use
is disabled with the reason (:func:`~saga_desktop.ui.gate.gate`, asking the bridge, which asks
:meth:`~saga_desktop.ui.network.remote_session.RemoteSession.refusal`); the others are shown
disabled. Each sheet is redrawn, and gated again, after every change the host reports.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDockWidget, QLabel, QTabWidget, QWidget

from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.gate import gate
from saga_desktop.ui.registry import find_ui

NO_CHARACTER = "None of the characters names you as its player yet: make one in the Character tab."


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


class SeatSheets(QTabWidget):
    """One tab per character: the seat's own first and live, the others disabled."""

    def __init__(
        self, bridge: SessionBridge, own: Callable[[], set[str]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("seatSheets")
        self.bridge, self.own = bridge, own
        self.sheets: dict[str, QWidget] = {}
        self.empty = QLabel(NO_CHARACTER)
        self.empty.setWordWrap(True)
        bridge.changed.connect(self._changed)
        self.refresh()

    def _changed(self, changes: Changes) -> None:
        if changes.aspects & Aspect.CHARACTERS:
            self.refresh()
        for sheet in self.sheets.values():
            follow = getattr(sheet, "on_changed", None)
            if callable(follow):
                follow(changes)
            else:
                getattr(sheet, "refresh", lambda: None)()
        self.gate()

    def gate(self) -> None:
        """Disable, with the reason, what this seat may not use on its own sheets."""
        own = self.own()
        for cid, sheet in self.sheets.items():
            if cid in own:
                gate(sheet, self.bridge, cid)

    def refresh(self) -> None:
        """Add a sheet for each new character, drop the gone, order and enable them."""
        characters = self.bridge.session.campaign.characters
        own = self.own()
        ids = [c.id for c in characters if c.id in own] + [
            c.id for c in characters if c.id not in own
        ]
        for cid in list(self.sheets):
            if cid not in ids:
                self.sheets.pop(cid).deleteLater()
        for cid in ids:
            if cid not in self.sheets:
                sheet = embedded_sheet(self.bridge, cid, self)
                if sheet is None:
                    continue
                self.sheets[cid] = sheet
        names = {c.id: c.name for c in characters}
        self.blockSignals(True)
        current = self.currentWidget()
        while self.count():
            self.removeTab(0)
        if not own:
            self.addTab(self.empty, "Your character")
        for cid in ids:
            sheet = self.sheets.get(cid)
            if sheet is not None:
                sheet.setEnabled(cid in own)
                self.addTab(sheet, names[cid] + ("" if cid in own else " (read only)"))
        if current is not None and self.indexOf(current) >= 0:
            self.setCurrentWidget(current)
        self.blockSignals(False)
        self.gate()
