"""Campaign › Options…: the open campaign's game options, each with its ruling in words.

The dialog reads the options the game declares (``option_fields``) and their current values
(``options_data``); OK applies the changed ones as one :class:`SetOptions` operation through the
bridge, so the change is journaled and undoable. A refusal is shown in the dialog and changes
nothing; the dialog stays open so the player can correct it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.campaign import SetOptions
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import OptionField
from saga_desktop.ui.bridge import SessionBridge

Value = bool | int | str
NO_OPTIONS = "This game has no options."


def _plain(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class OptionRow(QFrame):
    """One option: its control (a check box, a number or a list) and its ruling below."""

    def __init__(self, spec: OptionField, value: object, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.setObjectName(f"option-{spec.name}")
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 4, 0, 8)
        self.control: QCheckBox | QSpinBox | QComboBox
        if spec.kind == "bool":
            check = QCheckBox(spec.title, self)
            check.setChecked(bool(value))
            self.control = check
            box.addWidget(check)
        else:
            box.addWidget(_plain(spec.title, self))
            if spec.kind == "int":
                spin = QSpinBox(self)
                spin.setRange(spec.minimum, max(spec.minimum, spec.maximum))
                spin.setValue(value if isinstance(value, int) else spec.minimum)
                spin.setAccessibleName(spec.title)
                self.control = spin
            else:
                combo = QComboBox(self)
                for saved, words in spec.choices:
                    combo.addItem(words, saved)
                combo.setCurrentIndex(max(0, combo.findData(value)))
                combo.setAccessibleName(spec.title)
                self.control = combo
            box.addWidget(self.control, 0, Qt.AlignmentFlag.AlignLeft)
        self.ruling = _plain(spec.ruling, self)
        self.ruling.setObjectName("option-ruling")
        self.ruling.setVisible(bool(spec.ruling))
        self.ruling.setIndent(24 if spec.kind == "bool" else 0)
        box.addWidget(self.ruling)

    def value(self) -> Value:
        """The value now shown."""
        control = self.control
        if isinstance(control, QCheckBox):
            return control.isChecked()
        if isinstance(control, QSpinBox):
            return control.value()
        return str(control.currentData())


class OptionsDialog(QDialog):
    """The campaign's options; OK applies what changed as one undoable operation."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        campaign = bridge.session.campaign
        game = find_ruleset(campaign.ruleset)
        self.setWindowTitle(f"Campaign options — {game.title}")
        current = game.options_data(campaign)
        layout = QVBoxLayout(self)
        layout.addWidget(
            _plain(f"How this table plays {game.title}. Changes are journaled and undoable.", self)
        )
        inner = QWidget()
        rows = QVBoxLayout(inner)
        self.rows = [OptionRow(f, current.get(f.name), inner) for f in game.option_fields()]
        for row in self.rows:
            rows.addWidget(row)
        self.empty = _plain(NO_OPTIONS, inner)
        self.empty.setVisible(not self.rows)
        rows.addWidget(self.empty)
        rows.addStretch(1)
        self.area = area = QScrollArea(self)
        area.setWidget(inner)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(area, 1)
        self.error = _plain("", self)
        self.error.setObjectName("options-error")
        font = self.error.font()
        font.setBold(True)
        self.error.setFont(font)
        self.error.hide()
        layout.addWidget(self.error)
        buttons = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        self.buttons = QDialogButtonBox(
            buttons if self.rows else QDialogButtonBox.StandardButton.Ok
        )
        self.buttons.accepted.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._before = current
        self.resize(560, 520 if self.rows else 160)

    def changes(self) -> tuple[tuple[str, Value], ...]:
        """The options whose value differs from the campaign's."""
        return tuple(
            (row.spec.name, row.value())
            for row in self.rows
            if self._before.get(row.spec.name) != row.value()
        )

    def apply(self) -> None:
        """Apply the changes (one operation) and close, or show why they were refused."""
        changes = self.changes()
        if not changes:
            self.accept()
            return
        try:
            self.bridge.try_apply(SetOptions(changes=changes))
        except OperationError as exc:
            self.error.setText(str(exc))
            self.error.show()
            return
        self.accept()


def open_options(bridge: SessionBridge, parent: QWidget | None = None) -> OptionsDialog:
    """Open the options dialog (window-modal) and return it."""
    dialog = OptionsDialog(bridge, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
