"""Dice pool at the table: a card per character, the check dock, the combat tracker.

Importing this package registers the game's interface with :mod:`saga_desktop.ui.registry`; the
main window installs it whenever a dice-pool campaign is open:

* one card dock per character (object name ``sheet-<id>``), every edit one operation;
* the **Check** dock (``dicepool-check``): a check with exact odds and assists, physical dice,
  and the queue of prompted checks;
* the **Combat** dock (``dicepool-combat``): declarations in REF order, the round's rolls, each
  exchange's comparison and outcome, the loser's STR and the armor left;
* *Party › New character…* and *New monster…* (the creation dialog).

At a player's seat the same docks serve the player (``bridge.limited``): the checks the GM sent
to their characters (:mod:`.check_seat`), their declarations, STR and outcomes in the combat
dock, and a new character sent for the GM's approval (:mod:`.creation_seat`). Monsters are the
GM's: no *New monster…* and no monster sheet at a player's seat.

No card piles: the core card table hides itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from saga_desktop.model.dicepool.state import RULESET_ID
from saga_desktop.ui.registry import Installed, RulesetUi, register_ui

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QWidget

    from saga_desktop.ui.bridge import SessionBridge
    from saga_desktop.ui.main_window import MainWindow


class DicePoolUi(RulesetUi):
    """The docks and menus of a dice-pool campaign."""

    ruleset_id: ClassVar[str] = RULESET_ID
    main_dock: ClassVar[str] = "dicepool-check"
    side_docks: ClassVar[tuple[str, ...]] = ("dicepool-combat",)

    def install(self, window: MainWindow, installed: Installed) -> None:
        """The card docks, the check dock, the combat tracker and the Party entries."""
        from saga_desktop.ui.dicepool.feature import DicePoolFeature

        feature = DicePoolFeature(window, installed.bridge)
        window.dicepool_feature = feature  # type: ignore[attr-defined]
        installed.attributes.append("dicepool_feature")

    def new_character(self, window: MainWindow) -> None:
        """Open the creation dialog."""
        feature = getattr(window, "dicepool_feature", None)
        if feature is not None:
            feature.new_card()

    def sheet_dock(
        self, bridge: SessionBridge, character_id: str, parent: QWidget | None = None
    ) -> QDockWidget:
        """The sheet dock the GM's window shows for this character."""
        from saga_desktop.ui.dicepool.sheet import CardDock

        return CardDock(bridge, character_id, parent)


DICE_POOL_UI = register_ui(DicePoolUi())
"""The registered interface."""
