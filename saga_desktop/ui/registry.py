"""The interface's one registry of rulesets: what each game adds to the main window.

A ruleset's interface is a :class:`RulesetUi`: given the window and a scope of its bridge, it adds
its docks (sheets, a roll or check panel, a combat tracker) and menu entries, and gives back an
:class:`Installed` that takes them all away again when a campaign of another game is opened.
The games that ship are named by module in :mod:`saga_desktop.rulesets`, and register
themselves when imported; the window imports no ruleset package.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu, QWidget

if TYPE_CHECKING:
    from saga_desktop.ui.bridge import BridgeScope, SessionBridge
    from saga_desktop.ui.main_window import MainWindow

from saga_desktop.rulesets import GAME_IDS
from saga_desktop.rulesets import UI_PACKAGES as BUILTIN_MODULES

_UIS: dict[str, RulesetUi] = {}
_loaded = False
_loaded_games: set[str] = set()


@dataclass
class Installed:
    """What one ruleset added to a window, so it can all be taken away again."""

    bridge: BridgeScope
    docks: list[QDockWidget] = field(default_factory=list)
    actions: list[tuple[QMenu, QAction]] = field(default_factory=list)
    menus: list[QMenu] = field(default_factory=list)
    attributes: list[str] = field(default_factory=list)
    teardown: list[Callable[[], None]] = field(default_factory=list)


class RulesetUi:
    """A game's interface. Subclass it, set ``ruleset_id``, and register an instance."""

    ruleset_id: ClassVar[str]
    main_dock: ClassVar[str] = ""
    """The objectName of the game's main panel (a roll or check panel): the first layout puts it
    at the top right, over the map's and journal's tabs."""
    side_docks: ClassVar[tuple[str, ...]] = ()
    """Other docks of the game that the first layout tabs with the journal (combat, enemies)."""

    def install(self, window: MainWindow, installed: Installed) -> None:
        """Add the game's docks and menu entries to ``window``.

        Use ``installed.bridge`` (a scope of the window's bridge) for every view, add docks with
        ``window.add_dock(dock, ruleset=installed)`` and actions with
        ``window.add_ruleset_action(menu_title, action, installed)`` so they go when the game
        does.
        """

    def new_character(self, window: MainWindow) -> None:
        """Start making a character (the window's *Party › New character* entry)."""

    def sheet_dock(
        self, bridge: SessionBridge, character_id: str, parent: QWidget | None = None
    ) -> QDockWidget | None:
        """The game's sheet dock of one character (the GM's own), on ``bridge``; None if none.

        A seat's window and the GM's review of a submitted character show this same sheet.
        """
        return None


def _load_builtin() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for name in BUILTIN_MODULES:
            importlib.import_module(name)


def _load_game(ruleset_id: str) -> None:
    """Import the shipped interface of this one game (the others stay unloaded until asked for)."""
    if ruleset_id in GAME_IDS and ruleset_id not in _loaded_games:
        _loaded_games.add(ruleset_id)
        importlib.import_module(BUILTIN_MODULES[GAME_IDS.index(ruleset_id)])


def register_ui(ui: RulesetUi) -> RulesetUi:
    """Add a ruleset's interface (replacing one for the same ruleset); returns it."""
    _UIS[ui.ruleset_id] = ui
    return ui


def unregister_ui(ruleset_id: str) -> None:
    """Forget a ruleset's interface (for tests)."""
    _UIS.pop(ruleset_id, None)


def find_ui(ruleset_id: str) -> RulesetUi | None:
    """The interface of a ruleset, or None when it has none (the core parts still work)."""
    if ruleset_id not in _UIS:
        _load_game(ruleset_id)
    return _UIS.get(ruleset_id)


def playable() -> Iterator[str]:
    """The ids of rulesets that have an interface, in the model registry's order."""
    _load_builtin()
    from saga_desktop.model.registry import rulesets

    order = [game.id for game in rulesets()]
    return iter(sorted(_UIS, key=lambda i: order.index(i) if i in order else len(order)))
