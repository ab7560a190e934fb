"""The main window: menus, docks around the central map, the campaign's file and title."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, Slot
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QDialog, QDockWidget, QFileDialog, QLabel, QMainWindow, QMenu, QWidget

from saga_desktop import APP_NAME
from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.changes import Changes
from saga_desktop.ui import dock_policy
from saga_desktop.ui.actions import make_action
from saga_desktop.ui.dock_keys import DockKeys
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.files import FileActions, documents_dir
from saga_desktop.ui.focus_ring import ring_defaults
from saga_desktop.ui.game_parts import GameParts
from saga_desktop.ui.help import RulesHelp, show_about
from saga_desktop.ui.registry import Installed

if TYPE_CHECKING:
    from saga_desktop.model.session import Session
    from saga_desktop.ui.cardtable.feature import CardTableFeature
    from saga_desktop.ui.journal import JournalFeature
    from saga_desktop.ui.map import MapFeature
    from saga_desktop.ui.player import PlayerViewFeature

SK = QKeySequence.StandardKey


class MainWindow(QMainWindow):
    """The table: the map in the centre, docks around it, one campaign open at a time."""

    def __init__(self, document: CampaignDocument, settings: QSettings | None = None) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.document = document
        self.bridge = document.bridge
        self.settings = settings or QSettings()
        self.setAcceptDrops(True)
        self.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
        )
        self._help: RulesHelp | None = None
        self._layout_restored = False
        self._settle_pending = False
        self.map_feature: MapFeature | None = None
        self.player_feature: PlayerViewFeature | None = None
        self.journal_feature: JournalFeature | None = None
        self.card_table: CardTableFeature | None = None
        self._menus: dict[str, QMenu] = {}
        self.game_parts = GameParts(self)
        self.files = FileActions(self)
        self._resize_to_screen()
        self.create_actions()
        self.create_menus()
        self.create_central()
        self.create_docks()
        self.create_status_bar()
        self.create_appearance()
        self._default_state = self.saveState()
        self.bridge.changed.connect(self._on_changed)
        self.bridge.aboutToReplace.connect(self._before_session_replaced)
        self.bridge.sessionReplaced.connect(self._after_session_replaced)
        self.bridge.refused.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
        document.pathChanged.connect(lambda _p: self.update_title())
        document.autosaveFailed.connect(lambda msg: self.statusBar().showMessage(msg, 15000))
        self.update_title()
        self.restore_settings()

    # -- building -------------------------------------------------------------------------------

    def create_actions(self) -> None:
        """The window's own actions (features add theirs to their menus)."""
        self.undo_action = make_action(self, tr("&Undo"), self.bridge_undo, SK.Undo)
        self.redo_action = make_action(self, tr("&Redo"), self.bridge_redo, SK.Redo)
        for step in (self.undo_action, self.redo_action):  # the host's history is the GM's
            step.setVisible(not self.bridge.limited)
        self.full_screen_action = make_action(
            self, tr("&Full screen"), self._set_full_screen, checkable=True
        )
        self.full_screen_action.setShortcuts([QKeySequence(SK.FullScreen), QKeySequence("F11")])
        self.reset_layout_action = make_action(self, tr("&Reset layout"), self.reset_layout)
        self.options_action = make_action(self, tr("&Options…"), self.show_options)
        self.options_action.setMenuRole(QAction.MenuRole.NoRole)
        self.options_action.setObjectName("campaign_options")
        self.options_action.setStatusTip(tr("The campaign's rulings, where tables may differ"))
        self.help_action = make_action(self, tr("&Rules help"), self.show_help, SK.HelpContents)
        self.about_action = make_action(
            self, tr("&About {app}", app=APP_NAME), lambda: show_about(self)
        )
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

    def create_menus(self) -> None:
        """File, Edit, View and Help; features insert theirs before Help."""
        bar = self.menuBar()
        self.file_menu = self.menu("&File")
        self.fill_file_menu()
        self.edit_menu = self.menu("&Edit")
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.view_menu = self.menu("&View")
        self.view_docks_separator = self.view_menu.addSeparator()
        self.view_menu.addAction(self.reset_layout_action)
        self.dock_keys = DockKeys(self, self.view_menu, self.reset_layout_action)
        self.view_menu.addAction(self.full_screen_action)
        self.campaign_menu = self.menu("&Campaign")  # before the features' menus (Map, ...)
        self.campaign_menu.addAction(self.options_action)
        self.help_menu = bar.addMenu(tr("&Help"))
        self.help_menu.addAction(self.help_action)
        self.help_menu.addSeparator()
        self.help_menu.addAction(self.about_action)

    def fill_file_menu(self) -> None:
        """The File menu: new, open, save, recent files (a seat's window leaves the table)."""
        self.files.fill_menu(self.file_menu)

    def menus(self) -> list[QMenu]:
        """The window's menus, in the order they were made."""
        return list(self._menus.values())

    def menu(self, title: str) -> QMenu:
        """The top-level menu called ``title`` (created before Help if it does not exist)."""
        if title not in self._menus:
            menu = QMenu(tr(title), self)  # the English title stays the key
            menu.setObjectName(title.replace("&", "") + "Menu")
            # A game's menus go after the map's and before the journal's (and always before Help).
            before = self._menus.get("&Journal") or getattr(self, "help_menu", None)
            if before is not None:
                self.menuBar().insertMenu(before.menuAction(), menu)
            else:
                self.menuBar().addMenu(menu)
            self._menus[title] = menu
        return self._menus[title]

    def create_central(self) -> None:
        """The central area belongs to the map; features replace this placeholder."""
        placeholder = QLabel(tr("The map of the Tenth Realm appears here."))
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCentralWidget(placeholder)

    def create_docks(self) -> None:
        """Docks of every installed feature (map, sheets, card table, journal, ...)."""
        from saga_desktop.ui.features import install_features

        install_features(self)

    # -- the game's own parts -------------------------------------------------------------------

    def install_ruleset_ui(self) -> None:
        """Add the open campaign's game: its docks, menu entries and features."""
        self.game_parts.install()

    def remove_ruleset_ui(self) -> None:
        """Take away everything the open campaign's game added (before another game's campaign)."""
        # The remembered layout places the first game's docks; after a change of game Qt's
        # memory of where a dock of that name stood refers to docks that are gone.
        self._layout_restored = False
        self.game_parts.remove()

    @property
    def ruleset_ui(self) -> Installed | None:
        """What the open campaign's game added to the window (its docks, menus, features)."""
        return self.game_parts.installed

    def forget_menu(self, menu: QMenu) -> None:
        """Take a menu the game added out of the menu bar."""
        self.menuBar().removeAction(menu.menuAction())
        self._menus = {t: m for t, m in self._menus.items() if m is not menu}

    @Slot(object)
    def _before_session_replaced(self, session: Session) -> None:
        if session.campaign.ruleset != self.game_parts.ruleset:
            self.remove_ruleset_ui()

    @Slot(object)
    def _after_session_replaced(self, _session: Session) -> None:
        if (
            self.ruleset_ui is None
            and self.bridge.session.campaign.ruleset != self.game_parts.ruleset
        ):
            self.install_ruleset_ui()
        self.update_title()

    def add_dock(
        self,
        dock: QDockWidget,
        area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea,
        tab_with: QDockWidget | None = None,
    ) -> None:
        """Add a dock with a View-menu toggle. Its objectName must be set and stable.

        A dock added after the saved layout was restored (a character's sheet, say) goes back
        where it was last time; otherwise it goes to ``area``, tabbed with ``tab_with``.
        """
        assert dock.objectName(), "docks need an objectName so the layout can be remembered"
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        if dock.parent() is not self:
            dock.setParent(self)
        # A small window scrolls a dock's content rather than growing past the screen.
        dock_policy.make_scrollable(dock)
        dock_policy.apply_minimums(dock)
        if not (self._layout_restored and self.restoreDockWidget(dock)):
            self.addDockWidget(area, dock)
            if tab_with is not None:
                self.tabifyDockWidget(tab_with, dock)
        self.view_menu.insertAction(self.view_docks_separator, dock.toggleViewAction())
        self.dock_keys.add(dock)  # View › Go to, Alt+digit and F6
        self.game_parts.own_dock(dock)  # a sheet added later belongs to the game too

    def create_appearance(self) -> None:
        """View > Appearance (light, dark or the system's), applied to the whole app."""
        from saga_desktop.ui.appearance import install_appearance

        self.appearance_menu = install_appearance(self)
        from saga_desktop.ui.language import install_language_menu

        self.language_menu = install_language_menu(self, self.view_menu, self.reset_layout_action)

    def create_status_bar(self) -> None:
        """A status bar for refusals and autosave troubles."""
        self.statusBar().showMessage(tr("Ready"), 3000)

    # -- title and edit menu --------------------------------------------------------------------

    def update_title(self) -> None:
        """``<campaign>[*] — <file> — Saga Desktop`` with the unsaved marker."""
        name = self.document.campaign.name
        path = self.document.path
        if path:
            title = tr(
                "{campaign}[*] — {file} — {app}", file=path.name, campaign=name, app=APP_NAME
            )
        else:
            title = tr("{campaign}[*] — not saved yet — {app}", campaign=name, app=APP_NAME)
        self.setWindowTitle(title)
        self.setWindowModified(self.document.modified)
        self._update_undo_actions()

    def _update_undo_actions(self) -> None:
        s = self.bridge.session
        self.undo_action.setEnabled(s.undo_label is not None)
        undo = s.undo_label
        self.undo_action.setText(tr("&Undo {action}", action=say(undo)) if undo else tr("&Undo"))
        self.redo_action.setEnabled(s.redo_label is not None)
        redo = s.redo_label
        self.redo_action.setText(tr("&Redo {action}", action=say(redo)) if redo else tr("&Redo"))

    @Slot(object)
    def _on_changed(self, changes: Changes) -> None:
        self.setWindowModified(self.document.modified)
        if changes.label and changes.cause.value != "load":
            cause = changes.cause.value
            if cause == "undo":
                said = say(changes.label)
                self.statusBar().showMessage(tr("Undid: {action}", action=said), 4000)
            elif cause == "redo":
                said = say(changes.label)
                self.statusBar().showMessage(tr("Redid: {action}", action=said), 4000)
        self.update_title()

    def bridge_undo(self) -> None:
        """Edit > Undo."""
        self.bridge.session.undo()

    def bridge_redo(self) -> None:
        """Edit > Redo."""
        self.bridge.session.redo()

    # -- view -----------------------------------------------------------------------------------

    def reset_layout(self) -> None:
        """Put every dock back where it starts."""
        self.restoreState(self._default_state)
        self._settle_soon()

    def _settle_soon(self) -> None:
        """Once Qt has laid the docks out: widen slivers, keep the window on its screen."""
        if not self._settle_pending:
            self._settle_pending = True
            QTimer.singleShot(0, self._settle)

    def _settle(self) -> None:
        self._settle_pending = False
        if not shiboken6.isValid(self):
            return
        dock_policy.keep_on_screen(self)
        dock_policy.settle_layout(self)

    def showEvent(self, event: QShowEvent) -> None:
        """Whenever the window shows, its (remembered) layout is made usable for its size."""
        super().showEvent(event)
        ring_defaults(self)  # default buttons show the keyboard's focus (Fusion's do not)
        self._settle_soon()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A window made larger gives its docks a fair share too (Qt gives it all to the map)."""
        super().resizeEvent(event)
        old = event.oldSize()
        if self.isVisible() and old.isValid() and event.size().width() > old.width() + 40:
            self._settle_soon()

    def _set_full_screen(self, on: bool) -> None:
        if on:
            self.showFullScreen()
        else:
            self.showNormal()

    def show_options(self) -> QDialog:
        """Campaign › Options…: the open campaign's game options, applied as one operation."""
        from saga_desktop.ui.options_dialog import open_options

        return open_options(self.bridge, self)

    def show_help(self, topic: str | None = None) -> RulesHelp:
        """Open (or raise) the rules help, optionally at one topic."""
        if self._help is None:
            self._help = RulesHelp(self)
        if topic:
            self._help.show_topic(topic)
        self._help.show()
        self._help.raise_()
        self._help.activateWindow()
        return self._help

    # -- settings -------------------------------------------------------------------------------

    def restore_settings(self) -> None:
        """Window geometry and dock layout from the last run."""
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        self._layout_restored = True
        self._settle_soon()

    def _resize_to_screen(self) -> None:
        """The first size: most of the screen (a table wants room), never more than it."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(1400, 860)
            return
        area = screen.availableGeometry()
        self.resize(round(area.width() * 0.92), round(area.height() * 0.9))
        self.move(area.center() - self.rect().center())

    def save_settings(self) -> None:
        """Remember geometry and dock layout."""
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    # -- closing and dropping -------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about unsaved work (Cancel keeps both windows), then close the Player View too."""
        if not self.files.maybe_save():
            event.ignore()
            return
        if self.player_feature is not None:
            self.player_feature.close_view()
        self.save_settings()
        self.document.close()
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept a dragged ``.saga`` file."""
        if _dropped_campaign(event) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Open a dropped ``.saga`` file."""
        path = _dropped_campaign(event)
        if path is not None:
            event.acceptProposedAction()
            self.files.open_path(path)

    def file_dialog_dir(self) -> str:
        """Where file dialogs start: the open campaign's folder, the last one used, or Documents."""
        if self.document.path is not None:
            return str(self.document.path.parent)
        last = str(self.settings.value("files/last_dir", "") or "")
        if last and Path(last).is_dir():
            return last
        return str(documents_dir())

    def remember_dir(self, path: Path) -> None:
        """Remember the folder of a file the player picked."""
        self.settings.setValue("files/last_dir", str(path.parent))

    def choose_save_path(self) -> Path | None:
        """Ask where to save; None when cancelled."""
        name = self.document.campaign.name
        start = str(Path(self.file_dialog_dir()) / f"{_safe_file_name(name)}.saga")
        chosen, _ = QFileDialog.getSaveFileName(
            self, tr("Save campaign as"), start, tr("Saga campaigns ({pattern})", pattern="*.saga")
        )
        if not chosen:
            return None
        path = Path(chosen)
        if path.suffix.lower() != ".saga":
            path = path.with_name(path.name + ".saga")
        self.remember_dir(path)
        return path

    def central_widget_or_none(self) -> QWidget | None:
        """The central widget (the map once installed)."""
        return self.centralWidget()


def _dropped_campaign(event: QDragEnterEvent | QDropEvent) -> Path | None:
    mime = event.mimeData()
    if not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile() and url.toLocalFile().lower().endswith(".saga"):
            return Path(url.toLocalFile())
    return None


def _safe_file_name(name: str) -> str:
    cleaned = "".join(ch if ch.isalnum() or ch in " -_" else "_" for ch in name).strip()
    return cleaned[:60] or "campaign"
