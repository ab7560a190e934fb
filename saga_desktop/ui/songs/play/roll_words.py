"""A roll in words and pictures: the score and DR term by term, the headline, a card to pick."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QAbstractButton, QWidget

from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import signed
from saga_desktop.rules.songs.rolls import BLACK_CARD_DR
from saga_desktop.ui.cards import CARD_RATIO, paint_card

PICK = QColor("#2f8f5b")


VEIL = 0.3
"""How much of the window's colour lies over a revealed card that may not be kept."""


class CardChoice(QAbstractButton):
    """A revealed card that can be picked to keep (outlined when picked, faded when not allowed)."""

    def __init__(self, card: Card, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.setCheckable(True)
        self.setToolTip(card.long_name)
        self.setAccessibleName(card.long_name)

    def sizeHint(self) -> QSize:
        """A small card (it shares the result's band with the headline)."""
        return QSize(44, round(40 * CARD_RATIO) + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The card; a green outline when picked."""
        painter = QPainter(self)
        rect = QRectF(2, 2, self.width() - 4, self.height() - 4)
        paint_card(painter, rect, self.card, highlight=PICK if self.isChecked() else None)
        if not self.isEnabled():
            # Not to be kept: a light veil of the window's colour over a card still read in
            # full (fading the whole card left grey slabs on a dark window).
            painter.setOpacity(VEIL)
            painter.fillRect(rect, self.palette().color(QPalette.ColorRole.Window))


def score_line(roll: songs.TrialRoll) -> str:
    """``"Score: d20 14 + 3 Strength + 2 Call the Gods + 1 (good rope) = 20"``."""
    terms = [signed(roll.modifier, roll.attribute.title)]
    terms += [signed(b.score_bonus, b.label) for b in roll.burns if b.score_bonus]
    terms += [signed(a.amount, f"({a.reason})") for a in roll.bonuses]
    return f"Score: d20 {roll.d20} {' '.join(terms)} = {roll.score}"


def dr_line(roll: songs.TrialRoll) -> str:
    """``"DR: 12 + 2 for 7♠ - 2 conjured Bear + 2 (slick ice) = 14"`` (each black card named)."""
    parts = [f"DR: {roll.base_dr}"]
    parts += [f"+ {BLACK_CARD_DR} for {c.name}" for c in roll.revealed if c.is_black]
    parts += [signed(b.dr_change, b.label) for b in roll.burns if b.dr_change]
    if roll.carried_dr_reduction:
        parts.append(signed(-roll.carried_dr_reduction, "natural 20 on defence"))
    parts += [signed(a.amount, f"({a.reason})") for a in roll.dr_adjustments]
    reds = [c.name for c in roll.revealed if c.is_red]
    tail = f"  (red, no change: {', '.join(reds)})" if reds else ""
    return " ".join(parts) + f" = {roll.dr}{tail}"


def headline(roll: songs.TrialRoll) -> str:
    """``"Success"`` or ``"Setback"``, with a natural 20 or 1 noted."""
    word = "Success" if roll.success else "Setback"
    natural = " · natural 20" if roll.natural_20 else " · natural 1" if roll.natural_1 else ""
    return word + natural


def keep_line(roll: songs.TrialRoll, xp: int) -> str:
    """What settling a waiting roll gives: a card to keep, none (and why), or XP (now ``xp``)."""
    if roll.kind is songs.RollKind.FATE:
        return "A fate roll gives no card and marks no XP."
    if roll.success and roll.burns:
        return "No card: a card was burned for this roll."
    if roll.success and roll.revealed:
        red = any(c.is_red for c in roll.revealed)
        return "Keep one revealed card" + (" (a red card must be taken)." if red else ".")
    if roll.success:
        return "No risk cards were revealed, so there is no card to keep."
    return f"Setback: XP will be marked ({xp} → {xp + 1} of 8)."
