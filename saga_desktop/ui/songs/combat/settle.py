"""Settling the roll waiting on the table: the card kept or XP, Turn the Table, burns, the damage.

The damage die is shown stepping up or down with its reason before it is rolled; the settle
button rolls it (minus the target's armor) through the combat operations.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
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

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.combat_queries import character_by_id, enemy_by_id
from saga_desktop.model.songs.ops.combat import (
    BurnForRoll,
    BurnSpec,
    ResolveAttack,
    ResolveCombatTrial,
    ResolveDefence,
)
from saga_desktop.model.songs.state import play_of, sheet_of
from saga_desktop.model.songs.table import table_of
from saga_desktop.model.visibility import in_play
from saga_desktop.rules import songs
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.combat_words import attack_die_words, defence_die_words
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cards import HandWidget
from saga_desktop.ui.palette import readable
from saga_desktop.ui.songs.combat.parts import DOWN, UP, DieStep
from saga_desktop.ui.songs.combat.roster import armor_size, armor_text, named, plain_label
from saga_desktop.ui.songs.may import may
from saga_desktop.ui.songs.sheets.flow import flow_row


def capital(text: str) -> str:
    """The text with its first letter in capitals (the rest as it is)."""
    return text[:1].upper() + text[1:]


def trial_of(record: Record) -> songs.TrialRoll:
    """The trial roll inside a pending attack, defence or trial record."""
    if isinstance(record, songs.AttackRoll | songs.DefenceRoll):
        return record.trial
    assert isinstance(record, songs.TrialRoll)
    return record


def hand(campaign: Campaign, character_id: str) -> list[Card]:
    """The cards in a character's hand."""
    return [Card.from_code(c) for c in table_of(campaign).hands.get(character_id, [])]


