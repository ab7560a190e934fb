"""The Enemies dock: the campaign's foes and mobs as stat blocks, ready examples a click away."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QMenu,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.i18n.words import say
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.songs.access import to_rules_enemy
from saga_desktop.model.songs.ops.enemies import AddEnemy, EnemyStats, RemoveEnemy
from saga_desktop.model.songs.state import Enemy, SongsPlay
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.lazy_dock import LazyDock
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label, tool_button

NEW_ENEMY = tr_noop("New enemy")
"""A blank stat block's name, in the words of the GM who adds it."""


def describe(enemy: Enemy) -> str:
    """One readable line: ``"Wolves (x5): resilience 8/12, d8 damage, armor d4"``."""
    text = say(to_rules_enemy(enemy).describe_words())
    return tr("{enemy} — defeated", enemy=text) if enemy.resilience == 0 else text


class EnemiesDock(LazyDock):
    """A list of stat blocks and the editor of the one selected.

    Made when the dock is first shown (at start it is tabbed behind others).
    """

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(tr("Enemies"), parent)
        self.setObjectName("enemies")
        self.bridge = bridge

    def build(self) -> None:
        """Make the tools, the list and the form, and follow the campaign from now on."""
        from saga_desktop.ui.songs.enemies.examples import load_examples
        from saga_desktop.ui.songs.enemies.form import EnemyForm

        bridge = self.bridge
        body = QWidget(self)
        layout = QVBoxLayout(body)
        tools = FlowLayout()
        self.add_button = tool_button(
            tr("Add enemy"), tr("Add an enemy"), tr("Add a blank stat block"), body
        )
        self.add_button.clicked.connect(
            lambda: self._add(EnemyStats(tr(NEW_ENEMY), 6, 6, None, 1, ""))
        )
        self.examples_button = tool_button(
            tr("Add from examples ▾"), tr("Add an enemy from the examples"), parent=body
        )
        self.examples_button.setStyleSheet("QToolButton::menu-indicator { image: none; }")
        self.examples_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.examples_menu = QMenu(body)
        for stats in load_examples():
            said = say(stats.to_rules("example").describe_words())
            action = self.examples_menu.addAction(said.replace("&", "&&"))
            action.setToolTip(plain_tip(stats.notes))
            action.triggered.connect(lambda _c=False, s=stats: self._add(s))
        self.examples_button.setMenu(self.examples_menu)
        self.remove_button = tool_button(tr("Remove"), tr("Remove the selected enemy"), parent=body)
        self.remove_button.clicked.connect(self._remove)
        for button in (self.add_button, self.examples_button, self.remove_button):
            tools.addWidget(button)
        layout.addLayout(tools)
        self.empty = plain_label(
            tr("No enemies yet: add a blank stat block, or a ready example to change."), body
        )
        colour_label(self.empty, "muted")
        layout.addWidget(self.empty)
        self.list = QListWidget(body)
        self.list.setAccessibleName(tr("Enemies"))
        self.list.setWordWrap(True)
        self.list.setMinimumHeight(self.fontMetrics().height() * 5)
        self.list.currentRowChanged.connect(lambda _r: self._show_selected())
        layout.addWidget(self.list, 1)
        self.form = EnemyForm(bridge, body)
        scroll = QScrollArea(body)
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        layout.addWidget(scroll, 2)
        self.form_area = scroll
        self.setWidget(body)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.refresh())
        self.refresh()

    def enemies(self) -> list[Enemy]:
        """The campaign's enemies."""
        play = self.bridge.session.campaign.play
        return list(play.enemies) if isinstance(play, SongsPlay) else []

    def selected_id(self) -> str | None:
        """The id of the enemy selected, or None."""
        item = self.list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def select(self, enemy_id: str) -> None:
        """Select an enemy by id."""
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == enemy_id:
                self.list.setCurrentRow(row)
                return

    def refresh(self) -> None:
        """Show the stat blocks as they are now, keeping the selection."""
        keep = self.selected_id()
        self.list.blockSignals(True)
        self.list.clear()
        for enemy in self.enemies():
            item = QListWidgetItem(describe(enemy))
            item.setData(Qt.ItemDataRole.UserRole, enemy.id)
            item.setToolTip(plain_tip(enemy.notes))
            self.list.addItem(item)
        self.list.blockSignals(False)
        if keep is not None:
            self.select(keep)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        self.empty.setVisible(self.list.count() == 0)
        self._show_selected()

    def _show_selected(self) -> None:
        chosen = self.selected_id()
        enemy = next((e for e in self.enemies() if e.id == chosen), None)
        self.form.show_enemy(enemy)
        # With no stat block to edit, the form would show a blank one's numbers as if they
        # were an enemy's: it steps aside and the line above says what to do.
        self.form_area.setVisible(enemy is not None)
        self.remove_button.setEnabled(enemy is not None)

    def _on_changed(self, changes: Changes) -> None:
        if Aspect.PLAY in changes or changes.cause is Cause.LOAD:
            self.refresh()

    def _apply(self, op: Operation) -> object:
        try:
            return self.bridge.try_apply(op)
        except OperationError as exc:
            self.form.problem.setText(tr("Not changed: {reason}", reason=str(exc)))
            self.bridge.refused.emit(str(exc))
            return None

    def _add(self, stats: EnemyStats) -> None:
        enemy_id = self._apply(AddEnemy(stats))
        if isinstance(enemy_id, str):
            self.select(enemy_id)
            self.form.name.setFocus()
            self.form.name.selectAll()

    def _remove(self) -> None:
        chosen = self.selected_id()
        if chosen is not None:
            self._apply(RemoveEnemy(chosen))
