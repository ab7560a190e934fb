"""Songs & Sagas play: the roll panel dock, the Play menu and the hooks other features use.

The card table itself is the core's (:mod:`saga_desktop.ui.cardtable`); this feature finds it on
the window (or makes it on a bare one) and adds the game's own actions around it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QMainWindow, QMenu

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.operation import Operation, kind_of
from saga_desktop.model.songs.ops.play import (
    AskOracle,
    ComePrepared,
    EndScene,
    EnemyMorale,
    NextSession,
    OwlInsight,
    Rest,
    RevealReaction,
    RollInitiative,
)
from saga_desktop.model.songs.ops.rolls import BeginTrial, CancelRoll
from saga_desktop.model.songs.state import play_of
from saga_desktop.rules import songs
from saga_desktop.ui.actions import fill_menu
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.discard_viewer import DiscardViewer
from saga_desktop.ui.cardtable.feature import CardTableFeature, install_card_table
from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.cardtable.scene import TableScene
from saga_desktop.ui.cardtable.view import CardTableDock, TableView
from saga_desktop.ui.messages import announce_journal_line
from saga_desktop.ui.songs.play.burn_dialog import BurnCardDialog, BurnFor
from saga_desktop.ui.songs.play.oracle_dialog import LookupDialog, OracleDialog, morale_op
from saga_desktop.ui.songs.play.rest_dialog import RestDialog
from saga_desktop.ui.songs.play.roll_dock import RollDock
from saga_desktop.ui.songs.play.roll_panel import RollPanel

ACTION_OPERATIONS: dict[str, type[Operation]] = {
    "roll": BeginTrial, "cancel_roll": CancelRoll, "oracle": AskOracle, "reaction": RevealReaction,
    "initiative": RollInitiative, "morale": EnemyMorale, "rest": Rest, "prepared": ComePrepared,
    "owl": OwlInsight, "end_scene": EndScene, "next_session": NextSession,
}  # fmt: skip
"""The operation each Play action asks for: at a player's seat the GM's alone are not shown."""


LOOKUP_WORDS = (  # the engine's words the look-ups show, for the catalog
    tr_noop("helpful"),
    tr_noop("curious"),
    tr_noop("wary"),
    tr_noop("hostile"),
    tr_noop("panic and run"),
    tr_noop("give up or try to bargain"),
    tr_noop("hold their ground"),
    tr_noop("throw themselves into the fight"),
)


class TableFeature(QObject):
    """The roll panel dock with the Play menu, beside the window's card table."""

    dialogOpened = Signal(object)
    """A Play dialog was opened (the dialog), so tests and scripts can answer it."""

    def __init__(
        self, window: QMainWindow, bridge: SessionBridge, settings: QSettings | None = None
    ) -> None:
        super().__init__(window)
        self.setObjectName("SongsPlayFeature")
        self.window = window
        self.bridge = bridge
        self.card_table: CardTableFeature = install_card_table(window, bridge, settings)
        self.card_table.dialogOpened.connect(self.dialogOpened)
        self.roll_dock = RollDock(bridge, self.motion, window)
        self.panel: RollPanel = self.roll_dock.panel
        self._add_dock(self.roll_dock, Qt.DockWidgetArea.RightDockWidgetArea)
        self.actions: dict[str, QAction] = dict(self.card_table.actions)
        self._create_actions()
        for key, op in ACTION_OPERATIONS.items():
            if not bridge.may(kind_of(op)):
                self.actions[key].setVisible(False)
        self.fill_menu(self._play_menu())
        bridge.changed.connect(self._update_cancel)
        bridge.sessionReplaced.connect(self._update_cancel)
        self._update_cancel()

    # -- the card table (the core's) --------------------------------------------------------------

    @property
    def motion(self) -> MotionSettings:
        """The card table's motion settings (shared with the d20 and the map)."""
        return self.card_table.motion

    @property
    def scene(self) -> TableScene:
        """The card table's scene."""
        return self.card_table.scene

    @property
    def table_dock(self) -> CardTableDock:
        """The card table's dock."""
        return self.card_table.table_dock

    @property
    def view(self) -> TableView:
        """The card table's view."""
        return self.card_table.view

    @property
    def animationsFinished(self) -> object:
        """The card table has caught up with the model (a signal)."""
        return self.card_table.animationsFinished

    # -- installing -------------------------------------------------------------------------------

    def _add_dock(self, dock: QDockWidget, area: Qt.DockWidgetArea) -> None:
        add_dock = getattr(self.window, "add_dock", None)
        if callable(add_dock):
            add_dock(dock, area)
        else:
            self.window.addDockWidget(area, dock)

    def _play_menu(self) -> QMenu:
        menu = getattr(self.window, "menu", None)
        if callable(menu):
            found = menu("&Play")
            assert isinstance(found, QMenu)
            return found
        return self.window.menuBar().addMenu("&Play")

    def _action(
        self, key: str, text: str, slot: object, shortcut: str = "", tip: str = ""
    ) -> QAction:
        act = QAction(text, self.window)
        act.setObjectName(f"play_{key}")
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        if tip:
            act.setStatusTip(tip)
            act.setToolTip(tip)
        if callable(slot):
            act.triggered.connect(lambda _checked=False, s=slot: s())
        self.actions[key] = act
        return act

    def _create_actions(self) -> None:
        a = self._action
        a("roll", tr("&Trial or fate roll…"), self.show_roll_panel, "Ctrl+R", tr("Set up a roll"))
        a("cancel_roll", tr("&Cancel the waiting roll"), self.cancel_roll,
          tip=tr("Call off the roll waiting: its risk cards go to the discard"))  # fmt: skip
        a("oracle", tr("Ask the &oracle…"), self.open_oracle, "Ctrl+Shift+O",
          tr("A yes/no question answered by red cards"))  # fmt: skip
        a(
            "reaction",
            tr("&Reaction…"),
            self.open_reaction,
            tip=tr("Reveal a card for an NPC's reaction"),
        )
        a("initiative", tr("&Initiative"), self.roll_initiative,
          tip=tr("Reveal a card: red, the party acts first"))  # fmt: skip
        a(
            "morale",
            tr("Enemy &morale…"),
            self.open_morale,
            tip=tr("Reveal a card for enemy morale"),
        )
        a("rest", tr("R&est…"), self.open_rest, tip=tr("A short, long or full rest"))
        a("prepared", tr("Come &prepared…"), lambda: self.open_burn(BurnFor.PREPARED),
          tip=tr("Burn a card: an item was in the pack all along"))  # fmt: skip
        a("owl", tr("O&wl's insight…"), lambda: self.open_burn(BurnFor.OWL),
          tip=tr("An Owl burns a card to mark XP twice, once per session"))  # fmt: skip
        a("end_scene", tr("End &scene"), self.end_scene,
          tip=tr("Shuffle the discard back into the draw pile; hands are kept"))  # fmt: skip
        a("next_session", tr("Start the &next session"), self.next_session,
          tip=tr("Once-per-session gifts are ready again"))  # fmt: skip

    def menu_actions(self) -> list[QAction | None]:
        """The Play menu in order; None marks a separator."""
        a = self.actions
        return [
            a["roll"], a["cancel_roll"], a["oracle"], a["reaction"], None,
            a["initiative"], a["morale"], None,
            a["rest"], a["prepared"], a["owl"], None,
            a["end_scene"], a["next_session"], None,
            *self.card_table.menu_actions(),
        ]  # fmt: skip

    def fill_menu(self, menu: QMenu) -> None:
        """Add the Play actions to ``menu``."""
        fill_menu(menu, self.menu_actions())

    @property
    def docks(self) -> list[QDockWidget]:
        """The docks this feature added (the roll panel; the card table is the core's)."""
        return [self.roll_dock]

    # -- hooks for other features -----------------------------------------------------------------

    def start_trial(
        self,
        character_id: str,
        attribute: songs.Attribute | None = None,
        *,
        reason: str = "",
        dr: int | None = None,
        kind: songs.RollKind | None = None,
        risk: int | None = None,
    ) -> bool:
        """Open the roll panel set up for a character (False while another roll waits).

        ``reason`` is shown above the setup ("Resilience trial", "Defend against the wolves").
        A character at 0 resilience gets the resilience trial by itself.
        """
        self.show_roll_panel()
        return self.panel.start_trial(
            character_id, attribute, reason=reason, dr=dr, kind=kind, risk=risk
        )

    def show_roll_panel(self) -> None:
        """Show and raise the roll panel."""
        self.roll_dock.show()
        self.roll_dock.raise_()

    # -- settings ---------------------------------------------------------------------------------

    def set_speed(self, name: str) -> None:
        """``"slow"``, ``"normal"`` or ``"fast"`` (remembered)."""
        self.card_table.set_speed(name)

    def set_reduced_motion(self, on: bool) -> None:
        """Cards jump into place and the d20 lands at once (remembered)."""
        self.card_table.set_reduced_motion(on)

    def set_animations_enabled(self, on: bool) -> None:
        """Turn animations off for this run (tests); not remembered."""
        self.card_table.set_animations_enabled(on)

    # -- the Play actions -------------------------------------------------------------------------

    def _open(self, dialog: QDialog) -> QDialog:
        dialog.finished.connect(dialog.deleteLater)
        dialog.show()
        self.dialogOpened.emit(dialog)
        return dialog

    def open_oracle(self) -> OracleDialog:
        """Ask the oracle."""
        dialog = OracleDialog(self.bridge, self.window)
        self._open(dialog)
        return dialog

    def open_reaction(self) -> LookupDialog:
        """Reveal a card for a non-player character's reaction."""
        dialog = LookupDialog(
            self.bridge, tr("Reaction"), tr("Whose reaction"),
            lambda name, _id: RevealReaction(name),
            lambda r: tr("They seem {reaction}", reaction=tr(r.reaction.value)),
            parent=self.window,
        )  # fmt: skip
        dialog.setObjectName("reaction-dialog")
        self._open(dialog)
        return dialog

    def open_morale(self) -> LookupDialog:
        """Reveal a card for enemy morale."""
        dialog = LookupDialog(
            self.bridge, tr("Enemy morale"), tr("Which enemies"), morale_op,
            lambda r: tr("They {morale}", morale=tr(r.morale.text)),
            enemies=True,
            parent=self.window,
        )  # fmt: skip
        dialog.setObjectName("morale-dialog")
        self._open(dialog)
        return dialog

    def open_rest(self, character: str | None = None) -> RestDialog:
        """Rest a character."""
        dialog = RestDialog(self.bridge, character, self.window)
        self._open(dialog)
        return dialog

    def open_burn(self, purpose: BurnFor, character: str | None = None) -> BurnCardDialog:
        """Burn a card outside a roll (Come Prepared, the Owl, a custom Vanori's gift)."""
        dialog = BurnCardDialog(self.bridge, purpose, character, self.window)
        self._open(dialog)
        return dialog

    def open_discard_viewer(self) -> DiscardViewer:
        """List the discard pile."""
        return self.card_table.open_discard_viewer()

    def _apply(self, op: Operation) -> object:
        return self.bridge.apply(op, self.window)

    def cancel_roll(self) -> object:
        """Call off the roll waiting (trial, attack or defence), when it cannot be settled."""
        return self._apply(CancelRoll())

    def _update_cancel(self, _changes: object = None) -> None:
        waiting = play_of(self.bridge.session.campaign).pending is not None
        self.actions["cancel_roll"].setEnabled(waiting)

    def roll_initiative(self) -> object:
        """Reveal a card for initiative."""
        return self._apply(RollInitiative())

    def end_scene(self) -> object:
        """End the scene: the discard is shuffled back; the status bar says so."""
        return self._announce(self._apply(EndScene()))

    def next_session(self) -> object:
        """Start the next session; the status bar says so."""
        return self._announce(self._apply(NextSession()))

    def _announce(self, result: object) -> object:
        return announce_journal_line(self.window, self.bridge.session.campaign, result)

    # -- keeping in step --------------------------------------------------------------------------

    def show_table(self, *, animate: bool = True, rewind: bool = False) -> None:
        """Bring the card table up to date with the campaign."""
        self.card_table.show_table(animate=animate, rewind=rewind)
