"""The creation dialog: a new character within the budget, or a monster within the ranges."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.dicepool.access import dicepool_play
from saga_desktop.model.dicepool.ops.cards import CardSpec, CreateCharacter
from saga_desktop.model.dicepool.ops.monsters import AddMonster
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.dicepool.wording import attribute_words
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.creation_seat import SeatCreation
from saga_desktop.ui.dicepool.trait_rows import TraitRows
from saga_desktop.ui.dicepool.widgets import label, warn


class CreationDialog(QDialog):
    """Name, attributes, traits, one weapon and armor; the budget counted as you type."""

    def __init__(
        self, bridge: SessionBridge, parent: QWidget | None = None, *, monster: bool = False
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.monster = monster
        self.created = ""
        self.setWindowTitle(tr("New monster") if monster else tr("New character"))
        self.setObjectName("dicepool-creation")
        options = dicepool_play(bridge.session.campaign).options
        self.options = options
        layout = QVBoxLayout(self)
        body = QWidget()
        form = QFormLayout(body)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.name = QLineEdit()
        self.player = QLineEdit()
        form.addRow(tr("Name"), self.name)
        if not monster:
            form.addRow(tr("Player"), self.player)
        self.attrs: dict[str, QSpinBox] = {}
        for a in dp.Attribute:
            spin = QSpinBox()
            spin.setRange(0, options.attribute_max)
            spin.setToolTip(tr("0 to {top}", top=options.attribute_max))
            spin.valueChanged.connect(self.update_budget)
            self.attrs[a.value] = spin
            said = say(attribute_words(a.label))
            form.addRow(
                tr("{attribute} (0 to {top})", attribute=said, top=options.attribute_max), spin
            )
        self.rows: dict[str, TraitRows] = {}
        for kind, title, top, example in (
            ("skill", tr("Skills"), options.skill_max, tr("Survival")),
            ("proficiency", tr("Proficiencies"), dp.PROFICIENCY_MAX, tr("Blades")),
            ("vocation", tr("Vocations"), dp.VOCATION_MAX, tr("Hunter")),
        ):
            rows = TraitRows(kind, title, top, example)
            rows.changed.connect(self.update_budget)
            self.rows[kind] = rows
            form.addRow(rows)
        self.weapon = QLineEdit()
        self.weapon.setPlaceholderText(tr("e.g. Sword"))
        self.weapon_bonus = QSpinBox()
        self.weapon_bonus.setRange(0, dp.WEAPON_BONUS_MAX)
        self.weapon_bonus.setValue(1)
        self.weapon_bonus.setToolTip(tr("0 to {top} dice", top=dp.WEAPON_BONUS_MAX))
        self.weapon_prof = QLineEdit()
        self.weapon_prof.setPlaceholderText(tr("e.g. Blades"))
        form.addRow(label(tr("A weapon, and armor, are optional: leave the name empty for none.")))
        form.addRow(tr("Weapon"), self.weapon)
        form.addRow(tr("Bonus dice (0 to {top})", top=dp.WEAPON_BONUS_MAX), self.weapon_bonus)
        form.addRow(tr("Proficiency used"), self.weapon_prof)
        self.armor = QLineEdit()
        self.armor.setPlaceholderText(tr("e.g. Leather"))
        self.armor_level = QSpinBox()
        self.armor_level.setRange(0, dp.ARMOR_LEVEL_MAX)
        self.armor_level.setValue(1)
        self.armor_level.setToolTip(tr("0 to {top}", top=dp.ARMOR_LEVEL_MAX))
        form.addRow(tr("Armor"), self.armor)
        form.addRow(tr("Armor level (0 to {top})", top=dp.ARMOR_LEVEL_MAX), self.armor_level)
        self.notes = QPlainTextEdit()
        if monster:
            self.notes.setPlaceholderText(tr("GM notes (players never see them)"))
            form.addRow(tr("Notes"), self.notes)
        scroll = QScrollArea()  # a small screen scrolls the form; the budget and buttons stay
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        layout.addWidget(scroll, 1)
        self.form_area = scroll
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
        self.seat: SeatCreation | None = None
        if bridge.limited and not monster:  # a player's seat: sent to the GM for approval
            self.seat = SeatCreation(self)
        self._fit(body)

    def _fit(self, body: QWidget) -> None:
        """Open as large as the form, within the screen (a scroll area alone asks for little)."""
        bar = self.form_area.verticalScrollBar().sizeHint().width()
        self.form_area.setMinimumWidth(body.sizeHint().width() + bar)
        screen = self.screen().availableGeometry() if self.screen() else None
        tall = body.sizeHint().height() + 160  # the budget, the problem line and the buttons
        if screen is not None:
            tall = min(tall, int(screen.height() * 0.9))
        self.resize(self.sizeHint().width(), tall)

    def update_budget(self) -> None:
        """Show what is spent of the creation budget (monsters have none)."""
        if self.monster:
            self.budget.setText(tr("Monsters keep to the ranges; they have no creation budget."))
            return
        spent = sum(s.value() for s in self.attrs.values())
        points = sum(rows.points() for rows in self.rows.values())
        o = self.options
        self.budget.setText(
            tr(
                "Attributes {spent} of {attribute_points}; skills, proficiencies and "
                "vocations {points} of {trait_points}",
                spent=spent,
                attribute_points=o.creation_attribute_points,
                points=points,
                trait_points=o.creation_trait_points,
            )
        )
        warn(self.budget, spent > o.creation_attribute_points or points > o.creation_trait_points)

    def spec(self) -> CardSpec:
        """The card as entered."""
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
            self.rows["skill"].traits(),
            self.rows["proficiency"].traits(),
            self.rows["vocation"].traits(),
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
            elif self.seat is not None:
                op = self.seat.operation()
            else:
                op = CreateCharacter(self.name.text(), spec, self.player.text())
            self.created = self.bridge.try_apply(op) or ""  # at a seat: the GM decides
        except OperationError as exc:
            self.problem.setText(str(exc))
            return
        self.accept()
