"""A roll made and waiting to be settled: the outcome in words, the card to keep, XP, burns.

The score and the DR are spelled out term by term (each black risk card named), with success or
setback and any natural 1 or 20. On a success the player picks the card to keep (a red one
whenever one was revealed; none when a card was burned); on a setback XP will be marked, and
Turn the Table is offered while the roller holds a card. At a player's seat only the roller's
player settles (and only with a player's choices: no consequence, aid from their own
characters); everyone else sees the roll wait.
"""

from __future__ import annotations

from pydantic import JsonValue
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.i18n.words import say, sentence
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import kind_of
from saga_desktop.model.songs.ops.aid import AidAlly
from saga_desktop.model.songs.ops.rolls import AddBurn, ResolveTrial
from saga_desktop.model.songs.state import play_of, sheet_of
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cards import card_plain
from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.palette import readable
from saga_desktop.ui.songs.play.burns import BurnPicker, card_label
from saga_desktop.ui.songs.play.d20 import D20Widget
from saga_desktop.ui.songs.play.odds_view import SETBACK, SUCCESS
from saga_desktop.ui.songs.play.roll_words import (
    CardChoice,
    dr_line,
    headline,
    keep_line,
    score_line,
)
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.terms import attribute_title

RESOLVE = kind_of(ResolveTrial)
ADD_BURN = kind_of(AddBurn)
AID = kind_of(AidAlly)


KIND_WORDS = {
    songs.RollKind.TRIAL: tr_noop("trial roll"),
    songs.RollKind.FATE: tr_noop("fate roll"),
}


def roll_title(roll: songs.TrialRoll) -> str:
    """``"Bjorn: Strength trial roll with a real d20"`` in the app's words."""
    if roll.purpose is songs.RollPurpose.RESILIENCE:
        what = tr("Resilience trial ({attribute})", attribute=attribute_title(roll.attribute))
    else:
        what = tr(
            "{attribute} {kind}",
            attribute=attribute_title(roll.attribute),
            kind=tr(KIND_WORDS[roll.kind]),
        )
    if roll.physical:
        return tr("{name}: {roll} with a real d20", name=roll.character_name, roll=what)
    return tr("{name}: {roll}", name=roll.character_name, roll=what)


