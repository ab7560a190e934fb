"""What the players see beside the map: the region, the cards, the last roll, the oracle.

Everything here reads only what players may know, through :mod:`saga_desktop.model.visibility`:
public region notes (never GM-only notes, never hidden regions), the revealed cards, pile counts
(never the draw pile's order), the hands, and the results of rolls. User text is shown as plain
text, wrapped rather than cut; cards are drawn at least a fifth of the screen's height.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.model.campaign import Campaign, JournalEntry, Region
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Ruleset, Viewer
from saga_desktop.model.visibility import in_play, visible_entry, visible_piles
from saga_desktop.model.visibility import visible_region as table_may_see
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cards import CARD_RATIO, HandWidget
from saga_desktop.ui.cardtable.piles import pile_summary
from saga_desktop.ui.elide import TitledNote
from saga_desktop.ui.player.fit_label import FitLabel

READING_SCALE = 1.4
"""Text on the players' screen is this much larger than the desktop's: it is read from afar."""

RISK_WORDS = {0: tr_noop("calm"), 1: tr_noop("low"), 2: tr_noop("uneasy"), 3: tr_noop("dangerous")}
ANSWER_WORDS = {
    "strong_yes": tr_noop("Strong yes"),
    "weak_yes": tr_noop("Weak yes"),
    "no": tr_noop("No"),
}


def reading_font(size: float = 1.0, bold: bool = False) -> QFont:
    """The application's font, enlarged for the players' screen."""
    font = QFont(QApplication.font())
    font.setPointSizeF(font.pointSizeF() * READING_SCALE * size)
    font.setBold(bold)
    return font


def _label(size: float = 1.0, bold: bool = False, wrap: bool = True) -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    label.setFont(reading_font(size, bold))
    label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
    return label


def _card(title: str) -> tuple[QFrame, QVBoxLayout]:
    frame = QFrame()
    frame.setObjectName("playerPanel")
    frame.setFrameShape(QFrame.Shape.StyledPanel)
    layout = QVBoxLayout(frame)
    heading = _label(1.1, bold=True)
    heading.setText(title)
    layout.addWidget(heading)
    return frame, layout


def visible_region(campaign: Campaign, q: int, r: int) -> Region | None:
    """The region at a hex as the table may see it (charted and not hidden, no GM-only note)."""
    region = campaign.map.region_at(q, r)
    return table_may_see(region, Viewer.TABLE) if region is not None else None


def last_public_result(campaign: Campaign) -> JournalEntry | None:
    """The newest result (a roll, a check) the table may see: the game says which kinds."""
    game = find_ruleset(campaign.ruleset)
    for entry in reversed(campaign.journal):
        if entry.kind in game.result_kinds and visible_entry(entry, Viewer.TABLE, game):
            return entry
    return None


class RegionPanel(QFrame):
    """The region the party stands in (or one the GM shows): number, title, risk, public notes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frame, layout = _card(tr("Where we are"))
        self.title = TitledNote()  # a long title is cut to one line: the notes stay in sight
        self.title.setFont(reading_font(1.6, bold=True))
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.risk = _label(1.2)
        self.notes = FitLabel(reading_font(1.15))  # as much as the screen has room for
        for w in (self.title, self.risk, self.notes):
            layout.addWidget(w)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.frame)

    def show_region(self, region: Region | None, heading: str = "", *, risk: bool = True) -> None:
        """Show a region players may see (or that the party is off the charted map).

        ``risk`` is False in a game whose regions have no risk rating: none is shown.
        """
        heading_label = self.frame.findChild(QLabel)
        if heading_label is not None:
            heading_label.setText(heading or tr("Where we are"))
        if region is None:
            self.title.set_note(tr("Uncharted lands"))
            self.risk.setText("")
            self.notes.set_full_text(tr("Nobody has written about this place yet."))
        else:
            self.title.set_note(
                tr("Region {number}: ", number=region.number)
                if region.title
                else tr("Region {number}", number=region.number),
                region.title,
            )
            word = tr(RISK_WORDS.get(region.risk, tr_noop("perilous")))
            self.risk.setText(
                tr("Risk {risk} — {word}", risk=region.risk, word=word) if risk else ""
            )
            self.notes.set_full_text(region.notes.strip() or tr("No notes yet."))
        self.risk.setVisible(bool(self.risk.text()))
        title = self.title.full_text()
        self.setAccessibleName(f"{title}. {self.risk.text()}. {self.notes.full_text()}")


class PlayerHand(HandWidget):
    """A row of cards whose size follows the players' screen."""

    def set_card_height(self, height: int) -> None:
        """Draw the cards ``height`` pixels tall."""
        if height != self._height:
            self._height = height
            self.set_cards(self.cards)


