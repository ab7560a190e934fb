"""The stat block editor of one enemy or mob: every field commits as its own operation."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.songs.ops.combat import DamageEnemyGear
from saga_desktop.model.songs.ops.enemies import EditEnemy, RepairEnemyGear
from saga_desktop.model.songs.state import Enemy, play_of
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import songs
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.gear import gear_state
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label, tool_button


class _Notes(QPlainTextEdit):
    editingFinished = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.editingFinished.emit()


class EnemyForm(QWidget):
    """Name, count, resilience, weapon and armor dice (with damage), notes."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.enemy_id: str | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.name = QLineEdit(self)
        self.name.setMaxLength(NAME_MAX)
        self.count = self._spin(1, 999, tr("Count (a mob is one entry)"))
        self.resilience = self._spin(0, 99, tr("Resilience"))
        self.max_resilience = self._spin(1, 99, tr("Max resilience"))
        self.weapon = QComboBox(self)
        for size in (4, 6, 8, 10, 12):
            self.weapon.addItem(f"d{size}", size)
        self.armor = QComboBox(self)
        self.armor.addItem(tr("no armor"), 0)
        for size in (4, 6):
            self.armor.addItem(f"d{size}", size)
        self.notes = _Notes(self)
        self.notes.setTabChangesFocus(True)
        self.notes.setMinimumHeight(self.fontMetrics().height() * 4)
        for label, widget in (
            (tr("&Name"), self.name),
            (tr("C&ount"), self.count),
            (tr("&Resilience"), self.resilience),
            (tr("&Max resilience"), self.max_resilience),
            (tr("&Weapon die"), self.weapon),
            (tr("&Armor die"), self.armor),
            (tr("No&tes"), self.notes),
        ):
            widget.setAccessibleName(label.replace("&", ""))
            form.addRow(label, widget)
        layout.addLayout(form)
        self.gear = plain_label("", self)
        layout.addWidget(self.gear)
        row = FlowLayout()
        for text, op in (
            (tr("Damage weapon"), lambda e: DamageEnemyGear(e, "weapon")),
            (tr("Repair weapon"), lambda e: RepairEnemyGear(e, "weapon")),
            (tr("Damage armor"), lambda e: DamageEnemyGear(e, "armor")),
            (tr("Repair armor"), lambda e: RepairEnemyGear(e, "armor")),
        ):
            button = tool_button(text, text, parent=self)
            button.clicked.connect(lambda _c=False, make=op: self._gear(make))
            row.addWidget(button)
        layout.addLayout(row)
        self.problem = plain_label("", self, bold=True)
        self.problem.setAccessibleName(tr("Problem"))
        colour_label(self.problem, "warning")
        layout.addWidget(self.problem)
        self.name.editingFinished.connect(lambda: self._edit(name=self.name.text()))
        self.count.valueChanged.connect(lambda v: self._edit(count=v))
        self.resilience.valueChanged.connect(lambda v: self._edit(resilience=v))
        self.max_resilience.valueChanged.connect(lambda v: self._edit(max_resilience=v))
        self.weapon.activated.connect(lambda _i: self._edit(weapon=self.weapon.currentData()))
        self.armor.activated.connect(lambda _i: self._edit(armor=self.armor.currentData()))
        self.notes.editingFinished.connect(self._notes)

    def _spin(self, low: int, high: int, name: str) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setRange(low, high)
        spin.setKeyboardTracking(False)
        spin.setAccessibleName(name)
        return spin

    def show_enemy(self, enemy: Enemy | None) -> None:
        """Show a stat block (None: nothing selected)."""
        self.enemy_id = enemy.id if enemy else None
        self.setEnabled(enemy is not None)
        if enemy is None:  # nothing of the last stat block is left to look like data
            self.name.clear()
            self.notes.clear()
            self.gear.clear()
            self.problem.clear()
            return
        widgets = (
            self.name,
            self.count,
            self.resilience,
            self.max_resilience,
            self.weapon,
            self.armor,
            self.notes,
        )
        for widget in widgets:
            widget.blockSignals(True)
        if not (self.name.hasFocus() and self.name.isModified()):
            self.name.setText(enemy.name)
        self.count.setValue(enemy.count)
        self.max_resilience.setValue(enemy.max_resilience)
        self.resilience.setMaximum(enemy.max_resilience)
        self.resilience.setValue(enemy.resilience)
        self.weapon.setCurrentIndex(self.weapon.findData(enemy.weapon.die))
        self.armor.setCurrentIndex(self.armor.findData(enemy.armor.die if enemy.armor else 0))
        if not (self.notes.hasFocus() and self.notes.document().isModified()):
            self.notes.setPlainText(enemy.notes)
            self.notes.document().setModified(False)
        for widget in widgets:
            widget.blockSignals(False)
        _die, weapon, _s = gear_state(enemy.weapon, songs.GearKind.WEAPON)
        armor = gear_state(enemy.armor, songs.GearKind.ARMOR)[1] if enemy.armor else tr("no armor")
        self.gear.setText(tr("Weapon: {weapon}. Armor: {armor}.", weapon=weapon, armor=armor))

    def _apply(self, op: Operation) -> bool:
        try:
            self.bridge.try_apply(op)
        except OperationError as exc:
            self.problem.setText(tr("Not changed: {reason}", reason=str(exc)))
            self.bridge.refused.emit(str(exc))
            self.name.setModified(False)  # show the values that stand
            self.notes.document().setModified(False)
            self._show_current()
            return False
        self.problem.setText("")
        return True

    def _show_current(self) -> None:
        enemies = getattr(play_of(self.bridge.session.campaign), "enemies", [])
        self.show_enemy(next((e for e in enemies if e.id == self.enemy_id), None))

    def _edit(self, **fields: object) -> None:
        if self.enemy_id is None:
            return
        current = next(
            (e for e in play_of(self.bridge.session.campaign).enemies if e.id == self.enemy_id),
            None,
        )
        if current is None:
            return
        now = {
            "name": current.name,
            "count": current.count,
            "resilience": current.resilience,
            "max_resilience": current.max_resilience,
            "weapon": current.weapon.die,
            "armor": current.armor.die if current.armor else 0,
            "notes": current.notes,
        }
        wanted = {
            k: v.strip() if k == "name" and isinstance(v, str) else v for k, v in fields.items()
        }
        if all(now[k] == v for k, v in wanted.items()):
            return
        self._apply(EditEnemy(self.enemy_id, **fields))  # type: ignore[arg-type]

    def _notes(self) -> None:
        if self.enemy_id is None or not self.notes.document().isModified():
            return
        self.notes.document().setModified(False)
        self._edit(notes=self.notes.toPlainText())

    def _gear(self, make: Callable[[str], Operation]) -> None:
        if self.enemy_id is not None:
            self._apply(make(self.enemy_id))
