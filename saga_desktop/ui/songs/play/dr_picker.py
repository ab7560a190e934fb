"""The difficulty rating: the three named ones as buttons, or any number.

The preset in effect is filled with the selection colour (Fusion's own checked look is a shade
darker than a plain button, which cannot be told apart on the dark scheme); with a number that
is no preset, no button is filled.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QButtonGroup, QPushButton, QSpinBox, QWidget

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.rules.songs.tables import DR_DESCRIPTORS, NORMAL_DR
from saga_desktop.ui.songs.sheets.flow import FlowLayout

DR_NAMES = {9: tr_noop("Easy"), 12: tr_noop("Normal"), 15: tr_noop("Challenging")}
"""The named difficulty ratings, in words."""


class DrPicker(QWidget):
    """9 Easy, 12 Normal, 15 Challenging, or a number typed in (0 to 60)."""

    valueChanged = Signal(int)
    """The DR changed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = FlowLayout(self)  # the buttons wrap in a narrow dock
        self.buttons = QButtonGroup(self)
        for value, name in DR_DESCRIPTORS.items():
            said = tr(DR_NAMES.get(value, name))
            button = QPushButton(tr("{dr} {name}", dr=value, name=said), self)
            button.setCheckable(True)
            button.setObjectName(f"dr-{value}")
            button.setToolTip(tr("{name}: DR {dr}", name=said, dr=value))
            self.buttons.addButton(button, value)
            button.toggled.connect(lambda _on: self._mark())
            row.addWidget(button)
        self.spin = QSpinBox(self)
        self.spin.setObjectName("roll-dr")
        self.spin.setRange(0, 60)
        self.spin.setAccessibleName(tr("Difficulty rating"))
        row.addWidget(self.spin)
        self.buttons.idClicked.connect(self.spin.setValue)
        self.spin.valueChanged.connect(self._changed)
        self.spin.setValue(NORMAL_DR)
        self._changed(NORMAL_DR)

    def value(self) -> int:
        """The DR."""
        return self.spin.value()

    def setValue(self, value: int) -> None:
        """Set the DR."""
        self.spin.setValue(value)

    def changeEvent(self, event: QEvent) -> None:
        """Take the new selection colour when the appearance changes."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._mark()

    def _mark(self) -> None:
        """Fill the checked preset with the selection colour; the others as plain buttons."""
        base = self.palette()
        for button in self.buttons.buttons():
            if button.isChecked():
                palette = QPalette(base)
                role = QPalette.ColorRole
                palette.setColor(role.Button, base.color(role.Highlight))
                palette.setColor(role.ButtonText, base.color(role.HighlightedText))
                button.setPalette(palette)
            else:
                button.setPalette(QPalette())  # nothing of its own: the window's palette

    def _changed(self, value: int) -> None:
        button = self.buttons.button(value)
        if button is not None:
            button.setChecked(True)
        else:
            checked = self.buttons.checkedButton()
            if checked is not None:
                self.buttons.setExclusive(False)
                checked.setChecked(False)
                self.buttons.setExclusive(True)
        self.valueChanged.emit(value)
