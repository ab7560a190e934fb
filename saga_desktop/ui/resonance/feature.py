"""Installing Resonance into the main window: sheet docks, the check dock, Party and Play menus.

At a player's seat the same docks serve the player: the check dock draws and plays the checks the
GM sent them (a new one brings it forward and asks for the window's attention), and each *Play*
entry shows only when the seat may ask for its operation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.operation import Operation, kind_of
from saga_desktop.model.resonance.ops.characters import CreateCharacter, NewScene
from saga_desktop.model.resonance.ops.checks import BeginCheck, CancelCheck
from saga_desktop.model.resonance.ops.contests import BeginGroup, BeginOpposed
from saga_desktop.model.resonance.ops.extended import StartExtended
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.messages import announce_journal_line
from saga_desktop.ui.registry import Installed
from saga_desktop.ui.resonance.creation import CreationDialog
from saga_desktop.ui.resonance.panel import CheckDock
from saga_desktop.ui.resonance.setup import KINDS
from saga_desktop.ui.resonance.sheet import SheetDock

if TYPE_CHECKING:
    from saga_desktop.ui.main_window import MainWindow

SHEET_AREA = Qt.DockWidgetArea.LeftDockWidgetArea
CHECK_AREA = Qt.DockWidgetArea.RightDockWidgetArea
BEGIN: dict[str, type[Operation]] = {
    "single": BeginCheck,
    "opposed": BeginOpposed,
    "group": BeginGroup,
    "extended": StartExtended,
}
"""The operation each kind of check starts with (the Play menu shows those the user may ask for)."""


CHECK_ENTRIES = {
    "single": tr_noop("Single check…"),
    "opposed": tr_noop("Opposed check…"),
    "group": tr_noop("Group check…"),
    "extended": tr_noop("Extended check…"),
}
"""The Play menu's entries for each kind of check."""


class ResonanceFeature(QObject):
    """The Resonance parts of one main window."""

    def __init__(self, window: MainWindow, installed: Installed) -> None:
        super().__init__(window)
        self.setObjectName("ResonanceFeature")
        self.window = window
        self.installed = installed
        self.bridge: SessionBridge = installed.bridge
        self.docks: dict[str, SheetDock] = {}
        self.check_dock = CheckDock(self.bridge, window)
        window.add_dock(self.check_dock, CHECK_AREA)
        self.panel = self.check_dock.panel
        if self.panel.player is not None:
            self.panel.player.prompted.connect(self.prompted)
        self._fill_menus()
        self.bridge.changed.connect(self._on_changed)
        self.bridge.sessionReplaced.connect(lambda _s: self.sync())
        installed.teardown.append(self.remove_docks)
        self.sync()

    def _action(
        self, menu_title: str, text: str, slot: object, op: type[Operation] | None = None
    ) -> QAction:
        action = QAction(text, self.window)
        action.triggered.connect(slot)
        action.setVisible(op is None or self.bridge.may(kind_of(op)))
        self.window.menu(menu_title).addAction(action)
        return action

    def _fill_menus(self) -> None:
        self.new_character_action = self._action(
            "&Party", tr("&New character…"), self.new_character, CreateCharacter
        )
        self._action("&Play", tr("&Check panel"), self.show_panel)
        for kind in KINDS:
            self._action(
                "&Play", tr(CHECK_ENTRIES[kind]), lambda _c=False, k=kind: self.start(k),
                BEGIN[kind],
            )  # fmt: skip
        self.cancel_action = self._action(
            "&Play", tr("C&ancel check"), self.panel.cancel.click, CancelCheck
        )
        self._action("&Play", tr("New &scene"), lambda: self.new_scene(session=False), NewScene)
        self._action("&Play", tr("New s&ession"), lambda: self.new_scene(session=True), NewScene)

    # -- actions -----------------------------------------------------------------------------------

    def show_panel(self) -> None:
        """Open and raise the check dock."""
        self.check_dock.show()
        self.check_dock.raise_()

    def prompted(self) -> None:
        """A check for this seat's characters is new: raise the check dock, ask for attention."""
        self.show_panel()
        QApplication.alert(self.window)

    def new_scene(self, *, session: bool) -> object:
        """The next scene (or session); the status bar says so."""
        result = self.bridge.apply(NewScene(session=session), self.window)
        return announce_journal_line(self.window, self.bridge.session.campaign, result)

    def start(self, kind: str) -> None:
        """Open the check dock set to a kind of check."""
        self.panel.setup.set_kind(kind)
        self.show_panel()

    def new_character(self) -> CreationDialog:
        """Open the creation dialog."""
        dialog = CreationDialog(self.bridge, self.window)
        dialog.open()
        return dialog

    # -- sheets ------------------------------------------------------------------------------------

    def _on_changed(self, changes: Changes) -> None:
        if changes.aspects & (Aspect.CHARACTERS | Aspect.TABLE | Aspect.PLAY):
            self.sync()

    def sync(self) -> None:
        """One sheet dock per character, each showing the campaign as it is."""
        campaign = self.bridge.session.campaign
        if campaign.ruleset != "resonance":
            return
        ids = [c.id for c in campaign.characters]
        for cid in [c for c in self.docks if c not in ids]:
            self._drop(self.docks.pop(cid))
        first = next(iter(self.docks.values()), None)
        for cid in ids:
            if cid not in self.docks:
                dock = SheetDock(self.bridge, cid, self.window)
                self.window.add_dock(dock, SHEET_AREA, first)
                first = first or dock
                self.docks[cid] = dock
            self.docks[cid].refresh()
        self.cancel_action.setEnabled(getattr(campaign.play, "pending", None) is not None)

    def _drop(self, dock: SheetDock) -> None:
        self.window.view_menu.removeAction(dock.toggleViewAction())
        self.window.removeDockWidget(dock)
        if dock in self.installed.docks:
            self.installed.docks.remove(dock)
        dock.deleteLater()

    def remove_docks(self) -> None:
        """Take every sheet dock away (another game's campaign is opening)."""
        for dock in self.docks.values():
            self._drop(dock)
        self.docks = {}
