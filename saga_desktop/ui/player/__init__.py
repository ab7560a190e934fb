"""The Player View: the second screen that faces the table.

``install_player_view(window, bridge) -> PlayerViewFeature`` adds to the View menu: *Player view*
(open/close), *Player view screen* (the screens plugged in; the choice is remembered by screen
name), *Full screen for players*, *Hold the screen*, *Show this region to players*, *Back to the
party* and *Link the players' map to mine*.
"""

from saga_desktop.ui.player.feature import PlayerViewFeature, install_player_view
from saga_desktop.ui.player.window import PlayerWindow

__all__ = ["PlayerViewFeature", "PlayerWindow", "install_player_view"]
