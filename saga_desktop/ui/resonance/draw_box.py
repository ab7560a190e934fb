"""One character's drawn cards as buttons, with what each would leave, and the order list.

Each button shows the card's effective value; a resonating card is in bold with its bonus
("Q♣ 17 (+5)"), a tick marks every card that would meet the DC, and the card picked in a group
check is filled and checked. No card draws a frame of its own, so the keyboard's focus frame
is never taken for a pick. Under each button is the deck the choice would leave. The
list below holds the other cards as they go under the deck (drag to reorder; the top of the
list comes back up first). In an opposed check the cards lie face down until their side looks.
A side or member whose card is in shows only that it has played, waiting for the others.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, trn
from saga_desktop.i18n.words import say
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import Card
from saga_desktop.ui.resonance.words import plain_label, stat_title

PICKED = "QPushButton { background: #2f6f4f; color: white; padding: 4px; }"
COLUMNS = 3  # cards a row: five drawn cards wrap rather than widen the dock


class DrawBox(QFrame):
    """A draw as choices. ``mode`` is ``single``, ``opposed`` or ``group``."""

    picked = Signal(str, object, object)
    """(character id, the card, the other cards in the order chosen)."""

    look = Signal(str)
    """The side asks to see its face-down cards (opposed checks)."""

    def __init__(
        self,
        draw: resonance.Draw,
        options: tuple[resonance.PlayOption, ...],
        mode: str,
        *,
        face_down: bool = False,
        played: str = "",
        selected: Card | None = None,
        count: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.draw = draw
        self.setObjectName(f"draw-{draw.character_id}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        head = tr(
            "{name}: {stat} {value}",
            name=draw.character_name,
            stat=stat_title(draw.stat),
            value=draw.stat_value,
        )
        drawn = len(draw.cards) or count or 0  # a player's seat sees only the count of another's
        if drawn < draw.asked:
            head = tr(
                "{head} ({drawn} of {asked} cards could be drawn)",
                head=head,
                drawn=drawn,
                asked=draw.asked,
            )
        self.title = plain_label(head)
        layout.addWidget(self.title)
        self.buttons: dict[Card, QPushButton] = {}
        self.order = QListWidget()
        if played:  # the card is in: the line says so (and which card, where it is public)
            self.played = plain_label(played)
            self.played.setObjectName("played")
            layout.addWidget(self.played)
            return
        if face_down:
            self.look_button = QPushButton(
                tr("Look at {name}'s cards and choose", name=draw.character_name)
            )
            self.look_button.setObjectName("look")
            self.look_button.clicked.connect(lambda: self.look.emit(draw.character_id))
            layout.addWidget(plain_label(trn("{n} card face down", "{n} cards face down", drawn)))
            layout.addWidget(self.look_button)
            return
        if not draw.cards:
            button = QPushButton(tr("No card to play: the check fails"))
            button.clicked.connect(lambda: self.picked.emit(draw.character_id, None, ()))
            layout.addWidget(button)
            self.none_button = button
            return
        grid = QGridLayout()
        for i, option in enumerate(options):
            row, col = 2 * (i // COLUMNS), i % COLUMNS
            grid.addWidget(self._button(option, mode, selected), row, col)
            meter = plain_label(
                tr(
                    "leaves {deck}: {high} high, {matching} {suit}",
                    deck=option.meter.deck,
                    high=option.meter.high,
                    matching=option.meter.matching,
                    suit=draw.stat.suit.symbol,
                )
            )
            meter.setToolTip(option.meter.explain())
            grid.addWidget(meter, row + 1, col)
        layout.addLayout(grid)
        if len(draw.cards) > 1:
            layout.addWidget(
                plain_label(tr("Under the deck (drag to reorder; the top comes back first):"))
            )
            self.order.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
            self.order.setMaximumHeight(24 * len(draw.cards) + 8)
            for card in draw.cards:
                item = QListWidgetItem(str(card))
                item.setData(Qt.ItemDataRole.UserRole, card.code)
                self.order.addItem(item)
            layout.addWidget(self.order)

    def _button(
        self, option: resonance.PlayOption, mode: str, selected: Card | None
    ) -> QPushButton:
        choice = option.choice
        text = f"{choice.card}  {choice.effective}"
        if choice.resonates:
            text += f" (+{self.draw.stat_value})"
        if mode != "opposed" and choice.passes:
            text += "  ✓"
        button = QPushButton(text)
        button.setObjectName(f"card-{choice.card.code}")
        # A click picks the card and rebuilds the boxes; a card that took focus by the click
        # would hand it on to a card of the next box, whose focus frame looks like a pick.
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        if mode != "opposed":
            tip = say(choice.words())
        elif choice.resonates:
            tip = tr("{card} {value} (resonance)", card=choice.card.name, value=choice.effective)
        else:
            tip = tr("{card} {value}", card=choice.card.name, value=choice.effective)
        button.setToolTip(tip)
        if choice.resonates:
            font = button.font()
            font.setBold(True)
            button.setFont(font)
        if choice.card == selected:
            button.setCheckable(True)
            button.setChecked(True)
            button.setStyleSheet(PICKED)
            button.setAccessibleName(tr("{card}, picked", card=choice.card.name))
        button.clicked.connect(lambda _c=False, card=choice.card: self._pick(card))
        self.buttons[choice.card] = button
        return button

    def rest_order(self, card: Card) -> tuple[Card, ...]:
        """The other cards in the order the list shows them."""
        codes = [
            str(self.order.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.order.count())
        ]
        if not codes:
            return tuple(c for c in self.draw.cards if c != card)
        return tuple(Card.from_code(c) for c in codes if c != card.code)

    def _pick(self, card: Card) -> None:
        self.picked.emit(self.draw.character_id, card, self.rest_order(card))
