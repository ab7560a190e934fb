"""Turning "where every card was" and "where it is now" into card movements, for any change.

Nothing here knows which operation ran: a trial roll, charting a region, creating a character or
a combat round all come down to cards changing places. Each moved card gets a path of keyframes:

1. cards leaving hands (a burn slides to the discard, outlined and lifted);
2. cards gathered back into the draw pile (a reshuffle, the end of a scene), then a riffle when
   the draw pile's order changed;
3. reveals, in the order the cards were turned: each slides off the pile and flips; a card that
   went straight to the discard (a one-card look-up, the oracle, a blessing) stops face up in
   the revealed row for a moment first;
4. settling: a revealed card taken into a hand, the rest to the discard.

Undo and redo rewind instead: every card slides straight to its place at once.

Cards are keyed by :data:`ItemKey` (a deck and a card code, or a face-down pile and a slot for the
backs that stand for its cards). A card of a face-down pile has no key at all: it *arrives*
(turned from a face-down pile, ``source`` says which) or *leaves* (into one, ``sink``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF

from saga_desktop.ui.cardtable.layout import Spot, TableLayout

ItemKey = tuple[str, str]
"""A card item: ``(deck, card code)`` for a card that shows, ``("~" + pile, slot)`` for a back."""

SLIDE = 420.0
REVEAL_STAGGER = 170.0
PEEK_HOLD = 650.0
TO_DISCARD = 320.0
DISCARD_STAGGER = 90.0
BURN = 480.0
BURN_STAGGER = 140.0
GATHER = 380.0
GATHER_SPREAD = 360.0
RIFFLE = 520.0
SETTLE = 380.0
SETTLE_STAGGER = 110.0
REFLOW = 260.0
REWIND = 380.0
REWIND_STAGGER = 25.0
LIFT = 1.12


@dataclass(frozen=True, slots=True)
class Key:
    """A card's state at one moment (milliseconds from the start of the animation)."""

    t: float
    pos: QPointF
    flip: float
    scale: float = 1.0


@dataclass(slots=True)
class Motion:
    """One card's path. The card shows its first key until then and its last key after."""

    card: ItemKey
    keys: list[Key] = field(default_factory=list)
    glow: bool = False
    order: int = 0

    @property
    def end(self) -> float:
        """When the card arrives."""
        return self.keys[-1].t if self.keys else 0.0

    def to(self, t: float, pos: QPointF, flip: float, scale: float = 1.0) -> Motion:
        """Add a keyframe (a pause when it repeats the last state)."""
        self.keys.append(Key(t, QPointF(pos), flip, scale))
        return self

    def hold(self, t: float) -> Motion:
        """Stay where the last key left the card until ``t``."""
        last = self.keys[-1]
        if t > last.t:
            self.keys.append(Key(t, QPointF(last.pos), last.flip, last.scale))
        return self


@dataclass(frozen=True, slots=True)
class Now:
    """Where a card is drawn right now (its item's position and flip)."""

    pos: QPointF
    flip: float


HAND = "hand"
ROW = "row"
STACK = "stack"
BACK = "back"

PileOf = Callable[[ItemKey], str | None]
"""The face-down pile a card was turned from (``source``) or went into (``sink``), if any."""


def role(spot: Spot) -> str:
    """How a card in ``spot`` takes part: a back, on a stack, in a shared row or in a hand."""
    if not spot.face_up:
        return BACK
    if spot.stack:
        return STACK
    return HAND if spot.owner is not None else ROW


def _mid(a: QPointF, b: QPointF, lift: float = 0.0) -> QPointF:
    return QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2 - lift)


def _peek_row(layout: TableLayout, pile: str) -> str | None:
    """Where a card turned straight onto a stack shows first: a row of its lane, or the shared."""
    for lane in layout.lanes:
        if pile in lane.stacks and lane.rows:
            return lane.rows[0]
    shared = next((lane for lane in layout.lanes if lane.owner is None), None)
    return shared.rows[0] if shared is not None and shared.rows else None


