"""The card table scene: any ruleset's named piles, in lanes, with cards that move between them.

The scene is fed the table's view of the piles (:func:`saga_desktop.model.visibility.
visible_piles` for :data:`Viewer.TABLE`), so it never learns what a face-down pile holds: such a
pile is drawn as backs from its count. A card that shows has an item keyed by its deck and code,
made when it turns up and dropped when it goes back face down.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QGraphicsScene

from saga_desktop.model.visibility import PileView
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cardtable.animator import CardAnimator
from saga_desktop.ui.cardtable.choreography import ItemKey, Now, plan
from saga_desktop.ui.cardtable.fixtures import LaneFixture, PileFixture
from saga_desktop.ui.cardtable.items import FELT, BalanceMeter, CardItem, app_text_px
from saga_desktop.ui.cardtable.layout import (
    TEXT,
    VISIBLE_IN_PILE,
    LaneShape,
    Spot,
    TableLayout,
)
from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.cardtable.piles import (
    colours,
    first_public_stack,
    hidden_composition,
    is_secret,
    lane_order,
)
from saga_desktop.ui.cardtable.words import pile_title, short_label

BACK = "~"
"""Keys of backs start with this (``("~draw", "0")`` is the top back of the draw pile)."""


def lanes_of(piles: Sequence[PileView]) -> list[LaneShape]:
    """The lanes the piles make: one per owner, the shared piles first."""
    out = []
    for owner in lane_order(piles):
        mine = [p for p in piles if p.owner == owner]
        meter = None
        if owner is None:
            meter = next(
                (p.name for p in mine if p.kind == "stack" and hidden_composition(piles, p)),
                None,
            )
        out.append(
            LaneShape(
                owner,
                tuple(p.name for p in mine if p.kind != "row"),
                tuple(p.name for p in mine if p.kind == "row"),
                meter,
            )
        )
    return out


def spots_of(piles: Sequence[PileView]) -> dict[ItemKey, Spot]:
    """Every item's spot: the cards that show, and backs for the top of each face-down pile."""
    out: dict[ItemKey, Spot] = {}
    for p in piles:
        stack = p.kind != "row"
        if p.cards is not None:
            for i, code in enumerate(p.cards):
                out[(p.deck, code)] = Spot(p.name, p.owner, i, p.count, stack)
            continue
        shown = range(max(0, p.count - VISIBLE_IN_PILE), p.count) if stack else range(p.count)
        for i in shown:
            out[(BACK + p.name, str(p.count - 1 - i))] = Spot(
                p.name, p.owner, i, p.count, stack, face_up=False
            )
    return out


