"""Installing the map in the main window: the central view, two docks and the Map actions."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Token
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.actions import fill_menu
from saga_desktop.ui.announce import announce
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.motion import shared_motion
from saga_desktop.ui.map.charting import charting_of
from saga_desktop.ui.map.flows import MapFlows
from saga_desktop.ui.map.regions_dock import RegionsDock
from saga_desktop.ui.map.theme import ThemeChoice
from saga_desktop.ui.map.view import MapView
from saga_desktop.ui.rolling_tables.dock import TablesDock
from saga_desktop.ui.rolling_tables.library import TableLibrary

SK = QKeySequence.StandardKey
OLD_REDUCED_KEY = "map/reducedMotion"
DROP_SHORTCUT = "Ctrl+Shift+D"
"""*Map › Drop the d20*: taken by no other menu of any game."""


class MapFeature(QObject):
    """The map, its docks and its actions, installed in a main window."""

    def __init__(
        self,
        window: QMainWindow,
        bridge: SessionBridge,
        *,
        settings: QSettings | None = None,
        user_tables_dir: Path | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.bridge = bridge
        self.settings = settings
        # At a player's seat the map is the players' map (no GM marks, menus or charting), on
        # which the seat's own tokens move by asking the host.
        self.view = MapView(bridge, window, player=bridge.limited)
        if bridge.limited:
            self.view.tokens.movable = self._own_token
            self.view.reload()
        window.setCentralWidget(self.view)
        # Hovering a hex describes it even while the Player View (another window) is active.
        window.setAttribute(Qt.WidgetAttribute.WA_AlwaysShowToolTips)
        self.library = TableLibrary(user_tables_dir)
        self.flows = MapFlows(bridge, self.view, self.library)
        self.regions_dock = RegionsDock(bridge, self._region_picked, window)
        self.tables_dock = TablesDock(bridge, self.library, self.flows.current_region, window)
        self._add_dock(self.regions_dock)
        self._add_dock(self.tables_dock)
        self.motion = shared_motion(window, settings)
        self.view.die.follow(self.motion)
        self.motion.changed.connect(self._motion_changed)
        self._motion_changed()
        self.actions: dict[str, QAction] = {}
        self._create_actions()
        self.view.currentHexChanged.connect(self._current_changed)
        self.flows.statusMessage.connect(self._say)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self._update_actions())
        bridge.sessionReplaced.connect(lambda _s: self._follow_game())
        # Shown by a layout saved in another game: hidden again once Qt has finished placing it.
        self.tables_dock.visibilityChanged.connect(
            lambda _v: not self.has_tables and QTimer.singleShot(0, self._follow_game)
        )
        self._follow_game()
        self._restore_settings()
        self._update_actions()

    def _say(self, text: str) -> None:
        """A flow's note: in the status bar, and spoken."""
        self.window.statusBar().showMessage(text, 8000)
        announce(self.view, text)

    def _own_token(self, token: Token) -> bool:
        """A player's seat moves the tokens of its own characters, and no other."""
        return token.character is not None and token.character in self.bridge.viewer.characters

    def _export(self, name: str) -> None:
        # Imported on first use: QtSvg and QtPrintSupport cost tens of milliseconds at start-up.
        from saga_desktop.ui.map import export_dialogs

        action = getattr(export_dialogs, name)
        action(self.window, self.view.map_scene, self.bridge.session.campaign)

    def _add_dock(self, dock: QDockWidget) -> None:
        add_dock = getattr(self.window, "add_dock", None)
        if callable(add_dock):
            add_dock(dock, Qt.DockWidgetArea.RightDockWidgetArea)
        else:
            self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)

    # -- actions --------------------------------------------------------------------------------

    def _action(
        self,
        key: str,
        text: str,
        slot: object = None,
        shortcut: QKeySequence | SK | str | None = None,
        tip: str = "",
    ) -> QAction:
        act = QAction(text, self.window)
        act.setObjectName(f"map_{key}")
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        if tip:
            act.setStatusTip(tip)
            act.setToolTip(tip)
        if callable(slot):
            act.triggered.connect(lambda _checked=False, s=slot: s())
        self.actions[key] = act
        return act

    def _create_actions(self) -> None:
        f, v = self.flows, self.view
        self._action(
            "drop_d20",
            tr("&Drop the d20"),
            f.drop_d20,
            DROP_SHORTCUT,
            tip=tr("Drop the d20 on the map sheet: where it lands, the party starts"),
        )
        self._action(
            "chart",
            tr("&Chart this hex…"),
            lambda: f.chart_hex(),
            tip=tr("Describe the current hex and reveal a card for its risk"),
        )
        self._action(
            "travel",
            tr("&Travel to this hex…"),
            lambda: f.plan_travel(),
            tip=tr("Plan a journey from the party to the current hex"),
        )
        self._action(
            "edit",
            tr("&Edit region…"),
            lambda: f.edit_region(),
            tip=tr("Edit the current region's notes"),
        )
        self._action(
            "fit",
            tr("&Fit charted regions"),
            v.fit_regions,
            "Ctrl+0",
            tr("Show every charted region"),
        )
        self._action("zoom_in", tr("Zoom &in"), v.zoom_in, SK.ZoomIn)
        self._action("zoom_out", tr("Zoom &out"), v.zoom_out, SK.ZoomOut)
        self._action(
            "export_png",
            tr("Export as &PNG…"),
            lambda: self._export("ask_export_png"),
        )
        self._action(
            "export_svg",
            tr("Export as &SVG…"),
            lambda: self._export("ask_export_svg"),
        )
        self._action(
            "export_pdf",
            tr("Export map sheet as P&DF…"),
            lambda: self._export("ask_export_pdf"),
        )
        self._action(
            "print",
            tr("P&rint map sheet…"),
            lambda: self._export("print_sheet"),
        )
        self.actions["reduced_motion"] = self.motion.reduced_action  # in View, shared
        for key in ("chart", "travel", "edit"):  # at a player's seat the GM charts and travels
            self.actions[key].setVisible(not self.bridge.limited)
        self.theme_group = QActionGroup(self)
        theme_menu = QMenu(tr("T&heme"), self.window)
        for choice in ThemeChoice:
            act = self._action(f"theme_{choice.value}", choice.title)
            act.setCheckable(True)
            act.setChecked(choice is v.theme_choice)
            act.triggered.connect(lambda _c=False, c=choice: self.set_theme(c))
            self.theme_group.addAction(act)
            theme_menu.addAction(act)
        self._action("theme", tr("T&heme")).setMenu(theme_menu)
        self.orientation_group = QActionGroup(self)
        orientation_menu = QMenu(tr("&Hexes"), self.window)
        for name, text in (("pointy", tr("&Pointy-topped")), ("flat", tr("&Flat-topped"))):
            act = self._action(f"orientation_{name}", text)
            act.setCheckable(True)
            act.triggered.connect(lambda _c=False, n=name: f.set_orientation(n))
            self.orientation_group.addAction(act)
            orientation_menu.addAction(act)
        self._action("orientation", tr("&Hexes")).setMenu(orientation_menu)
        self.actions["orientation"].setVisible(not self.bridge.limited)

    def menu_actions(self) -> list[QAction | None]:
        """The Map menu in order; None marks a separator."""
        a = self.actions
        return [
            a["drop_d20"], a["chart"], a["travel"], a["edit"], None,
            a["fit"], a["zoom_in"], a["zoom_out"], None,
            a["theme"], a["orientation"], None,
            a["export_png"], a["export_svg"], a["export_pdf"], a["print"],
        ]  # fmt: skip

    def fill_menu(self, menu: QMenu) -> None:
        """Add the Map menu's actions to ``menu``."""
        fill_menu(menu, self.menu_actions())

    @property
    def docks(self) -> list[QDockWidget]:
        """The docks this feature added (Regions, Rolling tables)."""
        return [self.regions_dock, self.tables_dock]

    @property
    def has_tables(self) -> bool:
        """Whether the open game describes its regions with rolling tables (its text says so)."""
        charting, _words = charting_of(self.bridge.session.campaign.ruleset)
        return charting.tables

    def _follow_game(self) -> None:
        """The Rolling tables dock and the charting form's tables only in a game that has them.

        (A player's seat has none: rolling on the GM's tables is the GM's.)
        """
        has = self.has_tables and not self.bridge.limited
        self.tables_dock.toggleViewAction().setVisible(has)
        if not has and not self.tables_dock.isHidden():
            self.tables_dock.hide()  # before the window first shows it, too
        self.flows.library = self.library if has else None

    # -- settings -------------------------------------------------------------------------------

    def set_theme(self, choice: ThemeChoice) -> None:
        """Follow the system, or force paper or dark."""
        self.view.set_theme_choice(choice)
        self.actions[f"theme_{choice.value}"].setChecked(True)
        if self.settings is not None:
            self.settings.setValue("map/theme", choice.value)

    def _motion_changed(self) -> None:
        """The window's one switch: the d20 rests and tokens jump at once."""
        self.view.set_reduced_motion(self.motion.reduced_motion)

    def set_reduced_motion(self, on: bool) -> None:
        """Skip animations (the d20 rests at once); the window's one switch (remembered)."""
        self.motion.set_reduced_motion(on)

    def _restore_settings(self) -> None:
        if self.settings is None:
            return
        try:
            choice = ThemeChoice(str(self.settings.value("map/theme", ThemeChoice.SYSTEM.value)))
        except ValueError:
            choice = ThemeChoice.SYSTEM
        self.set_theme(choice)
        if self.settings.contains(OLD_REDUCED_KEY):  # the map's own switch, before it was shared
            if self.settings.value(OLD_REDUCED_KEY) in (True, "true", "1", 1):
                self.set_reduced_motion(True)
            self.settings.remove(OLD_REDUCED_KEY)

    # -- keeping in step ------------------------------------------------------------------------

    def _region_picked(self, q: int, r: int) -> None:
        self.view.centre_on_hex(q, r)
        self.view.set_current_hex(Hex(q, r))

    def _current_changed(self, h: Hex | None) -> None:
        if h is not None:
            self.regions_dock.select_region(h.q, h.r)
        self._update_actions()

    def _on_changed(self, changes: Changes) -> None:
        if changes.aspects & (Aspect.MAP | Aspect.REGIONS):
            self._update_actions()

    def _update_actions(self) -> None:
        """Enable what fits the current hex; name charting in the open game's words."""
        m = self.bridge.session.campaign.map
        h = self.view.current_hex
        charted = h is not None and m.region_at(h.q, h.r) is not None
        start_drop, words = self.view.charting.start_drop, self.view.words
        drop = self.actions["drop_d20"]
        drop.setVisible(start_drop and not self.bridge.limited)
        # The d20 is dropped once, to start the map (the model refuses a second drop).
        drop.setEnabled(start_drop and m.party is None)
        drop.setStatusTip(
            tr("Drop the d20 on the map sheet: where it lands, the party starts")
            if m.party is None
            else tr("The d20 was dropped to start the map: the party travels from here")
        )
        chart = self.actions["chart"]
        # The game's words are a table of English (tr_noop where they are written): worded here.
        chart.setText(tr(words.chart))
        tip = tr(words.chart_tip) if words.chart_tip else ""  # tr("") is the catalog's header
        chart.setStatusTip(tip)
        chart.setToolTip(tip)
        chart.setEnabled(h is not None and not charted)
        self.actions["edit"].setEnabled(charted)
        self.actions["travel"].setEnabled(
            h is not None and m.party is not None and m.party.hex != h
        )
        self.actions[f"orientation_{m.orientation}"].setChecked(True)


def install_map(
    window: QMainWindow,
    bridge: SessionBridge,
    *,
    settings: QSettings | None = None,
    user_tables_dir: Path | None = None,
) -> MapFeature:
    """Put the map in the centre of ``window``, add its docks and return the feature.

    Place ``feature.menu_actions()`` (or call ``feature.fill_menu(menu)``) in a Map menu.
    """
    return MapFeature(window, bridge, settings=settings, user_tables_dir=user_tables_dir)
