"""The features installed into the main window, in order (each adds its docks and menus)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from saga_desktop.ui.main_window import MainWindow


def install_features(window: MainWindow) -> None:
    """Install every feature of the table into ``window``."""
    from saga_desktop.ui.map import install_map

    map_feature = install_map(window, window.bridge, settings=window.settings)
    map_feature.fill_menu(window.menu("&Map"))
    window.map_feature = map_feature

    from saga_desktop.ui.combat import install_combat
    from saga_desktop.ui.journal import install_journal

    window.journal_feature = install_journal(window, window.bridge)
    window.combat_feature = install_combat(window, window.bridge)

    from saga_desktop.ui.player import install_player_view

    window.player_feature = install_player_view(window, window.bridge)
