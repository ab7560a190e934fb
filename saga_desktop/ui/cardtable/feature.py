"""The card table feature: the animated table dock, its motion settings and the pile viewer.

It belongs to the core: it shows whatever named piles the campaign's ruleset keeps, and stays
when another campaign (of another game) is opened, so the Player View's mirror of its scene
keeps working. A ruleset's own play features (a roll panel, say) use it through
``window.card_table``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu

from saga_desktop.i18n import tr, trn
from saga_desktop.i18n.words import Words, say
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_entry, visible_piles
from saga_desktop.rules.cards import Card
from saga_desktop.ui.announce import announce
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.card_keys import card_choices, offer
from saga_desktop.ui.cardtable.discard_viewer import DiscardViewer
from saga_desktop.ui.cardtable.motion import SPEED_TITLES, SPEEDS, shared_motion
from saga_desktop.ui.cardtable.piles import first_public_stack
from saga_desktop.ui.cardtable.scene import TableScene
from saga_desktop.ui.cardtable.view import CardTableDock, TableView
from saga_desktop.ui.cardtable.words import card_plain


class CardTableFeature(QObject):
    """The card table dock and its settings, installed once in a main window."""

    animationsFinished = Signal()
    """The card table has caught up with the model (emitted even when nothing animated)."""
    dialogOpened = Signal(object)
    """A dialog of the card table was opened (the dialog), so tests can answer it."""

    def __init__(
        self, window: QMainWindow, bridge: SessionBridge, settings: QSettings | None = None
    ) -> None:
        super().__init__(window)
        self.setObjectName("CardTableFeature")
        self.window = window
        self.bridge = bridge
        self.motion = shared_motion(window, settings)
        self.scene = TableScene(self.motion)
        self.table_dock = CardTableDock(self.scene, window)
        self.view: TableView = self.table_dock.view
        add_dock = getattr(window, "add_dock", None)
        if callable(add_dock):
            add_dock(self.table_dock, Qt.DockWidgetArea.BottomDockWidgetArea)
        else:
            window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.table_dock)
        self.actions: dict[str, QAction] = {}
        self.opened_menu: QMenu | None = None
        """The last menu of choices Enter on a card offered (tests pick from it)."""
        self._create_actions()
        self._newest_id = self._last_id()
        self._latest = self.journal_line()  # a newcomer or a reopened file: the newest line
        self.table_dock.show_latest(self._latest)
        self.scene.animator.finished.connect(self._arrived)
        self.scene.animator.finished.connect(self.animationsFinished)
        self.view.discardClicked.connect(self.open_discard_viewer)
        self.view.cardActivated.connect(self.activate_card)
        self.table_dock.discard_button.clicked.connect(self.open_discard_viewer)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self._replaced())
        self.show_table(animate=False)

    # -- actions ----------------------------------------------------------------------------------

    def _action(self, key: str, text: str, tip: str = "") -> QAction:
        act = QAction(text, self.window)
        act.setObjectName(f"table_{key}")
        if tip:
            act.setStatusTip(tip)
            act.setToolTip(tip)
        self.actions[key] = act
        return act

    def _create_actions(self) -> None:
        self._action("discard", tr("View the &discard pile…")).triggered.connect(
            lambda _c=False: self.open_discard_viewer()
        )
        self.actions["reduced_motion"] = self.motion.reduced_action  # in View, shared
        go = self._action(
            "focus", tr("Go to the &card table"), tr("Put the keyboard on the card table")
        )
        go.setShortcut(QKeySequence("Ctrl+Shift+C"))
        go.triggered.connect(lambda _c=False: self.focus_table())
        view = getattr(self.window, "view_menu", None)
        if isinstance(view, QMenu):
            view.addAction(go)
        self.speed_group = QActionGroup(self)
        self.speed_menu = QMenu(tr("Animation &speed"), self.window)
        for name, value in SPEEDS.items():
            act = self._action(f"speed_{name}", tr(SPEED_TITLES[name]))
            act.setCheckable(True)
            act.setChecked(abs(self.motion.speed - value) < 1e-6)
            act.triggered.connect(lambda _c=False, n=name: self.set_speed(n))
            self.speed_group.addAction(act)
            self.speed_menu.addAction(act)
        self._action("speed", tr("Animation &speed")).setMenu(self.speed_menu)

    def focus_table(self) -> None:
        """Show the card table's dock, bring it forward and give the table the keyboard."""
        self.table_dock.show()
        self.table_dock.raise_()
        self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def menu_actions(self) -> Sequence[QAction | None]:
        """The card table's own entries (the discard viewer and the animation speed).

        Reduced motion is the whole window's switch: it lives in the View menu.
        """
        a = self.actions
        return [a["discard"], a["speed"]]

    # -- settings ---------------------------------------------------------------------------------

    def set_speed(self, name: str) -> None:
        """``"slow"``, ``"normal"`` or ``"fast"`` (remembered)."""
        self.motion.set_speed(SPEEDS[name])
        self.actions[f"speed_{name}"].setChecked(True)

    def set_reduced_motion(self, on: bool) -> None:
        """Cards jump into place and dice land at once (remembered)."""
        self.motion.set_reduced_motion(on)

    def set_animations_enabled(self, on: bool) -> None:
        """Turn animations off for this run (tests); not remembered."""
        self.motion.set_animations_enabled(on)

    # -- dialogs ----------------------------------------------------------------------------------

    def open_discard_viewer(self) -> DiscardViewer:
        """List the discard pile."""
        dialog = DiscardViewer(self.bridge, self.window)
        dialog.finished.connect(dialog.deleteLater)
        dialog.show()
        self.dialogOpened.emit(dialog)
        return dialog

    def activate_card(self, pile: str, card: Card | None) -> None:
        """Enter on a card: do what the game's panel does with it (see :mod:`.card_keys`)."""
        if card is None:
            announce(self.view, tr("A face-down card: nobody at the table may know it"))
            return
        choices = card_choices(self.window, card)
        if not choices:
            announce(self.view, tr("Nothing to do with the {card} now", card=card_plain(card)))
            return
        if len(choices) == 1:
            announce(self.view, choices[0].text)
            choices[0].do()
            return
        found = self.view.pile_cursor.current()
        rect = self.view.pile_cursor.rect() if found is not None else self.view.sceneRect()
        at = self.view.viewport().mapToGlobal(self.view.mapFromScene(rect.center()))
        self.opened_menu = offer(self.view, choices, at)
        announce(
            self.view,
            trn(
                "{n} choice for the {card}",
                "{n} choices for the {card}",
                len(choices),
                card=card_plain(card),
            ),
        )

    def opened(self, dialog: QDialog) -> None:
        """Report a dialog opened over the table (see :attr:`dialogOpened`)."""
        self.dialogOpened.emit(dialog)

    # -- keeping in step --------------------------------------------------------------------------

    @property
    def looker(self) -> Viewer:
        """Whose eyes the table shows: the table's (the GM's screen), or a player's seat's."""
        return self.bridge.viewer if self.bridge.limited else Viewer.TABLE

    def show_table(self, *, animate: bool = True, rewind: bool = False) -> None:
        """Bring the card table up to date with the campaign."""
        campaign = self.bridge.session.campaign
        # The table's view: the GM's screen is seen by the table too, and nobody may know
        # what a face-down pile holds. A player's seat shows what that player may see.
        piles = visible_piles(campaign, self.looker)
        names = {c.id: c.name for c in campaign.characters}
        self.table_dock.toggleViewAction().setEnabled(bool(piles))
        self.table_dock.discard_button.setVisible(first_public_stack(piles) is not None)
        if not piles:
            self.table_dock.hide()  # a game without cards has no card table
        self.scene.show_table(
            piles, names, animate=animate and self.motion.animations_enabled, rewind=rewind
        )

    def show_latest(self, text: str) -> None:
        """Write a line under the table (the latest action)."""
        self._latest = text or self._latest
        if self._latest:
            self.table_dock.show_latest(self._latest)

    def _replaced(self) -> None:
        """Another campaign: its table, and its newest line the viewer may read (or none)."""
        self._newest_id = self._last_id()
        self._latest = self.journal_line()
        self.table_dock.show_latest(self._latest)
        self.show_table(animate=False)

    def journal_line(self) -> str:
        """The newest journal line this window's viewer may read now ("" for none).

        Read anew from the journal through :func:`visible_entry` on every change, so a line
        that names a region the GM has since hidden, or a roll the GM has undone, is never kept.
        """
        campaign = self.bridge.session.campaign
        game = find_ruleset(campaign.ruleset)
        for entry in reversed(campaign.journal):
            seen = visible_entry(entry, self.looker, game)
            if seen is not None:
                return seen.said
        return ""

    def _last_id(self) -> int:
        journal = self.bridge.session.campaign.journal
        return journal[-1].id if journal else -1

    def _readable_since(self, entry_id: int) -> bool:
        """Whether a journal line newer than ``entry_id`` is one this window's viewer may read."""
        campaign = self.bridge.session.campaign
        game = find_ruleset(campaign.ruleset)
        for entry in reversed(campaign.journal):
            if entry.id <= entry_id:
                return False
            if visible_entry(entry, self.looker, game) is not None:
                return True
        return False

    def describe(self, changes: Changes) -> str:
        """The line a change report earns under the table.

        The newest journal line the viewer may read (the journal's line names who acted,
        "Sigrid: long rest: ...", where an operation's record often does not); an operation
        that wrote no line earns its record's explanation, else its label; undo and redo name
        what they took back or did again.
        """
        line = self.journal_line()
        newest, self._newest_id = self._newest_id, self._last_id()
        wrote = changes.cause is Cause.APPLY and Aspect.JOURNAL in changes
        if wrote and changes.label and not self._readable_since(newest):
            return say(changes.label)  # its lines are not for these eyes: say what, not an old line
        if changes.cause in (Cause.UNDO, Cause.REDO) and changes.label and not self.bridge.limited:
            if changes.cause is Cause.UNDO:
                return tr("Undid: {action}", action=say(changes.label))
            return tr("Redid: {action}", action=say(changes.label))
        if changes.cause is Cause.APPLY and Aspect.JOURNAL not in changes:
            text = said_result(changes.result)
            if not text:  # what was just done: at a seat, only its own request has a label
                text = say(changes.label)
            return text or line
        return line

    def _on_changed(self, changes: Changes) -> None:
        self._latest = self.describe(changes)
        if changes.aspects & (Aspect.TABLE | Aspect.CHARACTERS):
            rewind = changes.cause in (Cause.UNDO, Cause.REDO)
            # The line is written when the cards have arrived, so it does not spoil the reveal.
            self.show_table(animate=changes.cause is not Cause.LOAD, rewind=rewind)
        else:
            self.table_dock.show_latest(self._latest)

    def _arrived(self) -> None:
        self.table_dock.show_latest(self._latest)


def install_card_table(
    window: QMainWindow, bridge: SessionBridge, settings: QSettings | None = None
) -> CardTableFeature:
    """The window's card table (made and docked on first call)."""
    existing = getattr(window, "card_table", None)
    if isinstance(existing, CardTableFeature):
        return existing
    if settings is None:
        found = getattr(window, "settings", None)
        settings = found if isinstance(found, QSettings) else QSettings()
    feature = CardTableFeature(window, bridge, settings)
    window.card_table = feature  # type: ignore[attr-defined]
    return feature


def said_result(result: object) -> str:
    """An operation's record in the reader's words (its ``words()``, else its ``explain()``)."""
    words_of = getattr(result, "words", None)
    if callable(words_of):
        said = words_of()
        if isinstance(said, Words | str):
            return say(said)
    explain = getattr(result, "explain", None)
    return str(explain()) if callable(explain) else ""
