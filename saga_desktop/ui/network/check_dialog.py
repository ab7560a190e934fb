"""Asking the host for a check: which of my characters rolls, on what attribute, against what DR."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from saga_desktop.ui.network import named

DEFAULT_DR = 12


class CheckDialog(QDialog):
    """A Songs & Sagas trial for one of the seat's characters, as a request for the host."""

    def __init__(self, characters: list[dict[str, Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("checkDialog")
        self.setWindowTitle("Make a check")
        self.characters = characters
        self.who = named(QComboBox(), "checkCharacter")
        for char in characters:
            self.who.addItem(str(char["name"]), char["id"])
        self.attribute = named(QComboBox(), "checkAttribute")
        self.dr = named(QSpinBox(), "checkDr")
        self.dr.setRange(1, 40)
        self.dr.setValue(DEFAULT_DR)
        self.who.currentIndexChanged.connect(self._fill_attributes)
        self._fill_attributes()
        form = QFormLayout(self)
        form.addRow("Character", self.who)
        form.addRow("Attribute", self.attribute)
        form.addRow("Difficulty (DR)", self.dr)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Roll")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _fill_attributes(self) -> None:
        self.attribute.clear()
        index = self.who.currentIndex()
        sheet = self.characters[index].get("sheet", {}) if index >= 0 else {}
        attributes = sheet.get("attributes") if isinstance(sheet, dict) else None
        for name, value in (attributes or {}).items():
            self.attribute.addItem(f"{name.title()} ({value:+d})", name)

    def request(self) -> dict[str, Any]:
        """The request to send: begin a trial for the chosen character."""
        return {
            "kind": "songs.BeginTrial",
            "character": self.who.currentData(),
            "attribute": self.attribute.currentData(),
            "dr": self.dr.value(),
        }
