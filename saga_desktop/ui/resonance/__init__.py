"""Resonance at the table: a sheet dock per character, the check dock, Party and Play menus.

Importing this package registers the game's interface with :mod:`saga_desktop.ui.registry`; the
main window installs it whenever a Resonance campaign is open.

* sheet docks, object name ``sheet-<character id>``: stats with their suits, the deck, the
  fatigue pile (count and viewer), what is left of each suit; stats set through ``EditStats``;
* the check dock, object name ``resonance-check`` (:mod:`.panel`): single, opposed, group and
  extended checks, with exact odds before the draw and the cards as buttons after it, and the
  checks sent to players (*Send to players…*, :mod:`.prompt_queue`);
* *Party › New character…* (:mod:`.creation`) and the *Play* menu's check entries.

At a player's seat the same docks serve the player (:mod:`.player`): the checks the GM sent
them, drawn and played in the check dock, and their own characters made in the creation dialog
and sent to the GM; what only the GM does is hidden there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from saga_desktop.model.resonance.state import RULESET_ID
from saga_desktop.ui.registry import Installed, RulesetUi, register_ui

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QWidget

    from saga_desktop.ui.bridge import SessionBridge
    from saga_desktop.ui.main_window import MainWindow


class ResonanceUi(RulesetUi):
    """The docks and menus of a Resonance campaign."""

    ruleset_id: ClassVar[str] = RULESET_ID
    main_dock: ClassVar[str] = "resonance-check"

    def install(self, window: MainWindow, installed: Installed) -> None:
        """Sheets, the check dock and the menus; ``window.resonance_feature`` reaches them."""
        from saga_desktop.ui.resonance.feature import ResonanceFeature

        window.resonance_feature = ResonanceFeature(window, installed)  # type: ignore[attr-defined]
        installed.attributes.append("resonance_feature")

    def new_character(self, window: MainWindow) -> None:
        """Open the creation dialog."""
        feature = getattr(window, "resonance_feature", None)
        if feature is not None:
            feature.new_character()

    def sheet_dock(
        self, bridge: SessionBridge, character_id: str, parent: QWidget | None = None
    ) -> QDockWidget:
        """The sheet dock the GM's window shows for this character."""
        from saga_desktop.ui.resonance.sheet import SheetDock

        return SheetDock(bridge, character_id, parent)  # type: ignore[arg-type]


RESONANCE_UI = register_ui(ResonanceUi())
"""The registered interface."""
