"""Installing the Combat dock and its Play-menu actions in the main window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.changes import Cause, Changes
from saga_desktop.model.songs.combat_queries import combat_of, pending
from saga_desktop.model.songs.ops.combat import EndCombat, EndTurn
from saga_desktop.rules.records import Record
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dock_policy import DockScroller, grow_in_column
from saga_desktop.ui.lazy_dock import LazyDock
from saga_desktop.ui.songs.may import may
from saga_desktop.ui.songs.settle_place import settled_in_combat

if TYPE_CHECKING:
    from saga_desktop.ui.songs.combat.dock import CombatPanel

FIGHT_SHARE = 0.7
"""During a fight the Combat dock takes about this share of the window's height (at most
``dock_policy.GROW_SHARE`` of its column)."""


class CombatDock(LazyDock):
    """The Combat dock (objectName ``combat``): a scrolling :class:`CombatPanel`.

    The panel is made when the dock is first shown (at start it is tabbed behind others).
    """

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(tr("Combat"), parent)
        self.setObjectName("combat")
        self._bridge = bridge

    def build(self) -> None:
        """Make the panel in its scroll area."""
        from saga_desktop.ui.songs.combat.dock import CombatPanel

        self.panel = CombatPanel(self._bridge)
        # The panel at the dock's width, wrapped rows at their least height; it scrolls (both
        # ways) only where it cannot shrink further, and is never cut.
        scroll = DockScroller(self.panel, self)
        scroll.setObjectName("combat-scroll")
        self.setWidget(scroll)


class CombatFeature(QObject):
    """The Combat dock and its actions, installed in a window."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge) -> None:
        super().__init__(window)
        self.window = window
        self.bridge = bridge
        self.dock = CombatDock(bridge, window)
        add_dock = getattr(window, "add_dock", None)
        if callable(add_dock):
            add_dock(self.dock, Qt.DockWidgetArea.RightDockWidgetArea)
        else:
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.actions: dict[str, QAction] = {}
        self._action("show", tr("&Combat…"), self.show_dock, tr("Open the combat panel"))
        self._action("end_turn", tr("End &turn"), self._end_turn)
        self._action("end_combat", tr("&End combat"), self._end_combat)
        self.actions["show"].setShortcut("Ctrl+Shift+F")
        menu_of = getattr(window, "menu", None)
        if callable(menu_of):
            menu = menu_of("&Play")
            menu.addSeparator()
            for act in self.actions.values():
                menu.addAction(act)
        self._fighting = combat_of(bridge.session.campaign) is not None
        self._waiting: Record | None = self._roll_for_me()
        bridge.changed.connect(self._update_actions)
        bridge.sessionReplaced.connect(lambda _s: self._update_actions())
        self._update_actions()

    @property
    def panel(self) -> CombatPanel:
        """The panel inside the dock."""
        return self.dock.panel

    def _action(self, key: str, text: str, slot: object, tip: str = "") -> QAction:
        act = QAction(text, self.window)
        act.setObjectName(f"combat_{key}")
        if tip:
            act.setStatusTip(tip)
        if callable(slot):
            act.triggered.connect(lambda _c=False, s=slot: s())
        self.actions[key] = act
        return act

    def _end_turn(self) -> None:
        self.panel.run(EndTurn())

    def _end_combat(self) -> None:
        self.panel.run(EndCombat())

    def show_dock(self) -> None:
        """Show and raise the Combat dock."""
        self.dock.show()
        self.dock.raise_()

    def _update_actions(self, changes: Changes | None = None) -> None:
        fighting = combat_of(self.bridge.session.campaign) is not None
        self.actions["end_turn"].setEnabled(fighting and may(self.bridge, EndTurn()))
        self.actions["end_combat"].setEnabled(fighting and may(self.bridge, EndCombat()))
        started = fighting and not self._fighting
        self._fighting = fighting
        if started and changes is not None and changes.cause is Cause.APPLY:
            self.show_dock()
            QTimer.singleShot(0, self.make_room)  # once the raised tab is laid out
        waiting, self._waiting = self._waiting, self._roll_for_me()
        if self._waiting is not None and self._waiting != waiting:
            self.show_dock()  # at a player's seat: a defence (or their own roll) to settle
            QApplication.alert(self.window)

    def _roll_for_me(self) -> Record | None:
        """At a player's seat, their roll that waits to be settled in this dock (else None)."""
        if not self.bridge.limited:
            return None
        campaign = self.bridge.session.campaign
        record = pending(campaign)
        if record is None or not settled_in_combat(campaign, record):
            return None
        from saga_desktop.ui.songs.combat.settle import SettlePanel

        return record if may(self.bridge, SettlePanel.settling(record)()) else None

    def make_room(self) -> None:
        """A fight starts: give the dock most of its column's height.

        Every step of a fight happens here, so the dock above it (the Roll dock, whose rolls
        wait during a fight) gives way; a floating dock keeps its own size.
        """
        window = self.window
        grow_in_column(window, self.dock, round(window.height() * FIGHT_SHARE))


def install_combat(window: QMainWindow, bridge: SessionBridge) -> CombatFeature:
    """Add the Combat dock (objectName ``combat``) and its actions to ``window``."""
    return CombatFeature(window, bridge)
