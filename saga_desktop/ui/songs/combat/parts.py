"""Parts the combat forms share: the odds of a roll, the damage die's step, list-box helpers."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QProgressBar, QVBoxLayout, QWidget

from saga_desktop.i18n import number, tr
from saga_desktop.i18n.words import say
from saga_desktop.model.songs.combat_queries import Odds
from saga_desktop.ui.palette import readable
from saga_desktop.ui.songs.combat.roster import named, plain_label
from saga_desktop.ui.songs.play.roll_words import pct

UP, DOWN, SAME = "#1f6f3f", "#a01f26", ""


def select_data(combo: QComboBox, data: object) -> None:
    """Make the item carrying ``data`` current, if there is one."""
    index = combo.findData(data)
    if index >= 0:
        combo.setCurrentIndex(index)


def refill_combo(combo: QComboBox, items: Sequence[tuple[str, object]]) -> None:
    """Replace a combo's items, keeping the current choice when it is still there."""
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    for text, data in items:
        combo.addItem(text, data)
    select_data(combo, current)
    combo.blockSignals(False)


class OddsView(QWidget):
    """Success as a bar, then the naturals and the damage in words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.bar = named(QProgressBar(), "odds_bar")
        self.bar.setRange(0, 1000)
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(self.fontMetrics().height())
        self.headline = named(plain_label(), "odds_headline")
        bold = self.headline.font()
        bold.setBold(True)
        self.headline.setFont(bold)
        self.text = plain_label(wrap=True)
        self.text.setObjectName("odds_text")
        row = QHBoxLayout()
        row.addWidget(self.headline)
        row.addWidget(self.bar, 1)
        layout.addLayout(row)
        layout.addWidget(self.text)
        self.odds = Odds(problem="")

    def show_odds(self, odds: Odds, what: str) -> None:
        """Show one roll's odds; ``what`` names a success (``"success"``, ``"avoid"``)."""
        self.odds = odds
        if not odds.ok:
            self.bar.setValue(0)
            self.bar.setFormat(tr("cannot roll"))
            self.headline.setText(tr("Cannot roll"))
            self.text.setText(say(odds.problem))
            return
        chance = pct(odds.success)
        self.bar.setValue(round(float(odds.success) * 1000))
        if what == "avoid":
            self.bar.setFormat(tr("avoid {chance}", chance=chance))
            self.headline.setText(tr("Avoid {chance}", chance=chance))
        else:
            self.bar.setFormat(tr("success {chance}", chance=chance))
            self.headline.setText(tr("Success {chance}", chance=chance))
        self.bar.setAccessibleName(self.headline.text())
        parts = [
            tr("natural 1: {chance}", chance=pct(odds.natural_1)),
            tr("natural 20: {chance}", chance=pct(odds.natural_20)),
        ]
        expected = number(float(odds.expected_damage), 2)
        if odds.dice:
            parts.append(tr("expected damage {amount}", amount=expected))
            dice = ", ".join(f"{d} {pct(p)}" for d, p in odds.dice if p)
            parts.append(tr("damage die: {dice}", dice=dice))
        elif odds.down is not None:
            parts.append(tr("expected damage {amount}", amount=expected))
            parts.append(tr("dropped to 0: {chance}", chance=pct(odds.down)))
        self.text.setText(" · ".join(parts))


class DieStep(QWidget):
    """``d8 → d10`` in large type, coloured by the direction, with the reason underneath."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.dice = plain_label()
        self.dice.setObjectName("die_step")
        big = QFont(self.dice.font())
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.dice.setFont(big)
        self.reason = plain_label(wrap=True)
        self.reason.setObjectName("die_reason")
        self.armor = plain_label(wrap=True)
        layout.addWidget(self.dice)
        layout.addWidget(self.reason)
        layout.addWidget(self.armor)

    def show_step(
        self, before: str, after: str, reason: str, armor: str, *, party_rolls: bool = True
    ) -> None:
        """Show the die before and after the roll's outcome.

        Green when the change helps the party (a bigger die for its attack, a smaller one against
        it), red when it hurts.
        """
        sizes = {f"d{n}": n for n in (4, 6, 8, 10, 12)}
        colour = SAME
        if sizes.get(after, 0) > sizes.get(before, 0):
            colour = UP if party_rolls else DOWN
        elif sizes.get(after, 0) < sizes.get(before, 0):
            colour = DOWN if party_rolls else UP
        self.dice.setText(
            tr("Damage die {before} → {after}", before=before, after=after)
            if before != after
            else tr("Damage die {die}", die=after)
        )
        self.dice.setStyleSheet(f"color: {readable(colour, self)};" if colour else "")
        self.reason.setText(reason)
        self.armor.setText(armor)
