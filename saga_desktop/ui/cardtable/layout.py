"""Where every card lies on the card table: pure geometry in scene units, no items.

The table is a set of *lanes*, one per owner of piles: the shared piles (no owner) along the
top, then a lane per character in one to three columns (more columns suit a wide, short dock).
Each lane lays out its *stacks* (a pile shown as its top card with a count) from the left and
fans its *rows* out in the width that is left. A character's lane starts with a label column
(the name and a count). A card's position is the centre of the card, so it can flip and lift
around its middle. Text sizes come from the application's font (``text``, in scene pixels).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF

CARD_W = 60.0
CARD_H = 84.0
MARGIN = 16.0
PILE_GAP = 30.0
REVEAL_GAP = 8.0
HAND_GAP = 6.0
LANE_W = 628.0
"""A lane's width when there is room; a narrow dock gets narrower lanes (down to LANE_W_MIN)."""
LANE_W_MIN = 420.0
ROW_MIN = 2 * CARD_W + REVEAL_GAP
COLUMN_GAP = 28.0
MAX_COLUMNS = 3
VISIBLE_IN_PILE = 3
"""Only the top cards of a stack are drawn; the stack's base item draws its thickness."""
TEXT = 13.0
"""The scene's base text size in pixels at the application's usual font."""


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a card item is: its pile (and the pile's owner and kind), index and the pile's size.

    ``face_up`` is False only for the backs that stand for a face-down pile's cards.
    """

    pile: str
    owner: str | None
    index: int
    count: int
    stack: bool
    face_up: bool = True

    @property
    def key(self) -> str:
        """The pile, without the index: a card that changes key has moved."""
        return self.pile

    @property
    def in_pile(self) -> bool:
        """True for stacks (their cards lie on one another)."""
        return self.stack

    @property
    def visible(self) -> bool:
        """Stacks show only their top cards; rows show every card."""
        return not self.stack or self.index >= self.count - VISIBLE_IN_PILE


@dataclass(frozen=True, slots=True)
class LaneShape:
    """One lane: its owner (None for the shared piles), its stacks and rows by pile name."""

    owner: str | None
    stacks: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    meter: str | None = None
    """The shared face-down stack whose red/black split is drawn under it, if any."""


@dataclass(slots=True)
class _Area:
    centre: QPointF | None = None
    rect: QRectF = field(default_factory=QRectF)


class TableLayout:
    """Positions on the table for its lanes (shared lane first, then the characters')."""

    def __init__(
        self,
        lanes: Sequence[LaneShape] = (),
        columns: int = 1,
        lane_width: float = LANE_W,
        text: float = TEXT,
    ) -> None:
        self.lanes = list(lanes)
        self.text = max(8.0, text)
        self.columns = max(1, min(MAX_COLUMNS, columns))
        self.label_h = max(24.0, self.text * 1.85)
        self.label_w = max(122.0, self.text * 9.4)
        self.stack_step = max(CARD_W + PILE_GAP, self.text * 8.4)
        shared = next((lane for lane in self.lanes if lane.owner is None), None)
        self.owned = [lane for lane in self.lanes if lane.owner is not None]
        # Never narrower than a lane's label, stacks and a two-card row: with large text and
        # several lanes side by side, lanes used to run into the next column.
        content = max((self._lane_need(lane) for lane in self.owned), default=0.0)
        self.lane_width = max(LANE_W_MIN, content, min(LANE_W, lane_width))
        self.stack_caption_h = self.text * 1.5 + 10 if any(x.stacks for x in self.owned) else 0.0
        self.lane_h = CARD_H + max(24.0, self.text * 1.9) + self.stack_caption_h
        self.width = 2 * MARGIN + self.columns * self.lane_width + (self.columns - 1) * COLUMN_GAP
        if shared is not None:
            need = 2 * MARGIN + len(shared.stacks) * self.stack_step + len(shared.rows) * ROW_MIN
            self.width = max(self.width, need + 20)
        self.areas: dict[str, _Area] = {}
        self.lane_rects: dict[str | None, QRectF] = {}
        self.meter_rect = QRectF()
        self.meter_pile: str | None = None
        self.lanes_top = MARGIN
        if shared is not None and (shared.stacks or shared.rows):
            self._place_shared(shared)
        for i, lane in enumerate(self.owned):
            self._place_owned(lane, i)

    def _lane_need(self, lane: LaneShape) -> float:
        rows = ROW_MIN + 10 if lane.rows else 0.0
        return self.label_w + len(lane.stacks) * self.stack_step + rows

    @classmethod
    def fitting(
        cls, lanes: Sequence[LaneShape], columns: int, width: float, text: float = TEXT
    ) -> TableLayout:
        """The layout with ``columns`` columns of lanes as wide as ``width`` allows."""
        lane = (width - 2 * MARGIN - (columns - 1) * COLUMN_GAP) / columns
        return cls(lanes, columns, lane, text)

    @property
    def shape(self) -> tuple[int, float, float]:
        """The columns, the lane width and the text size."""
        return self.columns, self.lane_width, self.text

    def _place_shared(self, lane: LaneShape) -> None:
        top = MARGIN + self.label_h
        left = MARGIN
        for name in lane.stacks:
            centre = QPointF(left + CARD_W / 2, top + CARD_H / 2)
            self.areas[name] = _Area(centre, QRectF(left, MARGIN, self.stack_step, self.label_h))
            left += self.stack_step
        bottom = top + CARD_H
        if lane.meter is not None and lane.meter in lane.stacks:
            x = self.areas[lane.meter].rect.left()
            width = max(2 * CARD_W + PILE_GAP, self.stack_step + CARD_W)
            self.meter_rect = QRectF(x, bottom + 12, width, 8)
            self.meter_pile = lane.meter
            bottom = self.meter_rect.bottom() + self.text * 1.6
        self._place_rows(lane.rows, left + 10, self.width - MARGIN, top)
        self.lane_rects[None] = QRectF(MARGIN, MARGIN, self.width - 2 * MARGIN, bottom - MARGIN)
        self.lanes_top = bottom + 22

    def _place_rows(self, rows: Sequence[str], left: float, right: float, top: float) -> None:
        if not rows:
            return
        share = (right - left) / len(rows)
        for i, name in enumerate(rows):
            x = left + i * share
            gap = 10 if i else 0
            self.areas[name] = _Area(None, QRectF(x + gap, top, share - gap, CARD_H))

    def _place_owned(self, lane: LaneShape, index: int) -> None:
        row, column = divmod(index, self.columns)
        left = MARGIN + column * (self.lane_width + COLUMN_GAP)
        top = self.lanes_top + row * self.lane_h
        height = CARD_H + self.stack_caption_h
        self.lane_rects[lane.owner] = QRectF(left, top, self.lane_width, height)
        x = left + self.label_w
        for name in lane.stacks:
            centre = QPointF(x + CARD_W / 2, top + CARD_H / 2)
            caption = QRectF(x, top + CARD_H + 9, self.stack_step - 6, self.text * 1.5)
            self.areas[name] = _Area(centre, caption)
            x += self.stack_step
        self._place_rows(lane.rows, x, left + self.lane_width, top)

    # -- areas ----------------------------------------------------------------------------------

    @property
    def scene_rect(self) -> QRectF:
        """The whole table."""
        rows = -(-len(self.owned) // self.columns)
        height = self.lanes_top + rows * self.lane_h + (MARGIN if rows else 0)
        return QRectF(0, 0, self.width, max(height, CARD_H + 2 * MARGIN))

    def card_rect(self, centre: QPointF) -> QRectF:
        """A card's rectangle around its centre."""
        return QRectF(centre.x() - CARD_W / 2, centre.y() - CARD_H / 2, CARD_W, CARD_H)

    def has(self, pile: str) -> bool:
        """True when the pile has a place on this table."""
        return pile in self.areas

    def centre(self, pile: str) -> QPointF:
        """A stack's centre (a row's first slot)."""
        area = self.areas.get(pile)
        if area is None:
            return QPointF(MARGIN + CARD_W / 2, MARGIN + CARD_H / 2)
        if area.centre is not None:
            return QPointF(area.centre)
        return self.slot(pile, 0, 1)

    def caption_rect(self, pile: str) -> QRectF:
        """Where a stack's caption goes (above it on the shared lane, under it in a lane)."""
        area = self.areas.get(pile)
        return QRectF(area.rect) if area is not None and area.centre is not None else QRectF()

    def row_rect(self, pile: str) -> QRectF:
        """A row's area."""
        area = self.areas.get(pile)
        return QRectF(area.rect) if area is not None and area.centre is None else QRectF()

    def lane_rect(self, owner: str | None) -> QRectF:
        """A lane's area (for a character: its label column, stacks and rows)."""
        return QRectF(self.lane_rects.get(owner, QRectF()))

    def is_stack(self, pile: str) -> bool:
        """True when the pile is laid out as a stack."""
        area = self.areas.get(pile)
        return area is not None and area.centre is not None

    # -- positions ------------------------------------------------------------------------------

    def slot(self, pile: str, index: int, count: int) -> QPointF:
        """The centre of card ``index`` of a row of ``count`` cards."""
        area = self.areas.get(pile)
        rect = area.rect if area is not None else QRectF(MARGIN, MARGIN, CARD_W, CARD_H)
        width = rect.width() - CARD_W
        step = CARD_W + REVEAL_GAP
        if count > 1 and step * (count - 1) > width:
            step = max(0.0, width) / (count - 1)
        return QPointF(rect.left() + CARD_W / 2 + index * step, rect.top() + CARD_H / 2)

    def position(self, spot: Spot) -> QPointF:
        """Where a card in ``spot`` rests."""
        if self.is_stack(spot.pile):
            return self.centre(spot.pile)
        return self.slot(spot.pile, spot.index, spot.count)

    @staticmethod
    def z_value(spot: Spot) -> float:
        """Stacking order at rest: later cards of a pile lie on top."""
        return 1.0 + spot.index * 0.01
