"""Installing the Journal dock and its actions in the main window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QWidget

from saga_desktop.i18n import tr
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.lazy_dock import LazyDock

if TYPE_CHECKING:
    from saga_desktop.ui.journal.dock import JournalPanel


class JournalDock(LazyDock):
    """The Journal dock (objectName ``journal``); its panel is made when it is first shown."""

    def __init__(
        self,
        bridge: SessionBridge,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(tr("Journal"), parent)
        self.setObjectName("journal")
        self._bridge = bridge
        self._settings = settings

    def build(self) -> None:
        """Make the :class:`JournalPanel`."""
        from saga_desktop.ui.journal.dock import JournalPanel

        self.panel = JournalPanel(self._bridge, self._settings)
        self.setWidget(self.panel)


class JournalFeature(QObject):
    """The Journal dock and its actions, installed in a window."""

    def __init__(
        self, window: QMainWindow, bridge: SessionBridge, settings: QSettings | None = None
    ) -> None:
        super().__init__(window)
        self.window = window
        if settings is None:
            settings = getattr(window, "settings", None)
        self.dock = JournalDock(bridge, settings, window)
        add_dock = getattr(window, "add_dock", None)
        if callable(add_dock):
            add_dock(self.dock, Qt.DockWidgetArea.RightDockWidgetArea)
        else:
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.actions: dict[str, QAction] = {}
        self._action("add_note", tr("Add &note…"), self._add_note, "Ctrl+Shift+N")
        self._action("find", tr("&Find in journal"), self.find, QKeySequence.StandardKey.Find)
        self._action("export", tr("&Export journal as Markdown…"), self._export, "")
        # A player's seat reads the journal; notes are the GM's (no player may ask for them).
        self.actions["add_note"].setVisible(bridge.may("core.AddNote"))
        menu_of = getattr(window, "menu", None)
        if callable(menu_of):
            menu = menu_of("&Journal")
            for act in self.actions.values():
                menu.addAction(act)

    @property
    def panel(self) -> JournalPanel:
        """The panel inside the dock."""
        return self.dock.panel

    def _action(
        self,
        key: str,
        text: str,
        slot: object,
        shortcut: QKeySequence | QKeySequence.StandardKey | str,
    ) -> QAction:
        act = QAction(text, self.window)
        act.setObjectName(f"journal_{key}")
        act.setShortcut(QKeySequence(shortcut))
        if callable(slot):
            act.triggered.connect(lambda _c=False, s=slot: s())
        self.actions[key] = act
        return act

    def show_dock(self) -> None:
        """Show and raise the Journal dock."""
        self.dock.show()
        self.dock.raise_()

    def find(self) -> None:
        """Show the journal and put the cursor in its search field."""
        self.show_dock()
        self.panel.search.setFocus()
        self.panel.search.selectAll()

    def _add_note(self) -> None:
        self.show_dock()
        self.panel.add_note()

    def _export(self) -> None:
        self.show_dock()
        self.panel.ask_export()


def install_journal(window: QMainWindow, bridge: SessionBridge) -> JournalFeature:
    """Add the Journal dock (objectName ``journal``) and its actions to ``window``."""
    return JournalFeature(window, bridge)
