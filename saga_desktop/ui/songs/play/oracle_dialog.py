"""Questions for the cards: the oracle (yes or no) and the one-card look-ups (reaction, morale).

Each dialog shows the exact odds before the cards are revealed, applies one operation, and then
shows the cards and the answer in place, ready for the next question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say, sentence
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.songs.ops.play import (
    AskOracle,
    EnemyMorale,
    preview_next_card,
    preview_oracle,
)
from saga_desktop.model.songs.ops.rolls import table_deck
from saga_desktop.rules import songs
from saga_desktop.rules.errors import RulesError
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cards import HandWidget
from saga_desktop.ui.songs.play.roll_words import pct


def _plain(label: QLabel) -> QLabel:
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class CardQuestionDialog(QDialog):
    """The shared frame: inputs, the odds, a button that reveals, then the cards and the answer."""

    answered = Signal(object)
    """The operation's record, once the cards are revealed."""

    def __init__(
        self, bridge: SessionBridge, title: str, button: str, parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.setWindowTitle(title)
        self.setMinimumWidth(440)
        self.form = QFormLayout(self)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.odds_title = QLabel(tr("Odds"), self)
        self.odds_title.setObjectName("question-odds-title")
        self.odds = _plain(QLabel(self))
        self.odds.setObjectName("question-odds")
        self.ask = QPushButton(button, self)
        self.ask.setObjectName("question-ask")
        self.ask.setDefault(True)
        self.cards = HandWidget("", 64, self)
        self.answer = _plain(QLabel(self))
        self.answer.setObjectName("question-answer")
        font = self.answer.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.answer.setFont(font)
        self.detail = _plain(QLabel(self))
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        self.ask.clicked.connect(self.reveal)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.refresh_odds())
        self.record: Any = None

    def finish_form(self) -> None:
        """Add the common rows after the dialog's own inputs."""
        self.form.addRow(self.odds_title, self.odds)
        self.form.addRow(self.ask)
        self.form.addRow(self.cards)
        self.form.addRow(self.answer)
        self.form.addRow(self.detail)
        self.form.addRow(self.buttons)
        self.refresh_odds()

    def operation(self) -> Operation:
        """The operation the button applies."""
        raise NotImplementedError

    def odds_text(self) -> str:
        """The odds as set up."""
        raise NotImplementedError

    def describe(self, record: Any) -> tuple[str, str]:
        """The answer in a few words, and the engine's full line."""
        said = record.words() if hasattr(record, "words") else record.explain()
        return "", say(said)

    def refresh_odds(self) -> None:
        """Recompute the odds shown."""
        try:
            self.odds.setText(self.odds_text())
            self.ask.setEnabled(True)
        except (OperationError, RulesError) as exc:
            self.odds.setText(str(exc))
            self.ask.setEnabled(False)
        self.fit()

    def fit(self) -> None:
        """Grow to the height the wrapped lines need at this width (a form does not ask).

        A form lays a wrapped label out at the height of one line when the dialog is made and
        never grows the dialog when the text gets longer: the odds line lost its end.
        """
        self.form.invalidate()  # the texts just changed: measure them anew
        need = self.form.totalHeightForWidth(self.width())
        if need > self.height():
            self.resize(self.width(), need)

    def showEvent(self, event: QShowEvent) -> None:
        """Fit the lines to the width the dialog opens at."""
        super().showEvent(event)
        self.fit()

    def changeEvent(self, event: QEvent) -> None:
        """A larger font (200%) needs more lines: fit again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.fit()

    def reveal(self) -> None:
        """Reveal the cards (one operation) and show them with the answer."""
        odds = self.odds.text()
        record = self.bridge.apply(self.operation(), self)
        if record is None:
            return
        self.record = record
        self.cards.set_cards(list(record.reveal.cards))
        short, full = self.describe(record)
        self.answer.setText(short)
        self.detail.setText(
            tr("{answer}\nThe odds of this question were: {odds}", answer=full, odds=odds)
        )
        # The row now shows the next question's odds, from the cards left: say so.
        self.odds_title.setText(tr("Next time"))
        self.odds_title.setToolTip(tr("The odds of asking again, with the cards now left"))
        self.fit()
        QTimer.singleShot(0, self.fit)  # again once the cards have taken their room
        self.answered.emit(record)

    def _on_changed(self, changes: Changes) -> None:
        # The cards and the rulings (holding revealed cards) both move the odds.
        if changes.aspects & (Aspect.TABLE | Aspect.PLAY):
            self.refresh_odds()


class OracleDialog(CardQuestionDialog):
    """A yes/no question: one card for luck and one per favouring factor."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(bridge, tr("Ask the oracle"), tr("Reveal the cards"), parent)
        self.setObjectName("oracle-dialog")
        self.question = QLineEdit(self)
        self.question.setPlaceholderText(tr("A yes/no question, e.g. Is the ford guarded?"))
        self.question.setMaxLength(500)
        self.factors = QSpinBox(self)
        self.factors.setRange(0, 10)
        self.factors.setToolTip(tr("One more card for each factor that makes a yes more likely"))
        self.form.addRow(tr("Question"), self.question)
        self.form.addRow(tr("Favouring factors"), self.factors)
        self.factors.valueChanged.connect(lambda _v: self.refresh_odds())
        self.finish_form()

    def operation(self) -> Operation:
        """Ask the question as typed."""
        return AskOracle(self.question.text(), self.factors.value())

    def odds_text(self) -> str:
        """Strong yes, weak yes and no, exactly."""
        campaign = self.bridge.session.campaign
        odds = preview_oracle(campaign, self.factors.value())
        return tr(
            "Strong yes {strong} · weak yes {weak} · no {no} ({deck})",
            strong=pct(odds.strong_yes),
            weak=pct(odds.weak_yes),
            no=pct(odds.no),
            deck=deck_words(campaign),
        )

    def describe(self, record: Any) -> tuple[str, str]:
        """``"Weak yes"`` and the engine's line."""
        assert isinstance(record, songs.OracleRecord)
        return sentence(tr(record.answer.text)), say(record.words())


