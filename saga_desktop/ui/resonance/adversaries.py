"""The check panel's adversaries: a row of buttons, and the dialog to add or edit one.

The dialog sets a name, Guard, Resolve and the GM's notes. The row shows only to whom may add
adversaries (the GM): a player's seat never has it.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import english, refusal
from saga_desktop.model.operation import Operation, OperationError, kind_of
from saga_desktop.model.resonance.ops.adversaries import (
    AddAdversary,
    EditAdversary,
    RemoveAdversary,
)
from saga_desktop.model.resonance.ops.common import find_adversary
from saga_desktop.model.resonance.state import Adversary
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import resonance
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.resonance.words import fit_text, plain_label


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
        self.setWindowTitle(tr("Edit adversary") if adversary else tr("New adversary"))
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
        self.notes.setPlaceholderText(tr("Only the GM sees these notes"))
        form.addRow(tr("&Name"), self.name)
        form.addRow(tr("&Guard"), self.guard)
        form.addRow(tr("&Resolve"), self.resolve)
        form.addRow(tr("GM &notes"), self.notes)
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
            if english(refusal(exc)) != "Nothing to change":
                self.error.setText(str(exc))
                return
        self.accept()


class FoeButtons(QWidget):
    """*Add adversary…*, *Edit…* and *Remove*, acting on the adversary picked in ``target``."""

    def __init__(self, bridge: SessionBridge, target: QComboBox) -> None:
        super().__init__()
        self.bridge, self.target = bridge, target
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.add = QPushButton(tr("Add adversary…"))
        self.edit = QPushButton(tr("Edit…"))
        self.remove = QPushButton(tr("Remove"))
        for button in (self.add, self.edit, self.remove):
            row.addWidget(fit_text(button))
        self.add.clicked.connect(lambda: self.dialog(None).open())
        self.edit.clicked.connect(self._edit)
        self.remove.clicked.connect(self._remove)

    def dialog(self, adversary_id: str | None) -> AdversaryDialog:
        """The dialog that adds (or edits) an adversary."""
        campaign = self.bridge.session.campaign
        foe = find_adversary(campaign, adversary_id) if adversary_id else None
        return AdversaryDialog(self.bridge, foe, self)

    def _edit(self) -> None:
        fid = self.target.currentData()
        if fid is not None:
            self.dialog(str(fid)).open()

    def _remove(self) -> None:
        fid = self.target.currentData()
        if fid is not None:
            self.bridge.apply(RemoveAdversary(str(fid)), self)

    def update_buttons(self) -> None:
        """Edit and Remove need an adversary picked; the row is the GM's alone."""
        chosen = self.target.currentData() is not None
        self.edit.setEnabled(chosen)
        self.remove.setEnabled(chosen)
        self.setVisible(self.bridge.may(kind_of(AddAdversary)))
