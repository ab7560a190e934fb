"""The creation dialog: a new character within the budget, or a monster within the ranges."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.dicepool.access import dicepool_play
from saga_desktop.model.dicepool.ops.cards import CardSpec, CreateCharacter
from saga_desktop.model.dicepool.ops.monsters import AddMonster
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.widgets import label, warn


def parse_traits(text: str) -> tuple[tuple[str, int], ...] | None:
    """``"Survival 2, Lore 1"`` as traits; None when a part lacks its number."""
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, _, value = part.rpartition(" ")
        if not name.strip() or not value.isdigit():
            return None
        out.append((name.strip(), int(value)))
    return tuple(out)


class CreationDialog(QDialog):
    """Name, attributes, traits, one weapon and armor; the budget counted as you type."""

    def __init__(
        self, bridge: SessionBridge, parent: QWidget | None = None, *, monster: bool = False
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.monster = monster
        self.created = ""
        self.setWindowTitle("New monster" if monster else "New character")
        self.setObjectName("dicepool-creation")
        options = dicepool_play(bridge.session.campaign).options
        self.options = options
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit()
        self.player = QLineEdit()
        form.addRow("Name", self.name)
        if not monster:
            form.addRow("Player", self.player)
        self.attrs: dict[str, QSpinBox] = {}
        for a in dp.Attribute:
            spin = QSpinBox()
            spin.setRange(0, options.attribute_max)
            spin.valueChanged.connect(self.update_budget)
            self.attrs[a.value] = spin
            form.addRow(a.label, spin)
        self.skills = QLineEdit()
        self.skills.setPlaceholderText("Survival 2, Lore 1")
        self.proficiencies = QLineEdit()
        self.proficiencies.setPlaceholderText(f"Blades 2 (each at most {dp.PROFICIENCY_MAX})")
        self.vocations = QLineEdit()
        self.vocations.setPlaceholderText(f"Hunter 2 (each at most {dp.VOCATION_MAX})")
        for title, edit in (
            ("Skills", self.skills),
            ("Proficiencies", self.proficiencies),
            ("Vocations", self.vocations),
        ):
            edit.textChanged.connect(self.update_budget)
            form.addRow(title, edit)
        self.weapon = QLineEdit()
        self.weapon.setPlaceholderText("Sword (leave empty for none)")
        self.weapon_bonus = QSpinBox()
        self.weapon_bonus.setRange(0, dp.WEAPON_BONUS_MAX)
        self.weapon_bonus.setValue(1)
        self.weapon_prof = QLineEdit()
        self.weapon_prof.setPlaceholderText("Blades")
        form.addRow("Weapon", self.weapon)
        form.addRow("Weapon bonus dice", self.weapon_bonus)
        form.addRow("Used with proficiency", self.weapon_prof)
        self.armor = QLineEdit()
        self.armor.setPlaceholderText("Leather (empty: none)")
        self.armor_level = QSpinBox()
        self.armor_level.setRange(0, dp.ARMOR_LEVEL_MAX)
        self.armor_level.setValue(1)
        form.addRow("Armor", self.armor)
        form.addRow("Armor level", self.armor_level)
        self.notes = QPlainTextEdit()
        if monster:
            self.notes.setPlaceholderText("GM notes (players never see them)")
            form.addRow("Notes", self.notes)
        layout.addLayout(form)
        self.budget = label("")
        self.problem = label("")
        warn(self.problem)
        layout.addWidget(self.budget)
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.create_card)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout.addWidget(buttons)
        self.update_budget()

    def update_budget(self) -> None:
        """Show what is spent of the creation budget (monsters have none)."""
        if self.monster:
            self.budget.setText("Monsters keep to the ranges; they have no creation budget.")
            return
        spent = sum(s.value() for s in self.attrs.values())
        traits = [parse_traits(e.text()) for e in (self.skills, self.proficiencies, self.vocations)]
        points = sum(v for t in traits if t for _, v in t)
        o = self.options
        self.budget.setText(
            f"Attributes {spent} of {o.creation_attribute_points}; skills, proficiencies and "
            f"vocations {points} of {o.creation_trait_points}"
        )
        warn(self.budget, spent > o.creation_attribute_points or points > o.creation_trait_points)

    def spec(self) -> CardSpec:
        """The card as entered (ValueError when a trait list cannot be read)."""
        lists = []
        for what, edit in (
            ("skills", self.skills),
            ("proficiencies", self.proficiencies),
            ("vocations", self.vocations),
        ):
            traits = parse_traits(edit.text())
            if traits is None:
                raise ValueError(f"Write the {what} as 'Name 2, Other 1'")
            lists.append(traits)
        weapons: tuple[dp.Weapon, ...] = ()
        if self.weapon.text().strip():
            weapons = (
                dp.Weapon(
                    self.weapon.text(),
                    self.weapon_bonus.value(),
                    self.weapon_prof.text() or "Unarmed",
                ),
            )
        armor = (
            dp.Armor(self.armor.text(), self.armor_level.value())
            if self.armor.text().strip()
            else None
        )
        return CardSpec(
            self.attrs["str"].value(),
            self.attrs["ref"].value(),
            self.attrs["int"].value(),
            lists[0],
            lists[1],
            lists[2],
            weapons,
            armor,
        )

    def create_card(self) -> None:
        """Apply the creation; a refusal stays in the dialog with the reason."""
        try:
            spec = self.spec()
            op: Operation
            if self.monster:
                op = AddMonster(self.name.text(), spec, self.notes.toPlainText())
            else:
                op = CreateCharacter(self.name.text(), spec, self.player.text())
            self.created = self.bridge.try_apply(op)
        except (OperationError, ValueError) as exc:
            self.problem.setText(str(exc))
            return
        self.accept()
