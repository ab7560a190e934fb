"""A roll in words and pictures: the score and DR term by term, the headline, a card to pick."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QAbstractButton, QWidget

from saga_desktop.i18n import percent, tr, tr_noop
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import signed
from saga_desktop.rules.songs.rolls import BLACK_CARD_DR
from saga_desktop.ui.cards import CARD_RATIO, card_plain, paint_card
from saga_desktop.ui.songs.sheets.terms import attribute_title, vanori_called

PICK = QColor("#2f8f5b")


VEIL = 0.3
"""How much of the window's colour lies over a revealed card that may not be kept."""


class CardChoice(QAbstractButton):
    """A revealed card that can be picked to keep (outlined when picked, faded when not allowed)."""

    def __init__(self, card: Card, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.setCheckable(True)
        self.setToolTip(card_plain(card))
        self.setAccessibleName(card_plain(card))

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


BURN_LABELS = {
    songs.BurnKind.CALL_THE_GODS: tr_noop("Call the Gods"),
    songs.BurnKind.TURN_THE_TABLE: tr_noop("Turn the Table"),
    songs.BurnKind.CUSTOM: tr_noop("Vanori's gift"),
}


def pct(p: Fraction | float) -> str:
    """A chance as the odds show it, in the app's number style: ``"57.5%"``, ``"25 %"``."""
    tenths = round(float(p) * 1000)
    return percent(tenths / 1000, 0 if tenths % 10 == 0 else 1)


def burn_label(burn: songs.Burn) -> str:
    """How a burn appears in a sum, in the app's words (``"Call the Gods"``, « aide de Bjorn »)."""
    if burn.kind is songs.BurnKind.AID_AN_ALLY:
        if burn.score_bonus == 3:
            return tr("aid from {name} (Elk)", name=burn.by)
        return tr("aid from {name}", name=burn.by)
    if burn.kind is songs.BurnKind.CONJURE_VANORI:
        vanori = vanori_called(burn.item) if burn.item else tr("Vanori")
        return tr("conjured {vanori}", vanori=vanori)
    if burn.kind is songs.BurnKind.COME_PREPARED:
        return tr("Come Prepared: {item}", item=burn.item)
    label = BURN_LABELS.get(burn.kind)
    return tr(label) if label else burn.label


def score_line(roll: songs.TrialRoll) -> str:
    """``"Score: d20 14 + 3 Strength + 2 Call the Gods + 1 (good rope) = 20"``."""
    terms = [signed(roll.modifier, attribute_title(roll.attribute))]
    terms += [signed(b.score_bonus, burn_label(b)) for b in roll.burns if b.score_bonus]
    terms += [signed(a.amount, f"({a.reason})") for a in roll.bonuses]
    return tr(
        "Score: d20 {d20} {terms} = {score}", d20=roll.d20, terms=" ".join(terms), score=roll.score
    )


def dr_line(roll: songs.TrialRoll) -> str:
    """``"DR: 12 + 2 for 7♠ - 2 conjured Bear + 2 (slick ice) = 14"`` (each black card named)."""
    parts = [tr("DR: {dr}", dr=roll.base_dr)]
    parts += [
        tr("+ {dr} for {card}", dr=BLACK_CARD_DR, card=c.name) for c in roll.revealed if c.is_black
    ]
    parts += [signed(b.dr_change, burn_label(b)) for b in roll.burns if b.dr_change]
    if roll.carried_dr_reduction:
        parts.append(signed(-roll.carried_dr_reduction, tr("natural 20 on defence")))
    parts += [signed(a.amount, f"({a.reason})") for a in roll.dr_adjustments]
    reds = [c.name for c in roll.revealed if c.is_red]
    line = tr("{parts} = {dr}", parts=" ".join(parts), dr=roll.dr)
    if reds:
        return tr("{line}  (red, no change: {cards})", line=line, cards=tr(", ").join(reds))
    return line


def headline(roll: songs.TrialRoll) -> str:
    """``"Success"`` or ``"Setback"``, with a natural 20 or 1 noted."""
    word = tr("Success") if roll.success else tr("Setback")
    if roll.natural_20:
        return tr("{outcome} · natural 20", outcome=word)
    if roll.natural_1:
        return tr("{outcome} · natural 1", outcome=word)
    return word


def keep_line(roll: songs.TrialRoll, xp: int) -> str:
    """What settling a waiting roll gives: a card to keep, none (and why), or XP (now ``xp``)."""
    if roll.kind is songs.RollKind.FATE:
        return tr("A fate roll gives no card and marks no XP.")
    if roll.success and roll.burns:
        return tr("No card: a card was burned for this roll.")
    if roll.success and roll.revealed:
        if any(c.is_red for c in roll.revealed):
            return tr("Keep one revealed card (a red card must be taken).")
        return tr("Keep one revealed card.")
    if roll.success:
        return tr("No risk cards were revealed, so there is no card to keep.")
    return tr("Setback: XP will be marked ({xp} → {next} of 8).", xp=xp, next=xp + 1)
