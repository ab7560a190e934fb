"""Choosing a Vanori: one of the six, or one of the players' invention; and the sheet's dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLineEdit,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.songs.ops.creation import VanoriSpec
from saga_desktop.model.songs.ops.sheet import SetVanori
from saga_desktop.rules import songs
from saga_desktop.ui.songs.sheets.base import SheetContext
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label
from saga_desktop.ui.songs.sheets.terms import (
    attribute_title,
    vanori_gift,
    vanori_name,
    vanori_raises,
)

CUSTOM = len(songs.VANORI_ORDER)


class VanoriChooser(QWidget):
    """Radio buttons for the six Vanori and a custom one, each explained in words."""

    changed = Signal()
    """The choice (or a custom field) changed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.group = QButtonGroup(self)
        for i, vid in enumerate(songs.VANORI_ORDER):
            vanori = songs.VANORI[vid]
            name, raises = vanori_name(vanori), vanori_raises(vanori)
            radio = QRadioButton(tr("{number}. {vanori}", number=i + 1, vanori=name), self)
            radio.setAccessibleName(tr("{vanori}: {raises}", vanori=name, raises=raises))
            self.group.addButton(radio, i)
            layout.addWidget(radio)
            about = plain_label(
                tr("({raises}). {gift}", raises=raises, gift=vanori_gift(vanori)), self
            )
            about.setContentsMargins(24, 0, 0, 4)
            layout.addWidget(about)
        custom = QRadioButton(tr("Invent your own"), self)
        custom.setAccessibleName(tr("Invent your own Vanori"))
        self.group.addButton(custom, CUSTOM)
        layout.addWidget(custom)
        self.custom_box = QWidget(self)
        form = QFormLayout(self.custom_box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setContentsMargins(24, 0, 0, 0)
        self.custom_name = QLineEdit(self.custom_box)
        self.custom_name.setAccessibleName(tr("Custom Vanori's name"))
        self.custom_name.setPlaceholderText(tr("e.g. Salmon"))
        self.first = self._attribute_combo(tr("Raised by 2"))
        self.second = self._attribute_combo(tr("Raised by 1"))
        self.second.setCurrentIndex(1)
        self.die = QComboBox(self.custom_box)
        self.die.setAccessibleName(tr("Custom Vanori's resilience die"))
        for size in (4, 6, 8, 10, 12):
            self.die.addItem(f"d{size} + 3", size)
        self.die.setCurrentIndex(2)
        self.gift = QLineEdit(self.custom_box)
        self.gift.setAccessibleName(tr("Custom Vanori's gift"))
        self.gift.setPlaceholderText(tr("What burning a card lets you do"))
        form.addRow(tr("Name"), self.custom_name)
        form.addRow(tr("+2 to"), self.first)
        form.addRow(tr("+1 to"), self.second)
        form.addRow(tr("Max resilience"), self.die)
        form.addRow(tr("Gift"), self.gift)
        layout.addWidget(self.custom_box)
        self.group.idToggled.connect(lambda _i, _on: self._update())
        for edit in (self.custom_name, self.gift):
            edit.textChanged.connect(lambda _t: self.changed.emit())
        for combo in (self.first, self.second, self.die):
            combo.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self._update()

    def _attribute_combo(self, name: str) -> QComboBox:
        combo = QComboBox(self.custom_box)
        combo.setAccessibleName(tr("Custom Vanori: {field}", field=name))
        for attribute in songs.Attribute:
            combo.addItem(attribute_title(attribute), attribute.value)
        return combo

    def _update(self) -> None:
        self.custom_box.setEnabled(self.group.checkedId() == CUSTOM)
        self.changed.emit()

    def spec(self) -> VanoriSpec | None:
        """The Vanori chosen (None when none is)."""
        chosen = self.group.checkedId()
        if chosen < 0:
            return None
        if chosen < CUSTOM:
            return VanoriSpec(songs.VANORI_ORDER[chosen])
        return VanoriSpec.custom(
            self.custom_name.text(),
            str(self.first.currentData()),
            str(self.second.currentData()),
            int(self.die.currentData()),
            self.gift.text(),
        )

    def set_spec(self, spec: VanoriSpec) -> None:
        """Show a choice."""
        if spec.id != "custom":
            self.group.button(songs.VANORI_ORDER.index(spec.id)).setChecked(True)
            return
        self.custom_name.setText(spec.name)
        self.first.setCurrentIndex(max(0, self.first.findData(spec.first)))
        self.second.setCurrentIndex(max(0, self.second.findData(spec.second)))
        self.die.setCurrentIndex(max(0, self.die.findData(spec.die)))
        self.gift.setText(spec.ability)
        self.group.button(CUSTOM).setChecked(True)


class VanoriDialog(QDialog):
    """Change a character's Vanori (attributes and max resilience stay as they are)."""

    def __init__(
        self, context: SheetContext, current: songs.Vanori, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.context = context
        self.setWindowTitle(tr("Change Vanori"))
        layout = QVBoxLayout(self)
        layout.addWidget(
            plain_label(
                tr(
                    "Attributes and max resilience stay as they are; change them on the sheet "
                    "if the new Vanori should have raised others."
                ),
                self,
            )
        )
        # The six Vanori and the custom one scroll: their words wrap to the dialog's width and
        # were cut when the dialog only took the chooser's unwrapped height.
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.chooser = VanoriChooser(scroll)
        self.current = VanoriSpec.from_rules(current)
        self.chooser.set_spec(self.current)
        scroll.setWidget(self.chooser)
        layout.addWidget(scroll, 1)
        self.error = plain_label("", self)
        self.error.setAccessibleName(tr("Problem"))
        colour_label(self.error, "warning")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self._apply)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        screen = self.screen().availableGeometry()  # a small screen, or 200%: never past it
        wide = self.fontMetrics().averageCharWidth() * 76
        self.resize(min(wide, screen.width()), min(760, screen.height() - 40))

    def _apply(self) -> None:
        spec = self.chooser.spec()
        if spec is None:
            self.error.setText(tr("Choose a Vanori"))
            return
        if spec == self.current:
            self.accept()
            return
        _result, problem = self.context.attempt(SetVanori(self.context.character_id, spec))
        if problem:
            self.error.setText(problem)
            return
        self.accept()
