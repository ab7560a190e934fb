"""The card table scene: 52 card items, the piles, the revealed row and one row per hand.

:meth:`TableScene.show_table` is given the table as the model now holds it. It compares every
card's spot with the spot on screen and lets :mod:`choreography` plan the moves, which the
:class:`CardAnimator` plays; with animations off everything jumps into place at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from saga_desktop.rules.cards import FULL_DECK, Card
from saga_desktop.ui.cardtable.animator import CardAnimator
from saga_desktop.ui.cardtable.choreography import Now, plan
from saga_desktop.ui.cardtable.items import (
    FELT,
    FELT_PANEL,
    INK_SOFT,
    BalanceMeter,
    Caption,
    CardItem,
    PileBase,
)
from saga_desktop.ui.cardtable.layout import (
    CARD_W,
    DISCARD,
    DRAW,
    HAND,
    HAND_LABEL_W,
    LABEL_H,
    MARGIN,
    PILE_GAP,
    REVEALED,
    Spot,
    TableLayout,
    spots_of,
)
from saga_desktop.ui.cardtable.motion import MotionSettings


def _rounded(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, 8, 8)
    return path


def _panel(rect: QRectF) -> QGraphicsPathItem:
    item = QGraphicsPathItem(_rounded(rect))
    item.setBrush(QBrush(FELT_PANEL))
    item.setPen(QPen(Qt.PenStyle.NoPen))
    item.setZValue(-1)
    return item


class _HandRow:
    """A hand's panel, its owner's name, its card count and the empty-hand outline."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.panel = _panel(QRectF())
        self.name = Caption(14, bold=True, width=HAND_LABEL_W - 14)
        self.count = Caption(12, width=HAND_LABEL_W - 14)
        self.count.setBrush(INK_SOFT)
        self.empty = PileBase("No cards", face_down=False)
        for item in (self.panel, self.name, self.count, self.empty):
            scene.addItem(item)

    def place(self, layout: TableLayout, owner: str, name: str) -> None:
        rect = layout.hand_rect(owner)
        self.panel.setPath(_rounded(rect.adjusted(-8, -8, 8, 8)))
        self.name.set_line(name, QPointF(rect.left(), rect.top() + 4))
        self.count.setPos(QPointF(rect.left(), rect.top() + 24))
        self.empty.setPos(layout.hand_slot(owner, 0, 1))

    def set_count(self, count: int) -> None:
        self.count.set_line(f"{count} card{'s' if count != 1 else ''}")
        self.empty.setVisible(count == 0)

    def remove(self, scene: QGraphicsScene) -> None:
        for item in (self.panel, self.name, self.count, self.empty):
            scene.removeItem(item)