class TableScene(QGraphicsScene):
    """Everything on the card table, kept in step with the model by :meth:`show_table`."""

    def __init__(self, motion: MotionSettings) -> None:
        super().__init__()
        self.motion = motion
        self.setBackgroundBrush(QBrush(FELT))
        self.card_items: dict[ItemKey, CardItem] = {}
        """The items on the table now (cards that show, backs), made as they are needed."""
        self.animator = CardAnimator(self.card_items, self)
        self.layout = TableLayout(text=max(TEXT, app_text_px()))
        self.piles: list[PileView] = []
        """The piles as last shown (the table's view: no face-down card is known)."""
        self.shown: dict[ItemKey, Spot] = {}
        self._names: dict[str, str] = {}
        self._pile_fx: dict[str, PileFixture] = {}
        self._lane_fx: dict[str, LaneFixture] = {}
        self._source: dict[str, str] = {}
        self._sink: dict[str, str] = {}
        self.meter = BalanceMeter(QRectF())
        self.meter.setVisible(False)
        self.addItem(self.meter)
        self.setSceneRect(self.layout.scene_rect)

    # -- keeping in step --------------------------------------------------------------------------

    def show_table(
        self,
        piles: Sequence[PileView],
        names: Mapping[str, str],
        *,
        animate: bool = True,
        rewind: bool = False,
    ) -> None:
        """Catch up with the piles as the table sees them (lanes named from ``names``)."""
        self.animator.finish_now()
        before = {p.name: p.count for p in self.piles}
        self.piles = list(piles)
        lanes = lanes_of(self.piles)
        if lanes != self.layout.lanes or dict(names) != self._names:
            self._names = dict(names)
            self._rebuild(lanes)
        self._track_sources(before)
        new = spots_of(self.piles)
        for key in new:
            if key not in self.card_items:
                self._make_item(key)
        old, self.shown = self.shown, new
        if not animate or not old:
            self._settle()
            self.animator.play([], lambda: None)
            return
        motions = plan(
            old, new, self._now, self.layout, self.motion.ms,
            source=self._source_of, sink=self._sink_of, rewind=rewind,
        )  # fmt: skip
        if motions:
            for fx in self._pile_fx.values():
                fx.hide_hint()
        for key, spot in new.items():  # cards uncovered on a stack show while others move
            if spot.visible and spot.in_pile:
                self.card_items[key].setVisible(True)
        self.animator.play(motions, self._settle)

    def _make_item(self, key: ItemKey) -> None:
        deck, code = key
        item = CardItem(None if deck.startswith(BACK) else Card.from_code(code))
        item.setVisible(False)
        pile = self._source_of(key)
        if pile is not None and self.layout.has(pile):
            item.setPos(self.layout.centre(pile))  # it turns up from that face-down pile
        self.addItem(item)
        self.card_items[key] = item

    def _track_sources(self, before: Mapping[str, int]) -> None:
        """Which face-down pile of each deck gave cards up (or took cards in) this change."""
        self._source, self._sink = {}, {}
        for deck in {p.deck for p in self.piles}:
            secret = [p for p in self.piles if p.deck == deck and is_secret(p)]
            if not secret:
                continue
            change = {p.name: p.count - before.get(p.name, p.count) for p in secret}
            self._source[deck] = min(secret, key=lambda p: change[p.name]).name
            self._sink[deck] = max(secret, key=lambda p: change[p.name]).name

    def _source_of(self, key: ItemKey) -> str | None:
        return self._source.get(key[0])

    def _sink_of(self, key: ItemKey) -> str | None:
        return self._sink.get(key[0])

    def _rebuild(self, lanes: list[LaneShape]) -> None:
        self.animator.finish_now()
        self.layout = TableLayout(lanes, *self.layout.shape)
        by_name = {p.name: p for p in self.piles}
        for name in list(self._pile_fx):
            if name not in by_name:
                self._pile_fx.pop(name).remove(self)
        for name, pile in by_name.items():
            if name not in self._pile_fx:
                self._pile_fx[name] = PileFixture(self, pile, short_label(pile, self._names))
        owners = {lane.owner for lane in lanes if lane.owner is not None}
        for owner in list(self._lane_fx):
            if owner not in owners:
                self._lane_fx.pop(owner).remove(self)
        for owner in owners:
            if owner not in self._lane_fx:
                self._lane_fx[owner] = LaneFixture(self)
        self._place_fixtures()

    def _place_fixtures(self) -> None:
        lay = self.layout
        for name, fx in self._pile_fx.items():
            fx.place(lay, name)
        for owner, lane in self._lane_fx.items():
            lane.place(lay, owner, self._names.get(owner, owner))
        self.meter.place(lay.meter_rect, lay.text * 0.85)
        self.meter.setVisible(lay.meter_pile is not None)
        self.setSceneRect(lay.scene_rect)

    def set_shape(self, columns: int, lane_width: float, text: float) -> None:
        """Lay the lanes out in columns of a width, text at a size (the view picks them)."""
        if (columns, lane_width, text) != self.layout.shape:
            self.animator.finish_now()
            self.layout = TableLayout(self.layout.lanes, columns, lane_width, text)
            self._place_fixtures()
            self._settle()

    def _now(self, key: ItemKey) -> Now:
        item = self.card_items[key]
        return Now(item.pos(), item.flip)

    def _settle(self) -> None:
        """Every card in its resting place, and the counts brought up to date."""
        lay = self.layout
        for key in [k for k in self.card_items if k not in self.shown]:
            self.removeItem(self.card_items.pop(key))  # gone face down: forgotten
        by_name = {p.name: p for p in self.piles}
        for key, spot in self.shown.items():
            item = self.card_items[key]
            pile = by_name.get(spot.pile)
            item.set_place(pile_title(pile, self._names) if pile is not None else "")
            item.setPos(lay.position(spot))
            item.set_flip(1.0 if spot.face_up else 0.0)
            item.setScale(1.0)
            item.setZValue(lay.z_value(spot))
            item.setVisible(spot.visible)
        for pile in self.piles:
            fx = self._pile_fx.get(pile.name)
            if fx is not None:
                fx.set_count(pile.count)
        for owner, lane in self._lane_fx.items():
            lane.set_piles([p for p in self.piles if p.owner == owner], self._names)
        metered = next((p for p in self.piles if p.name == lay.meter_pile), None)
        split = colours(self.piles, metered) if metered is not None else None
        self.meter.set_counts(*(split or (0, 0)))

    # -- what is shown (tests, accessibility) ---------------------------------------------------

    @property
    def names(self) -> Mapping[str, str]:
        """The characters' names the lanes are labelled with, by character id."""
        return self._names

    def counts(self) -> dict[str, int]:
        """Cards per pile, by pile name (the counts the table shows)."""
        return {p.name: p.count for p in self.piles}

    def cards_in(self, pile: str) -> list[Card] | None:
        """The cards shown in a pile, bottom to top; None for a face-down pile (nobody knows)."""
        found = next((p for p in self.piles if p.name == pile), None)
        if found is None:
            return []
        if found.cards is None:
            return None
        return [Card.from_code(code) for code in found.cards]

    def caption(self, pile: str) -> str:
        """The caption of a pile (e.g. ``"Draw pile 39"``)."""
        fx = self._pile_fx.get(pile)
        return fx.caption.full_text if fx is not None else ""

    def hand_caption(self, owner: str) -> str:
        """The count written in a lane's label column (e.g. ``"2 cards"``)."""
        fx = self._lane_fx.get(owner)
        return fx.count.full_text if fx is not None else ""

    def lane_name(self, owner: str) -> str:
        """The name a lane is labelled with."""
        fx = self._lane_fx.get(owner)
        return fx.name.full_text if fx is not None else ""

    def lane_name_item(self, owner: str) -> object | None:
        """The caption item with a lane's name (tests hover over it)."""
        fx = self._lane_fx.get(owner)
        return fx.name if fx is not None else None

    @property
    def discard_rect(self) -> QRectF:
        """Where the shared face-up stack lies (clicking it opens the pile viewer)."""
        pile = first_public_stack(self.piles)
        if pile is None or not self.layout.has(pile.name):
            return QRectF()
        rect = self.layout.card_rect(self.layout.centre(pile.name))
        return rect.united(self.layout.caption_rect(pile.name))

    def centre_of(self, pile: str) -> QPointF:
        """The centre of a pile's place (a stack, or a row's first slot)."""
        return self.layout.centre(pile)
