"""The dice-pool form of a joined player's Character tab: a card within the creation budget."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QSpinBox, QWidget

from saga_desktop.model.dicepool.ops.cards import CardSpec, CreateCharacter
from saga_desktop.model.dicepool.state import DicePoolOptionsModel
from saga_desktop.model.operation import Operation
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.dicepool.creation import parse_traits
from saga_desktop.ui.network import named
from saga_desktop.ui.network.creation_panel import CreationForm
from saga_desktop.ui.network.seat import SeatContext

TRAITS = (
    ("skills", "Survival 2, Lore 1"),
    ("proficiencies", "Blades 2"),
    ("vocations", "Hunter 1"),
)


class DicePoolCreationForm(CreationForm):
    """STR, REF, INT, traits, a weapon and armor; the budget counted as the player types."""

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        super().__init__(seat, parent)
        self.attrs: dict[str, QSpinBox] = {}
        for a in dp.Attribute:
            spin = named(QSpinBox(), f"creation-{a.value}")
            spin.valueChanged.connect(self.refresh)
            self.attrs[a.value] = spin
            self.layout_.addRow(a.label, spin)
        self.traits: dict[str, QLineEdit] = {}
        for field, example in TRAITS:
            edit = named(QLineEdit(), f"creation-{field}")
            edit.setPlaceholderText(example)
            edit.textChanged.connect(self.refresh)
            self.traits[field] = edit
            self.layout_.addRow(field.capitalize(), edit)
        self.weapon = named(QLineEdit(), "creationWeapon")
        self.weapon.setPlaceholderText("Sword (empty: none)")
        self.weapon_bonus = QSpinBox()
        self.weapon_bonus.setRange(0, dp.WEAPON_BONUS_MAX)
        self.weapon_bonus.setValue(1)
        self.weapon_prof = QLineEdit()
        self.weapon_prof.setPlaceholderText("Blades")
        self.armor = QLineEdit()
        self.armor.setPlaceholderText("Leather (empty: none)")
        self.armor_level = QSpinBox()
        self.armor_level.setRange(0, dp.ARMOR_LEVEL_MAX)
        self.armor_level.setValue(1)
        for title, widget in (
            ("Weapon", self.weapon),
            ("Weapon bonus dice", self.weapon_bonus),
            ("Used with proficiency", self.weapon_prof),
            ("Armor", self.armor),
            ("Armor level", self.armor_level),
        ):
            self.layout_.addRow(title, widget)
        self.budget = named(QLabel(), "creationBudget")
        self.budget.setTextFormat(Qt.TextFormat.PlainText)
        self.budget.setWordWrap(True)
        self.layout_.addRow(self.budget)

    def rulings(self) -> DicePoolOptionsModel:
        """The table's rulings as the seat's view has them (the defaults if it has none)."""
        try:
            return DicePoolOptionsModel.model_validate(self.options())
        except ValueError:
            return DicePoolOptionsModel()

    def refresh(self) -> None:
        """Follow the ranges and show what is spent of the budget."""
        o = self.rulings()
        for spin in self.attrs.values():
            spin.setMaximum(o.attribute_max)
        spent = sum(s.value() for s in self.attrs.values())
        lists = [parse_traits(e.text()) for e in self.traits.values()]
        points = sum(v for t in lists if t for _, v in t)
        self.budget.setText(
            f"Attributes {spent} of {o.creation_attribute_points}; skills, proficiencies and "
            f"vocations {points} of {o.creation_trait_points}"
        )

    def load(self, character: dict[str, Any]) -> None:
        """The card of the character sent back."""
        sheet = character.get("sheet") or {}
        for key, field in (("str", "strength"), ("ref", "reflexes"), ("int", "intellect")):
            value = sheet.get(field)
            if isinstance(value, int):
                self.attrs[key].setValue(value)
        for field, edit in self.traits.items():
            traits = sheet.get(field) or []
            edit.setText(", ".join(f"{t['name']} {t['value']}" for t in traits))
        weapons = sheet.get("weapons") or []
        if weapons:
            w = weapons[0]
            self.weapon.setText(str(w.get("name", "")))
            self.weapon_bonus.setValue(int(w.get("bonus", 0)))
            self.weapon_prof.setText(str(w.get("proficiency", "")))
        armor = sheet.get("armor")
        if isinstance(armor, dict):
            self.armor.setText(str(armor.get("name", "")))
            self.armor_level.setValue(int(armor.get("level", 0)))

    def operation(self, name: str, player: str, replaces: str | None) -> Operation:
        """The card, waiting for the GM; ValueError when a trait list cannot be read."""
        lists = []
        for field, edit in self.traits.items():
            traits = parse_traits(edit.text())
            if traits is None:
                raise ValueError(f"Write the {field} as 'Name 2, Other 1'")
            lists.append(traits)
        weapons: tuple[dp.Weapon, ...] = ()
        if self.weapon.text().strip():
            proficiency = self.weapon_prof.text() or "Unarmed"
            weapons = (dp.Weapon(self.weapon.text(), self.weapon_bonus.value(), proficiency),)
        armor = None
        if self.armor.text().strip():
            armor = dp.Armor(self.armor.text(), self.armor_level.value())
        spec = CardSpec(
            self.attrs["str"].value(),
            self.attrs["ref"].value(),
            self.attrs["int"].value(),
            lists[0],
            lists[1],
            lists[2],
            weapons,
            armor,
        )
        return CreateCharacter(name, spec, player, submit=True, replaces=replaces)
