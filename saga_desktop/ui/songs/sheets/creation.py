"""Creating a character at the table, step by step, with the real cards and dice shown.

The dialog plays the steps on copies of the shared deck and the campaign's generator (see
``model.songs.ops.creation``), so Cancel leaves the campaign exactly as it was. Create
applies one operation that plays the same steps on the real table: the cards shown are the cards
taken from and returned to the deck.

At a player's seat the same dialog makes the player's character: the host plays each step
(:class:`~saga_desktop.ui.songs.sheets.seat_steps.SeatSteps`), the character goes to the GM for
approval, and the dialog says where each of the seat's characters stands. One the GM sent back
is made again in its place, its name and pronouns filled in and the GM's reason shown.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Character
from saga_desktop.model.changes import Changes
from saga_desktop.model.operation import OperationError
from saga_desktop.model.songs.ops.creation import CreationTable, VanoriSpec
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import songs
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.sheets.creation_parts import AttributeStep, ResilienceStep
from saga_desktop.ui.songs.sheets.seat_steps import SeatSteps, seat_name
from saga_desktop.ui.songs.sheets.style import Section, colour_label, plain_label
from saga_desktop.ui.songs.sheets.terms import attribute_title, the_vanori, vanori_name
from saga_desktop.ui.songs.sheets.vanori import VanoriChooser

GAPS = (
    tr_noop("Reveal a card for each attribute"),
    tr_noop("Choose, roll or invent a Vanori"),
    tr_noop("Roll max resilience"),
)
"""What :meth:`CreationTable.missing` may say is still to do, for the catalog."""


class CreationDialog(QDialog):
    """The four steps of character creation, then Create (one undoable operation) or Cancel."""

    created = Signal(str)
    """The character was created (carries its id)."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.setWindowTitle(tr("New character"))
        self.setObjectName("CreationDialog")
        session = bridge.session
        self.seat: SeatSteps | None = None
        """At a player's seat: the steps the host plays (None at the GM's own table)."""
        if bridge.limited:
            self.seat = SeatSteps(bridge, seat_name(bridge))
        self.table = self.seat or CreationTable.preview(session.campaign, session.rng)
        self.record: songs.CreationRecord | None = None
        self.returned: Character | None = None
        """The seat's character the GM sent back, made again in its place."""
        outer = QVBoxLayout(self)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        content = QWidget(scroll)
        layout = QVBoxLayout(content)
        standing = Section(tr("Your characters"), content)
        self.standing = plain_label("", standing)
        self.standing.setAccessibleName(tr("Your characters"))
        standing.body.addWidget(self.standing)
        standing.setVisible(self.seat is not None)
        layout.addWidget(standing)
        self.attributes = AttributeStep(self.table, content)
        layout.addWidget(self.attributes)
        layout.addWidget(self._vanori_section(content))
        self.resilience = ResilienceStep(self.table, self._settle_vanori, content)
        layout.addWidget(self.resilience)
        layout.addWidget(self._gear_section(content))
        self.summary = plain_label("", content, bold=True)
        self.summary.setAccessibleName(tr("Summary"))
        layout.addWidget(self.summary)
        layout.addStretch(1)
        scroll.setWidget(content)
        outer.addWidget(scroll)
        self.problem = plain_label("", self, bold=True)
        self.problem.setAccessibleName(tr("Problem"))
        colour_label(self.problem, "warning")
        self.problem.hide()
        outer.addWidget(self.problem)
        self.buttons = QDialogButtonBox(self)
        self.create_button = self.buttons.addButton(
            tr("&Create character"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.aside_button = self.buttons.addButton(
            tr("Set &aside"), QDialogButtonBox.ButtonRole.ResetRole
        )
        self.aside_button.setToolTip(tr("Give this unfinished character up and start afresh"))
        self.aside_button.clicked.connect(self.set_aside)
        self.aside_button.setVisible(self.seat is not None)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.create_character)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        for step in (self.attributes, self.resilience):
            step.changed.connect(self.update_view)
            step.problem.connect(self.show_problem)
        self.chooser.changed.connect(self.update_view)
        if self.seat is not None:
            self._seat_fields()
            bridge.changed.connect(self._follow)
        screen = self.screen().availableGeometry()  # a small screen, or 200%: never past it
        self.resize(min(760, screen.width()), min(820, screen.height() - 40))
        self.update_view()

    # -- building ---------------------------------------------------------------------------------

    def _vanori_section(self, parent: QWidget) -> Section:
        section = Section(tr("2. Vanori"), parent)
        section.body.addWidget(
            plain_label(
                tr(
                    "Choose, roll or invent the spirit that guards you. It raises two attributes, "
                    "sets the die of your max resilience and gives you a gift."
                ),
                section,
            )
        )
        self.roll_vanori = QPushButton(tr("Roll a &d6 for the Vanori"), section)
        self.roll_vanori.clicked.connect(self._roll_vanori)
        section.body.addWidget(self.roll_vanori, 0, Qt.AlignmentFlag.AlignLeft)
        self.vanori_rolled = plain_label("", section, bold=True)
        section.body.addWidget(self.vanori_rolled)
        self.chooser = VanoriChooser(section)
        section.body.addWidget(self.chooser)
        self.vanori_section = section
        return section

    def _gear_section(self, parent: QWidget) -> Section:
        section = Section(tr("4. Armor, weapon and name"), parent)
        section.body.addWidget(
            plain_label(
                tr(
                    "You start with a d4 armor set (worn, taking no slot) and a d6 weapon of your "
                    "choice in your inventory."
                ),
                section,
            )
        )
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.weapon = self._line(form, tr("&Weapon (d6)"), tr("Weapon"), tr("e.g. Bearded axe"))
        self.name = self._line(form, tr("&Name"), tr("Name"), tr("The character's name"))
        self.player = self._line(form, tr("&Player"), tr("Player"), "")
        self.pronouns = self._line(form, tr("Pro&nouns"), tr("Pronouns"), "")
        section.body.addLayout(form)
        return section

    def _seat_fields(self) -> None:
        """At a seat: the player is the seat; a character sent back is filled in again."""
        assert self.seat is not None
        self.setWindowTitle(tr("New character for the GM's approval"))
        self.player.setText(self.seat.player)
        self.player.setReadOnly(True)
        self.returned = next((c for c in self.seat.mine() if c.status == "returned"), None)
        if self.returned is not None:
            self.name.setText(self.returned.name)
            self.pronouns.setText(str(getattr(self.returned.sheet, "pronouns", "")))
            inventory = getattr(self.returned.sheet, "inventory", None) or []
            if inventory:  # the d6 weapon it started with
                self.weapon.setText(str(getattr(inventory[0], "name", "")))
            if self.seat.draft() is None:  # its cards and rolls stand: nothing drawn anew
                try:
                    self.seat.remake(self.returned.id)
                except OperationError as exc:
                    self.show_problem(str(exc))
        self._show_vanori()

    def _show_vanori(self) -> None:
        """At a seat: the chooser shows the Vanori the host holds for the draft, if any."""
        vanori = self.table.vanori
        if vanori is not None and self.chooser.spec() != VanoriSpec.from_rules(vanori):
            self.chooser.set_spec(VanoriSpec.from_rules(vanori))

    def _follow(self, _changes: Changes) -> None:
        """At a seat: the host answered a step (or the GM rewound one): show the draft anew."""
        if self.seat is not None and self.isVisible():
            self.seat.reload()
            self._show_vanori()
            self.update_view()

    def _line(self, form: QFormLayout, label: str, name: str, hint: str) -> QLineEdit:
        edit = QLineEdit(self)
        edit.setAccessibleName(name)
        edit.setPlaceholderText(hint)
        edit.setMaxLength(NAME_MAX)
        form.addRow(label, edit)
        return edit

    # -- steps ------------------------------------------------------------------------------------

    def _roll_vanori(self) -> None:
        try:
            roll = self.table.roll_vanori()
        except OperationError as exc:
            self.show_problem(str(exc))
            return
        self.vanori_rolled.setText(
            tr("The d6 shows {d6}: the {vanori}.", d6=roll.d6, vanori=vanori_name(roll.vanori))
        )
        self.chooser.set_spec(VanoriSpec(roll.vanori.id))
        self.update_view()

    def _settle_vanori(self) -> bool:
        """Before rolling resilience, the Vanori shown in the chooser becomes the one chosen."""
        spec = self.chooser.spec()
        if spec is None:
            self.show_problem(tr("Choose, roll or invent a Vanori first"))
            return False
        current = self.table.vanori
        if current is not None and VanoriSpec.from_rules(current) == spec:
            return True
        try:
            self.table.choose_vanori(spec)
        except OperationError as exc:
            self.show_problem(str(exc))
            return False
        return True

    def _die_hint(self) -> str:
        spec = self.chooser.spec()
        try:
            return spec.to_rules().resilience_die.label if spec else ""
        except OperationError:
            return ""

    def show_problem(self, message: str) -> None:
        """Say what stands in the way."""
        self.problem.setText(message)
        self.problem.setVisible(bool(message))

    def update_view(self) -> None:
        """Enable the next steps and sum up the character so far."""
        self.show_problem("")
        self.attributes.update_view()
        self.resilience.update_view(self._die_hint())
        settled = self.table.resilience is not None
        self.roll_vanori.setEnabled(
            not settled and not any(s.kind.value == "roll_vanori" for s in self.table.steps)
        )
        self.chooser.setEnabled(not settled)
        if settled and self.table.vanori is not None:
            self.vanori_rolled.setText(
                tr(
                    "{vanori} guards you (settled: max resilience was rolled).",
                    vanori=the_vanori(self.table.vanori),
                )
            )
        values = self.table.attributes()
        signed = {a: f"{values[a]:+d}" for a in songs.Attribute}
        line = " · ".join(
            tr("{attribute} {modifier}", attribute=attribute_title(a), modifier=signed[a])
            for a in songs.Attribute
        )
        gap = tr(self.table.missing())  # one of GAPS below (the model words it in English)
        if self.table.vanori:
            vanori = vanori_name(self.table.vanori)
            lines = [tr("Attributes with the {vanori}: {values}", vanori=vanori, values=line)]
        else:
            lines = [tr("Attributes before the Vanori: {values}", values=line)]
        if self.table.resilience is not None:
            lines.append(tr("Max resilience {total}", total=self.table.resilience.total))
        lines.append(
            tr("Still to do: {gap}.", gap=gap) if gap else tr("Ready: name them and create.")
        )
        waiting = self._seat_view()
        self.summary.setText("\n".join(lines))
        self.create_button.setEnabled(not gap and not waiting)

    def _seat_view(self) -> bool:
        """At a seat: show where the seat's characters stand; True while one waits for the GM."""
        if self.seat is None:
            return False
        waits = any(c.status == "submitted" for c in self.seat.mine())
        self.standing.setText(self.seat.standing(self.returned))
        again = self.returned is not None
        self.create_button.setText(tr("Send it &again") if again else tr("&Send to the GM"))
        self.aside_button.setEnabled(self.seat.draft() is not None)
        return waits

    def set_aside(self) -> None:
        """At a seat: give the unfinished character up (the cards stay in the discard)."""
        try:
            if self.seat is not None:
                self.seat.set_aside()
        except OperationError as exc:
            self.show_problem(str(exc))
            return
        self.update_view()

    def create_character(self) -> None:
        """Apply the creation to the real table, or send it to the GM (or say why not)."""
        name, weapon, pronouns = self.name.text(), self.weapon.text(), self.pronouns.text()
        try:
            if self.seat is not None:
                back = None if self.returned is None else self.returned.id
                made = self.seat.send(name, weapon, pronouns, back)
            else:
                op = self.table.operation(name, weapon, self.player.text(), pronouns)
                self.record = self.bridge.try_apply(op)
                assert self.record is not None
                made = self.record.character.id
        except OperationError as exc:
            self.show_problem(str(exc))
            return
        self.accept()
        if made is not None:
            self.created.emit(made)