def plan(
    old: Mapping[ItemKey, Spot],
    new: Mapping[ItemKey, Spot],
    now: Callable[[ItemKey], Now],
    layout: TableLayout,
    ms: Callable[[float], int],
    *,
    source: PileOf,
    sink: PileOf,
    rewind: bool = False,
) -> list[Motion]:
    """The motions that carry the table from ``old`` to ``new`` (``ms`` scales for speed)."""
    was = {k: s for k, s in old.items() if s.face_up}
    now_up = {k: s for k, s in new.items() if s.face_up}
    arrived = [k for k in now_up if k not in was]
    left = [k for k in was if k not in now_up]
    if rewind:
        return _rewind(was, now_up, arrived, left, now, layout, ms, sink)
    motions: dict[ItemKey, Motion] = {}

    def motion(key: ItemKey, glow: bool = False) -> Motion:
        if key not in motions:
            start = now(key)
            motions[key] = Motion(key, [Key(0.0, start.pos, start.flip)], glow, len(motions))
        return motions[key]

    moved = {k: (was[k], s) for k, s in now_up.items() if k in was and was[k].key != s.key}
    t = 0.0

    # 1. Cards leaving hands for another place that shows.
    leaving = sorted((k for k, (o, _n) in moved.items() if role(o) == HAND),
                     key=lambda k: (was[k].owner or "", was[k].index))  # fmt: skip
    end = t
    for i, key in enumerate(leaving):
        target, start = now_up[key], t + i * ms(BURN_STAGGER)
        burn = role(target) == STACK
        m = motion(key, glow=burn).hold(start)
        here, there = m.keys[-1].pos, layout.position(target)
        m.to(start + ms(BURN) * 0.45, _mid(here, there, 30 if burn else 0), 1.0, LIFT)
        m.to(start + ms(BURN), there, 1.0)
        end = max(end, m.end)
    t = end

    # 2. Gathered into a face-down pile (also the first leg of a card reshuffled and redrawn).
    redrawn = [k for k, (o, n) in moved.items() if role(o) in (STACK, ROW) and role(n) == ROW]
    gathered: list[tuple[ItemKey, str]] = []
    for k, pile in [(k, sink(k)) for k in left] + [(k, source(k)) for k in redrawn]:
        if pile is not None and layout.has(pile):
            gathered.append((k, pile))
    gathered.sort(key=lambda kp: (role(was[kp[0]]) != ROW, was[kp[0]].index))
    step = ms(GATHER_SPREAD) / max(1, len(gathered))
    for i, (key, pile) in enumerate(gathered):
        m = motion(key)
        if not was[key].visible:
            m.keys[0] = Key(0.0, m.keys[0].pos, 0.0)
        start = t + i * step
        m.hold(start).to(start + ms(GATHER), layout.centre(pile), 0.0)
        end = max(end, m.end)
    t = end
    shuffled = sorted({pile for _k, pile in gathered})
    if shuffled:
        t = _riffle(new, shuffled, motion, layout, t, ms)

    # 3. Cards turned over from a face-down pile (and redraws of reshuffled cards).
    revealed = arrived + redrawn
    revealed.sort(key=lambda k: (role(now_up[k]) != ROW, role(now_up[k]) == HAND,
                                 now_up[k].index))  # fmt: skip
    peeks = [k for k in revealed if role(now_up[k]) == STACK]
    end = t
    for i, key in enumerate(revealed):
        start = t + i * ms(REVEAL_STAGGER)
        target = now_up[key]
        there = layout.position(target)
        if key in peeks:
            row = _peek_row(layout, target.pile)
            if row is not None:
                staying = sum(1 for s in now_up.values() if s.pile == row)
                there = layout.slot(row, staying + peeks.index(key), staying + len(peeks))
        m = motion(key).hold(start)
        pile = source(key)
        here = layout.centre(pile) if pile is not None and layout.has(pile) else m.keys[-1].pos
        m.keys[-1] = Key(m.keys[-1].t, here, m.keys[-1].flip)
        m.to(start + ms(SLIDE) * 0.5, _mid(here, there, 14), 0.5, LIFT)
        m.to(start + ms(SLIDE), there, 1.0)
        end = max(end, m.end)
    if peeks:
        back = end + ms(PEEK_HOLD)
        for i, key in enumerate(sorted(peeks, key=lambda k: now_up[k].index)):
            m = motions[key].hold(back + i * ms(DISCARD_STAGGER))
            m.to(m.end + ms(TO_DISCARD), layout.position(now_up[key]), 1.0)
            end = max(end, m.end)
    t = end

    # 4. Settling the shared row, and anything else (taken into a hand from a stack...).
    rest = [k for k in moved if k not in motions]
    rest.sort(key=lambda k: (role(now_up[k]) != HAND, now_up[k].index))
    for i, key in enumerate(rest):
        start = t + i * ms(SETTLE_STAGGER)
        there = layout.position(now_up[key])
        m = motion(key).hold(start)
        m.to(start + ms(SETTLE) * 0.5, _mid(m.keys[-1].pos, there, 10), 1.0, LIFT)
        m.to(start + ms(SETTLE), there, 1.0)

    _reflow(was, now_up, motions, now, layout, ms)
    return sorted(motions.values(), key=lambda m: m.order)


