"""Small dialogs of the sheet: add an item, weapon or condition; rename; tend wounds.

Each applies one operation when confirmed; a refusal is shown inside the dialog, which stays open
so the player can fix the request (or cancel, changing nothing).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.ops.sheet import AddCondition, AddItem, AddWeapon, EditEntry
from saga_desktop.model.songs.state import InventoryEntry
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import songs
from saga_desktop.ui.songs.sheets.base import SheetContext
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label

ADD_WORDS = {
    "item": (tr_noop("Add item"), tr_noop("An item takes one slot."), tr_noop("Name of the item")),
    "weapon": (
        tr_noop("Add weapon"),
        tr_noop("A weapon takes one slot; its die is the damage it deals."),
        tr_noop("Name of the weapon"),
    ),
    "condition": (
        tr_noop("Add condition"),
        tr_noop("A condition takes one or more slots until it clears."),
        tr_noop("Name of the condition"),
    ),
}
"""Per kind of entry: the dialog's title, what it says, and the name field's accessible name."""


class SheetDialog(QDialog):
    """A form, an inline problem line, and OK / Cancel; OK applies :meth:`operation`."""

    def __init__(
        self, context: SheetContext, title: str, intro: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.context = context
        self.result_value: object = None
        self.setWindowTitle(title)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 64)
        layout = QVBoxLayout(self)
        if intro:
            layout.addWidget(plain_label(intro, self))
        self.form = QFormLayout()
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        layout.addLayout(self.form)
        self.problem = plain_label("", self)
        self.problem.setAccessibleName(tr("Problem"))
        colour_label(self.problem, "warning")
        self.problem.hide()
        layout.addWidget(self.problem)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.confirm)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def line(self, label: str, name: str, text: str = "") -> QLineEdit:
        """A one-line field in the form."""
        edit = QLineEdit(text, self)
        edit.setAccessibleName(name)
        edit.setMaxLength(NAME_MAX)
        self.form.addRow(label, edit)
        return edit

    def operation(self) -> Operation | None:
        """The operation to apply (None: nothing to do)."""
        raise NotImplementedError

    def confirm(self) -> None:
        """Apply the operation; close on success, show the reason otherwise."""
        op = self.operation()
        if op is None:
            self.accept()
            return
        result, problem = self.context.attempt(op)
        if problem:
            self.problem.setText(problem)
            self.problem.show()
            return
        self.result_value = result
        self.accept()


class AddEntryDialog(SheetDialog):
    """Add an item, a weapon (with its die) or a condition (with the slots it takes)."""

    def __init__(self, context: SheetContext, kind: str, parent: QWidget | None = None) -> None:
        title, intro, name = ADD_WORDS[kind]
        super().__init__(context, tr(title), tr(intro), parent)
        self.kind = kind
        self.name_edit = self.line(tr("Name"), tr(name))
        self.die = QComboBox(self)
        self.die.setAccessibleName(tr("Weapon die"))
        for size in (4, 6, 8, 10, 12):
            self.die.addItem(f"d{size}", size)
        self.die.setCurrentIndex(1)
        self.slots = QSpinBox(self)
        self.slots.setAccessibleName(tr("Slots the condition takes"))
        self.slots.setRange(1, songs.INVENTORY_SLOTS)
        if kind == "weapon":
            self.form.addRow(tr("Die"), self.die)
        else:
            self.die.hide()
        if kind == "condition":
            self.form.addRow(tr("Slots"), self.slots)
        else:
            self.slots.hide()
        self.note_edit = self.line(tr("Note"), tr("Note"))

    def operation(self) -> Operation:
        """Add the entry."""
        cid, name, note = self.context.character_id, self.name_edit.text(), self.note_edit.text()
        if self.kind == "weapon":
            return AddWeapon(cid, name, int(self.die.currentData()), note)
        if self.kind == "condition":
            return AddCondition(cid, name, self.slots.value(), note)
        return AddItem(cid, name, note)


class EditEntryDialog(SheetDialog):
    """Rename an entry or change its note."""

    def __init__(
        self,
        context: SheetContext,
        index: int,
        entry: InventoryEntry,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(context, tr("Edit {entry}", entry=entry.name), "", parent)
        self.index = index
        self.entry = entry
        self.name_edit = self.line(tr("Name"), tr("Name"), entry.name)
        self.note_edit = self.line(tr("Note"), tr("Note"), entry.note)

    def operation(self) -> Operation | None:
        """Rename or re-note the entry (None when nothing changed)."""
        name, note = self.name_edit.text(), self.note_edit.text()
        if name.strip() == self.entry.name and note.strip() == self.entry.note:
            return None
        return EditEntry(self.context.character_id, self.index, name, note)


class TendDialog(SheetDialog):
    """Tend an incapacitated character's wounds: resilience 1 and a new condition."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(
            context,
            tr("Tend wounds"),
            tr(
                "Their wounds are tended: resilience goes back to 1 and, with the GM, they gain a "
                "new condition. It must fit in the inventory; make room first if it is full."
            ),
            parent,
        )
        self.condition = self.line(tr("Condition"), tr("New condition"))
        self.slots = QSpinBox(self)
        self.slots.setAccessibleName(tr("Slots the condition takes"))
        self.slots.setRange(1, songs.INVENTORY_SLOTS)
        self.form.addRow(tr("Slots"), self.slots)

    def operation(self) -> Operation:
        """Tend the wounds."""
        # Imported here: the combat operations are not needed to show a sheet at start.
        from saga_desktop.model.songs.ops.combat import TendWounds

        return TendWounds(self.context.character_id, self.condition.text(), self.slots.value())
