"""One Resonance character's sheet as a dock: stats with suits, deck, fatigue, and the meter."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, trc, trn
from saga_desktop.model.resonance.ops.characters import EditStats, Rest
from saga_desktop.model.resonance.state import sheet_of
from saga_desktop.model.resonance.table import cards_of, deck_pile, fatigue_pile, pile_names
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import FULL_DECK, Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cards import card_plain
from saga_desktop.ui.gate import edit_only, local
from saga_desktop.ui.resonance.words import plain_label, stat_title


class FatigueViewer(QDialog):
    """The fatigue pile face up, newest first."""

    def __init__(self, name: str, cards: list[Card], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("{name}: fatigue", name=name))
        self.list = QListWidget()
        for card in reversed(cards):
            self.list.addItem(tr("{card}  ({name})", card=card.name, name=card_plain(card)))
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(trn("{n} card, newest first", "{n} cards, newest first", len(cards)))
        )
        layout.addWidget(self.list)


class SheetDock(QDockWidget):
    """A character's sheet; stat edits and rests go through operations."""

    def __init__(self, bridge: SessionBridge, character_id: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.character_id = character_id
        self.setObjectName(f"sheet-{character_id}")
        body = QWidget()
        layout = QVBoxLayout(body)
        self.header = plain_label()
        font = self.header.font()
        font.setBold(True)
        self.header.setFont(font)
        layout.addWidget(self.header)
        grid = QGridLayout()
        grid.setColumnStretch(2, 1)
        self.stats: dict[resonance.Stat, QSpinBox] = {}
        self.meters: dict[resonance.Stat, QLabel] = {}
        for row, stat in enumerate(resonance.Stat):
            box = QSpinBox()
            box.setRange(resonance.STAT_MIN, resonance.STAT_MAX)
            box.setObjectName(f"stat-{stat.value}")
            box.setAccessibleName(stat_title(stat))
            self.stats[stat] = box
            meter = plain_label()  # wraps in a narrow dock rather than widening it
            meter.setObjectName(f"meter-{stat.value}")
            self.meters[stat] = meter
            grid.addWidget(QLabel(stat_title(stat)), row, 0)
            grid.addWidget(box, row, 1)
            grid.addWidget(meter, row, 2)
        layout.addLayout(grid)
        self.apply_stats = edit_only(QPushButton(tr("Set stats")))  # hidden where closed
        self.apply_stats.clicked.connect(self._set_stats)
        layout.addWidget(self.apply_stats)
        self.deck = QLabel()
        self.deck.setObjectName("deck-count")
        layout.addWidget(self.deck)
        self.fatigue = QLabel()
        self.fatigue.setObjectName("fatigue-count")
        layout.addWidget(self.fatigue)
        row_box = QHBoxLayout()  # the count above its buttons: the row fits a narrow dock
        self.view_fatigue = local(QPushButton(tr("View fatigue…")))
        self.view_fatigue.clicked.connect(self.show_fatigue)
        self.rest = edit_only(QPushButton(trc("verb", "Rest")))
        self.rest.setToolTip(tr("Shuffle the fatigue pile back into the deck"))
        self.rest.clicked.connect(lambda: self.bridge.apply(Rest(self.character_id), self))
        row_box.addWidget(self.view_fatigue)
        row_box.addWidget(self.rest)
        layout.addLayout(row_box)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self.refresh()

    def refresh(self) -> None:
        """Show the character as the campaign has them now."""
        campaign = self.bridge.session.campaign
        try:
            character = campaign.character(self.character_id)
        except KeyError:
            return
        sheet = sheet_of(character)
        self.setWindowTitle(character.name)
        details = " · ".join(x for x in (sheet.pronouns, sheet.concept, character.player) if x)
        self.header.setText(character.name + (f"\n{details}" if details else ""))
        for stat, box in self.stats.items():
            box.blockSignals(True)
            box.setValue(sheet.stat(stat))
            box.blockSignals(False)
        if deck_pile(self.character_id) not in campaign.piles:
            # A seat sees no cards of a character the GM has not accepted yet.
            for meter in self.meters.values():
                meter.setText("")
            self.deck.setText(tr("Deck: none until the GM accepts this character"))
            self.fatigue.setText("")
            self.view_fatigue.setEnabled(False)
            self.rest.setEnabled(False)
            return
        deck, drawn, fatigue = (campaign.piles.get(n, []) for n in pile_names(self.character_id))
        # Drawn cards count as the deck's until one is played: an opposed check's cards lie face
        # down, and a meter that dropped at the draw would tell their suits.
        unplayed = self._unplayed()
        for stat in self.stats:
            m = resonance.DeckMeter.of(unplayed, len(fatigue), stat)
            self.meters[stat].setText(
                tr(
                    "{matching} {suit} left, {high} high",
                    matching=m.matching,
                    suit=stat.suit.symbol,
                    high=m.high,
                )
            )
        if drawn:
            self.deck.setText(
                tr("Deck: {deck} cards, {drawn} drawn", deck=len(deck), drawn=len(drawn))
            )
        else:
            self.deck.setText(tr("Deck: {deck} cards", deck=len(deck)))
        self.fatigue.setText(tr("Fatigue: {count}", count=len(fatigue)))
        self.view_fatigue.setEnabled(bool(fatigue))
        self.rest.setEnabled(bool(fatigue) and not drawn)

    def _unplayed(self) -> list[Card]:
        """The cards not in the fatigue pile (in the deck, or drawn and not yet played)."""
        campaign = self.bridge.session.campaign
        try:
            cards = cards_of(campaign, self.character_id)
        except ValueError:  # a player's seat, while another's opposed draw lies face down
            tired = set(campaign.piles.get(fatigue_pile(self.character_id), []))
            return [c for c in FULL_DECK if c.code not in tired]
        return [*cards.deck, *cards.drawn]

    def show_fatigue(self) -> FatigueViewer:
        """Open the fatigue pile viewer (the pile lies face up at every seat)."""
        codes = self.bridge.session.campaign.piles.get(fatigue_pile(self.character_id), [])
        viewer = FatigueViewer(self.windowTitle(), [Card.from_code(c) for c in codes], self)
        viewer.show()
        return viewer

    def _set_stats(self) -> None:
        h, b, m, s = (self.stats[stat].value() for stat in resonance.Stat)
        if self.bridge.apply(EditStats(self.character_id, (h, b, m, s)), self) is None:
            self.refresh()
