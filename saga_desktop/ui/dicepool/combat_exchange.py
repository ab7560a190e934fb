"""One exchange of a round in the combat tracker: the comparison, the loser's STR, the outcome.

Only the winner's outcome opens, labelled Player action or Monster action, with the loser's
once-per-encounter STR and the armor they have left shown before anything is applied. At a
player's seat the STR button shows only to the loser's player and the outcome controls only to
the winner's (``bridge.refusal``); the others read who chooses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from saga_desktop.i18n import tr, trn
from saga_desktop.i18n.words import say
from saga_desktop.model.dicepool.access import options
from saga_desktop.model.dicepool.ops import combat as ops
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.dicepool.wording import OUTCOMES, looked_up
from saga_desktop.ui.dicepool.widgets import label
from saga_desktop.ui.elide import plain_tip

if TYPE_CHECKING:
    from saga_desktop.ui.dicepool.combat import CombatDock


class ExchangeBox(QGroupBox):
    """One exchange: the comparison, the loser's STR, the winner's outcome."""

    def __init__(self, dock: CombatDock, fight: dp.Encounter, index: int) -> None:
        e = fight.exchanges[index]
        super().__init__(
            tr(
                "Exchange {number}: {attacker} → {target}",
                number=index + 1,
                attacker=e.attacker_name,
                target=e.target_name,
            )
        )
        self.setObjectName(f"exchange-{index}")
        layout = QVBoxLayout(self)
        layout.addWidget(label(say(e.words())))
        self.strength_button: QPushButton | None = None
        self.apply_button: QPushButton | None = None
        if not e.victory or e.outcome is not None:
            return
        loser, winner = fight.combatant(e.loser_id), fight.combatant(e.winner_id)
        strength = loser.card.strength
        bridge = dock.bridge
        mine = bridge.refusal("dicepool.UseStrength", {"exchange": index, "combatant": loser.id})
        if not loser.strength_used and strength and mine is None:
            after = max(0, e.victory - strength)
            self.strength_button = QPushButton(
                tr(
                    "{name} uses STR {value}: victory {before} → {after} (once a fight)",
                    name=loser.name,
                    value=strength,
                    before=e.victory,
                    after=after,
                )
            )
            self.strength_button.clicked.connect(
                lambda: dock.apply(ops.UseStrength(index, loser.id))
            )
            layout.addWidget(self.strength_button)
        victory = e.final_victory
        if not victory:
            layout.addWidget(label(tr("STR brought the victory to 0: no outcome.")))
            return
        rules = options(dock.bridge.session.campaign)
        soak = loser.card.armor_level
        if rules.armor_soak is dp.ArmorSoak.PER_ENCOUNTER:
            soak -= loser.armor_spent
        armor = trn(
            "Armor: {name}'s armor will lower an injury by up to {n} level.",
            "Armor: {name}'s armor will lower an injury by up to {n} levels.",
            soak,
            name=loser.name,
        )
        if e.close and not rules.armor_in_close_combat and loser.card.armor_level:
            armor = tr(
                "Armor: none in close combat; {name}'s injury lands in full.", name=loser.name
            )
        layout.addWidget(label(armor))
        side = say(winner.side.words())
        if bridge.refusal("dicepool.ApplyOutcome", {"exchange": index, "winner": winner.id}):
            if winner.side is dp.Side.PLAYER:
                who = tr(
                    "{side}: {name}'s player chooses {name}'s outcome.", side=side, name=winner.name
                )
            else:
                who = tr("{side}: the GM chooses {name}'s outcome.", side=side, name=winner.name)
            layout.addWidget(label(who))
            return  # a player's seat: the winner's player (or the GM) chooses
        row = QFormLayout()  # one choice a line, labels above when narrow: nothing is cut
        row.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.kind = QComboBox()
        for kind in dp.OutcomeKind:
            need = dp.outcome_level(kind, rules)
            if kind is dp.OutcomeKind.INJURY or victory >= need:
                said = say(looked_up(OUTCOMES, kind.value))
                self.kind.addItem(said[:1].upper() + said[1:], kind.value)
        self.level = QSpinBox()
        self.level.setRange(1, min(victory, dp.INJURY_MAX))
        self.level.setValue(min(victory, dp.INJURY_MAX))
        self.level.setPrefix(tr("level "))
        self.note = QLineEdit()
        self.note.setPlaceholderText(tr("What happens"))
        self.apply_button = QPushButton(tr("{side}: {name} applies", side=side, name=winner.name))
        self.apply_button.setToolTip(
            plain_tip(tr("Only {name}, the winner, applies an outcome", name=winner.name))
        )
        self.kind.currentIndexChanged.connect(
            lambda _i: self.level.setEnabled(self.kind.currentData() == "injury")
        )
        self.apply_button.clicked.connect(
            lambda: dock.apply(
                ops.ApplyOutcome(
                    index,
                    winner.id,
                    self.kind.currentData(),
                    self.level.value() if self.kind.currentData() == "injury" else 0,
                    self.note.text(),
                )
            )
        )
        for text, w in ((tr("&Outcome"), self.kind), (tr("&Level"), self.level),
                        (tr("&What happens"), self.note)):  # fmt: skip
            row.addRow(text, w)
        layout.addLayout(row)
        layout.addWidget(self.apply_button)  # its own line: a narrow dock shows all its words
