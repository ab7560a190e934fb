"""The Resonance form of a joined player's Character tab: four stats spending the points."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QSpinBox, QWidget

from saga_desktop.model.operation import Operation
from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.state import ResonanceOptions
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import resonance
from saga_desktop.ui.network import named
from saga_desktop.ui.network.creation_panel import CreationForm
from saga_desktop.ui.network.seat import SeatContext
from saga_desktop.ui.resonance.words import stat_title


class ResonanceCreationForm(CreationForm):
    """Pronouns, a concept and Heart, Body, Mind and Spirit spending exactly the points."""

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        super().__init__(seat, parent)
        self.pronouns = named(QLineEdit(), "creationPronouns")
        self.concept = named(QLineEdit(), "creationConcept")
        for edit in (self.pronouns, self.concept):
            edit.setMaxLength(NAME_MAX)
        self.layout_.addRow("P&ronouns", self.pronouns)
        self.layout_.addRow("&Concept", self.concept)
        self.stats: dict[resonance.Stat, QSpinBox] = {}
        for stat in resonance.Stat:
            box = named(QSpinBox(), f"creation-{stat.value}")
            box.setRange(resonance.STAT_MIN, resonance.STAT_MAX)
            box.valueChanged.connect(self.refresh)
            self.stats[stat] = box
            self.layout_.addRow(stat_title(stat), box)
        self.left = named(QLabel(), "creationPointsLeft")
        self.left.setTextFormat(Qt.TextFormat.PlainText)
        self.layout_.addRow(self.left)
        self._budget = -1

    def budget(self) -> int:
        """The campaign's creation points, as the seat's view has them."""
        points = self.options().get("creation_points")
        default = ResonanceOptions.model_fields["creation_points"].default
        return points if isinstance(points, int) else int(default)

    def refresh(self) -> None:
        """Count the points left; a new campaign's budget spreads itself evenly."""
        budget = self.budget()
        if budget != self._budget:
            self._budget = budget
            for box in self.stats.values():
                box.blockSignals(True)
                box.setValue(min(resonance.STAT_MAX, max(resonance.STAT_MIN, budget // 4)))
                box.blockSignals(False)
        left = budget - sum(box.value() for box in self.stats.values())
        self.left.setText(f"{left} of {budget} points left (each stat 1 to 5; spend them all)")

    def load(self, character: dict[str, Any]) -> None:
        """The stats, pronouns and concept of the character sent back."""
        sheet = character.get("sheet") or {}
        self.pronouns.setText(str(sheet.get("pronouns", "")))
        self.concept.setText(str(sheet.get("concept", "")))
        for stat, box in self.stats.items():
            value = sheet.get(stat.value)
            if isinstance(value, int):
                box.setValue(value)

    def operation(self, name: str, player: str, replaces: str | None) -> Operation:
        """The creation, waiting for the GM."""
        h, b, m, s = (self.stats[stat].value() for stat in resonance.Stat)
        return CreateCharacter(
            name,
            (h, b, m, s),
            player,
            self.pronouns.text(),
            self.concept.text(),
            submit=True,
            replaces=replaces,
        )
