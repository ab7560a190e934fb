"""Where every card lies on the card table: pure geometry in scene units, no items.

The scene is a table the view scales to fit: the draw pile, the discard pile and the revealed
row along the top, the draw pile's red/black meter under it, then the hands in one to three
columns (more columns suit a wide, short dock).
A card's position is the centre of the card, so it can flip and lift around its middle.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from saga_desktop.rules.cards import Card

CARD_W = 60.0
CARD_H = 84.0
MARGIN = 16.0
LABEL_H = 24.0
PILE_GAP = 30.0
REVEAL_GAP = 8.0
REVEAL_SLOTS = 6
HAND_LABEL_W = 122.0
HAND_GAP = 6.0
HAND_ROW_H = CARD_H + 24.0
HAND_W = 628.0
"""A hand's width when there is room; a narrow dock gets narrower hands (down to HAND_W_MIN)."""
HAND_W_MIN = 420.0
COLUMN_GAP = 28.0
MAX_COLUMNS = 3
VISIBLE_IN_PILE = 3
"""Only the top cards of a pile are drawn; the pile's base item draws its thickness."""

DRAW = "draw"
DISCARD = "discard"
REVEALED = "revealed"
HAND = "hand"


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a card is.

    A place (``draw``, ``discard``, ``revealed`` or ``hand``), its owner for a hand, its index in
    that place (bottom to top, left to right) and how many cards are there.
    """

    place: str
    owner: str | None
    index: int
    count: int

    @property
    def key(self) -> tuple[str, str | None]:
        """The place and owner, without the index: a card that changes key has moved."""
        return self.place, self.owner

    @property
    def face_up(self) -> bool:
        """Every card but those in the draw pile lies face up."""
        return self.place != DRAW

    @property
    def in_pile(self) -> bool:
        """True for the draw and discard piles."""
        return self.place in (DRAW, DISCARD)

    @property
    def visible(self) -> bool:
        """Piles show only their top cards; everything else is shown."""
        return not self.in_pile or self.index >= self.count - VISIBLE_IN_PILE


def spots_of(
    draw: Sequence[str],
    discard: Sequence[str],
    revealed: Sequence[str],
    hands: Mapping[str, Sequence[str]],
) -> dict[Card, Spot]:
    """Every card's spot, from the saved table's card codes."""
    out: dict[Card, Spot] = {}
    places: list[tuple[str, str | None, Sequence[str]]] = [
        (DRAW, None, draw),
        (DISCARD, None, discard),
        (REVEALED, None, revealed),
    ]
    places += [(HAND, owner, cards) for owner, cards in hands.items()]
    for place, owner, codes in places:
        for i, code in enumerate(codes):
            out[Card.from_code(code)] = Spot(place, owner, i, len(codes))
    return out


class TableLayout:
    """Positions on the table for a given list of hands (in the party's order)."""

    def __init__(
        self, hand_ids: Iterable[str] = (), columns: int = 1, hand_width: float = HAND_W
    ) -> None:
        self.hand_ids = list(hand_ids)
        self.columns = max(1, min(MAX_COLUMNS, columns))
        self.hand_width = max(HAND_W_MIN, min(HAND_W, hand_width))
        self.width = 2 * MARGIN + self.columns * self.hand_width + (self.columns - 1) * COLUMN_GAP
        top = MARGIN + LABEL_H
        self.draw_centre = QPointF(MARGIN + CARD_W / 2, top + CARD_H / 2)
        self.discard_centre = QPointF(self.draw_centre.x() + CARD_W + PILE_GAP, top + CARD_H / 2)
        self.reveal_left = self.discard_centre.x() + CARD_W / 2 + PILE_GAP + 10
        self.meter_rect = QRectF(MARGIN, top + CARD_H + 12, 2 * CARD_W + PILE_GAP, 8)
        self.hands_top = self.meter_rect.bottom() + 34

    @classmethod
    def fitting(cls, hand_ids: Iterable[str], columns: int, width: float) -> TableLayout:
        """The layout with ``columns`` columns of hands as wide as ``width`` allows."""
        hand = (width - 2 * MARGIN - (columns - 1) * COLUMN_GAP) / columns
        return cls(hand_ids, columns, hand)

    @property
    def shape(self) -> tuple[int, float]:
        """The columns and the hand width."""
        return self.columns, self.hand_width

    # -- areas ----------------------------------------------------------------------------------

    @property
    def scene_rect(self) -> QRectF:
        """The whole table."""
        rows = max(1, -(-len(self.hand_ids) // self.columns))
        return QRectF(0, 0, self.width, self.hands_top + rows * HAND_ROW_H + MARGIN)

    def card_rect(self, centre: QPointF) -> QRectF:
        """A card's rectangle around its centre."""
        return QRectF(centre.x() - CARD_W / 2, centre.y() - CARD_H / 2, CARD_W, CARD_H)

    @property
    def reveal_rect(self) -> QRectF:
        """The revealed row's area."""
        top = MARGIN + LABEL_H
        return QRectF(self.reveal_left - 6, top - 6, self.width - MARGIN - self.reveal_left + 12,
                      CARD_H + 12)  # fmt: skip

    def _cell(self, owner: str) -> tuple[int, int]:
        index = self.hand_ids.index(owner) if owner in self.hand_ids else len(self.hand_ids)
        return divmod(index, self.columns)

    def hand_row_top(self, owner: str) -> float:
        """The top of a hand's row."""
        return self.hands_top + self._cell(owner)[0] * HAND_ROW_H

    def hand_left(self, owner: str) -> float:
        """The left edge of a hand's column."""
        return MARGIN + self._cell(owner)[1] * (self.hand_width + COLUMN_GAP)

    def hand_rect(self, owner: str) -> QRectF:
        """A hand's area: its owner's name, then the cards."""
        return QRectF(self.hand_left(owner), self.hand_row_top(owner), self.hand_width, CARD_H)

    # -- positions ------------------------------------------------------------------------------

    def reveal_slot(self, index: int, count: int) -> QPointF:
        """The centre of slot ``index`` of a revealed row holding ``count`` cards."""
        width = self.width - MARGIN - self.reveal_left - CARD_W
        step = CARD_W + REVEAL_GAP
        if count > 1 and step * (count - 1) > width:
            step = width / (count - 1)
        return QPointF(self.reveal_left + CARD_W / 2 + index * step, self.draw_centre.y())

    def hand_slot(self, owner: str, index: int, count: int) -> QPointF:
        """The centre of card ``index`` of a hand of ``count`` cards."""
        left = self.hand_left(owner) + HAND_LABEL_W
        width = self.hand_width - HAND_LABEL_W - CARD_W
        step = CARD_W + HAND_GAP
        if count > 1 and step * (count - 1) > width:
            step = width / (count - 1)
        top = self.hand_row_top(owner)
        return QPointF(left + CARD_W / 2 + index * step, top + CARD_H / 2)

    def position(self, spot: Spot) -> QPointF:
        """Where a card in ``spot`` rests."""
        if spot.place == DRAW:
            return QPointF(self.draw_centre)
        if spot.place == DISCARD:
            return QPointF(self.discard_centre)
        if spot.place == REVEALED:
            return self.reveal_slot(spot.index, spot.count)
        return self.hand_slot(spot.owner or "", spot.index, spot.count)

    @staticmethod
    def z_value(spot: Spot) -> float:
        """Stacking order at rest: later cards of a place lie on top."""
        return 1.0 + spot.index * 0.01
