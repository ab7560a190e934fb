"""Other changes to a roll, each with its reason: a bonus to the score or a change of the DR.

An item, a condition the GM invokes, a clever plan: the group sizes it and names it, and the
reason shows up in the roll's explanation.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.rules.records import Adjustment, signed

SCORE = "score"
DR = "DR"


class AdjustmentsEditor(QWidget):
    """Add and remove score bonuses and DR changes with their reasons."""

    changed = Signal()
    """The list of changes was edited."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._items: list[tuple[str, Adjustment]] = []
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.amount = QSpinBox(self)
        self.amount.setRange(-20, 20)
        self.amount.setValue(2)
        self.amount.setPrefix("")
        self.amount.setAccessibleName(tr("Amount"))
        self.target = QComboBox(self)
        self.target.addItem(tr("to the score"), SCORE)
        self.target.addItem(tr("to the DR"), DR)
        self.target.setAccessibleName(tr("Add the amount to"))
        self.reason = QLineEdit(self)
        self.reason.setPlaceholderText(tr("Reason (an item, a condition, a plan…)"))
        self.reason.setMaxLength(120)
        self.reason.setAccessibleName(tr("Reason for this change"))
        self.add_button = QPushButton(tr("Add"), self)
        self.add_button.setEnabled(False)
        self.list = QListWidget(self)
        self.list.setMaximumHeight(62)
        self.list.setAccessibleName(tr("Other changes to this roll"))
        self.remove_button = QPushButton(tr("Remove change"), self)
        self.remove_button.setEnabled(False)
        grid.addWidget(self.amount, 0, 0)
        grid.addWidget(self.target, 0, 1)
        grid.addWidget(self.add_button, 0, 2)
        grid.addWidget(self.reason, 1, 0, 1, 3)
        grid.addWidget(self.list, 2, 0, 1, 3)
        grid.addWidget(self.remove_button, 3, 0, 1, 3, Qt.AlignmentFlag.AlignRight)
        fm = self.add_button.fontMetrics()  # "Add" needs no 80 px: the row fits a narrow dock
        self.add_button.setMinimumWidth(
            fm.horizontalAdvance(self.add_button.text()) + fm.averageCharWidth() * 3
        )
        grid.setColumnStretch(1, 1)
        self.list.hide()
        self.remove_button.hide()
        self.reason.textChanged.connect(
            lambda text: self.add_button.setEnabled(bool(text.strip()) and self.amount.value() != 0)
        )
        self.amount.valueChanged.connect(
            lambda v: self.add_button.setEnabled(bool(self.reason.text().strip()) and v != 0)
        )
        self.reason.returnPressed.connect(self._add_typed)
        self.add_button.clicked.connect(self._add_typed)
        self.remove_button.clicked.connect(self._remove_selected)
        self.list.currentRowChanged.connect(lambda r: self.remove_button.setEnabled(r >= 0))

    def add(self, target: str, amount: int, reason: str) -> None:
        """Add a change (``target`` is ``"score"`` or ``"DR"``)."""
        self._items.append((target, Adjustment(amount, reason.strip())))
        self._refresh()
        self.changed.emit()

    def clear(self) -> None:
        """Remove every change."""
        if self._items:
            self._items.clear()
            self._refresh()
            self.changed.emit()

    def bonuses(self) -> tuple[Adjustment, ...]:
        """Changes to the score."""
        return tuple(a for t, a in self._items if t == SCORE)

    def dr_adjustments(self) -> tuple[Adjustment, ...]:
        """Changes to the DR."""
        return tuple(a for t, a in self._items if t == DR)

    def _add_typed(self) -> None:
        reason = self.reason.text().strip()
        if not reason or self.amount.value() == 0:
            return
        self.add(str(self.target.currentData()), self.amount.value(), reason)
        self.reason.clear()

    def _remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._items):
            del self._items[row]
            self._refresh()
            self.changed.emit()

    def _refresh(self) -> None:
        self.list.clear()
        for target, a in self._items:
            where = tr("score") if target == SCORE else tr("DR")
            self.list.addItem(
                tr(
                    "{amount} {target}: {reason}",
                    amount=signed(a.amount),
                    target=where,
                    reason=a.reason,
                )
            )
        self.remove_button.setEnabled(False)
        self.list.setVisible(bool(self._items))
        self.remove_button.setVisible(bool(self._items))
