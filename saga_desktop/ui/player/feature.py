"""The Player View's menu entries in the GM's window, and the remembered screen choice.

The players' map fits the charted land (every region they may see, and the party) as large as
their screen allows, and keeps fitting it as the map grows. Linked to the GM's map, it shows what
the GM's map shows instead, scaled to fill the players' screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from saga_desktop.i18n import tr
from saga_desktop.ui.actions import make_action
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.motion import shared_motion
from saga_desktop.ui.map.view import MapView
from saga_desktop.ui.player.screens import describe, pick_screen, screens
from saga_desktop.ui.player.window import MapFactory, PlayerWindow

if TYPE_CHECKING:
    from saga_desktop.ui.main_window import MainWindow


class PlayerViewFeature:
    """Owns the Player View window and the GM's controls for it."""

    def __init__(
        self, window: MainWindow, bridge: SessionBridge, map_factory: MapFactory | None
    ) -> None:
        self.window = window
        self.bridge = bridge
        self.settings = window.settings
        self._map_factory = map_factory
        self.player: PlayerWindow | None = None
        self.open_action = make_action(
            window,
            tr("&Player view"),
            self.set_open,
            "Ctrl+Shift+P",
            checkable=True,
            tip=tr("A second window for the players' screen"),
        )
        self.full_screen_action = make_action(
            window, tr("Player view &full screen"), self._set_full_screen, checkable=True
        )
        self.full_screen_action.setChecked(
            bool(self.settings.value("player/full_screen", True, type=bool))
        )
        self.hold_action = make_action(
            window,
            tr("&Hold the players' screen"),
            self.set_held,
            "Ctrl+Shift+H",
            checkable=True,
            tip=tr("Show a curtain while you prepare"),
        )
        self.show_region_action = make_action(
            window,
            tr("&Show this region to players"),
            self.show_current_region,
            tip=tr("Put the selected region on the players' screen"),
        )
        self.back_action = make_action(window, tr("&Back to the party"), self._back_to_party)
        self.link_action = make_action(
            window,
            tr("&Link the players' map to mine"),
            self._set_linked,
            checkable=True,
            tip=tr("The players' map shows what yours shows; unlinked, it fits the charted land"),
        )
        self.link_action.setChecked(bool(self.settings.value("player/linked", False, type=bool)))
        self.screen_menu = QMenu(tr("Player view &screen"), window)
        self.screen_menu.aboutToShow.connect(self._fill_screens)
        self._screen_group = QActionGroup(window)

    # -- menus ------------------------------------------------------------------------------------

    def fill_menu(self, menu: QMenu) -> None:
        """Add the Player View entries to a menu."""
        menu.addAction(self.open_action)
        menu.addMenu(self.screen_menu)
        menu.addAction(self.full_screen_action)
        menu.addAction(self.hold_action)
        menu.addAction(self.show_region_action)
        menu.addAction(self.back_action)
        menu.addAction(self.link_action)

    def _fill_screens(self) -> None:
        self.screen_menu.clear()
        remembered = str(self.settings.value("player/screen", "") or "")
        current = pick_screen(remembered, avoid=self.window.screen())
        for screen in screens():
            name = screen.name()
            action = QAction(describe(screen), self.screen_menu, checkable=True)
            action.setChecked(screen is current)
            action.setActionGroup(self._screen_group)
            action.triggered.connect(lambda _c=False, n=name: self.choose_screen(n))
            self.screen_menu.addAction(action)

    # -- actions ----------------------------------------------------------------------------------

    def ensure_window(self) -> PlayerWindow:
        """The Player View window (made on first use), following the GM's map when linked."""
        if self.player is None:
            self.player = PlayerWindow(self.bridge, self.settings, self._map_factory, self.window)
            self.player.heldChanged.connect(self.hold_action.setChecked)
            gm_map = self.window.map_feature.view if self.window.map_feature else None
            players = self.player.map_widget
            if isinstance(players, MapView):  # its d20 and tokens move as the GM's: one switch
                motion = shared_motion(self.window, self.settings)
                players.die.follow(motion)
                players.set_reduced_motion(motion.reduced_motion)
                motion.changed.connect(lambda: players.set_reduced_motion(motion.reduced_motion))
            if gm_map is not None and isinstance(players, MapView):
                gm_map.viewChanged.connect(self._follow)
                gm_map.pathChanged.connect(players.show_path)
            if isinstance(players, MapView):
                players.set_auto_fit(not self.link_action.isChecked())
        return self.player

    def _follow(self, centre: object = None, scale: float | None = None) -> None:
        """Show the players what the GM's map shows, filling their map (when linked, not held)."""
        player = self.player
        gm_map = self.window.map_feature.view if self.window.map_feature else None
        if player is None or gm_map is None or not isinstance(player.map_widget, MapView):
            return
        if self.link_action.isChecked() and player.isVisible() and not player.held:
            theirs, mine = player.map_widget.viewport().size(), gm_map.viewport().size()
            ratio = 1.0
            if mine.width() > 0 and mine.height() > 0:
                ratio = min(theirs.width() / mine.width(), theirs.height() / mine.height())
            player.map_widget.follow(gm_map.centre(), gm_map.scale_factor() * max(ratio, 0.1))

    def set_open(self, on: bool) -> None:
        """Open the Player View on the remembered screen, or close it."""
        player = self.ensure_window()
        if not on:
            player.hide()
            return
        remembered = str(self.settings.value("player/screen", "") or "")
        screen = pick_screen(remembered, avoid=self.window.screen())
        player.open_on(screen, self.full_screen_action.isChecked())
        self._follow()
        if self.open_action.isChecked() != on:
            self.open_action.setChecked(on)

    def close_view(self) -> None:
        """The GM's window is closing: take the players' screen down with it."""
        if self.player is not None:
            self.player.close()

    def choose_screen(self, name: str) -> None:
        """Put the Player View on the screen called ``name`` and remember it."""
        self.settings.setValue("player/screen", name)
        if self.player is not None and self.player.isVisible():
            self.set_open(True)

    def _set_full_screen(self, on: bool) -> None:
        self.settings.setValue("player/full_screen", on)
        if self.player is not None and self.player.isVisible():
            self.set_open(True)

    def set_held(self, held: bool) -> None:
        """Hold (curtain) or release the players' screen."""
        self.ensure_window().set_held(held)

    def show_current_region(self) -> None:
        """Show the region selected on the GM's map to the players."""
        view = self.window.map_feature.view if self.window.map_feature else None
        hex_ = getattr(view, "current_hex", None)
        if hex_ is None:
            self.window.statusBar().showMessage(
                tr("Select a charted region on the map first."), 5000
            )
            return
        if not self.ensure_window().show_region(hex_.q, hex_.r):
            self.window.statusBar().showMessage(
                tr("That hex is uncharted or hidden from players."), 5000
            )

    def _back_to_party(self) -> None:
        if self.player is not None:
            self.player.clear_spotlight()

    def _set_linked(self, on: bool) -> None:
        self.settings.setValue("player/linked", on)
        players = self.player.map_widget if self.player is not None else None
        if isinstance(players, MapView):
            players.set_auto_fit(not on)
        if on:
            self._follow()


def install_player_view(
    window: MainWindow, bridge: SessionBridge, map_factory: MapFactory | None = None
) -> PlayerViewFeature:
    """Add the Player View's controls to the window's View menu."""
    feature = PlayerViewFeature(window, bridge, map_factory)
    sub = QMenu(tr("Pla&yer view"), window)
    feature.fill_menu(sub)
    window.view_menu.addSeparator()
    window.view_menu.addMenu(sub)
    window.addAction(feature.open_action)
    window.addAction(feature.hold_action)
    return feature
