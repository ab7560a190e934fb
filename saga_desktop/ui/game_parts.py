"""The open campaign's game in the main window: what it added, so it can all be taken away.

A game installs its docks, menus, actions and features through the window's public methods
(:class:`saga_desktop.ui.registry.RulesetUi`). :class:`GameParts` records everything that
appeared while it did, and removes exactly that when a campaign of another game opens, so the
next game starts from the core's window and never finds the last game's objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu

from saga_desktop.ui.registry import Installed, find_ui

if TYPE_CHECKING:
    from saga_desktop.ui.main_window import MainWindow


def _key(obj: QObject) -> int:
    """A Qt object's C++ address: the same object always gives the same number."""
    return int(shiboken6.getCppPointer(obj)[0])


class GameParts:
    """What the open campaign's game added to one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.installed: Installed | None = None
        """The game's docks, menus, actions and features (None when no game is installed)."""
        self.ruleset = ""
        """The id of the game installed, or "" (a core-only window, or between games)."""
        self._installing: Installed | None = None
        self._children: list[QObject] = []
        self._window_actions: list[QAction] = []

    def own_dock(self, dock: QDockWidget) -> None:
        """Count a dock as the game's (while it installs, or a sheet it adds later)."""
        owner = self._installing or self.installed
        if owner is not None and dock not in owner.docks:
            owner.docks.append(dock)

    def install(self) -> None:
        """Install the open campaign's game and record everything it adds."""
        window = self.window
        ruleset = window.bridge.session.campaign.ruleset
        ui = find_ui(ruleset)
        self.ruleset = ruleset
        if ui is None:
            return
        installed = Installed(bridge=window.bridge.scope())
        # Qt objects are told apart by their C++ address: a Python wrapper may be made afresh.
        menus = window.menus()
        before_actions = {_key(m): {_key(a) for a in m.actions()} for m in menus}
        before_children = {_key(c) for c in window.children()}
        before_window_actions = {_key(a) for a in window.actions()}
        self._installing = installed
        try:
            ui.install(window, installed)
        finally:
            self._installing = None
        for menu in window.menus():
            if _key(menu) not in before_actions:
                installed.menus.append(menu)
                continue
            for act in menu.actions():
                if _key(act) not in before_actions[_key(menu)]:
                    installed.actions.append((menu, act))
        # The game's own objects (its features, actions, menus); not what Qt itself made meanwhile
        # (the tab bars of tabbed docks, say), which Qt alone may delete.
        self._children = [
            c
            for c in window.children()
            if _key(c) not in before_children
            and (isinstance(c, QAction | QMenu) or type(c).__module__.startswith("saga_desktop"))
        ]
        self._window_actions = [a for a in window.actions() if _key(a) not in before_window_actions]
        self.installed = installed

    def remove(self) -> None:
        """Take away everything the game added."""
        window = self.window
        installed = self.installed
        self.installed = None
        self.ruleset = ""
        if installed is None:
            return
        installed.bridge.detach()
        for callback in installed.teardown:
            callback()
        for dock in installed.docks:
            window.view_menu.removeAction(dock.toggleViewAction())
            window.removeDockWidget(dock)
            # Out of the window at once: the next game may add a dock of the same name now, and
            # the layout must never find two.
            dock.setObjectName(f"{dock.objectName()}-removed")
            # (kept in the window until deleted: Qt owns it)
            dock.deleteLater()
        for menu, act in installed.actions:
            menu.removeAction(act)
        for menu in installed.menus:
            window.forget_menu(menu)
        for act in self._window_actions:
            window.removeAction(act)
        for name in installed.attributes:
            if hasattr(window, name):
                delattr(window, name)
        for child in self._children:
            # Renamed at once, deleted when the event loop next runs: a look-up by name made
            # while the next game installs must not find the old game's objects.
            child.setObjectName(f"{child.objectName()}-removed")
            child.deleteLater()
        self._children = []
        self._window_actions = []
