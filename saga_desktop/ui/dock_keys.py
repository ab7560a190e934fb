"""Keys that take the keyboard to a dock: *View › Go to*, Alt+1 … Alt+9, and F6 / Shift+F6.

A player on the keyboard alone (or with a screen reader) should not have to Tab through every
control of the window to reach the journal. Each dock the window adds gets an entry in
*View › Go to*: it shows the dock if it was closed, brings it to the front of its tabs and puts
the keyboard on its first control, saying the dock's name. The first nine docks that are not
character sheets get Alt+1 … Alt+9, in the order the window adds them; F6 and Shift+F6 go round
the docks on screen, sheets included, as they go round a window's panes in many programs.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QWidget

from saga_desktop.i18n import tr
from saga_desktop.ui.announce import announce
from saga_desktop.ui.elide import plain_tip

NUMBERED = 9
"""Docks that get Alt+digit keys (the rest are reached by the menu or F6)."""


def first_control(dock: QDockWidget) -> QWidget:
    """The dock's first control that takes the keyboard by Tab (or the dock's own widget)."""
    body = dock.widget()
    if body is None:
        return dock
    for child in [body, *body.findChildren(QWidget)]:
        policy = child.focusPolicy()
        if (
            policy & Qt.FocusPolicy.TabFocus
            and child.isVisibleTo(dock)
            and child.isEnabled()
            and not child.objectName().startswith("qt_")
        ):
            return child
    return body


class DockKeys(QObject):
    """*View › Go to* and the keys for one main window's docks."""

    def __init__(self, window: QMainWindow, view_menu: QMenu, before: QAction) -> None:
        super().__init__(window)
        self.setObjectName("dockKeys")
        self.window = window
        self.menu = QMenu(tr("&Go to"), window)
        self.menu.setObjectName("goToMenu")
        self.menu.setToolTipsVisible(True)
        view_menu.insertMenu(before, self.menu)
        self.entries: dict[QDockWidget, QAction] = {}
        self.next_action = self._key_action(tr("&Next dock"), "F6", lambda: self.cycle(1))
        self.previous_action = self._key_action(
            tr("&Previous dock"), "Shift+F6", lambda: self.cycle(-1)
        )
        self.menu.addAction(self.next_action)
        self.menu.addAction(self.previous_action)
        self.menu.addSeparator()

    def _key_action(self, text: str, key: str, slot: object) -> QAction:
        act = QAction(text, self.window)
        act.setShortcut(QKeySequence(key))
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        act.triggered.connect(slot)
        self.window.addAction(act)
        return act

    def add(self, dock: QDockWidget) -> None:
        """An entry (and, for the first nine docks that are not sheets, Alt+digit) for ``dock``."""
        if dock in self.entries:
            return
        act = QAction(self.window)
        self._title(act, dock.windowTitle())
        act.setObjectName(f"goto_{dock.objectName()}")
        act.setStatusTip(tr("Show this dock and put the keyboard on it"))
        numbered = [d for d in self.entries if not _is_sheet(d)]
        if not _is_sheet(dock) and len(numbered) < NUMBERED:
            used = {a.shortcut().toString() for a in self.entries.values()}
            for digit in range(1, NUMBERED + 1):
                key = f"Alt+{digit}"
                if key not in used:
                    act.setShortcut(QKeySequence(key))
                    break
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        act.triggered.connect(lambda _c=False, d=dock: self.go_to(d))
        dock.windowTitleChanged.connect(lambda title, a=act: self._title(a, title))
        dock.destroyed.connect(lambda _o=None, d=dock: self._forget(d))
        self.window.addAction(act)
        self.menu.addAction(act)
        self.entries[dock] = act

    @staticmethod
    def _title(act: QAction, title: str) -> None:
        """A character's name is the player's own text: no mnemonic, no markup in its tip."""
        act.setText(title.replace("&", "&&"))
        act.setToolTip(plain_tip(tr("Go to {dock}", dock=title)))

    def _forget(self, dock: QDockWidget) -> None:
        act = self.entries.pop(dock, None)
        # A window closing deletes its menu and actions before (or after) its docks.
        if act is None or not shiboken6.isValid(act):
            return
        if shiboken6.isValid(self.menu):
            self.menu.removeAction(act)
        if shiboken6.isValid(self.window):
            self.window.removeAction(act)
        act.deleteLater()

    def go_to(self, dock: QDockWidget) -> None:
        """Show ``dock``, bring it to the front and put the keyboard on its first control."""
        dock.show()
        dock.raise_()
        target = first_control(dock)
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)
        announce(target, dock.windowTitle())

    def showing(self) -> list[QDockWidget]:
        """The docks on screen (shown, in front of their tabs), in the order they were added."""
        return [d for d in self.entries if d.isVisible() and not d.visibleRegion().isEmpty()]

    def cycle(self, step: int) -> None:
        """To the next (``step`` 1) or previous (-1) dock on screen after the one with focus."""
        docks = self.showing()
        if not docks:
            return
        here = self._dock_of(self.window.focusWidget())
        at = docks.index(here) if here in docks else (-1 if step > 0 else 0)
        self.go_to(docks[(at + step) % len(docks)])

    def _dock_of(self, widget: QWidget | None) -> QDockWidget | None:
        while widget is not None:
            if isinstance(widget, QDockWidget):
                return widget
            widget = widget.parentWidget()
        return None


def _is_sheet(dock: QDockWidget) -> bool:
    return dock.objectName().startswith("sheet")
