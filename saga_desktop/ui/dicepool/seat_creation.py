"""The dice-pool form of a joined player's Character tab: a card within the creation budget."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QSpinBox, QWidget

from saga_desktop.model.dicepool.ops.cards import CardSpec, CreateCharacter
from saga_desktop.model.dicepool.state import DicePoolOptionsModel
from saga_desktop.model.operation import Operation
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.dicepool.trait_rows import TraitRows
from saga_desktop.ui.network import named
from saga_desktop.ui.network.creation_panel import CreationForm
from saga_desktop.ui.network.seat import SeatContext

TRAITS = (  # the sheet's field, the row kind, the title, an example (as the GM's own form)
    ("skills", "skill", "Skills", "Survival"),
    ("proficiencies", "proficiency", "Proficiencies", "Blades"),
    ("vocations", "vocation", "Vocations", "Hunter"),
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
        # Name and number rows with the rules' limits, as in the GM's creation dialog.
        tops = {"skill": DicePoolOptionsModel().skill_max, "proficiency": dp.PROFICIENCY_MAX}
        self.traits: dict[str, TraitRows] = {}
        for field, kind, title, example in TRAITS:
            top = tops.get(kind, dp.VOCATION_MAX)
            rows = named(TraitRows(kind, title, top, example), f"creation-{field}")
            rows.changed.connect(self.refresh)
            self.traits[field] = rows
            self.layout_.addRow(rows)
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
        skills = self.traits["skills"]  # the table's own ruling for a skill's top
        skills.top = o.skill_max
        skills.setTitle(f"Skills: each 1 to {o.skill_max} points")
        for _name, spin, _remove in skills.rows:
            spin.setMaximum(o.skill_max)
        spent = sum(s.value() for s in self.attrs.values())
        points = sum(rows.points() for rows in self.traits.values())
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
        for field, rows in self.traits.items():
            for widgets in rows.rows:
                for w in widgets:
                    w.hide()
                    w.deleteLater()
            rows.rows = []
            for trait in sheet.get(field) or []:
                rows.add_row(str(trait.get("name", "")), int(trait.get("value", 1)))
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
        lists = [rows.traits() for rows in self.traits.values()]
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
