"""Docks whose contents are made the first time they are shown, so a start pays only for what shows.

A :class:`LazyDock` is a real dock from the start: it has its object name, its title and its
View-menu toggle, the remembered layout places it, and ``findChild`` finds it. What it holds is
made once, by :meth:`LazyDock.build`, the first time the dock becomes visible to the player: its
tab is picked, its View toggle is checked, or the layout shows it (Qt reports all three through
``visibilityChanged``). Docks tabbed behind others at start, or closed, cost nothing until then.

Code that reaches into a dock before it was ever shown (a menu action, a test) gets the contents
made on the spot: any attribute the dock does not have yet makes it build first. A subclass whose
methods run before that (refreshing after a change, say) checks :attr:`LazyDock.built` and leaves
the work to :meth:`~LazyDock.build`, which always starts from the campaign as it is then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QDockWidget, QWidget

from saga_desktop.ui import dock_policy


class LazyDock(QDockWidget):
    """A dock that makes its contents on first show (see the module's notes)."""

    def __init__(self, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self._built = False
        self.visibilityChanged.connect(self._on_visibility_changed)

    @property
    def built(self) -> bool:
        """Whether the contents have been made."""
        return self._built

    def build(self) -> None:
        """Make the contents and ``setWidget`` them (subclasses); called once."""
        raise NotImplementedError

    def ensure_built(self) -> None:
        """Make the contents now if they were not made yet."""
        if self._built:
            return
        self._built = True
        self.build()
        dock_policy.make_scrollable(self)  # as every dock's contents: scroll, don't grow the window
        contents = self.widget()
        if contents is not None and self.isVisible():
            contents.show()  # made while the dock was being shown: show them in the same frame

    @Slot(bool)
    def _on_visibility_changed(self, visible: bool) -> None:
        if visible:
            self.ensure_built()

    if not TYPE_CHECKING:  # type checkers see the attributes that build() sets

        def __getattr__(self, name: str) -> object:
            # Only reached for attributes the dock does not have: before the first show those
            # are its contents, asked for early (a menu action, a test).
            if name.startswith("__") or self.__dict__.get("_built", True):
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            self.ensure_built()
            return object.__getattribute__(self, name)
