"""Steps of the creation dialog: the attribute cards with their redraws, and max resilience."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QWidget

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.i18n.words import say
from saga_desktop.model.operation import OperationError
from saga_desktop.model.songs.ops.creation import CreationTable
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card, Suit
from saga_desktop.ui.cards import CardWidget
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.style import Section, colour_label, plain_label
from saga_desktop.ui.songs.sheets.terms import attribute_title, attribute_verbs

SUIT_MEANING = {
    Suit.HEARTS: tr_noop("Hearts: +2"),
    Suit.DIAMONDS: tr_noop("Diamonds: +1"),
    Suit.CLUBS: tr_noop("Clubs: 0"),
    Suit.SPADES: tr_noop("Spades: −1"),
}


def card_meaning(card: Card) -> str:
    """E.g. ``"9♥ — Hearts: +2"``."""
    return tr("{card} — {meaning}", card=card.name, meaning=tr(SUIT_MEANING[card.suit]))


class AttributeStep(Section):
    """Reveal a card per attribute; redraw up to two different ones (the new card stands)."""

    changed = Signal()
    problem = Signal(str)

    def __init__(self, table: CreationTable, parent: QWidget | None = None) -> None:
        super().__init__(tr("1. Attributes"), parent)
        self.table = table
        self.body.addWidget(
            plain_label(
                trn(
                    "Reveal a card from the table's deck for each attribute: hearts set it to +2, "
                    "diamonds +1, clubs 0, spades −1. You may redraw up to {n} different "
                    "attribute once each; the new card stands, better or worse. The cards go to "
                    "the discard pile.",
                    "Reveal a card from the table's deck for each attribute: hearts set it to +2, "
                    "diamonds +1, clubs 0, spades −1. You may redraw up to {n} different "
                    "attributes once each; the new card stands, better or worse. The cards go to "
                    "the discard pile.",
                    table.options.attribute_redraws,
                ),
                self,
            )
        )
        self.reveal_button = QPushButton(tr("&Reveal the cards"), self)
        self.reveal_button.setAccessibleName(tr("Reveal a card for each attribute"))
        self.reveal_button.clicked.connect(self._reveal)
        self.body.addWidget(self.reveal_button, 0, Qt.AlignmentFlag.AlignLeft)
        grid = QGridLayout()
        grid.setColumnStretch(2, 1)
        self.cards: dict[songs.Attribute, CardWidget] = {}
        self.meanings: dict[songs.Attribute, QLabel] = {}
        self.redraws: dict[songs.Attribute, QPushButton] = {}
        for row, attribute in enumerate(songs.Attribute):
            title = attribute_title(attribute)
            name = plain_label(f"{title}\n{attribute_verbs(attribute)}", self)
            card = CardWidget(None, 72, self)
            card.set_card(None, face_up=False)
            meaning = plain_label("", self, factor=1.1, bold=True)
            meaning.setAccessibleName(tr("{attribute} card", attribute=title))
            redraw = QPushButton(tr("Redraw"), self)
            redraw.setAccessibleName(tr("Redraw {attribute}", attribute=title))
            redraw.setEnabled(False)
            redraw.clicked.connect(lambda _c=False, a=attribute: self._redraw(a))
            grid.addWidget(name, row, 0)
            grid.addWidget(card, row, 1)
            grid.addWidget(meaning, row, 2)
            grid.addWidget(redraw, row, 3)
            self.cards[attribute], self.meanings[attribute] = card, meaning
            self.redraws[attribute] = redraw
        self.body.addLayout(grid)
        self.left = plain_label("", self)
        self.body.addWidget(self.left)

    def _reveal(self) -> None:
        try:
            self.table.reveal()
        except OperationError as exc:
            self.problem.emit(str(exc))
            return
        self.update_view()
        self.changed.emit()

    def _redraw(self, attribute: songs.Attribute) -> None:
        try:
            self.table.redraw(attribute.value)
        except OperationError as exc:
            self.problem.emit(str(exc))
            return
        self.update_view()
        self.changed.emit()

    def update_view(self) -> None:
        """Show the cards revealed so far."""
        draw = self.table.draw
        self.reveal_button.setEnabled(draw is None)
        if draw is None:
            return
        left = draw.redraws_allowed - draw.redraws_used
        for attribute in songs.Attribute:
            card = draw.card_for(attribute)
            self.cards[attribute].set_card(card.card)
            text = card_meaning(card.card)
            if card.redrawn_from is not None:
                text = tr(
                    "{meaning} (redrawn; was {card})", meaning=text, card=card.redrawn_from.name
                )
            self.meanings[attribute].setText(text)
            state = "ok" if card.value > 0 else "broken" if card.value < 0 else "muted"
            colour_label(self.meanings[attribute], state)
            self.redraws[attribute].setEnabled(card.redrawn_from is None and left > 0)
        self.left.setText(trn("Redraws left: {n}", "Redraws left: {n}", left))


class ResilienceStep(Section):
    """Roll the Vanori's die plus 3 for max resilience, with one reroll whose result stands."""

    changed = Signal()
    problem = Signal(str)

    def __init__(
        self,
        table: CreationTable,
        settle_vanori: Callable[[], bool],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(tr("3. Max resilience"), parent)
        self.table = table
        self.settle_vanori = settle_vanori
        rerolls = table.options.resilience_rerolls
        self.body.addWidget(
            plain_label(
                trn(
                    "Roll your Vanori's die and add 3. Unhappy? You may reroll once, "
                    "and the new result stands.",
                    "Roll your Vanori's die and add 3. Unhappy? You may reroll {n} times, "
                    "and the new result stands.",
                    rerolls,
                )
                if rerolls
                else tr("Roll your Vanori's die and add 3; the result stands."),
                self,
            )
        )
        row = FlowLayout()
        self.roll_button = QPushButton(tr("Roll &max resilience"), self)
        self.reroll_button = QPushButton(tr("Re&roll"), self)
        self.reroll_button.setEnabled(False)
        self.roll_button.clicked.connect(self._roll)
        self.reroll_button.clicked.connect(self._reroll)
        row.addWidget(self.roll_button)
        row.addWidget(self.reroll_button)
        self.body.addLayout(row)
        self.result = plain_label("", self, factor=2.0, bold=True)
        self.result.setAccessibleName(tr("Max resilience"))
        self.body.addWidget(self.result)
        self.detail = plain_label("", self)
        self.body.addWidget(self.detail)

    def _roll(self) -> None:
        if not self.settle_vanori():
            return
        try:
            self.table.roll_resilience()
        except OperationError as exc:
            self.problem.emit(str(exc))
            return
        self.update_view()
        self.changed.emit()

    def _reroll(self) -> None:
        try:
            self.table.reroll_resilience()
        except OperationError as exc:
            self.problem.emit(str(exc))
            return
        self.update_view()
        self.changed.emit()

    def update_view(self, die_hint: str = "") -> None:
        """Show the roll that stands (``die_hint``: the die of the Vanori chosen so far)."""
        roll = self.table.resilience
        self.result.setVisible(roll is not None)
        self.detail.setVisible(roll is not None)
        if roll is None:
            self.roll_button.setText(
                tr("Roll {die} + 3", die=die_hint) if die_hint else tr("Roll the Vanori's die + 3")
            )
            self.roll_button.setEnabled(True)
            return
        self.roll_button.setEnabled(False)
        self.reroll_button.setEnabled(roll.rerolls_used < self.table.options.resilience_rerolls)
        self.result.setText(str(roll.total))
        self.detail.setText(say(roll.words()))
