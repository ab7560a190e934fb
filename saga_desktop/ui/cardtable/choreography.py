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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF

from saga_desktop.rules.cards import Card
from saga_desktop.ui.cardtable.layout import DISCARD, DRAW, HAND, REVEALED, Spot, TableLayout

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

    card: Card
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


def _mid(a: QPointF, b: QPointF, lift: float = 0.0) -> QPointF:
    return QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2 - lift)


def _draw_order_changed(old: Mapping[Card, Spot], new: Mapping[Card, Spot]) -> bool:
    stayed = [c for c, s in new.items() if s.place == DRAW and old.get(c, s).place == DRAW]
    return sorted(stayed, key=lambda c: old[c].index) != sorted(stayed, key=lambda c: new[c].index)


def plan(
    old: Mapping[Card, Spot],
    new: Mapping[Card, Spot],
    now: Callable[[Card], Now],
    layout: TableLayout,
    ms: Callable[[float], int],
    *,
    rewind: bool = False,
) -> list[Motion]:
    """The motions that carry the table from ``old`` to ``new`` (``ms`` scales for speed)."""
    if rewind:
        return _rewind(old, new, now, layout, ms)
    motions: dict[Card, Motion] = {}

    def motion(card: Card, glow: bool = False) -> Motion:
        if card not in motions:
            start = now(card)
            motions[card] = Motion(card, [Key(0.0, start.pos, start.flip)], glow, len(motions))
        return motions[card]

    moved = {c: (old[c], s) for c, s in new.items() if c in old and old[c].key != s.key}
    t = 0.0

    # 1. Cards leaving hands.
    leaving = [c for c, (o, _n) in moved.items() if o.place == HAND]
    leaving.sort(key=lambda c: (old[c].owner or "", old[c].index))
    end = t
    for i, card in enumerate(c for c in leaving if new[c].place != DRAW):
        target, start = new[card], t + i * ms(BURN_STAGGER)
        burn = target.place == DISCARD
        m = motion(card, glow=burn).hold(start)
        here, there = m.keys[-1].pos, layout.position(target)
        m.to(start + ms(BURN) * 0.45, _mid(here, there, 30 if burn else 0), 1.0, LIFT)
        m.to(start + ms(BURN), there, 1.0)
        end = max(end, m.end)
    t = end

    # 2. Gathered into the draw pile (also the first leg of a card reshuffled and redrawn).
    gathered = [
        c for c, (o, n) in moved.items()
        if n.place == DRAW or (o.place in (DISCARD, REVEALED) and n.place == REVEALED)
        or (o.place == HAND and n.place == DRAW)
    ]  # fmt: skip
    gathered.sort(key=lambda c: (old[c].place != REVEALED, old[c].index))
    step = ms(GATHER_SPREAD) / max(1, len(gathered))
    for i, card in enumerate(gathered):
        m = motion(card)
        if not old[card].visible:
            m.keys[0] = Key(0.0, m.keys[0].pos, 0.0)
        start = t + i * step
        m.hold(start).to(start + ms(GATHER), layout.draw_centre, 0.0)
        end = max(end, m.end)
    t = end
    if gathered or _draw_order_changed(old, new):
        t = _riffle(new, motion, layout, t, ms)

    # 3. Reveals from the draw pile (and redraws of reshuffled cards).
    revealed = [
        c for c, (o, n) in moved.items()
        if o.place == DRAW or (o.place in (DISCARD, REVEALED) and n.place == REVEALED)
    ]  # fmt: skip
    revealed.sort(key=lambda c: (new[c].place != REVEALED, new[c].place == HAND, new[c].index))
    staying = sum(1 for s in new.values() if s.place == REVEALED)
    peeks = [c for c in revealed if new[c].place == DISCARD]
    end = t
    for i, card in enumerate(revealed):
        start = t + i * ms(REVEAL_STAGGER)
        target = new[card]
        if target.place == DISCARD:
            there = layout.reveal_slot(staying + peeks.index(card), staying + len(peeks))
        else:
            there = layout.position(target)
        m = motion(card).hold(start)
        m.keys[-1] = Key(m.keys[-1].t, layout.draw_centre, m.keys[-1].flip)
        here = layout.draw_centre
        m.to(start + ms(SLIDE) * 0.5, _mid(here, there, 14), 0.5, LIFT)
        m.to(start + ms(SLIDE), there, 1.0 if target.face_up else 0.0)
        end = max(end, m.end)
    if peeks:
        back = end + ms(PEEK_HOLD)
        for i, card in enumerate(sorted(peeks, key=lambda c: new[c].index)):
            m = motions[card].hold(back + i * ms(DISCARD_STAGGER))
            m.to(m.end + ms(TO_DISCARD), layout.discard_centre, 1.0)
            end = max(end, m.end)
    t = end

    # 4. Settling the revealed row, and anything else (taken into a hand from the discard...).
    rest = [c for c in moved if c not in motions]
    rest.sort(key=lambda c: (new[c].place != HAND, new[c].index))
    for i, card in enumerate(rest):
        start = t + i * ms(SETTLE_STAGGER)
        there = layout.position(new[card])
        m = motion(card).hold(start)
        m.to(start + ms(SETTLE) * 0.5, _mid(m.keys[-1].pos, there, 10), 1.0, LIFT)
        m.to(start + ms(SETTLE), there, 1.0 if new[card].face_up else 0.0)

    _reflow(old, new, motions, now, layout, ms)
    return sorted(motions.values(), key=lambda m: m.order)