class SettlePanel(QGroupBox):
    """The pending roll of the fight, and how to settle it."""

    requested = Signal(object)
    """Emitted with the operation to apply (a burn or the settling)."""

    def __init__(self, bridge: SessionBridge | None = None, parent: QWidget | None = None) -> None:
        super().__init__(tr("The roll"), parent)
        self.setObjectName("combat_settle")
        self.bridge = bridge
        """Asked which choices the window's user has (None: all of them, the GM's own panel)."""
        self._gm_parts = (True, True, True)
        """Whether the user may give a consequence, spare the damage, and type real dice."""
        self._record: Record | None = None
        self._campaign: Campaign | None = None
        self._rolled: tuple[int, int, bool] = (0, 0, False)
        self.line = plain_label(wrap=True)
        self.line.setObjectName("roll_line")
        self.line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cards = HandWidget(tr("No risk cards"), 60)
        self.cards.setObjectName("risk_cards")
        self.outcome = plain_label()
        self.outcome.setObjectName("outcome")
        big = QFont(self.outcome.font())
        big.setPointSizeF(big.pointSizeF() * 1.3)
        big.setBold(True)
        self.outcome.setFont(big)
        self.note = plain_label(wrap=True)
        self.keep = named(QComboBox(), "keep")
        self.turn = named(QComboBox(), "turn_the_table")
        self.bear = named(QComboBox(), "bear")
        self.burn = named(QComboBox(), "burn")
        self.burn_button = named(QPushButton(tr("Burn")), "burn_button")
        self.burn_button.clicked.connect(self._burn)
        burn_row = QHBoxLayout()
        burn_row.addWidget(self.burn, 1)
        burn_row.addWidget(self.burn_button)
        self.die = DieStep()
        self.replace = named(QCheckBox(tr("Consequence, no damage")), "replace")
        self.replace.setToolTip(tr("The GM gives a consequence instead of rolling the damage"))
        self.table_dice = named(QCheckBox(tr("Real dice:")), "settle_table_dice")
        self.table_dice.setToolTip(tr("Roll real dice at the table and type what they show"))
        self.damage_roll = named(QSpinBox(), "damage_roll")
        self.armor_roll = named(QSpinBox(), "armor_roll")
        self.bear_roll = named(QSpinBox(), "bear_roll")
        self.bear_roll.setRange(1, 4)
        self.bear_roll.setPrefix(tr("Bear d4 "))
        self.dice_row = flow_row(  # wraps in a narrow dock
            self.table_dice, self.damage_roll, self.armor_roll, self.bear_roll
        )
        self.table_dice.toggled.connect(lambda _on: self._update_outcome())
        self.consequence = named(QLineEdit(), "consequence")
        self.consequence.setPlaceholderText(tr("e.g. the axe is stuck in the shield"))
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(
            QFormLayout.RowWrapPolicy.WrapLongRows
        )  # labels above in a narrow dock
        form.addRow(tr("Card to take"), self.keep)
        form.addRow(tr("Turn the Table"), self.turn)
        form.addRow(tr("Bear's d4"), self.bear)
        form.addRow(tr("Burn for it"), burn_row)
        form.addRow(tr("Consequence"), self.consequence)
        self.form = form
        self.settle_button = named(QPushButton(tr("Settle")), "settle")
        self.settle_button.setDefault(True)
        self.settle_button.clicked.connect(self._settle)
        layout = QVBoxLayout(self)
        layout.addWidget(self.line)
        layout.addWidget(self.cards)
        layout.addWidget(self.outcome)
        layout.addWidget(self.note)
        layout.addLayout(form)
        layout.addWidget(self.die)
        layout.addWidget(self.replace)
        layout.addWidget(self.dice_row)
        layout.addWidget(self.settle_button, 0, Qt.AlignmentFlag.AlignRight)
        for combo in (self.turn, self.bear):
            combo.currentIndexChanged.connect(lambda _i: self._update_outcome())
        self.replace.toggled.connect(lambda _on: self._update_outcome())

    @property
    def record(self) -> Record | None:
        """The pending roll shown."""
        return self._record

    def show_roll(self, campaign: Campaign, record: Record) -> None:
        """Show a pending roll and the choices that settle it."""
        self._campaign = campaign
        fresh = record != self._record
        self._record = record
        trial = trial_of(record)
        roller = trial.character_id
        self.setTitle(self._title(record))
        assert isinstance(record, songs.AttackRoll | songs.DefenceRoll | songs.TrialRoll)
        self.line.setText(say(record.words()))
        self.cards.set_cards(trial.revealed)
        if fresh:
            self.replace.setChecked(False)
            self.consequence.clear()
        chosen = (self.keep.currentData(), self.turn.currentData(), self.bear.currentData())
        mine = hand(campaign, roller)
        earns = trial.success and trial.kind is songs.RollKind.TRIAL and bool(trial.revealed)
        earns = earns and not trial.burns
        reds = any(c.is_red for c in trial.revealed)
        self.keep.clear()
        for card in trial.revealed if earns else ():
            self.keep.addItem(say(card_short(card)), card.code)
            if reds and card.is_black:  # the rule: a red card over a black one
                item = self.keep.model().item(self.keep.count() - 1)  # type: ignore[attr-defined]
                item.setEnabled(False)
                item.setToolTip(tr("A red card must be taken over a black one"))
        first_red = next((c for c in trial.revealed if c.is_red), None)
        if first_red is not None and earns:
            self.keep.setCurrentIndex(self.keep.findData(first_red.code))
        self.form.setRowVisible(0, earns)
        self.turn.clear()
        self.turn.addItem(tr("No: take the setback"), None)
        for card in mine:
            self.turn.addItem(
                tr(
                    "Burn {card}: success, the GM adds a consequence",
                    card=say(card_short(card)),
                ),
                card.code,
            )
        self.form.setRowVisible(1, not trial.success and bool(mine))
        self._fill_bear(campaign, record, mine)
        self._fill_burns(campaign, trial)
        self._gate(record)
        if not fresh:  # the same roll shown again: keep the player's choices
            for combo, data in zip((self.keep, self.turn, self.bear), chosen, strict=True):
                index = combo.findData(data) if data is not None else -1
                if index >= 0:
                    combo.setCurrentIndex(index)
        self._update_outcome()

    def _gate(self, record: Record) -> None:
        """Offer only the choices the window's user has (the host's own check decides)."""
        settle = self.settling(record)
        self.settle_button.setEnabled(may(self.bridge, settle()))
        consequence = may(self.bridge, settle(consequence="a consequence"))
        if isinstance(record, songs.DefenceRoll):
            spare = may(self.bridge, ResolveDefence(take_damage=False))
            dice = may(self.bridge, ResolveDefence(damage_roll=1))
        else:  # a trial deals no damage: its rows stay hidden whatever this says
            spare = may(self.bridge, ResolveAttack(deal_damage=False))
            dice = may(self.bridge, ResolveAttack(damage_roll=1))
        self._gm_parts = (consequence, spare, dice)
        self.form.setRowVisible(4, consequence)
        if not spare:
            self.replace.setChecked(False)
        if not dice:
            self.table_dice.setChecked(False)

    @staticmethod
    def settling(record: Record) -> type[ResolveAttack | ResolveDefence | ResolveCombatTrial]:
        """The operation that settles ``record``."""
        if isinstance(record, songs.AttackRoll):
            return ResolveAttack
        if isinstance(record, songs.DefenceRoll):
            return ResolveDefence
        return ResolveCombatTrial

    @staticmethod
    def _title(record: Record) -> str:
        if isinstance(record, songs.AttackRoll):
            return tr(
                "{name} attacks {target}",
                name=record.trial.character_name,
                target=record.target_name,
            )
        if isinstance(record, songs.DefenceRoll):
            return tr(
                "{name} defends against {enemy}",
                name=record.trial.character_name,
                enemy=record.enemy_name,
            )
        assert isinstance(record, songs.TrialRoll)
        if record.purpose is songs.RollPurpose.RESILIENCE:
            return tr("{name}'s resilience trial", name=record.character_name)
        return tr("{name}'s trial roll", name=record.character_name)

    def _fill_bear(self, campaign: Campaign, record: Record, mine: list[Card]) -> None:
        self.bear.clear()
        if isinstance(record, songs.DefenceRoll) and not record.trial.success:
            character = character_by_id(campaign, record.trial.character_id)
            if character is not None and sheet_of(character).vanori == "bear" and mine:
                self.bear.addItem(tr("No"), None)
                for card in mine:
                    self.bear.addItem(
                        tr("Burn {card}: add a d4 to the armor", card=say(card_short(card))),
                        card.code,
                    )

    def _fill_burns(self, campaign: Campaign, trial: songs.TrialRoll) -> None:
        self.burn.clear()
        if play_of(campaign).options.burns_after_roll:
            roller = character_by_id(campaign, trial.character_id)
            conjured = any(b.kind is songs.BurnKind.CONJURE_VANORI for b in trial.burns)
            for card in hand(campaign, trial.character_id):
                shown = say(card_short(card))
                self.burn.addItem(
                    tr("Call the Gods with {card} (+2)", card=shown),
                    BurnSpec("call_the_gods", card.code, trial.character_id),
                )
                if roller is not None and not conjured:
                    self.burn.addItem(
                        tr(
                            "Conjure the Vanori with {card} (DR -{amount})",
                            card=shown,
                            amount=play_of(campaign).options.conjure_dr_reduction,
                        ),
                        BurnSpec("conjure_vanori", card.code, trial.character_id),
                    )
            for other in in_play(campaign):
                aid = BurnForRoll(BurnSpec("aid_an_ally", "", other.id))
                if other.id == trial.character_id or not may(self.bridge, aid):
                    continue  # at a player's seat only their own characters' cards
                bonus = 3 if sheet_of(other).vanori == "elk" else 2
                for card in hand(campaign, other.id):
                    self.burn.addItem(
                        tr(
                            "Aid from {name} with {card} (+{bonus})",
                            name=other.name,
                            card=say(card_short(card)),
                            bonus=bonus,
                        ),
                        BurnSpec("aid_an_ally", card.code, other.id),
                    )
        self.form.setRowVisible(3, self.burn.count() > 0)

    def _update_outcome(self) -> None:
        record, campaign = self._record, self._campaign
        if record is None or campaign is None:
            return
        trial = trial_of(record)
        turned = self.turn.currentData() is not None and not trial.success
        success = trial.success or turned
        if trial.success:
            said = tr("Success")
        elif turned:
            said = tr("Turned into a success")
        else:
            said = tr("Setback")
        if trial.natural_20:
            said = tr("{outcome} (natural 20)", outcome=said)
        elif trial.natural_1:
            said = tr("{outcome} (natural 1)", outcome=said)
        self.outcome.setText(
            tr("{outcome}: {score} vs DR {dr}", outcome=said, score=trial.score, dr=trial.dr)
        )
        self.outcome.setStyleSheet(f"color: {readable(UP if success else DOWN, self)};")
        notes = []
        if not success and trial.kind is songs.RollKind.TRIAL:
            notes.append(tr("{name} marks XP.", name=trial.character_name))
        if turned:
            notes.append(tr("No card and no XP; the GM adds a consequence."))
        elif success and trial.burns and trial.revealed:
            notes.append(tr("No card: a card was burned for the roll."))
        self.note.setText(" ".join(notes))
        self.note.setVisible(bool(notes))
        self.form.setRowVisible(
            2, self.bear.count() > 0 and not turned and not self.replace.isChecked()
        )
        damage = self._show_die(campaign, record, success)
        self.replace.setVisible(damage is not None and not success and self._gm_parts[1])
        self.die.setVisible(damage is not None and not self.replace.isChecked())
        rolling = bool(damage) and not self.replace.isChecked()
        self.settle_button.setText(tr("Roll the damage") if rolling else tr("Settle"))
        self._show_dice(record, success, rolling)

    def _dice(self, record: Record, success: bool) -> tuple[int, int, bool]:
        """The damage die's size, the armor die's size (0: none) and whether the Bear's d4 rolls."""
        campaign = self._campaign
        if isinstance(record, songs.AttackRoll) and campaign is not None:
            die, _ = attack_die_words(record.base_die, success, record.trial.d20)
            enemy = enemy_by_id(campaign, record.target_id)
            armor = armor_size(enemy.armor.die, enemy.armor.damage) if enemy and enemy.armor else 0
            return int(die), armor, False
        if isinstance(record, songs.DefenceRoll) and campaign is not None and not success:
            die, _ = defence_die_words(record.enemy_die, record.trial.d20)
            character = character_by_id(campaign, record.trial.character_id)
            worn = sheet_of(character).armor if character else None
            armor = armor_size(worn.die, worn.damage) if worn else 0
            bear = self.form.isRowVisible(2) and self.bear.currentData() is not None
            return int(die), armor, bear
        return 0, 0, False

    def _show_dice(self, record: Record, success: bool, rolling: bool) -> None:
        die, armor, bear = self._dice(record, success)
        self._rolled = (die if rolling else 0, armor if rolling else 0, bear and rolling)
        self.dice_row.setVisible(rolling and die > 0 and self._gm_parts[2])
        real = self.table_dice.isChecked()
        self.damage_roll.setRange(1, max(1, die))
        self.damage_roll.setPrefix(tr("damage d{size} ", size=die))
        self.armor_roll.setRange(1, max(1, armor))
        self.armor_roll.setPrefix(tr("armor d{size} ", size=armor))
        self.damage_roll.setVisible(real)
        self.armor_roll.setVisible(real and armor > 0)
        self.bear_roll.setVisible(real and bear)

    def _show_die(self, campaign: Campaign, record: Record, success: bool) -> bool | None:
        """Show the damage die; None when this roll deals no damage."""
        if isinstance(record, songs.AttackRoll):
            die, reason = attack_die_words(record.base_die, success, record.trial.d20)
            enemy = enemy_by_id(campaign, record.target_id)
            armor = tr("The target wears no armor.")
            if enemy is not None and enemy.armor is not None:
                now = armor_text(enemy.armor.die, enemy.armor.damage)
                armor = (
                    tr("Minus the armor roll of {name} ({die}).", name=enemy.name, die=now)
                    if armor_size(enemy.armor.die, enemy.armor.damage)
                    else tr("The armor of {name} is broken.", name=enemy.name)
                )
            self.die.show_step(record.base_die.label, die.label, capital(say(reason)), armor)
            return True
        if isinstance(record, songs.DefenceRoll):
            if success:
                return None
            die, reason = defence_die_words(record.enemy_die, record.trial.d20)
            character = character_by_id(campaign, record.trial.character_id)
            armor = ""
            if character is not None:
                now = armor_text(sheet_of(character).armor.die, sheet_of(character).armor.damage)
                armor = (
                    tr(
                        "Minus the armor roll of {name} ({die}) and the Bear's d4.",
                        name=character.name,
                        die=now,
                    )
                    if self.bear.currentData()
                    else tr("Minus the armor roll of {name} ({die}).", name=character.name, die=now)
                )
            self.die.show_step(
                record.enemy_die.label, die.label, capital(say(reason)), armor, party_rolls=False
            )
            return True
        return None

    def typed_dice(self) -> tuple[int | None, int | None, int | None]:
        """The real dice typed in (damage, armor, Bear's d4), or None for each die to roll."""
        if not self.table_dice.isChecked():
            return None, None, None
        die, armor, bear = self._rolled
        return (
            self.damage_roll.value() if die else None,
            self.armor_roll.value() if armor else None,
            self.bear_roll.value() if bear else None,
        )

    def operation(self) -> Operation | None:
        """The operation the settle button applies."""
        record = self._record
        if record is None:
            return None
        keep = self.keep.currentData() if self.form.isRowVisible(0) else None
        turn = self.turn.currentData() if self.form.isRowVisible(1) else None
        consequence = self.consequence.text()
        damage_roll, armor_roll, bear_roll = self.typed_dice()
        if isinstance(record, songs.AttackRoll):
            return ResolveAttack(
                keep,
                turn,
                consequence,
                deal_damage=not self.replace.isChecked(),
                damage_roll=damage_roll,
                armor_roll=armor_roll,
            )
        if isinstance(record, songs.DefenceRoll):
            replace = self.replace.isChecked() and not record.trial.success and turn is None
            bear = self.bear.currentData() if self.bear.count() and turn is None else None
            bear = None if replace else bear
            return ResolveDefence(
                keep,
                turn,
                bear,
                consequence,
                take_damage=not replace,
                damage_roll=damage_roll,
                armor_roll=armor_roll,
                bear_roll=bear_roll if bear else None,
            )
        return ResolveCombatTrial(keep, turn, consequence)

    def _settle(self) -> None:
        op = self.operation()
        if op is not None:
            self.requested.emit(op)

    def _burn(self) -> None:
        spec = self.burn.currentData()
        if isinstance(spec, BurnSpec):
            self.requested.emit(BurnForRoll(spec))
