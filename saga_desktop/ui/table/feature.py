"""The card table feature: its two docks, the Play menu and the hooks other features use."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QMainWindow, QMenu

from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.operation import Operation
from saga_desktop.model.ops.play import EndScene, NextSession, RevealReaction, RollInitiative
from saga_desktop.rules import songs
from saga_desktop.ui.actions import fill_menu
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.table.burn_dialog import BurnCardDialog, BurnFor
from saga_desktop.ui.table.discard_viewer import DiscardViewer
from saga_desktop.ui.table.motion import SPEEDS, MotionSettings
from saga_desktop.ui.table.oracle_dialog import LookupDialog, OracleDialog, morale_op
from saga_desktop.ui.table.rest_dialog import RestDialog
from saga_desktop.ui.table.roll_panel import RollDock, RollPanel
from saga_desktop.ui.table.scene import TableScene
from saga_desktop.ui.table.view import CardTableDock, TableView


class TableFeature(QObject):
    """The card table and roll panel docks with the Play menu, installed in a main window."""

    animationsFinished = Signal()
    """The card table has caught up with the model (emitted even when nothing animated)."""
    dialogOpened = Signal(object)
    """A Play dialog was opened (the dialog), so tests and scripts can answer it."""

    def __init__(
        self, window: QMainWindow, bridge: SessionBridge, settings: QSettings | None = None
    ) -> None:
        super().__init__(window)
        self.window = window
        self.bridge = bridge
        self.motion = MotionSettings(settings, self)
        self.scene = TableScene(self.motion)
        self.table_dock = CardTableDock(self.scene, window)
        self.roll_dock = RollDock(bridge, self.motion, window)
        self.view: TableView = self.table_dock.view
        self.panel: RollPanel = self.roll_dock.panel
        self._add_dock(self.table_dock, Qt.DockWidgetArea.BottomDockWidgetArea)
        self._add_dock(self.roll_dock, Qt.DockWidgetArea.RightDockWidgetArea)
        self.actions: dict[str, QAction] = {}
        self._create_actions()
        self.fill_menu(self._play_menu())
        self._latest = ""
        self.scene.animator.finished.connect(self._arrived)
        self.scene.animator.finished.connect(self.animationsFinished)
        self.view.discardClicked.connect(self.open_discard_viewer)
        self.table_dock.discard_button.clicked.connect(self.open_discard_viewer)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.show_table(animate=False))
        self.show_table(animate=False)

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
        a("roll", "&Trial or fate roll…", self.show_roll_panel, "Ctrl+R", "Set up a roll")
        a("oracle", "Ask the &oracle…", self.open_oracle, "Ctrl+Shift+O",
          "A yes/no question answered by red cards")  # fmt: skip
        a("reaction", "&Reaction…", self.open_reaction, tip="Reveal a card for an NPC's reaction")
        a("initiative", "&Initiative", self.roll_initiative,
          tip="Reveal a card: red, the party acts first")  # fmt: skip
        a("morale", "Enemy &morale…", self.open_morale, tip="Reveal a card for enemy morale")
        a("rest", "R&est…", self.open_rest, tip="A short, long or full rest")
        a("prepared", "Come &prepared…", lambda: self.open_burn(BurnFor.PREPARED),
          tip="Burn a card: an item was in the pack all along")  # fmt: skip
        a("owl", "O&wl's insight…", lambda: self.open_burn(BurnFor.OWL),
          tip="An Owl burns a card to mark XP twice, once per session")  # fmt: skip
        a("end_scene", "End &scene", self.end_scene,
          tip="Shuffle the discard back into the draw pile; hands are kept")  # fmt: skip
        a("next_session", "Start the &next session", self.next_session,
          tip="Once-per-session gifts are ready again")  # fmt: skip
        a("discard", "View the &discard pile…", self.open_discard_viewer)
        reduced = a("reduced_motion", "Reduced &motion", None, tip="Cards jump into place")
        reduced.setCheckable(True)
        reduced.setChecked(self.motion.reduced_motion)
        reduced.toggled.connect(self.set_reduced_motion)
        self.speed_group = QActionGroup(self)
        speed_menu = QMenu("Animation &speed", self.window)
        for name, value in SPEEDS.items():
            act = a(f"speed_{name}", name.capitalize(), None)
            act.setCheckable(True)
            act.setChecked(abs(self.motion.speed - value) < 1e-6)
            act.triggered.connect(lambda _c=False, n=name: self.set_speed(n))
            self.speed_group.addAction(act)
            speed_menu.addAction(act)
        a("speed", "Animation &speed", None).setMenu(speed_menu)

    def menu_actions(self) -> list[QAction | None]:
        """The Play menu in order; None marks a separator."""
        a = self.actions
        return [
            a["roll"], a["oracle"], a["reaction"], None,
            a["initiative"], a["morale"], None,
            a["rest"], a["prepared"], a["owl"], None,
            a["end_scene"], a["next_session"], None,
            a["discard"], a["speed"], a["reduced_motion"],
        ]  # fmt: skip

    def fill_menu(self, menu: QMenu) -> None:
        """Add the Play actions to ``menu``."""
        fill_menu(menu, self.menu_actions())

    @property
    def docks(self) -> list[QDockWidget]:
        """The docks this feature added (card table, roll panel)."""
        return [self.table_dock, self.roll_dock]

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
        self.motion.set_speed(SPEEDS[name])
        self.actions[f"speed_{name}"].setChecked(True)

    def set_reduced_motion(self, on: bool) -> None:
        """Cards jump into place and the d20 lands at once (remembered)."""
        self.motion.set_reduced_motion(on)
        if self.actions["reduced_motion"].isChecked() != on:
            self.actions["reduced_motion"].setChecked(on)

    def set_animations_enabled(self, on: bool) -> None:
        """Turn animations off for this run (tests); not remembered."""
        self.motion.set_animations_enabled(on)

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
            self.bridge, "Reaction", "Whose reaction",
            lambda name, _id: RevealReaction(name),
            lambda r: f"They seem {r.reaction.value}", parent=self.window,
        )  # fmt: skip
        dialog.setObjectName("reaction-dialog")
        self._open(dialog)
        return dialog

    def open_morale(self) -> LookupDialog:
        """Reveal a card for enemy morale."""
        dialog = LookupDialog(
            self.bridge, "Enemy morale", "Which enemies", morale_op,
            lambda r: f"They {r.morale.text}", enemies=True, parent=self.window,
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
        dialog = DiscardViewer(self.bridge, self.window)
        self._open(dialog)
        return dialog

    def _apply(self, op: Operation) -> object:
        return self.bridge.apply(op, self.window)

    def roll_initiative(self) -> object:
        """Reveal a card for initiative."""
        return self._apply(RollInitiative())

    def end_scene(self) -> object:
        """End the scene: the discard is shuffled back."""
        return self._apply(EndScene())

    def next_session(self) -> object:
        """Start the next session."""
        return self._apply(NextSession())

    # -- keeping in step --------------------------------------------------------------------------

    def show_table(self, *, animate: bool = True, rewind: bool = False) -> None:
        """Bring the card table up to date with the campaign."""
        campaign = self.bridge.session.campaign
        t = campaign.table
        names = {c.id: c.name for c in campaign.characters}
        self.scene.show_table(
            t.draw, t.discard, t.revealed, t.hands, names,
            animate=animate and self.motion.animations_enabled, rewind=rewind,
        )  # fmt: skip

    def _on_changed(self, changes: Changes) -> None:
        explain = getattr(changes.result, "explain", None)
        text = ""
        if changes.cause is Cause.APPLY and callable(explain):
            text = str(explain())
        elif changes.cause in (Cause.UNDO, Cause.REDO) and changes.label:
            text = f"{'Undid' if changes.cause is Cause.UNDO else 'Redid'}: {changes.label}"
        self._latest = text or self._latest
        if changes.aspects & (Aspect.TABLE | Aspect.CHARACTERS):
            rewind = changes.cause in (Cause.UNDO, Cause.REDO)
            # The line is written when the cards have arrived, so it does not spoil the reveal.
            self.show_table(animate=changes.cause is not Cause.LOAD, rewind=rewind)
        elif text:
            self.table_dock.show_latest(text)

    def _arrived(self) -> None:
        if self._latest:
            self.table_dock.show_latest(self._latest)
