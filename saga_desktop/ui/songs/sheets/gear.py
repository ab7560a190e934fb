"""Armor and weapons: the die each rolls now, and whether it is damaged or broken."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, trc
from saga_desktop.model.campaign import Character
from saga_desktop.model.songs.ops.sheet import DamageGear, EquipArmor, RepairGear
from saga_desktop.model.songs.state import Gear, sheet_of
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.songs.sheets.base import SheetContext, SheetPart
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label, tool_button


def gear_state(gear: Gear, kind: songs.GearKind) -> tuple[str, str, str]:
    """``(die now, words, state)`` of saved gear, e.g. ``("d4", "damaged, was d6", "damaged")``."""
    rules = songs.Gear(kind, Die(gear.die), gear.damage)
    current = rules.current
    if current is None:
        return "—", tr("broken (was d{size})", size=gear.die), "broken"
    if rules.damaged:
        return current.label, tr("damaged (was d{size})", size=gear.die), "damaged"
    return current.label, tr("undamaged"), "ok"


class GearRow(QFrame):
    """One piece of gear: name, die now in large type, its state in words, damage and repair."""

    def __init__(
        self, context: SheetContext, entry: int | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.context = context
        self.entry = entry
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 2, 0, 2)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(1, 1)
        self.die_label = plain_label("d4", self, wrap=False, factor=1.9, bold=True)
        self.die_label.setMinimumWidth(self.die_label.fontMetrics().horizontalAdvance("d12 "))
        self.die_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.name_label = plain_label("", self, bold=True)
        self.state_label = plain_label("", self)
        text = QWidget(self)
        column = QVBoxLayout(text)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.name_label)
        column.addWidget(self.state_label)
        self.damage_button = tool_button(trc("verb", "Damage"), trc("verb", "Damage"), parent=self)
        self.repair_button = tool_button(trc("verb", "Repair"), trc("verb", "Repair"), parent=self)
        cid = context.character_id
        self.damage_button.clicked.connect(lambda: context.apply(DamageGear(cid, entry)))
        self.repair_button.clicked.connect(lambda: context.apply(RepairGear(cid, entry)))
        buttons = FlowLayout()
        buttons.addWidget(self.damage_button)
        buttons.addWidget(self.repair_button)
        grid.addWidget(self.die_label, 0, 0, 2, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(text, 0, 1)
        grid.addLayout(buttons, 1, 1)

    def show_gear(self, name: str, gear: Gear, kind: songs.GearKind) -> None:
        """Show the gear as it is now."""
        die, words, state = gear_state(gear, kind)
        self.name_label.setText(name)
        self.die_label.setText(die)
        self.state_label.setText(words)
        colour_label(self.state_label, state)
        colour_label(self.die_label, state)
        if state == "broken":
            self.setAccessibleName(tr("{gear}: {state}", gear=name, state=words))
        else:
            self.setAccessibleName(tr("{gear}: {die} {state}", gear=name, die=die, state=words))
        self.damage_button.setAccessibleName(tr("Damage {gear}", gear=name))
        self.damage_button.setToolTip(plain_tip(tr("Step {gear} down a die", gear=name)))
        self.repair_button.setAccessibleName(tr("Repair {gear}", gear=name))
        self.repair_button.setToolTip(
            plain_tip(tr("Repair {gear} to d{size}", gear=name, size=gear.die))
        )
        self.damage_button.setEnabled(state != "broken")
        self.repair_button.setEnabled(state != "ok")


class GearPart(SheetPart):
    """Armor (d4 or d6, worn, taking no slot) and every weapon in the inventory."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Armor and weapons"), context, parent)
        self.armor_row = GearRow(context, None, self)
        self.body.addWidget(self.armor_row)
        dots = FlowLayout(spacing=12)
        caption = plain_label(tr("New armor:"), self, wrap=False)
        dots.addWidget(caption)
        self.armor_group = QButtonGroup(self)
        for size in (4, 6):
            radio = QRadioButton(f"d{size}", self)
            radio.setAccessibleName(tr("Wear new d{size} armor", size=size))
            radio.setToolTip(tr("Put on a new, undamaged d{size} armor set", size=size))
            self.armor_group.addButton(radio, size)
            dots.addWidget(radio)
        self.armor_group.idClicked.connect(self._equip)
        self.body.addLayout(dots)
        self.weapons = QVBoxLayout()
        self.weapons.setSpacing(2)
        self.body.addLayout(self.weapons)
        self.no_weapons = plain_label(tr("No weapons: add one to the inventory."), self)
        colour_label(self.no_weapons, "muted")
        self.body.addWidget(self.no_weapons)
        self._rows: list[GearRow] = []

    def refresh(self, character: Character) -> None:
        """Show the armor and the weapons."""
        sheet = sheet_of(character)
        self.armor_row.show_gear(tr("Armor"), sheet.armor, songs.GearKind.ARMOR)
        button = self.armor_group.button(sheet.armor.die)
        if button is not None:
            button.setChecked(True)
        weapons = [(i, e) for i, e in enumerate(sheet.inventory) if e.weapon is not None]
        if [r.entry for r in self._rows] != [i for i, _ in weapons]:
            for row in self._rows:
                row.deleteLater()
            self._rows = [GearRow(self.context, i, self) for i, _ in weapons]
            for row in self._rows:
                self.weapons.addWidget(row)
        for row, (_i, entry) in zip(self._rows, weapons, strict=True):
            assert entry.weapon is not None
            row.show_gear(entry.name, entry.weapon, songs.GearKind.WEAPON)
        self.no_weapons.setVisible(not weapons)

    def _equip(self, size: int) -> None:
        c = self.context.character
        if c is None:
            return
        armor = sheet_of(c).armor
        if armor.die == size and armor.damage == 0:
            return
        if self.context.apply(EquipArmor(self.cid, size)) is None:
            self.refresh(c)
