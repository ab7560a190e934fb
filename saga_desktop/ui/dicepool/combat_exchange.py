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

from saga_desktop.model.dicepool.access import options
from saga_desktop.model.dicepool.ops import combat as ops
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.dicepool.widgets import label
from saga_desktop.ui.elide import plain_tip

if TYPE_CHECKING:
    from saga_desktop.ui.dicepool.combat import CombatDock


class ExchangeBox(QGroupBox):
    """One exchange: the comparison, the loser's STR, the winner's outcome."""

    def __init__(self, dock: CombatDock, fight: dp.Encounter, index: int) -> None:
        e = fight.exchanges[index]
        super().__init__(f"Exchange {index + 1}: {e.attacker_name} → {e.target_name}")
        self.setObjectName(f"exchange-{index}")
        layout = QVBoxLayout(self)
        layout.addWidget(label(e.explain()))
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
                f"{loser.name} uses STR {strength}: victory {e.victory} → {after} (once a fight)"
            )
            self.strength_button.clicked.connect(
                lambda: dock.apply(ops.UseStrength(index, loser.id))
            )
            layout.addWidget(self.strength_button)
        victory = e.final_victory
        if not victory:
            layout.addWidget(label("STR brought the victory to 0: no outcome."))
            return
        rules = options(dock.bridge.session.campaign)
        soak = loser.card.armor_level
        if rules.armor_soak is dp.ArmorSoak.PER_ENCOUNTER:
            soak -= loser.armor_spent
        words = f"Armor: {loser.name}'s armor will lower an injury by up to {soak} level(s)."
        if e.close and not rules.armor_in_close_combat and loser.card.armor_level:
            words = f"Armor: none in close combat; {loser.name}'s injury lands in full."
        layout.addWidget(label(words))
        side = winner.side.label
        if bridge.refusal("dicepool.ApplyOutcome", {"exchange": index, "winner": winner.id}):
            who = f"{winner.name}'s player" if winner.side is dp.Side.PLAYER else "the GM"
            layout.addWidget(label(f"{side}: {who} chooses {winner.name}'s outcome."))
            return  # a player's seat: the winner's player (or the GM) chooses
        row = QFormLayout()  # one choice a line, labels above when narrow: nothing is cut
        row.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.kind = QComboBox()
        for kind in dp.OutcomeKind:
            need = dp.outcome_level(kind, rules)
            if kind is dp.OutcomeKind.INJURY or victory >= need:
                self.kind.addItem(kind.value.capitalize(), kind.value)
        self.level = QSpinBox()
        self.level.setRange(1, min(victory, dp.INJURY_MAX))
        self.level.setValue(min(victory, dp.INJURY_MAX))
        self.level.setPrefix("level ")
        self.note = QLineEdit()
        self.note.setPlaceholderText("What happens")
        self.apply_button = QPushButton(f"{side}: {winner.name} applies")
        self.apply_button.setToolTip(
            plain_tip(f"Only {winner.name}, the winner, applies an outcome")
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
        for text, w in (("&Outcome", self.kind), ("&Level", self.level),
                        ("&What happens", self.note)):  # fmt: skip
            row.addRow(text, w)
        layout.addLayout(row)
        layout.addWidget(self.apply_button)  # its own line: a narrow dock shows all its words