def _riffle(
    new: Mapping[ItemKey, Spot],
    piles: list[str],
    motion: Callable[[ItemKey], Motion],
    layout: TableLayout,
    t: float,
    ms: Callable[[float], int],
) -> float:
    """The top backs of a face-down pile split and close twice: the pile is shuffled."""
    beat = ms(RIFFLE) / 4
    end = t
    for pile in piles:
        top = sorted((k for k, s in new.items() if s.pile == pile and not s.face_up and s.visible),
                     key=lambda k: new[k].index)  # fmt: skip
        centre = layout.centre(pile)
        for i, key in enumerate(top):
            side = -1 if i % 2 == 0 else 1
            out = QPointF(centre.x() + side * 16, centre.y() - 3)
            m = motion(key).hold(t)
            m.to(t + beat, out, 0.0).to(t + 2 * beat, centre, 0.0)
            m.to(t + 3 * beat, out, 0.0).to(t + 4 * beat, centre, 0.0)
            end = max(end, m.end)
    return end


def _reflow(
    old: Mapping[ItemKey, Spot],
    new: Mapping[ItemKey, Spot],
    motions: dict[ItemKey, Motion],
    now: Callable[[ItemKey], Now],
    layout: TableLayout,
    ms: Callable[[float], int],
) -> None:
    """Cards that stay put but shift (a hand closing up, the shared row spacing)."""
    for key, spot in new.items():
        if key in motions or key not in old:
            continue
        there = layout.position(spot)
        here = now(key)
        if here.pos != there and not spot.stack:
            m = Motion(key, [Key(0.0, here.pos, here.flip)], order=len(motions))
            m.to(ms(REFLOW), there, 1.0)
            motions[key] = m


def _rewind(
    old: Mapping[ItemKey, Spot],
    new: Mapping[ItemKey, Spot],
    arrived: list[ItemKey],
    left: list[ItemKey],
    now: Callable[[ItemKey], Now],
    layout: TableLayout,
    ms: Callable[[float], int],
    sink: PileOf,
) -> list[Motion]:
    """Undo and redo: every card that moved slides straight back, turning as it goes."""
    out: list[Motion] = []
    changed = [k for k, s in new.items() if k in old and old[k] != s] + arrived
    changed.sort(key=lambda k: (new[k].pile, new[k].index))
    for i, key in enumerate(changed):
        here, spot = now(key), new[key]
        there = layout.position(spot)
        same = key in old and old[key].key == spot.key
        if same and (here.pos == there or spot.in_pile):
            continue
        start = i * ms(REWIND_STAGGER) if not same else 0.0
        m = Motion(key, [Key(0.0, here.pos, here.flip)], order=len(out)).hold(start)
        m.to(start + ms(REWIND), there, 1.0)
        out.append(m)
    for i, key in enumerate(sorted(left, key=lambda k: old[k].index)):
        pile = sink(key)
        if pile is None or not layout.has(pile):
            continue
        here = now(key)
        start = i * ms(REWIND_STAGGER)
        m = Motion(key, [Key(0.0, here.pos, here.flip)], order=len(out)).hold(start)
        m.to(start + ms(REWIND), layout.centre(pile), 0.0)
        out.append(m)
    return out
