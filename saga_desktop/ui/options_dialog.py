"""Campaign › Options…: the open campaign's rulings, each with what it decides, changed in one step.

The options come from the campaign's game (``Ruleset.option_fields`` and ``options_data``); OK
applies one :class:`~saga_desktop.model.ops.campaign.SetOptions` operation, so the change is
journaled and undoable, and a refused combination is shown here with nothing changed.
"""

from __future__ import annotations

from pydantic import JsonValue
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

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.campaign import SetOptions
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import OptionField
from saga_desktop.ui.bridge import SessionBridge

Editor = QCheckBox | QSpinBox | QComboBox


def _plain(text: str, *, bold: bool = False) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if bold:
        font = label.font()
        font.setBold(True)
        label.setFont(font)
    return label


class OptionsDialog(QDialog):
    """Every option of the open campaign's game, with its ruling; OK applies the changes."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("options-dialog")
        self.bridge = bridge
        campaign = bridge.session.campaign
        game = find_ruleset(campaign.ruleset)
        self.setWindowTitle(tr("Campaign options — {game}", game=tr(game.title)))
        self.fields = game.option_fields()
        self.values = game.options_data(campaign)
        self.editors: dict[str, Editor] = {}
        body = QWidget()
        rows = QVBoxLayout(body)
        intro = _plain(
            tr(
                "Where the rules are silent or tables differ, this campaign follows these "
                "rulings. A change is journaled and can be undone."
            )
        )
        rows.addWidget(intro)
        if not self.fields:
            rows.addWidget(_plain(tr("{game} has no campaign options.", game=tr(game.title))))
        for field in self.fields:
            rows.addWidget(self._row(field))
        rows.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.error = _plain("")
        self.error.setObjectName("options-error")
        self.error.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(560, 620)

    def _row(self, field: OptionField) -> QWidget:
        box = QFrame()
        box.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(box)
        value = self.values.get(field.name)
        editor: Editor
        if field.kind == "bool":
            editor = QCheckBox(tr(field.title))
            editor.setChecked(bool(value))
            lay.addWidget(editor)
        else:
            lay.addWidget(_plain(tr(field.title), bold=True))
            if field.kind == "int":
                editor = QSpinBox()
                editor.setRange(field.minimum, field.maximum)
                editor.setValue(int(value) if isinstance(value, int) else field.minimum)
            else:
                editor = QComboBox()
                for saved, words in field.choices:
                    editor.addItem(say(words), saved)
                index = editor.findData(value)
                editor.setCurrentIndex(max(0, index))
            editor.setAccessibleName(tr(field.title))
            lay.addWidget(editor)
        editor.setObjectName(f"option-{field.name}")
        lay.addWidget(_plain(tr(field.ruling)))
        self.editors[field.name] = editor
        return box

    def chosen(self) -> dict[str, JsonValue]:
        """The values the dialog shows now."""
        out: dict[str, JsonValue] = {}
        for name, editor in self.editors.items():
            if isinstance(editor, QCheckBox):
                out[name] = editor.isChecked()
            elif isinstance(editor, QSpinBox):
                out[name] = editor.value()
            else:
                out[name] = editor.currentData()
        return out

    def changes(self) -> tuple[tuple[str, bool | int | str], ...]:
        """The options that differ from the campaign's."""
        found: list[tuple[str, bool | int | str]] = []
        for name, value in self.chosen().items():
            if value != self.values.get(name) and isinstance(value, bool | int | str):
                found.append((name, value))
        return tuple(found)

    def apply(self) -> None:
        """Apply the changes as one operation; a refusal is shown here and nothing changes."""
        changes = self.changes()
        if not changes:
            self.accept()
            return
        try:
            self.bridge.try_apply(SetOptions(changes))
        except OperationError as exc:
            self.error.setText(str(exc))
            self.error.show()
            return
        self.accept()


def open_options(bridge: SessionBridge, parent: QWidget | None = None) -> OptionsDialog:
    """Open the options dialog (not modal: the table stays in view) and return it."""
    dialog = OptionsDialog(bridge, parent)
    dialog.finished.connect(dialog.deleteLater)
    dialog.show()
    return dialog
