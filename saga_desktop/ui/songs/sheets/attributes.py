"""The four attributes in big numbers, with what each is for, and buttons to change them."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QSizePolicy, QVBoxLayout, QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Character
from saga_desktop.model.songs.ops.sheet import SetAttribute
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.rules import songs
from saga_desktop.ui.songs.sheets.base import SheetContext, SheetPart
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label, tool_button
from saga_desktop.ui.songs.sheets.terms import attribute_title, attribute_verbs


class AttributeBox(QFrame):
    """One attribute: its name, its modifier large enough to read across a table, its verbs."""

    def __init__(
        self, attribute: songs.Attribute, context: SheetContext, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.attribute = attribute
        self.context = context
        self.setFrameShape(QFrame.Shape.Box)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(2)
        self.name_label = plain_label(
            attribute_title(attribute).upper(), self, wrap=False, bold=True
        )
        self.name_label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.name_label)
        self.value_label = plain_label("+0", self, wrap=False, factor=2.6, bold=True)
        self.value_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.value_label)
        self.verbs_label = plain_label(attribute_verbs(attribute).replace(", ", " · "), self)
        self.verbs_label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        colour_label(self.verbs_label, "muted")
        layout.addWidget(self.verbs_label)
        layout.addStretch(1)
        row = QHBoxLayout()
        row.setSpacing(4)
        title = attribute_title(attribute)
        self.lower_button = tool_button(
            "−",
            tr("Lower {attribute}", attribute=title),
            tr("Lower {attribute} by 1", attribute=title),
            self,
        )
        self.raise_button = tool_button(
            "+",
            tr("Raise {attribute}", attribute=title),
            tr("Raise {attribute} by 1", attribute=title),
            self,
        )
        for button in (self.lower_button, self.raise_button):
            button.setMinimumWidth(36)
            row.addWidget(button)
        layout.addLayout(row)
        self.lower_button.clicked.connect(lambda: self._step(-1))
        self.raise_button.clicked.connect(lambda: self._step(+1))
        self._value = 0

    def show_value(self, value: int) -> None:
        """Show the modifier."""
        self._value = value
        self.value_label.setText(f"{value:+d}")
        title, verbs = attribute_title(self.attribute), attribute_verbs(self.attribute)
        modifier = f"{value:+d}"
        self.setAccessibleName(
            tr(
                "{attribute} {modifier}, to {verbs}",
                attribute=title,
                modifier=modifier,
                verbs=verbs,
            )
        )
        self.value_label.setAccessibleName(
            tr("{attribute} {modifier}", attribute=title, modifier=modifier)
        )

    def _step(self, delta: int) -> None:
        self.context.apply(
            SetAttribute(self.context.character_id, self.attribute.value, self._value + delta)
        )

    def sizeHint(self) -> QSize:
        """Wide enough for the longest attribute's verbs on two lines at most."""
        hint = super().sizeHint()
        metrics = self.verbs_label.fontMetrics()
        widest = max(
            metrics.horizontalAdvance(" · ".join(attribute_verbs(a).split(", ")[:2]) + " ·")
            for a in songs.Attribute
        )
        hint.setWidth(max(widest + 24, 120))
        return hint


class AttributesPart(SheetPart):
    """Strength, dexterity, willpower and heart, wrapping to fit the dock's width."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Attributes"), context, parent)
        flow = FlowLayout(spacing=8, columns=(4, 2, 1))
        self.boxes = {a: AttributeBox(a, context, self) for a in songs.Attribute}
        for box in self.boxes.values():
            flow.addWidget(box)
        self.body.addLayout(flow)

    def refresh(self, character: Character) -> None:
        """Show the four modifiers."""
        for attribute, box in self.boxes.items():
            box.show_value(getattr(sheet_of(character).attributes, attribute.value))