class RollResult(QWidget):
    """The waiting roll, the choices that settle it, then the settled outcome."""

    settleRequested = Signal(object)
    """The player settles the roll: the :class:`ResolveTrial` to apply."""
    newRollRequested = Signal()
    """The player wants to set up another roll."""

    def __init__(
        self,
        motion: MotionSettings,
        bridge: SessionBridge | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.roll: songs.TrialRoll | None = None
        self.may_settle = True
        """Whether this window's user settles the roll shown (at a seat: the roller's player)."""
        # Three bands: the result (die, headline, cards) on top and the buttons that finish the roll
        # at the bottom never scroll; only the explanation between them does, so a short dock
        # still shows what happened and how to go on.
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(4)
        top = QHBoxLayout()
        self.die = D20Widget(motion, self)
        self.die.setFixedSize(64, 64)
        self.die.landed.connect(lambda _v: self.reveal_outcome())
        top.addWidget(self.die)
        words = QVBoxLayout()
        self.title = QLabel(self)
        self.title.setObjectName("roll-title")
        self.headline = QLabel(self)
        self.headline.setObjectName("roll-headline")
        font = self.headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.headline.setFont(font)
        words.addWidget(self.title)
        words.addWidget(self.headline)
        # The revealed cards belong to the result band, under the headline: in the scrolling
        # details a short dock (1024x600) squeezed them out of sight.
        self.cards = QWidget(self)
        self.cards_row = FlowLayout(self.cards, 4)  # many cards wrap rather than widen the dock
        words.addWidget(self.cards)
        top.addLayout(words, 1)
        box.addLayout(top)
        self.details = QWidget()
        details = QVBoxLayout(self.details)
        details.setContentsMargins(0, 0, 0, 0)
        self.score = QLabel(self.details)
        self.score.setObjectName("roll-score")
        self.dr = QLabel(self.details)
        self.dr.setObjectName("roll-dr-line")
        self.keep_note = QLabel(self.details)
        self.keep_note.setObjectName("roll-keep-note")
        self.outcome = QLabel(self.details)
        self.outcome.setObjectName("roll-outcome")
        self.outcome.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for label in (self.title, self.headline, self.score, self.dr, self.keep_note, self.outcome):
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
        for label in (self.score, self.dr, self.keep_note):
            details.addWidget(label)
        details.addWidget(self.outcome)
        details.addStretch(1)
        self.keep_group = QButtonGroup(self)
        self.keep_group.buttonToggled.connect(lambda _b, _on: self._update_settle())
        scroll = QScrollArea(self)
        scroll.setObjectName("roll-details")
        scroll.setWidget(self.details)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setMinimumHeight(self.fontMetrics().lineSpacing() * 2)  # two lines, then it scrolls
        box.addWidget(scroll, 1)
        self.choices = QWidget(self)
        """The buttons that finish a waiting roll (burn more, turn the table, settle)."""
        cbox = QVBoxLayout(self.choices)
        cbox.setContentsMargins(0, 0, 0, 0)
        self.burns = BurnPicker(immediate=True, parent=self.choices)
        self.burns.may_help = self._may_help
        self.may_settle = False
        self.may_aid = False
        """Another player's roll this window may aid from its own characters' hands."""
        cbox.addWidget(self.burns)
        self.turn = QPushButton(tr("Turn the Table"), self.choices)
        self.turn.setObjectName("turn-the-table")
        self.turn.setToolTip(
            tr("Burn a card from the roller's hand: the setback becomes a success")
        )
        self.turn.setMenu(QMenu(self.turn))
        self.consequence = QLineEdit(self.choices)
        self.consequence.setObjectName("roll-consequence")
        self.consequence.setPlaceholderText(tr("The GM's consequence (optional)"))
        self.consequence.setMaxLength(500)
        cbox.addWidget(self.consequence)
        self.settle = QPushButton(tr("Settle"), self.choices)
        self.settle.setObjectName("settle-button")
        self.settle.setDefault(True)  # drawn as the main action, like the Roll button
        self.settle.clicked.connect(lambda: self._settle(None))
        finish = FlowLayout()  # side by side when the dock is wide enough
        finish.addWidget(self.turn)
        finish.addWidget(self.settle)
        cbox.addLayout(finish)
        box.addWidget(self.choices)
        self.new_roll = QPushButton(tr("New roll"), self)
        if bridge is not None and bridge.limited:  # a player rolls what the GM sends
            self.new_roll.setText(tr("Done"))
            self.new_roll.setToolTip(
                tr("Put this outcome away: the rolls the GM sends you show here")
            )
        self.new_roll.setObjectName("new-roll")
        self.new_roll.clicked.connect(self.newRollRequested)
        box.addWidget(self.new_roll)
        self.turn_actions: dict[str, object] = {}

    # -- showing ----------------------------------------------------------------------------------

    def show_pending(self, roll: songs.TrialRoll, campaign: Campaign, *, tumble: bool) -> None:
        """Show a roll waiting to be settled (``tumble``: roll the d20 onto its number first).

        The same roll shown again (another change at the table) keeps the player's choices and
        only brings the hands up to date.
        """
        if roll == self.roll and self.outcome.isHidden() and not tumble:
            self._fill_hand_choices(roll, campaign)
            self.die.finish()
            return
        self.roll = roll
        self.may_settle = self._may(RESOLVE, {})
        self.may_aid = (  # another's setback this window may aid, the ruling allowing
            not self.may_settle
            and not roll.success
            and play_of(campaign).options.burns_after_roll
            and any(
                self._may(AID, {"by": c.id, "card": ""})
                for c in campaign.characters
                if c.id != roll.character_id
            )
        )
        self.title.setText(roll_title(roll))
        self.score.setText(score_line(roll))
        self.dr.setText(dr_line(roll))
        self.outcome.clear()
        self.outcome.hide()
        self.new_roll.hide()
        self._fill_cards(roll)
        self._fill_choices(roll, campaign)
        animate = tumble and not roll.physical
        if animate:
            self._set_headline(tr("Rolling…"), None)
            for w in (self.score, self.dr, self.keep_note, self.cards, self.choices):
                w.setVisible(False)
        self.die.roll_to(roll.d20, animate=animate)  # ``landed`` shows the outcome

    def _set_headline(self, text: str, success: bool | None) -> None:
        self.headline.setText(text)
        colour = "" if success is None else readable(SUCCESS if success else SETBACK, self)
        self.headline.setStyleSheet(f"color: {colour};" if colour else "")

    def reveal_outcome(self) -> None:
        """The d20 has landed: say what it means."""
        if self.roll is None:
            return
        self._set_headline(headline(self.roll), self.roll.success)
        for w in (self.score, self.dr, self.keep_note):
            w.setVisible(True)
        self.cards.setVisible(self.outcome.isHidden())
        self.choices.setVisible(self.outcome.isHidden() and (self.may_settle or self.may_aid))

    def show_settled(self, result: songs.TrialResult) -> None:
        """The roll is settled: its full explanation, and a way to the next roll."""
        self.roll = result.roll
        self.die.show_value(result.roll.d20)
        word = tr("Success") if result.success else tr("Setback")
        if result.turned:
            word = tr("{outcome} (the table turned)", outcome=word)
        self._set_headline(word, result.success)
        roll = result.roll
        self.title.setText(
            tr(
                "{name}: {attribute} {kind}, settled",
                name=roll.character_name,
                attribute=attribute_title(roll.attribute),
                kind=tr(KIND_WORDS[roll.kind]),
            )
        )
        self.score.setText(score_line(result.roll))
        self.dr.setText(dr_line(result.roll))
        self.keep_note.setText(
            tr("Kept {card}.", card=card_plain(result.kept)) if result.kept
            else tr("{name} {xp}.", name=roll.character_name, xp=say(result.xp.words()))
            if result.xp else ""
        )  # fmt: skip
        self.outcome.setText(sentence(say(result.words())))
        self.outcome.show()
        self.new_roll.show()
        self._clear_cards()
        self.cards.hide()
        self.choices.hide()

    # -- the choices ------------------------------------------------------------------------------

    def _may_help(self, helper: str) -> bool:
        """Whether this window may burn a card from ``helper``'s hand to aid the roll."""
        if self.may_settle:
            return self._may(ADD_BURN, {"burn": {"by": helper}})
        return self._may(AID, {"by": helper, "card": ""})

    def _may(self, kind: str, fields: dict[str, JsonValue]) -> bool:
        """Whether this window's user may ask for ``kind`` with ``fields`` (the host's check)."""
        return self.bridge is None or self.bridge.may(kind, fields)

    def _clear_cards(self) -> None:
        for button in self.keep_group.buttons():
            self.keep_group.removeButton(button)
            button.deleteLater()

    def _fill_cards(self, roll: songs.TrialRoll) -> None:
        self._clear_cards()
        earns = roll.kind is songs.RollKind.TRIAL and not roll.burns and bool(roll.revealed)
        any_red = any(c.is_red for c in roll.revealed)
        reds = [c for c in roll.revealed if c.is_red]
        first = reds[0] if reds else (roll.revealed[0] if roll.revealed else None)
        for card in roll.revealed:
            button = CardChoice(card, self)
            may = earns and roll.success and self.may_settle
            button.setEnabled(may and (card.is_red or not any_red))
            button.setChecked(button.isEnabled() and card == first)
            self.keep_group.addButton(button)
            self.cards_row.addWidget(button)

    def _fill_choices(self, roll: songs.TrialRoll, campaign: Campaign) -> None:
        note = keep_line(roll, sheet_of(campaign.character(roll.character_id)).xp)
        if not self.may_settle:
            note = tr(
                "{note} {name}'s player settles this roll.", note=note, name=roll.character_name
            )
        if self.may_aid:
            note = tr("{note} You may aid it with a card from your hand (Aid an Ally).", note=note)
        self.keep_note.setText(note)
        self.consequence.setVisible(not roll.success and self._may(RESOLVE, {"consequence": "?"}))
        self.consequence.clear()
        self.settle.setVisible(self.may_settle)  # an ally's window only aids
        self._fill_hand_choices(roll, campaign)
        self._update_settle()

    def _fill_hand_choices(self, roll: songs.TrialRoll, campaign: Campaign) -> None:
        """The burns and Turn the Table, which depend on the cards in hands."""
        # More burns matter only while the roll is a setback (on a success they cost the card).
        allowed = play_of(campaign).options.burns_after_roll and not roll.success
        self.burns.set_context(campaign, roll.character_id)
        self.burns.setVisible(allowed)
        for kind, button in self.burns.buttons.items():  # an ally's window: Aid an Ally alone
            button.setVisible(self.may_settle or kind is songs.BurnKind.AID_AN_ALLY)
        menu = self.turn.menu()
        assert menu is not None
        menu.clear()
        self.turn_actions.clear()
        hand = table_of(campaign).hands.get(roll.character_id, [])
        for code in hand:
            card = Card.from_code(code)
            act = menu.addAction(card_label(card))
            act.triggered.connect(lambda _c=False, x=card: self._settle(x))
            self.turn_actions[code] = act
        self.turn.setVisible(not roll.success and self.may_settle)
        self.turn.setEnabled(bool(hand))
        self.turn.setText(tr("Turn the Table") if hand else tr("Turn the Table (no cards in hand)"))

    def kept_card(self) -> Card | None:
        """The card picked to keep (None when there is none to take)."""
        button = self.keep_group.checkedButton()
        return button.card if isinstance(button, CardChoice) else None

    def _update_settle(self) -> None:
        roll = self.roll
        if roll is None:
            return
        kept = self.kept_card()
        if roll.success:
            self.settle.setText(
                tr("Take {card}", card=kept.name) if kept else tr("Settle the success")
            )
        elif roll.kind is songs.RollKind.TRIAL:
            self.settle.setText(tr("Accept the setback (mark XP)"))
        else:
            self.settle.setText(tr("Accept the setback"))

    def _settle(self, turn: Card | None) -> None:
        keep = self.kept_card() if turn is None else None
        consequence = self.consequence.text().strip()
        self.settleRequested.emit(ResolveTrial(keep, turn, consequence))
