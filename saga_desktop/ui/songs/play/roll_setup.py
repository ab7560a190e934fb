"""Setting up a trial or fate roll, with the engine's exact odds updated on every change.

Every input builds the same :class:`BeginTrial` the Roll button applies, and its odds come from
:func:`preview_trial` on the campaign as it stands, so the numbers shown are the ones rolled
against. ``odds_ms`` keeps how long the last refresh took.
"""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from saga_desktop.i18n import tr, trc
from saga_desktop.model.operation import OperationError
from saga_desktop.model.songs.ops.rolls import BeginTrial, current_region, preview_trial
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.rules import songs
from saga_desktop.rules.errors import RulesError
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.elide import TitledNote
from saga_desktop.ui.songs.play.adjustments import AdjustmentsEditor
from saga_desktop.ui.songs.play.burns import BurnPicker
from saga_desktop.ui.songs.play.dr_picker import DrPicker
from saga_desktop.ui.songs.play.odds_view import OddsView
from saga_desktop.ui.songs.sheets.terms import attribute_title

A = songs.Attribute


def signed_mod(mod: int) -> str:
    """``+2``, ``-1``, ``+0``: an attribute's modifier as the sheet shows it."""
    return f"{mod:+d}"


class RollSetup(QWidget):
    """Character, attribute, DR, risk, burns, other changes, physical dice, odds and Roll."""

    rollRequested = Signal(object)
    """The Roll button was pressed: the :class:`BeginTrial` to apply."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.odds_ms = 0.0
        self._risk_overridden = False
        self._purpose = songs.RollPurpose.ACTION
        self._building = False
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.character = QComboBox(self)
        self.character.setObjectName("roll-character")
        form.addRow(tr("Character"), self.character)
        self.attribute = QComboBox(self)
        self.attribute.setObjectName("roll-attribute")
        form.addRow(tr("Attribute"), self.attribute)
        kinds = QHBoxLayout()
        self.trial = QRadioButton(tr("Trial roll"), self)
        self.trial.setToolTip(tr("Risk cards are revealed; a card on a success, XP on a setback"))
        self.fate = QRadioButton(tr("Fate roll"), self)
        self.fate.setToolTip(tr("No risk cards, no card and no XP: only the outcome"))
        self.trial.setChecked(True)
        kinds.addWidget(self.trial)
        kinds.addWidget(self.fate)
        kinds.addStretch(1)
        form.addRow(trc("noun", "Roll"), kinds)
        self.purpose_note = QLabel(self)
        self.purpose_note.setTextFormat(Qt.TextFormat.PlainText)
        self.purpose_note.setWordWrap(True)
        self.purpose_note.hide()
        form.addRow(self.purpose_note)
        self.dr = DrPicker(self)
        form.addRow(tr("DR"), self.dr)
        risk_row = QHBoxLayout()
        self.risk = QSpinBox(self)
        self.risk.setObjectName("roll-risk")
        self.risk.setRange(0, 20)
        self.risk.setValue(1)
        self.risk.setAccessibleName(tr("Risk rating"))
        self.from_map = QPushButton(tr("From the map"), self)
        self.from_map.setToolTip(tr("Use the risk rating of the region the party is in"))
        risk_row.addWidget(self.risk)
        risk_row.addWidget(self.from_map)
        risk_row.addStretch(1)
        form.addRow(tr("Risk"), risk_row)
        self.region_note = TitledNote(self)  # a long region title is cut, never wrapped on
        form.addRow(self.region_note)
        self.burns = BurnPicker(immediate=False, parent=self)
        form.addRow(trc("verb", "Burn"), self.burns)
        self.adjustments = AdjustmentsEditor(self)
        form.addRow(tr("Other"), self.adjustments)
        dice = self.dice_row = QHBoxLayout()
        self.physical = QCheckBox(tr("Real dice: d20 shows"), self)
        self.physical.setToolTip(tr("Roll a real d20 at the table and type the number it shows"))
        self.d20 = QSpinBox(self)
        self.d20.setObjectName("roll-d20")
        self.d20.setRange(1, 20)
        self.d20.setValue(10)
        self.d20.setEnabled(False)
        self.d20.setAccessibleName(tr("The real d20 shows"))
        dice.addWidget(self.physical)
        dice.addWidget(self.d20)
        dice.addStretch(1)
        form.addRow(tr("Dice"), dice)
        # The odds and the Roll button stay in view below the scrolling inputs (see RollPanel).
        self.odds = OddsView()
        self.roll_button = QPushButton(trc("verb", "Roll"))
        self.roll_button.setObjectName("roll-button")
        self.roll_button.setDefault(True)
        self._connect()

    def _connect(self) -> None:
        refresh = self.refresh_odds
        self.character.currentIndexChanged.connect(lambda _i: self._character_changed())
        self.attribute.currentIndexChanged.connect(lambda _i: refresh())
        self.trial.toggled.connect(lambda _on: self._kind_changed())
        self.dr.valueChanged.connect(lambda _v: refresh())
        self.risk.valueChanged.connect(self._risk_edited)
        self.from_map.clicked.connect(self.use_map_risk)
        self.burns.changed.connect(refresh)
        self.adjustments.changed.connect(refresh)
        self.physical.toggled.connect(self.d20.setEnabled)
        self.physical.toggled.connect(lambda _on: refresh())
        self.d20.valueChanged.connect(lambda _v: refresh())
        self.roll_button.clicked.connect(self._roll)
        for combo in self.findChildren(QComboBox):  # a long name must not widen the dock
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(12)

    # -- reading the inputs ---------------------------------------------------------------------

    @property
    def offers_roll(self) -> bool:
        """Whether the odds and the Roll button have a roll to show (always, for the GM)."""
        return True

    @property
    def character_id(self) -> str | None:
        """The roller's id (None when the party is empty)."""
        data = self.character.currentData()
        return str(data) if data is not None else None

    def op(self) -> BeginTrial | None:
        """The roll as set up (None when there is no character to roll for)."""
        cid = self.character_id
        if cid is None:
            return None
        campaign = self.bridge.session.campaign
        use_map = not self._risk_overridden and current_region(campaign) is not None
        return BeginTrial(
            character=cid,
            attribute=A(self.attribute.currentData() or A.STRENGTH.value),
            dr=self.dr.value(),
            kind=songs.RollKind.TRIAL if self.trial.isChecked() else songs.RollKind.FATE,
            risk=None if use_map else self.risk.value(),
            burns=self.burns.choices(),
            bonuses=self.adjustments.bonuses(),
            dr_adjustments=self.adjustments.dr_adjustments(),
            d20=self.d20.value() if self.physical.isChecked() else None,
            purpose=self._purpose,
        )

    def refresh_odds(self) -> None:
        """Recompute the odds of the roll as set up (well under a frame)."""
        if self._building:
            return
        begin = time.perf_counter()
        op = self.op()
        if op is None:
            self.odds.show_refusal(tr("Add a character to the party to roll for them"))
        else:
            try:
                self.odds.show_odds(preview_trial(self.bridge.session.campaign, op))
            except (OperationError, RulesError) as exc:
                self.odds.show_refusal(str(exc))
        self.roll_button.setEnabled(self.odds.odds is not None)
        self.odds_ms = (time.perf_counter() - begin) * 1000

    # -- following the model --------------------------------------------------------------------

    def sync(self) -> None:
        """Bring the choices up to date with the campaign (characters, hands, region)."""
        campaign = self.bridge.session.campaign
        self._building = True
        current = self.character_id
        self.character.clear()
        for c in campaign.characters:
            self.character.addItem(c.name, c.id)
        index = self.character.findData(current) if current else 0
        self.character.setCurrentIndex(max(0, index))
        self._building = False
        self._character_changed()

    def _character_changed(self) -> None:
        if self._building:
            return
        self._building = True
        campaign = self.bridge.session.campaign
        cid = self.character_id
        chosen = self.attribute.currentData()
        self.attribute.clear()
        sheet = sheet_of(campaign.character(cid)) if cid else None
        for a in A:
            mod = getattr(sheet.attributes, a.value) if sheet else 0
            self.attribute.addItem(
                tr(
                    "{attribute} {modifier}", attribute=attribute_title(a), modifier=signed_mod(mod)
                ),
                a.value,
            )
        self.attribute.setCurrentIndex(max(0, self.attribute.findData(chosen)))
        at_zero = sheet is not None and sheet.resilience == 0 and not sheet.incapacitated
        self._purpose = songs.RollPurpose.RESILIENCE if at_zero else songs.RollPurpose.ACTION
        self.purpose_note.setText(
            tr(
                "At 0 resilience: this is the resilience trial (success: back up at 1; "
                "setback: incapacitated)."
            )
        )
        self.purpose_note.setVisible(at_zero)
        if at_zero:
            self.trial.setChecked(True)
        self.fate.setEnabled(not at_zero)
        self.burns.set_context(campaign, cid)
        self._show_region()
        self._building = False
        self.refresh_odds()

    def _show_region(self) -> None:
        region = current_region(self.bridge.session.campaign)
        fate = self.fate.isChecked()
        self.risk.setEnabled(not fate)
        self.from_map.setEnabled(not fate and region is not None and self._risk_overridden)
        if not self._risk_overridden:
            # Follow the party's region; off the charted map, start from the lowest usual risk.
            self.risk.blockSignals(True)
            self.risk.setValue(region.risk if region is not None else 1)
            self.risk.blockSignals(False)
        note = self.region_note
        if fate:
            note.set_note(tr("A fate roll reveals no risk cards."))
        elif region is None:
            note.set_note(tr("The party is in no charted region: set the risk rating here."))
        else:
            if self._risk_overridden:
                tail = tr(": risk {risk}, overridden for this roll", risk=region.risk)
            else:
                tail = tr(": risk {risk}", risk=region.risk)
            if region.title:
                head = tr("Region {number} (", number=region.number)
                note.set_note(head, region.title, tr("){tail}", tail=tail))
            else:
                note.set_note(tr("Region {number}{tail}", number=region.number, tail=tail))

    def _kind_changed(self) -> None:
        self._show_region()
        self.refresh_odds()

    def _risk_edited(self, _value: int) -> None:
        self._risk_overridden = True
        self._show_region()
        self.refresh_odds()

    def use_map_risk(self) -> None:
        """Take the risk rating from the party's region again."""
        self._risk_overridden = False
        self._show_region()
        self.refresh_odds()

    # -- prefill and roll -----------------------------------------------------------------------

    def prefill(
        self,
        character_id: str,
        attribute: songs.Attribute | None = None,
        *,
        dr: int | None = None,
        kind: songs.RollKind | None = None,
        risk: int | None = None,
    ) -> None:
        """Set up a roll for another feature (the sheet's resilience trial, the combat panel)."""
        self.sync()
        index = self.character.findData(character_id)
        if index < 0:
            raise KeyError(character_id)
        self.character.setCurrentIndex(index)
        if attribute is not None:
            self.attribute.setCurrentIndex(self.attribute.findData(attribute.value))
        if dr is not None:
            self.dr.setValue(dr)
        if kind is not None and self.fate.isEnabled():
            (self.trial if kind is songs.RollKind.TRIAL else self.fate).setChecked(True)
        if risk is not None:
            self.risk.setValue(risk)
        self.refresh_odds()

    def _roll(self) -> None:
        op = self.op()
        if op is not None and self.odds.odds is not None:
            self.rollRequested.emit(op)

    def after_roll(self) -> None:
        """The roll was made: the burns, other changes and a risk override belonged to it."""
        self._building = True
        self.burns.clear()
        self.adjustments.clear()
        self._risk_overridden = False  # "overridden for this roll": the next one follows the map
        self._building = False
