"""The card table's keyboard cursor: which pile or card has the focus, and where it lies.

Up and Down step from pile to pile in reading order (the shared piles, then each character's),
Left and Right from card to card within the pile (Left from the first card comes back to the
pile itself), Home and End jump to the first and last pile. The cursor is kept by pile name and
card index, so it stays on its pile while cards come and go.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from saga_desktop.i18n import tr
from saga_desktop.model.visibility import PileView
from saga_desktop.ui.cardtable.scene import BACK, TableScene
from saga_desktop.ui.cardtable.words import PileEntry, card_position, reading_order

ItemKey = tuple[str, str]


class TableCursor:
    """Where the keyboard is on the table: a pile (``card`` -1) or one of its cards."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.pile = ""
        self.card = -1

    def entries(self) -> list[PileEntry]:
        """The table's piles in reading order, as the window's viewer may know them."""
        return reading_order(self.scene.piles, self.scene.names)

    def current(self) -> tuple[PileEntry, int] | None:
        """The pile under the cursor and the card index (-1 for the pile itself), kept valid."""
        entries = self.entries()
        if not entries:
            return None
        entry = next((e for e in entries if e.pile.name == self.pile), None)
        if entry is None:
            entry, self.card = entries[0], -1
            self.pile = entry.pile.name
        self.card = min(self.card, len(entry.cards) - 1)
        return entry, self.card

    def spoken(self) -> str:
        """What the cursor's place is called (a pile's name, or a card's with its place)."""
        found = self.current()
        if found is None:
            return tr("The card table is empty")
        entry, card = found
        return entry.name if card < 0 else card_position(entry, card)

    def move_pile(self, step: int, *, to_end: bool = False) -> bool:
        """Step to another pile (``to_end``: the first or last); False when there is none."""
        entries = self.entries()
        if not entries:
            return False
        names = [e.pile.name for e in entries]
        here = names.index(self.pile) if self.pile in names else -1
        if to_end:
            there = 0 if step < 0 else len(names) - 1
        elif here < 0:
            there = 0
        else:
            there = here + step
        if not 0 <= there < len(names) or (there == here and self.card < 0):
            return False
        self.pile, self.card = names[there], -1
        return True

    def move_card(self, step: int) -> bool:
        """Step to the next or previous card of the pile; False at either end."""
        found = self.current()
        if found is None:
            return False
        entry, card = found
        there = card + step
        if there < -1 or there >= len(entry.cards):
            return False
        self.card = there
        return True

    def put(self, pile: str, card: int = -1) -> None:
        """Put the cursor on a pile (and a card of it)."""
        self.pile, self.card = pile, card

    def put_at(self, point: QPointF) -> bool:
        """Put the cursor on the card or pile at a point of the scene; False when none is there."""
        for entry in self.entries():
            if not self.pile_rect(entry.pile).contains(point):
                continue
            cards = range(len(entry.cards))
            hit = [i for i in cards if self.card_rect(entry, i).contains(point)]
            self.put(entry.pile.name, hit[-1] if hit else -1)
            return True
        return False

    # -- where it is on the table --------------------------------------------------------------

    def pile_rect(self, pile: PileView) -> QRectF:
        """Where a pile lies in the scene (a stack and its caption, or a row's band)."""
        lay = self.scene.layout
        if not lay.has(pile.name):
            return QRectF()
        if lay.is_stack(pile.name):
            rect = lay.card_rect(lay.centre(pile.name))
            return rect.united(lay.caption_rect(pile.name))
        return lay.row_rect(pile.name)

    def card_rect(self, entry: PileEntry, index: int) -> QRectF:
        """Where a card of a pile lies (the pile's place when the card is under others)."""
        key = card_key(entry, index)
        item = self.scene.card_items.get(key) if key is not None else None
        if item is not None and item.isVisible():
            return item.sceneBoundingRect()
        return self.pile_rect(entry.pile)

    def rect(self) -> QRectF:
        """The scene rectangle the focus ring goes round."""
        found = self.current()
        if found is None:
            return QRectF()
        entry, card = found
        return self.pile_rect(entry.pile) if card < 0 else self.card_rect(entry, card)


def card_key(entry: PileEntry, index: int) -> ItemKey | None:
    """The scene item standing for a card of a pile (None when none stands for it)."""
    pile, card = entry.pile, entry.cards[index]
    if card is not None:
        return (pile.deck, card.code)
    if pile.kind == "row":
        return (BACK + pile.name, str(pile.count - 1 - index))
    return None
