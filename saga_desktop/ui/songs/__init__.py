"""Songs & Sagas at the table: sheets, the Enemies dock, the roll panel, Play and combat.

Importing this package registers the game's interface with :mod:`saga_desktop.ui.registry`; the
main window installs it whenever a Songs & Sagas campaign is open, at the GM's own table and at
every seat: at a player's seat the same docks offer only what the host lets that player do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from saga_desktop.i18n import tr_noop
from saga_desktop.model.songs.state import RULESET_ID
from saga_desktop.ui.map.charting import ChartingWords, register_charting_words
from saga_desktop.ui.registry import Installed, RulesetUi, register_ui

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QWidget

    from saga_desktop.ui.bridge import SessionBridge
    from saga_desktop.ui.main_window import MainWindow


class SongsUi(RulesetUi):
    """The docks and menus of a Songs & Sagas campaign."""

    ruleset_id: ClassVar[str] = RULESET_ID
    main_dock: ClassVar[str] = "roll-panel"
    side_docks: ClassVar[tuple[str, ...]] = ("combat", "enemies")

    def install(self, window: MainWindow, installed: Installed) -> None:
        """Sheets and the Party menu, the roll panel and the Play menu, the Combat dock."""
        from saga_desktop.ui.songs.combat import install_combat
        from saga_desktop.ui.songs.play import install_table
        from saga_desktop.ui.songs.sheets import install_sheets

        bridge = installed.bridge
        sheets = install_sheets(window, bridge)
        table = install_table(window, bridge, window.settings)
        combat = install_combat(window, bridge)

        def resilience_trial(character_id: str) -> None:
            table.start_trial(character_id, reason="Resilience 0: stand or fall")

        sheets.set_resilience_trial_handler(resilience_trial)
        # Tests and scripts reach the game's features through these names.
        for name, feature in (
            ("sheets_feature", sheets),
            ("table_feature", table),
            ("combat_feature", combat),
        ):
            setattr(window, name, feature)
            installed.attributes.append(name)

    def new_character(self, window: MainWindow) -> None:
        """*Party › New character*: the creation dialog (a player's goes to the GM for review)."""
        feature = getattr(window, "sheets_feature", None)
        if feature is not None:
            feature.flows.new_character()

    def sheet_dock(
        self, bridge: SessionBridge, character_id: str, parent: QWidget | None = None
    ) -> QDockWidget:
        """The sheet dock the GM's window shows for this character."""
        from saga_desktop.ui.songs.sheets.dock import SheetDock

        return SheetDock(bridge, character_id, parent)


SONGS_UI = register_ui(SongsUi())
"""The registered interface."""

SONGS_CHARTING = register_charting_words(
    RULESET_ID,
    ChartingWords(
        start=tr_noop("Drop the d20 to begin the expedition"),
        start_tip=tr_noop("Where the die comes to rest, the party starts"),
        chart=tr_noop("&Chart this hex…"),
        chart_tip=tr_noop("Describe the current hex and reveal a card for its risk"),
        chart_title=tr_noop("Chart region {number}"),
        chart_button=tr_noop("Chart and &reveal card"),
        chart_explained=tr_noop(
            "When you chart it, one card is revealed from the shared deck: its suit "
            "sets the region's risk rating and a prompt for the GM."
        ),
    ),
)
"""The map in Songs & Sagas' words: the d20 drop, and a card revealed for each region's risk."""