class TableScene(QGraphicsScene):
    """Everything on the card table, kept in step with the model by :meth:`show_table`."""

    def __init__(self, motion: MotionSettings) -> None:
        super().__init__()
        self.motion = motion
        self.setBackgroundBrush(QBrush(FELT))
        self.cards: dict[Card, CardItem] = {}
        for card in FULL_DECK:
            item = CardItem(card)
            item.setVisible(False)
            self.addItem(item)
            self.cards[card] = item
        self.animator = CardAnimator(self.cards, self)
        self.layout = TableLayout()
        self.shown: dict[Card, Spot] = {}
        self._names: dict[str, str] = {}
        self._rows: dict[str, _HandRow] = {}
        self._build_fixtures()
        self._place_fixtures()

    def _build_fixtures(self) -> None:
        pile_caption_w = CARD_W + PILE_GAP - 4
        self.draw_caption = Caption(13, bold=True, width=pile_caption_w)
        self.discard_caption = Caption(13, bold=True, width=pile_caption_w)
        self.revealed_caption = Caption(13, bold=True, width=300)
        self.revealed_hint = Caption(12, width=300)
        self.revealed_hint.setBrush(INK_SOFT)
        self.draw_base = PileBase("Empty", face_down=True)
        self.discard_base = PileBase("Empty", face_down=False)
        self.meter = BalanceMeter(self.layout.meter_rect)
        self.reveal_panel = _panel(self.layout.reveal_rect)
        for item in (
            self.draw_caption, self.discard_caption, self.revealed_caption, self.revealed_hint,
            self.draw_base, self.discard_base, self.meter, self.reveal_panel,
        ):  # fmt: skip
            self.addItem(item)

    def _place_fixtures(self) -> None:
        lay = self.layout
        self.reveal_panel.setPath(_rounded(lay.reveal_rect))
        self.draw_base.setPos(lay.draw_centre)
        self.discard_base.setPos(lay.discard_centre)
        self.draw_caption.setPos(QPointF(MARGIN, MARGIN))
        self.discard_caption.setPos(QPointF(lay.discard_centre.x() - CARD_W / 2, MARGIN))
        self.revealed_caption.set_line("Revealed", QPointF(lay.reveal_left, MARGIN))
        hint = "Risk cards wait here until the roll is settled"
        self.revealed_hint.set_width(lay.reveal_rect.width() - 16)
        self.revealed_hint.set_line(hint, QPointF(lay.reveal_left + 6, lay.draw_centre.y() - 8))
        for owner, row in self._rows.items():
            row.place(lay, owner, self._names.get(owner, owner))
        self.setSceneRect(lay.scene_rect)

    # -- keeping in step --------------------------------------------------------------------------

    def show_table(
        self,
        draw: Sequence[str],
        discard: Sequence[str],
        revealed: Sequence[str],
        hands: Mapping[str, Sequence[str]],
        names: Mapping[str, str],
        *,
        animate: bool = True,
        rewind: bool = False,
    ) -> None:
        """Catch up with the table as the model holds it (hands in the order of ``names``)."""
        self.animator.finish_now()
        new = spots_of(draw, discard, revealed, hands)
        order = [h for h in names if h in hands] + [h for h in hands if h not in names]
        if order != self.layout.hand_ids or dict(names) != self._names:
            self._set_hands(order, names)
        old, self.shown = self.shown, new
        if not animate or not old or set(old) != set(new):
            self._settle()
            self.animator.play([], lambda: None)
            return
        motions = plan(old, new, self._now, self.layout, self.motion.ms, rewind=rewind)
        if motions:
            self.revealed_hint.setVisible(False)
        for card, spot in new.items():  # cards uncovered on a pile show while others move
            if spot.visible and spot.in_pile:
                self.cards[card].setVisible(True)
        self.animator.play(motions, self._settle)

    def _set_hands(self, order: list[str], names: Mapping[str, str]) -> None:
        self._names = dict(names)
        for owner in list(self._rows):
            if owner not in order:
                self._rows.pop(owner).remove(self)
        for owner in order:
            if owner not in self._rows:
                self._rows[owner] = _HandRow(self)
        self.layout = TableLayout(order, *self.layout.shape)
        self._place_fixtures()

    def set_shape(self, columns: int, hand_width: float) -> None:
        """Lay the hands out in columns of a width (the view picks what fits its shape best)."""
        if (columns, hand_width) != self.layout.shape:
            self.animator.finish_now()
            self.layout = TableLayout(self.layout.hand_ids, columns, hand_width)
            self._place_fixtures()
            self._settle()

    def _now(self, card: Card) -> Now:
        item = self.cards[card]
        return Now(item.pos(), item.flip)

    def _settle(self) -> None:
        """Every card in its resting place, and the counts brought up to date."""
        lay = self.layout
        for card, spot in self.shown.items():
            item = self.cards[card]
            item.setPos(lay.position(spot))
            item.set_flip(1.0 if spot.face_up else 0.0)
            item.setScale(1.0)
            item.setZValue(lay.z_value(spot))
            item.setVisible(spot.visible)
        counts = self.counts()
        self.draw_base.set_count(counts[DRAW])
        self.discard_base.set_count(counts[DISCARD])
        self.draw_caption.set_line(f"Draw {counts[DRAW]}")
        self.discard_caption.set_line(f"Discard {counts[DISCARD]}")
        waiting = counts[REVEALED]
        self.revealed_caption.set_line(f"Revealed {waiting}" if waiting else "Revealed")
        self.revealed_hint.setVisible(waiting == 0)
        reds = sum(1 for c, s in self.shown.items() if s.place == DRAW and c.is_red)
        self.meter.set_counts(reds, counts[DRAW] - reds)
        for owner, row in self._rows.items():
            row.set_count(counts.get(f"{HAND}:{owner}", 0))

    # -- what is shown (tests, accessibility) ---------------------------------------------------

    def counts(self) -> dict[str, int]:
        """Cards shown per place: ``draw``, ``discard``, ``revealed`` and ``hand:<id>``."""
        out = {DRAW: 0, DISCARD: 0, REVEALED: 0}
        out.update({f"{HAND}:{owner}": 0 for owner in self._rows})
        for spot in self.shown.values():
            key = spot.place if spot.place != HAND else f"{HAND}:{spot.owner}"
            out[key] = out.get(key, 0) + 1
        return out

    def cards_in(self, place: str, owner: str | None = None) -> list[Card]:
        """The cards shown in a place, bottom to top / left to right."""
        found = [(s.index, c) for c, s in self.shown.items() if s.key == (place, owner)]
        return [c for _i, c in sorted(found)]

    def hand_caption(self, owner: str) -> str:
        """The count written beside a hand (e.g. ``"2 cards"``)."""
        row = self._rows.get(owner)
        return row.count.full_text if row else ""

    @property
    def discard_rect(self) -> QRectF:
        """Where the discard pile lies (clicking it opens the discard viewer)."""
        return self.layout.card_rect(self.layout.discard_centre).adjusted(0, -LABEL_H, 0, 0)