def _riffle(
    new: Mapping[Card, Spot],
    motion: Callable[[Card], Motion],
    layout: TableLayout,
    t: float,
    ms: Callable[[float], int],
) -> float:
    """The top cards of the draw pile split and close twice: the deck is shuffled."""
    top = sorted((c for c, s in new.items() if s.place == DRAW and s.visible),
                 key=lambda c: new[c].index)  # fmt: skip
    centre = layout.draw_centre
    beat = ms(RIFFLE) / 4
    end = t
    for i, card in enumerate(top):
        side = -1 if i % 2 == 0 else 1
        out = QPointF(centre.x() + side * 16, centre.y() - 3)
        m = motion(card).hold(t)
        m.to(t + beat, out, 0.0).to(t + 2 * beat, centre, 0.0)
        m.to(t + 3 * beat, out, 0.0).to(t + 4 * beat, centre, 0.0)
        end = m.end
    return end


def _reflow(
    old: Mapping[Card, Spot],
    new: Mapping[Card, Spot],
    motions: dict[Card, Motion],
    now: Callable[[Card], Now],
    layout: TableLayout,
    ms: Callable[[float], int],
) -> None:
    """Cards that stay put but shift (a hand closing up, the revealed row spacing)."""
    for card, spot in new.items():
        if card in motions or card not in old:
            continue
        there = layout.position(spot)
        here = now(card)
        if here.pos != there and spot.place not in (DRAW, DISCARD):
            m = Motion(card, [Key(0.0, here.pos, here.flip)], order=len(motions))
            m.to(ms(REFLOW), there, 1.0 if spot.face_up else 0.0)
            motions[card] = m


def _rewind(
    old: Mapping[Card, Spot],
    new: Mapping[Card, Spot],
    now: Callable[[Card], Now],
    layout: TableLayout,
    ms: Callable[[float], int],
) -> list[Motion]:
    """Undo and redo: every card that moved slides straight back, turning as it goes."""
    out: list[Motion] = []
    changed = [c for c, s in new.items() if c in old and old[c] != s]
    changed.sort(key=lambda c: (new[c].place, new[c].index))
    for i, card in enumerate(changed):
        here, spot = now(card), new[card]
        there = layout.position(spot)
        if old[card].key == spot.key and (here.pos == there or spot.in_pile):
            continue
        start = i * ms(REWIND_STAGGER) if old[card].key != spot.key else 0.0
        m = Motion(card, [Key(0.0, here.pos, here.flip)], order=len(out)).hold(start)
        m.to(start + ms(REWIND), there, 1.0 if spot.face_up else 0.0)
        out.append(m)
    return out
