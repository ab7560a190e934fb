"""The extended check's tracker: the challenge, the pool as a bar, rounds left, each round."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QProgressBar, QPushButton, QVBoxLayout

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.resonance.access import extended_of
from saga_desktop.model.resonance.ops.odds import preview_round
from saga_desktop.rules import resonance
from saga_desktop.rules.errors import RulesError
from saga_desktop.ui.resonance.words import plain_label, result_text, round_odds_text


class ExtendedTracker(QGroupBox):
    """Shown while an extended check is set; its buttons draw a round or put it away."""

    def __init__(self) -> None:
        super().__init__(tr("Extended check"))
        self.setObjectName("extended-tracker")
        layout = QVBoxLayout(self)
        self.challenge = plain_label()
        self.bar = QProgressBar()
        self.bar.setFormat(tr("%v of %m progress"))
        self.left = plain_label()
        self.rounds = plain_label()
        self.odds = plain_label()
        buttons = QHBoxLayout()
        self.draw_round = QPushButton(tr("Draw the next round"))
        self.draw_round.setObjectName("draw-round")
        self.end = QPushButton(tr("End extended check"))
        buttons.addWidget(self.draw_round)
        buttons.addWidget(self.end)
        for widget in (self.challenge, self.bar, self.left, self.rounds, self.odds):
            layout.addWidget(widget)
        layout.addLayout(buttons)

    def show_state(self, campaign: Campaign, waiting: bool) -> None:
        """Show the campaign's extended check (hidden when there is none)."""
        state = extended_of(campaign)
        self.setVisible(state is not None)
        if state is None:
            return
        c = state.challenge
        self.challenge.setText(result_text(c))
        self.bar.setRange(0, c.threshold)
        self.bar.setValue(min(state.pool, c.threshold))
        status = state.status
        if status is resonance.ExtendedStatus.UNDER_WAY:
            self.left.setText(
                tr(
                    "Round {round} of {rounds} played; {left} left",
                    round=state.round,
                    rounds=c.rounds,
                    left=state.rounds_left,
                )
            )
        else:
            self.left.setText(
                tr(
                    "The challenge has {status} (pool {pool})",
                    status=tr(status.value),
                    pool=state.pool,
                )
            )
        self.rounds.setText("\n".join(result_text(r) for r in state.history) or tr("No round yet"))
        under_way = status is resonance.ExtendedStatus.UNDER_WAY
        self.draw_round.setEnabled(under_way and not waiting)
        self.end.setEnabled(not waiting)
        odds = ""
        if under_way and not waiting:
            try:
                odds = round_odds_text(preview_round(campaign))
            except (OperationError, RulesError) as exc:
                odds = str(exc)
        self.odds.setText(odds)