def deck_words(campaign: Campaign) -> str:
    """The cards the odds are counted from: ``"draw pile 17 red, 15 black"``."""
    red, black, discard_red, discard_black = table_deck(campaign).colour_counts()
    if discard_red + discard_black:
        return tr(
            "draw pile {red} red, {black} black; discard {discard_red} red, {discard_black} black",
            red=red,
            black=black,
            discard_red=discard_red,
            discard_black=discard_black,
        )
    return tr("draw pile {red} red, {black} black", red=red, black=black)


def suit_odds_text(bridge: SessionBridge) -> str:
    """The chance of each suit for the next card."""
    odds = preview_next_card(bridge.session.campaign)
    said = ", ".join(f"{suit.symbol} {pct(p)}" for suit, p in odds.suits)
    return tr("Next card: {odds}", odds=said)


class LookupDialog(CardQuestionDialog):
    """A one-card look-up with a name (a reaction, enemy morale): suit odds, then the card."""

    def __init__(
        self,
        bridge: SessionBridge,
        title: str,
        label: str,
        make: Callable[[str, str | None], Operation],
        describe: Callable[[Any], str],
        enemies: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(bridge, title, tr("Reveal a card"), parent)
        self._make = make
        self._describe = describe
        self.who = QComboBox(self)
        self.who.setEditable(True)
        self.who.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        line = self.who.lineEdit()
        if line is not None:
            line.setMaxLength(120)
            line.setPlaceholderText(tr("Who (optional)"))
            line.setAccessibleName(tr("Who (optional)"))
        if enemies:
            for enemy in getattr(bridge.session.campaign.play, "enemies", []):
                self.who.addItem(enemy.name, enemy.id)
            self.who.setCurrentIndex(-1)
        self.form.addRow(label, self.who)
        self.finish_form()

    def operation(self) -> Operation:
        """The look-up for the name typed (or the listed enemy picked)."""
        text = self.who.currentText()
        index = self.who.findText(text)
        data = self.who.itemData(index) if index >= 0 else None
        return self._make(text, str(data) if data is not None else None)

    def odds_text(self) -> str:
        """The suits of the next card."""
        return suit_odds_text(self.bridge)

    def describe(self, record: Any) -> tuple[str, str]:
        """A few words and the engine's line."""
        said = record.words() if hasattr(record, "words") else record.explain()
        return self._describe(record), say(said)


def morale_op(name: str, enemy_id: str | None) -> Operation:
    """Enemy morale for a listed enemy, or for a name."""
    return EnemyMorale(enemy_id) if enemy_id else EnemyMorale(name=name)
