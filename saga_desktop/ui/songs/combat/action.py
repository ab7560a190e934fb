"""The form for the next roll of a fight, with its exact odds shown before the die is cast.

On the party's turn: who acts, and how (an attack with a weapon or a feat die, or a trial roll to
change the fiction). On the enemies' turn: which enemy attacks whom, defended by a trial roll.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop, trc
from saga_desktop.i18n.words import say, words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.combat_queries import (
    Odds,
    attack_odds,
    can_fight,
    character_status,
    combat_of,
    defence_odds,
    fighting_enemies,
    party_risk,
    trial_odds,
)
from saga_desktop.model.songs.ops.combat import Attack, CombatTrial, EnemyAttack, RollSetup
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.model.visibility import in_play
from saga_desktop.rules import songs
from saga_desktop.rules.songs.aim import attack_attribute
from saga_desktop.rules.songs.roll_words import attribute_words
from saga_desktop.rules.songs.tables import NORMAL_DR
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.combat.parts import OddsView, refill_combo, select_data
from saga_desktop.ui.songs.combat.roster import enemy_label, named, plain_label
from saga_desktop.ui.songs.combat.weapon_choice import attack_sources, default_source
from saga_desktop.ui.songs.may import may
from saga_desktop.ui.songs.sheets.flow import flow_row

ATTACK, TRIAL = "attack", "trial"
NO_WEAPON = tr_noop("No weapon to attack with: ask the GM for a feat, or make a trial roll.")
DR_CHOICES = (
    (9, tr_noop("9 (Easy)")),
    (12, tr_noop("12 (Normal)")),
    (15, tr_noop("15 (Challenging)")),
)


class ActionPanel(QGroupBox):
    """Set up the next roll of the fight and make it."""

    requested = Signal(object)
    """Emitted with the operation to apply when the player rolls."""

    def __init__(self, bridge: SessionBridge | None = None, parent: QWidget | None = None) -> None:
        super().__init__(tr("Next roll"), parent)
        self.setObjectName("combat_action")
        self.bridge = bridge
        """Asked what the window's user may set up (None: everything, the GM's own panel)."""
        self._campaign: Campaign | None = None
        self.actor = named(QComboBox(), "actor")
        self.action = named(QComboBox(), "action")
        self.action.addItem(tr("Attack"), ATTACK)
        self.action.addItem(tr("Trial roll to change the fiction"), TRIAL)
        self.source = named(QComboBox(), "source")
        self.target = named(QComboBox(), "target")
        self.intent = named(QLineEdit(), "intent")
        self.intent.setPlaceholderText(tr("e.g. knock the draugr's shield aside"))
        self.attribute = named(QComboBox(), "attribute")
        for a in songs.Attribute:
            self.attribute.addItem(say(attribute_words(a)), a.value)
        self.dr = named(QComboBox(), "dr")
        self.dr.setEditable(True)
        for value, text in DR_CHOICES:
            self.dr.addItem(tr(text), value)
        self.dr.setCurrentIndex(1)
        self.risk = named(QSpinBox(), "risk")
        self.risk.setRange(0, 20)
        self.risk.setToolTip(tr("Risk cards to reveal: the region's risk rating"))
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(
            QFormLayout.RowWrapPolicy.WrapLongRows
        )  # labels above in a narrow dock
        self.who_label = plain_label(tr("Who"))
        self.target_label = plain_label(tr("Target"))
        form.addRow(self.who_label, self.actor)
        form.addRow(tr("Does"), self.action)
        form.addRow(tr("With"), self.source)
        form.addRow(self.target_label, self.target)
        form.addRow(tr("To"), self.intent)
        form.addRow(tr("Attribute"), self.attribute)
        dr_row = QHBoxLayout()
        dr_row.addWidget(self.dr, 1)
        dr_row.addWidget(plain_label(tr("Risk")))
        dr_row.addWidget(self.risk)
        form.addRow(tr("DR"), dr_row)
        self.table_dice = named(QCheckBox(tr("Real dice: the d20 shows")), "table_dice")
        self.table_dice.setToolTip(tr("Roll a real d20 at the table and type what it shows"))
        self.d20 = named(QSpinBox(), "d20")
        self.d20.setRange(1, 20)
        self.d20.setValue(10)
        self.d20.setEnabled(False)
        self.table_dice.toggled.connect(self.d20.setEnabled)
        form.addRow(flow_row(self.table_dice, self.d20))  # wraps in a narrow dock
        self.form = form
        self.odds = OddsView()
        self.roll_button = named(QPushButton(trc("verb", "Roll")), "roll")
        self.roll_button.setDefault(True)
        self.roll_button.clicked.connect(self._roll)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.odds)
        layout.addWidget(self.roll_button, 0, Qt.AlignmentFlag.AlignRight)
        # Remember a pick before the form refills the combo around it.
        self.source.currentIndexChanged.connect(self._source_picked)
        for combo in (self.actor, self.action, self.source, self.target, self.attribute):
            combo.currentIndexChanged.connect(self._inputs_changed)
        self.dr.currentTextChanged.connect(lambda _t: self.update_odds())
        self.risk.valueChanged.connect(lambda _v: self.update_odds())
        self._risk_seen: int | None = None
        self._own_risk = True
        self._mode = ""
        self._aimed: tuple[str, str] | None = None
        """The actor and weapon the attribute was last set for."""
        self._picked: dict[str, str] = {}
        """The source each character was last set to attack with while this panel is open."""

    # -- reading the form -------------------------------------------------------------------------

    @property
    def party_turn(self) -> bool:
        """True when the form sets up a character's action (not an enemy's attack)."""
        combat = combat_of(self._campaign) if self._campaign else None
        return combat is None or combat.turn == "party"

    def dr_value(self) -> int:
        """The DR typed or picked (12 when unreadable)."""
        text = self.dr.currentText().split(" ")[0]
        try:
            return max(0, min(60, int(text)))
        except ValueError:
            return 12

    def request(self) -> songs.TrialRequest:
        """The engine request the form describes (for the odds)."""
        return songs.TrialRequest(
            songs.Attribute(self.attribute.currentData()), self.dr_value(), self.risk.value()
        )

    def setup(self) -> RollSetup:
        """The roll set-up for the operation."""
        d20 = self.d20.value() if self.table_dice.isChecked() else None
        risk = self.risk.value() if self._own_risk else None  # None: the host's region
        return RollSetup(str(self.attribute.currentData()), self.dr_value(), risk, d20=d20)

    def operation(self) -> Operation | None:
        """The operation the Roll button applies, or None when the form is incomplete."""
        actor, target = self.actor.currentData(), self.target.currentData()
        if actor is None:
            return None
        if not self.party_turn:
            return None if target is None else EnemyAttack(actor, target, self.setup())
        if self.action.currentData() == TRIAL:
            return CombatTrial(actor, self.setup(), self.intent.text())
        source = self.source.currentData()
        if target is None or source is None:
            return None
        kind, value = str(source).split(":", 1)
        if kind == "feat":
            return Attack(actor, target, self.setup(), feat_die=int(value))
        return Attack(actor, target, self.setup(), weapon=str(value))

    # -- filling ----------------------------------------------------------------------------------

    def refresh(self, campaign: Campaign) -> None:
        """Fill the form from the campaign, keeping the player's choices where possible."""
        self._campaign = campaign
        combat = combat_of(campaign)
        risk = party_risk(campaign)
        if risk != self._risk_seen:
            self.risk.setValue(risk)
            self._risk_seen = risk
        enemies = [e for e in fighting_enemies(campaign) if can_fight(combat, e)]
        mode = "party" if self.party_turn else "enemies"
        if mode != self._mode:
            self._mode, self._aimed = mode, None
            self.attribute.blockSignals(True)
            select_data(self.attribute, "strength" if mode == "party" else "dexterity")
            self.attribute.blockSignals(False)
        if self.party_turn:
            self.setTitle(tr("The party's turn: a character acts"))
            actors = [
                (c.name, c.id)
                for c in in_play(campaign)
                if character_status(combat, c) == "to act" and self._may(CombatTrial(c.id))
            ]
            targets = [(enemy_label(e), e.id) for e in enemies]
            self.form.setRowVisible(1, True)
            self.who_label.setText(tr("Who"))
        else:
            self.setTitle(tr("The enemies' turn: an enemy attacks"))
            acted = combat.acted if combat else []
            actors = [
                (enemy_label(e), e.id)
                for e in enemies
                if e.id not in acted and self._may(EnemyAttack(e.id, ""))
            ]
            targets = [
                (c.name, c.id)
                for c in in_play(campaign)
                if not sheet_of(c).incapacitated and sheet_of(c).resilience > 0
            ]
            self.form.setRowVisible(1, False)
            self.who_label.setText(tr("Attacker"))
        refill_combo(self.actor, actors)
        refill_combo(self.target, targets)
        self._gate()
        self._inputs_changed()

    @property
    def has_actors(self) -> bool:
        """True when someone this window's user may play can act now."""
        return self.actor.count() > 0

    def _may(self, op: Operation) -> bool:
        return may(self.bridge, op)

    def _gate(self) -> None:
        """Leave live only the set-up a player may choose; the rest shows what the host uses.

        At a player's seat the DR, the risk and a typed d20 are the GM's: the pickers show the
        values the host rolls with (so the odds shown are the odds rolled), read-only.
        """
        actor = str(self.actor.currentData() or "")
        probe = RollSetup(str(self.attribute.currentData()))

        def allows(setup: RollSetup) -> bool:
            return self._may(CombatTrial(actor, setup))

        own_dr = allows(dataclasses.replace(probe, dr=NORMAL_DR - 3))
        own_risk = allows(dataclasses.replace(probe, risk=2))
        self.dr.setEnabled(own_dr)
        if not own_dr and self.dr_value() != probe.dr:
            select_data(self.dr, probe.dr)
        self._own_risk = own_risk  # when not, the host takes the party's region's risk
        self.risk.setEnabled(own_risk)
        tip = "" if own_dr and own_risk else tr("The GM sets the DR and the risk; the host rolls.")
        for widget in (self.dr, self.risk):
            widget.setToolTip(tip or widget.toolTip())
        own_die = allows(dataclasses.replace(probe, d20=10))
        self.form.setRowVisible(7, own_die)
        if not own_die:
            self.table_dice.setChecked(False)

    def _inputs_changed(self) -> None:
        campaign = self._campaign
        if campaign is None:
            return
        party = self.party_turn
        trial = party and self.action.currentData() == TRIAL
        self.form.setRowVisible(2, party and not trial)
        self.form.setRowVisible(3, not trial)
        self.form.setRowVisible(4, trial)
        self.target_label.setText(tr("Target") if party else tr("Defender"))
        if party:
            self._fill_sources(campaign)
        if trial:
            self.roll_button.setText(tr("Roll the trial"))
        elif party:
            self.roll_button.setText(tr("Roll the attack"))
        else:
            self.roll_button.setText(tr("Roll the defence"))
        self.update_odds()

    def _fill_sources(self, campaign: Campaign) -> None:
        """Offer the actor's weapons and the feat dice, on their own last or best choice."""
        actor = self.actor.currentData()
        character = next((c for c in campaign.characters if c.id == actor), None)
        sources = [
            (text, data)
            for text, data in attack_sources(character)
            if not data.startswith("feat:")
            or self._may(Attack(str(actor), "", feat_die=int(data.removeprefix("feat:"))))
        ]
        refill_combo(self.source, sources)
        if character is None:
            return
        choice = self._picked.get(character.id)
        if choice is None or self.source.findData(choice) < 0:
            choice = default_source(campaign, character)
        if self.source.findData(choice) < 0 and self.source.count():
            choice = str(self.source.itemData(0))
        self.source.blockSignals(True)
        select_data(self.source, choice)
        self.source.blockSignals(False)
        self._aim()

    def _aim(self) -> None:
        """A new actor or weapon starts on its attribute: aimed (a bow) Dexterity, else Strength.

        A pick of the attribute by hand stands until the actor or the weapon changes.
        """
        actor, source = self.actor.currentData(), self.source.currentData()
        key = (str(actor), str(source))
        if key == self._aimed or source is None:
            return
        self._aimed = key
        kind, _, value = str(source).partition(":")
        attribute = attack_attribute(value if kind == "weapon" else None)
        self.attribute.blockSignals(True)
        select_data(self.attribute, attribute.value)
        self.attribute.blockSignals(False)

    def _source_picked(self) -> None:
        """Remember a choice made in the combo (signals are blocked while the panel fills it)."""
        actor, source = self.actor.currentData(), self.source.currentData()
        if isinstance(actor, str) and isinstance(source, str) and self.party_turn:
            self._picked[actor] = source
            self._aim()

    def update_odds(self) -> None:
        """Recompute the exact odds of the roll as set up."""
        campaign = self._campaign
        if campaign is None:
            return
        actor, target = self.actor.currentData(), self.target.currentData()
        if actor is None:
            none = (
                words("No one is left to act this turn")
                if combat_of(campaign)
                else words("No fight")
            )
            self.odds.show_odds(Odds(problem=none), "")
            self.roll_button.setEnabled(False)
            return
        request = self.request()
        if not self.party_turn:
            odds = defence_odds(campaign, actor, target, request)
            self.odds.show_odds(odds, "avoid")
        elif self.action.currentData() == TRIAL:
            odds = trial_odds(campaign, actor, request)
            self.odds.show_odds(odds, "success")
        else:
            source = self.source.currentData()
            weapon = feat = None
            if source is not None:
                kind, value = str(source).split(":", 1)
                if kind == "feat":
                    feat = int(value)
                else:
                    weapon = value
            if source is None:
                odds = Odds(problem=words(NO_WEAPON))
            else:
                odds = attack_odds(campaign, actor, target, request, weapon, feat)
            self.odds.show_odds(odds, "success")
        self.roll_button.setEnabled(odds.ok and self.operation() is not None)

    def _roll(self) -> None:
        op = self.operation()
        if op is not None:
            self.requested.emit(op)
