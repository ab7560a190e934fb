"""What the players see beside the map: the region, the cards, the last roll, the oracle.

Everything here reads only what players may know: public region notes (never GM-only notes,
never hidden regions), the revealed cards, pile counts (never the draw pile's order), the hands,
and the results of rolls. User text is shown as plain text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from saga_desktop.model.campaign import Campaign, JournalEntry, Region
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import in_play, visible_entry, visible_piles
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cards import HandWidget
from saga_desktop.ui.cardtable.piles import pile_summary
from saga_desktop.ui.elide import TitledNote

READING_SCALE = 1.4
"""Text on the players' screen is this much larger than the desktop's: it is read from afar."""

RISK_WORDS = {0: "calm", 1: "low", 2: "uneasy", 3: "dangerous"}


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
    """The region at a hex if players may see it (charted and not hidden)."""
    region = campaign.map.region_at(q, r)
    return region if region is not None and not region.hidden else None


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
        self.frame, layout = _card("Where we are")
        self.title = TitledNote()  # a long title is cut to one line: the notes stay in sight
        self.title.setFont(reading_font(1.6, bold=True))
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.risk = _label(1.2)
        self.notes = _label(1.15)
        for w in (self.title, self.risk, self.notes):
            layout.addWidget(w)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.frame)

    def show_region(self, region: Region | None, heading: str = "Where we are") -> None:
        """Show a region players may see (or that the party is off the charted map)."""
        heading_label = self.frame.findChild(QLabel)
        if heading_label is not None:
            heading_label.setText(heading)
        if region is None:
            self.title.set_note("Uncharted lands")
            self.risk.setText("")
            self.notes.setText("Nobody has written about this place yet.")
        else:
            self.title.set_note(
                f"Region {region.number}" + (": " if region.title else ""), region.title
            )
            word = RISK_WORDS.get(region.risk, "perilous")
            self.risk.setText(f"Risk {region.risk} — {word}")
            self.notes.setText(region.notes.strip() or "No notes yet.")
        title = self.title.full_text()
        self.setAccessibleName(f"{title}. {self.risk.text()}. {self.notes.text()}")


class TablePanel(QFrame):
    """The cards on the table: the revealed row, pile counts and every hand.

    With the GM's card table scene (``mirror``) the players watch the same animated table;
    without it, the revealed row and the hands are drawn here as rows of cards.
    """

    def __init__(self, mirror: QWidget | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        frame, layout = _card("The cards")
        self.piles = _label(1.2)
        self.mirror = mirror
        self.revealed = HandWidget("No cards revealed", height=96)
        self.revealed.setFont(reading_font())
        layout.addWidget(self.piles)
        if mirror is not None:
            layout.addWidget(mirror)
            self.revealed.hide()
        layout.addWidget(self.revealed)
        self.hands_box = QWidget()
        self.hands_box.setVisible(mirror is None)
        self.hands = QGridLayout(self.hands_box)
        self.hands.setContentsMargins(0, 6, 0, 0)
        self.hands.setColumnStretch(1, 1)
        layout.addWidget(self.hands_box)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        self._hand_rows: dict[str, tuple[QLabel, HandWidget]] = {}

    def show_table(self, campaign: Campaign) -> None:
        """Show the table as it is now: only what the table may see (the visibility function)."""
        piles = visible_piles(campaign, Viewer.TABLE)
        self.piles.setText(pile_summary(piles))
        shared = next((p for p in piles if p.kind == "row" and p.owner is None), None)
        self.revealed.set_cards([Card.from_code(c) for c in (shared.cards or [])] if shared else [])
        hands = {p.owner: p for p in piles if p.kind == "row" and p.owner is not None}
        playing = in_play(campaign)  # a character the GM has not accepted takes no part
        wanted = [c.id for c in playing]
        for cid in list(self._hand_rows):
            if cid not in wanted:
                name, hand = self._hand_rows.pop(cid)
                name.deleteLater()
                hand.deleteLater()
        for row, character in enumerate(playing):
            if character.id not in self._hand_rows:
                hand = HandWidget("no cards", 64)
                hand.setFont(reading_font())
                self._hand_rows[character.id] = (_label(1.1, bold=True, wrap=False), hand)
            name, hand = self._hand_rows[character.id]
            name.setText(character.name)
            shown = hands.get(character.id)
            hand.set_cards([Card.from_code(c) for c in (shown.cards or [])] if shown else [])
            self.hands.addWidget(name, row, 0)
            self.hands.addWidget(hand, row, 1)


class ResultPanel(QFrame):
    """The last roll (or oracle answer) in large type, with its explanation."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        frame, layout = _card("Last roll")
        self.headline = _label(2.2, bold=True)
        self.explanation = _label(1.15)
        layout.addWidget(self.headline)
        layout.addWidget(self.explanation)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)

    def show_entry(self, entry: JournalEntry | None) -> None:
        """Show a journal entry players may read (or nothing yet)."""
        if entry is None:
            self.headline.setText("No rolls yet")
            self.explanation.setText("")
        else:
            self.headline.setText(headline_of(entry))
            self.explanation.setText(entry.text)
        self.setAccessibleName(f"{self.headline.text()}. {self.explanation.text()}")


def headline_of(entry: JournalEntry) -> str:
    """A short, big headline for a result: Success!, Setback, Strong yes..."""
    details = entry.details
    kind = details.get("type")
    if entry.kind == "oracle":
        answer = str(details.get("answer", "")).replace("_", " ").strip()
        return answer.capitalize() if answer else "The oracle answers"
    d20 = details.get("d20")
    if kind in ("TrialRoll", "AttackRoll", "DefenceRoll"):
        return f"d20 shows {d20}: not settled yet" if d20 is not None else "Rolling…"
    success = details.get("success")
    if isinstance(success, bool):
        roll = details.get("roll")
        natural = roll.get("d20") if isinstance(roll, dict) else None
        word = "Success!" if success else "Setback"
        if details.get("turned"):
            word = "Turned the table!"
        if natural in (1, 20):
            word += f" (natural {natural})"
        return word
    wins = details.get("wins")
    if isinstance(wins, int):
        return f"{wins} win{'s' if wins != 1 else ''}"
    return entry.kind.replace("-", " ").capitalize()
