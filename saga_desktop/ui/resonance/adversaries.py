"""A small dialog to add or edit an adversary: name, Guard, Resolve and the GM's notes."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.resonance.ops.adversaries import AddAdversary, EditAdversary
from saga_desktop.model.resonance.state import Adversary
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import resonance
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.resonance.words import plain_label


class AdversaryDialog(QDialog):
    """Add an adversary, or edit one (``adversary`` given)."""

    def __init__(
        self,
        bridge: SessionBridge,
        adversary: Adversary | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("resonance-adversary")
        self.setWindowTitle("Edit adversary" if adversary else "New adversary")
        self.bridge = bridge
        self.adversary = adversary
        form = QFormLayout(self)
        self.name = QLineEdit(adversary.name if adversary else "")
        self.name.setMaxLength(NAME_MAX)
        self.guard = QSpinBox()
        self.resolve = QSpinBox()
        for box, value in ((self.guard, adversary.guard if adversary else 10),
                           (self.resolve, adversary.resolve if adversary else 10)):  # fmt: skip
            box.setRange(0, resonance.DC_LIMIT)
            box.setValue(value)
        self.notes = QPlainTextEdit(adversary.notes if adversary else "")
        self.notes.setPlaceholderText("Only the GM sees these notes")
        form.addRow("&Name", self.name)
        form.addRow("&Guard", self.guard)
        form.addRow("&Resolve", self.resolve)
        form.addRow("GM &notes", self.notes)
        self.error = plain_label()
        form.addRow(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def operation(self) -> Operation:
        """The operation OK applies."""
        values = (self.name.text(), self.guard.value(), self.resolve.value(),
                  self.notes.toPlainText())  # fmt: skip
        if self.adversary is None:
            return AddAdversary(*values)
        return EditAdversary(self.adversary.id, *values)

    def _save(self) -> None:
        try:
            self.bridge.try_apply(self.operation())
        except OperationError as exc:
            if str(exc) != "Nothing to change":
                self.error.setText(str(exc))
                return
        self.accept()
