"""Installing the sheets: one dock per character, the Party menu, and the Enemies dock."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from saga_desktop.i18n import tr
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.rules import songs
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.enemies import EnemiesDock
from saga_desktop.ui.songs.sheets.dock import SheetDock
from saga_desktop.ui.songs.sheets.party import PartyFlows

SHEET_AREA = Qt.DockWidgetArea.LeftDockWidgetArea
ENEMIES_AREA = Qt.DockWidgetArea.RightDockWidgetArea


class SheetsFeature(QObject):
    """The character sheets, the Party menu and the Enemies dock of one main window."""

    resilienceTrialDue = Signal(str)
    """An edit on a sheet brought this character (id) to 0 resilience: the trial is due."""

    sheetsChanged = Signal()
    """Sheet docks were added or removed."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge) -> None:
        super().__init__(window)
        self.setObjectName("SheetsFeature")
        self.window = window
        self.bridge = bridge
        self.docks: dict[str, SheetDock] = {}
        self._trial_handler: Callable[[str], None] | None = None
        self.enemies_dock: EnemiesDock | None = None
        if not bridge.limited:  # the GM's list of foes: a player's seat has no Enemies dock
            self.enemies_dock = EnemiesDock(bridge, window)
            self._add_dock(self.enemies_dock, ENEMIES_AREA)
        self.flows = PartyFlows(self)
        self.party_menu = self._menu("&Party")
        self.flows.fill_menu(self.party_menu)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self._rebuild())
        window.installEventFilter(self)
        self._sync()
        if self.docks:
            next(iter(self.docks.values())).raise_()  # the first character's tab in front

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Before the window closes, commit what is being typed, so saving can include it."""
        if watched is self.window and event.type() == QEvent.Type.Close:
            self.commit_typing()
        return False

    def commit_typing(self) -> None:
        """Apply the name, player, pronouns or notes a player is in the middle of typing."""
        for dock in self.docks.values():
            dock.commit_typing()

    # -- window plumbing ------------------------------------------------------------------------

    def _menu(self, title: str) -> QMenu:
        menu_of = getattr(self.window, "menu", None)
        if callable(menu_of):
            menu = menu_of(title)
            assert isinstance(menu, QMenu)
            return menu
        return self.window.menuBar().addMenu(tr(title))  # the English title is the key

    def _add_dock(
        self, dock: QDockWidget, area: Qt.DockWidgetArea, tab_with: QDockWidget | None = None
    ) -> None:
        # The main window's add_dock puts a dock made after the layout was restored (a new
        # character, another campaign) back in its remembered place.
        add_dock = getattr(self.window, "add_dock", None)
        if callable(add_dock):
            add_dock(dock, area, tab_with)
            return
        if not self.window.restoreDockWidget(dock):
            self.window.addDockWidget(area, dock)
            if tab_with is not None:
                self.window.tabifyDockWidget(tab_with, dock)

    # -- the docks ------------------------------------------------------------------------------

    def _characters(self) -> list[tuple[str, str]]:
        return [(c.id, c.name) for c in self.bridge.session.campaign.characters]

    def _sync(self) -> None:
        """One dock per character: add the missing, remove the gone."""
        ids = [cid for cid, _ in self._characters()]
        changed = False
        for cid in list(self.docks):
            if cid not in ids:
                self._drop(cid)
                changed = True
        for cid in ids:
            if cid not in self.docks:
                self._create(cid)
                changed = True
        if changed:
            self.flows.update_menu()
            self.sheetsChanged.emit()

    def _create(self, cid: str) -> SheetDock:
        dock = SheetDock(self.bridge, cid, self.window)
        dock.context.trial_handler = self._trial_handler
        dock.context.applied.connect(lambda result, c=cid: self._after_edit(c, result))
        dock.exportRequested.connect(self.flows.export_pdf)
        dock.removeRequested.connect(self.flows.remove_character)
        others = [d for d in self.docks.values() if not d.isFloating()]
        self.docks[cid] = dock
        self._add_dock(dock, SHEET_AREA, others[0] if others else None)
        return dock

    def _drop(self, cid: str) -> None:
        dock = self.docks.pop(cid)
        self.window.removeDockWidget(dock)
        dock.deleteLater()

    def _rebuild(self) -> None:
        for cid in list(self.docks):
            self._drop(cid)
        self._sync()
        self.flows.update_menu()

    def _on_changed(self, changes: Changes) -> None:
        if Aspect.CHARACTERS in changes:
            self._sync()
            self.flows.update_menu()
        for dock in self.docks.values():
            dock.on_changed(changes)

    def _after_edit(self, cid: str, result: object) -> None:
        if isinstance(result, songs.ResilienceRecord) and result.reached_zero:
            self.resilienceTrialDue.emit(cid)

    # -- public API -----------------------------------------------------------------------------

    def show_sheet(self, character_id: str) -> SheetDock:
        """Open (or raise) a character's sheet; KeyError for an unknown id."""
        dock = self.docks[character_id]
        dock.show()
        dock.raise_()
        dock.sheet.identity.name_edit.setFocus()
        return dock

    def set_resilience_trial_handler(self, handler: Callable[[str], None] | None) -> None:
        """Who rolls the resilience trial: called with a character id from the sheet's button.

        Until a handler is set the sheet only says the trial is due.
        """
        self._trial_handler = handler
        for dock in self.docks.values():
            dock.context.trial_handler = handler
            dock.refresh()

    def export_pdf(self, character_id: str, path: Path) -> Path:
        """Write a character's sheet to ``path`` as a printable PDF."""
        from saga_desktop.ui.songs.sheets.pdf import export_sheet_pdf

        return export_sheet_pdf(self.bridge.session.campaign, character_id, path)
