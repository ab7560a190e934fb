"""Installing the dice-pool docks: a card per character, the check dock, the combat tracker."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction

from saga_desktop.i18n import tr
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.dicepool.access import dicepool_play
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.check import CheckDock
from saga_desktop.ui.dicepool.combat import CombatDock
from saga_desktop.ui.dicepool.creation import CreationDialog
from saga_desktop.ui.dicepool.monster_sheet import MonsterDock
from saga_desktop.ui.dicepool.sheet import CardDock

if TYPE_CHECKING:
    from saga_desktop.ui.main_window import MainWindow


class DicePoolFeature(QObject):
    """The docks and the Party menu of a dice-pool campaign in one main window."""

    def __init__(self, window: MainWindow, bridge: SessionBridge) -> None:
        super().__init__(window)
        self.setObjectName("DicePoolFeature")
        self.window = window
        self.bridge = bridge
        self.sheets: dict[str, CardDock] = {}
        self.monster_sheets: dict[str, MonsterDock] = {}
        self.check_dock = CheckDock(bridge, window)
        # The first layout puts the check dock at the top right (RulesetUi.main_dock).
        window.add_dock(self.check_dock, Qt.DockWidgetArea.RightDockWidgetArea)
        self.combat_dock = CombatDock(bridge, window)
        window.add_dock(self.combat_dock, Qt.DockWidgetArea.RightDockWidgetArea, self.check_dock)
        self.check_dock.raise_()
        self.combat_dock.newMonster.connect(lambda: self.new_card(monster=True))
        self.combat_dock.openSheet.connect(self.open_sheet)
        party = window.menu("&Party")
        self.new_action = QAction(tr("&New character…"), window)
        self.new_action.triggered.connect(lambda: self.new_card())
        party.addAction(self.new_action)
        # Monsters are the GM's: at a player's seat no monster is made, and no monster sheet
        # opens (the fight tracker shows what the players know of the monsters they meet).
        self.gm_monsters = bridge.may("dicepool.AddMonster")
        if self.gm_monsters:
            self.monster_action = QAction(tr("New &monster…"), window)
            self.monster_action.triggered.connect(lambda: self.new_card(monster=True))
            party.addAction(self.monster_action)
            self.monster_menu = party.addMenu(tr("Monster &sheets"))
            self.monster_menu.aboutToShow.connect(self._fill_monster_menu)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self._rebuild())
        self._sync()

    def new_card(self, monster: bool = False) -> CreationDialog:
        """Open the creation dialog (non-modal); returns it.

        At a player's seat the character goes to the GM for approval (see ``creation``).
        """
        dialog = CreationDialog(self.bridge, self.window, monster=monster and self.gm_monsters)
        dialog.setModal(True)
        dialog.show()
        self.dialog = dialog
        return dialog

    def open_sheet(self, card_id: str) -> CardDock | None:
        """Show a character's sheet, or open a monster's (made on first use); returns it."""
        dock = self.sheets.get(card_id) or self.monster_sheets.get(card_id)
        monster = dicepool_play(self.bridge.session.campaign).monster(card_id)
        if dock is None and monster is not None and self.gm_monsters:
            dock = MonsterDock(self.bridge, card_id, self.window)
            self.monster_sheets[card_id] = dock
            others = list(self.sheets.values())
            self.window.add_dock(
                dock, Qt.DockWidgetArea.LeftDockWidgetArea, others[0] if others else None
            )
        if dock is not None:
            dock.show()
            dock.raise_()
        return dock

    def _fill_monster_menu(self) -> None:
        self.monster_menu.clear()
        monsters = dicepool_play(self.bridge.session.campaign).monsters
        for m in monsters:
            action = self.monster_menu.addAction(m.name)
            action.triggered.connect(lambda _c=False, i=m.id: self.open_sheet(i))
        if not monsters:
            self.monster_menu.addAction(tr("No monsters yet")).setEnabled(False)

    def _drop(self, dock: CardDock) -> None:
        self.window.removeDockWidget(dock)
        self.window.view_menu.removeAction(dock.toggleViewAction())
        dock.deleteLater()

    def _drop_gone_monsters(self) -> None:
        monsters = {m.id for m in dicepool_play(self.bridge.session.campaign).monsters}
        for mid in list(self.monster_sheets):
            if mid not in monsters:
                self._drop(self.monster_sheets.pop(mid))

    def _sync(self) -> None:
        ids = [c.id for c in self.bridge.session.campaign.characters]
        for cid in list(self.sheets):
            if cid not in ids:
                self._drop(self.sheets.pop(cid))
        self._drop_gone_monsters()
        for cid in ids:
            if cid not in self.sheets:
                others = list(self.sheets.values())
                dock = CardDock(self.bridge, cid, self.window)
                self.sheets[cid] = dock
                self.window.add_dock(
                    dock, Qt.DockWidgetArea.LeftDockWidgetArea, others[0] if others else None
                )
        if self.sheets:
            next(iter(self.sheets.values())).raise_()

    def _rebuild(self) -> None:
        for cid in list(self.sheets):
            dock = self.sheets.pop(cid)
            self.window.removeDockWidget(dock)
            dock.deleteLater()
        for mid in list(self.monster_sheets):
            self._drop(self.monster_sheets.pop(mid))
        self._sync()
        self._refresh_all()

    def _refresh_all(self) -> None:
        for dock in [*self.sheets.values(), *self.monster_sheets.values()]:
            dock.refresh()
        self.check_dock.refresh()
        self.combat_dock.refresh()

    def _on_changed(self, changes: Changes) -> None:
        if Aspect.CHARACTERS in changes:
            self._sync()
        self._drop_gone_monsters()  # a removed monster takes its sheet along
        for dock in [*self.sheets.values(), *self.monster_sheets.values()]:
            dock.on_changed(changes)
        self.check_dock.on_changed(changes)
        self.combat_dock.on_changed(changes)
