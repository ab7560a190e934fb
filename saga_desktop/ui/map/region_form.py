"""The fields that describe a region, with buttons that roll on the rolling tables.

Rolls made here use a *copy* of the campaign's generator: nothing changes until the dialog is
confirmed, when the rolls travel with the operation as :class:`PlannedRoll` values and are
replayed (and journaled) on the real generator. Cancel, and nothing happened.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLineEdit,
    QPlainTextEdit,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.ops.rolling_tables import PlannedRoll, roll_index
from saga_desktop.model.types import NAME_MAX
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.rolling_tables.library import RollingTable, TableLibrary

BUTTON_COLUMNS = 3


class RegionForm(QWidget):
    """Title, public notes, GM-only notes and terrain, plus roll-on-a-table buttons."""

    rolled = Signal(object)
    """Emitted with each :class:`PlannedRoll` made here."""

    def __init__(
        self,
        library: TableLibrary | None,
        rng_state: object | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._rng = random.Random()
        if rng_state is not None:
            self._rng.setstate(rng_state)  # type: ignore[arg-type]
        self.rolls: list[PlannedRoll] = []
        self.title = QLineEdit()
        self.title.setMaxLength(NAME_MAX)
        self.title.setPlaceholderText(tr("A name for the region, e.g. The Drowned Stair"))
        self.terrain = QLineEdit()
        self.terrain.setMaxLength(NAME_MAX)
        self.terrain.setPlaceholderText(tr("Optional: forest, fjord, salt marsh…"))
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText(tr("What everyone at the table knows about this place."))
        self.notes.setTabChangesFocus(True)
        self.gm_notes = QPlainTextEdit()
        self.gm_notes.setPlaceholderText(tr("Secrets for the GM only (never shown to players)."))
        self.gm_notes.setTabChangesFocus(True)
        for edit in (self.notes, self.gm_notes):
            edit.setMinimumHeight(edit.fontMetrics().lineSpacing() * 4 + 12)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(tr("&Title:"), self.title)
        form.addRow(tr("T&errain:"), self.terrain)
        form.addRow(tr("&Public notes:"), self.notes)
        form.addRow(tr("&GM-only notes:"), self.gm_notes)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form, 1)
        self.to_gm = QCheckBox(tr("Put table results in the GM-only notes"))
        self.buttons: dict[str, QToolButton] = {}
        if library is not None and library.tables:
            layout.addWidget(self._roll_box(library.tables))

    def _roll_box(self, tables: list[RollingTable]) -> QGroupBox:
        box = QGroupBox(tr("Roll on a table and insert the result"))
        grid = QGridLayout(box)
        for i, table in enumerate(tables):
            button = QToolButton()
            button.setText(table.title)
            button.setToolTip(
                plain_tip(
                    table.description
                    or tr("Roll a {die} on {table}", die=table.die, table=table.title)
                )
            )
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _c=False, t=table: self.roll(t))
            self.buttons[table.id] = button
            grid.addWidget(button, i // BUTTON_COLUMNS, i % BUTTON_COLUMNS)
        grid.addWidget(self.to_gm, (len(tables) - 1) // BUTTON_COLUMNS + 1, 0, 1, BUTTON_COLUMNS)
        return box

    def roll(self, table: RollingTable) -> PlannedRoll:
        """Roll on a table (on the copy of the generator) and insert the result."""
        index = roll_index(self._rng, len(table.entries))
        result = table.entries[index]
        planned = PlannedRoll(table.id, table.title, len(table.entries), index, result)
        self.rolls.append(planned)
        if table.id == "names" and not self.title.text().strip():
            self.title.setText(result)
        elif table.id == "terrain" and not self.terrain.text().strip():
            self.terrain.setText(result[:NAME_MAX])
        else:
            target = self.gm_notes if self.to_gm.isChecked() else self.notes
            _append_line(target, tr("{table}: {result}", table=table.title, result=result))
        self.rolled.emit(planned)
        return planned

    def set_values(self, title: str, terrain: str, notes: str, gm_notes: str) -> None:
        """Fill the fields (editing an existing region)."""
        self.title.setText(title)
        self.terrain.setText(terrain)
        self.notes.setPlainText(notes)
        self.gm_notes.setPlainText(gm_notes)


def _append_line(edit: QPlainTextEdit, line: str) -> None:
    text = edit.toPlainText()
    cursor = edit.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    if text and not text.endswith("\n"):
        cursor.insertText("\n")
    cursor.insertText(line)
    edit.setTextCursor(cursor)