class TablePanel(QFrame):
    """The cards on the table: the pile counts, the revealed row and every character's cards.

    A strip across the bottom of the players' screen; a game without cards hides it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        frame, layout = _card(tr("The cards"))
        first = layout.itemAt(0)
        heading = first.widget() if first is not None else None
        if heading is not None:
            heading.hide()  # the pile counts say it, on one line less
        self.piles = _label(1.1, bold=True)
        self.piles.setObjectName("piles")
        layout.addWidget(self.piles)
        self.card_height = 96
        self.revealed = PlayerHand(tr("No cards revealed"), self.card_height)
        self.revealed.setFont(reading_font())
        self.revealed_name = _label(1.1, bold=True)
        self.revealed_name.setText(tr("On the table"))
        # Names in one row, cards in the next: every card starts at the same height.
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(24)
        layout.addLayout(self.grid)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        self._hand_rows: dict[str, tuple[QLabel, PlayerHand]] = {}

    def _place(self, groups: list[tuple[QLabel, PlayerHand]]) -> None:
        """Lay the groups out side by side, the room left over after the last one."""
        bottom_left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom
        top_left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        for column, (name, hand) in enumerate(groups):
            self.grid.addWidget(name, 0, column, bottom_left)
            self.grid.addWidget(hand, 1, column, top_left)
            self.grid.setColumnStretch(column, 0)
        for column in range(len(groups), self.grid.columnCount() + 1):
            self.grid.setColumnStretch(column, 1 if column == len(groups) else 0)

    def set_card_height(self, height: int) -> None:
        """Draw every card ``height`` pixels tall (a fifth of the players' screen)."""
        self.card_height = height
        for hand in (self.revealed, *(h for _n, h in self._hand_rows.values())):
            hand.set_card_height(height)
        for name, _hand in self._hand_rows.values():
            self._fit_name(name)

    def _fit_name(self, name: QLabel) -> None:
        """A name on one line where it fits in two cards' width, else wrapped: never cut."""
        widest = max(160, round(self.card_height / CARD_RATIO * 2.2))
        name.setMaximumWidth(widest)
        name.setMinimumWidth(min(name.fontMetrics().horizontalAdvance(name.text()) + 4, widest))

    def show_table(self, campaign: Campaign) -> None:
        """Show the table as it is now: only what the table may see (the visibility function)."""
        piles = visible_piles(campaign, Viewer.TABLE)
        self.setVisible(bool(piles))
        summary = pile_summary(piles)
        self.piles.setText(
            tr("The cards: {summary}", summary=summary) if summary else tr("The cards")
        )
        shared = next((p for p in piles if p.kind == "row" and p.owner is None), None)
        self.revealed.set_cards([Card.from_code(c) for c in (shared.cards or [])] if shared else [])
        self.revealed_name.setVisible(shared is not None)
        self.revealed.setVisible(shared is not None)
        hands = {p.owner: p for p in piles if p.kind == "row" and p.owner is not None}
        playing = in_play(campaign)  # a character the GM has not accepted takes no part
        wanted = [c.id for c in playing if c.id in hands]
        for cid in list(self._hand_rows):
            if cid not in wanted:
                name, hand = self._hand_rows.pop(cid)
                name.deleteLater()
                hand.deleteLater()
        for character in playing:
            shown = hands.get(character.id)
            if shown is None:
                continue
            if character.id not in self._hand_rows:
                hand = PlayerHand(tr("no cards"), self.card_height)
                hand.setFont(reading_font())
                name = _label(1.1, bold=True)
                self._hand_rows[character.id] = (name, hand)
            name, hand = self._hand_rows[character.id]
            name.setText(character.name)
            self._fit_name(name)
            hand.set_cards([Card.from_code(c) for c in (shown.cards or [])])
        groups = [(self.revealed_name, self.revealed)] if shared is not None else []
        self._place(groups + [self._hand_rows[cid] for cid in wanted])


class ResultPanel(QFrame):
    """The last roll (or oracle answer) in large type, with its explanation."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        frame, layout = _card(tr("Last roll"))
        self.headline = _label(2.0, bold=True)
        self.explanation = FitLabel(reading_font(1.15))
        layout.addWidget(self.headline)
        layout.addWidget(self.explanation)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)

    def show_entry(self, entry: JournalEntry | None, game: Ruleset | None = None) -> None:
        """Show a journal entry players may read (or nothing yet), in ``game``'s words."""
        if entry is None:
            self.headline.setText(tr("No rolls yet"))
            self.explanation.set_full_text("")
        else:
            said = game.headline(entry) if game is not None else None
            self.headline.setText(said or headline_of(entry))
            self.explanation.set_full_text(entry.said)
        self.setAccessibleName(f"{self.headline.text()}. {self.explanation.full_text()}")


def headline_of(entry: JournalEntry) -> str:
    """A short, big headline for a result: Success!, Setback, Strong yes..."""
    details = entry.details
    kind = details.get("type")
    if entry.kind == "oracle":
        answer = ANSWER_WORDS.get(str(details.get("answer", "")))
        return tr(answer) if answer else tr("The oracle answers")
    d20 = details.get("d20")
    if kind in ("TrialRoll", "AttackRoll", "DefenceRoll"):
        if d20 is None:
            return tr("Rolling…")
        return tr("Rolled {d20}: still to be decided", d20=d20)
    success = details.get("success")
    if isinstance(success, bool):
        roll = details.get("roll")
        natural = roll.get("d20") if isinstance(roll, dict) else None
        word = tr("Success!") if success else tr("Setback")
        if details.get("turned"):
            word = tr("Turned the table!")
        if natural in (1, 20):
            return tr("{outcome} (natural {d20})", outcome=word, d20=natural)
        return word
    wins = details.get("wins")
    if isinstance(wins, int):
        return trn("{n} win", "{n} wins", wins)
    return tr("Last event")
