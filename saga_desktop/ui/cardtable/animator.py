"""Playing card motions: one clock for every moving card, interruptible, with frame statistics.

A single :class:`QVariantAnimation` drives all the paths of one change (Qt's animation timer
ticks about every 16 ms). :meth:`CardAnimator.finish_now` jumps to the end at once, which is what
a new change does to a running animation. ``finished`` fires after every change the table shows,
animated or not, so a test can always wait for it.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QPointF, QVariantAnimation, Signal

from saga_desktop.ui.cardtable.choreography import ItemKey, Key, Motion
from saga_desktop.ui.cardtable.items import CardItem

Z_MOVING = 100.0


@dataclass(slots=True)
class FrameStats:
    """What one animation cost: the ticks of its clock and the work done in each."""

    duration_ms: float = 0.0
    tick_times: list[float] = field(default_factory=list)
    work_ms: list[float] = field(default_factory=list)

    @property
    def frames(self) -> int:
        """How many frames the clock delivered."""
        return len(self.tick_times)

    @property
    def intervals_ms(self) -> list[float]:
        """Milliseconds between consecutive frames."""
        t = self.tick_times
        return [(b - a) * 1000 for a, b in itertools.pairwise(t)]


def _smooth(u: float) -> float:
    return u * u * (3 - 2 * u)


def state_at(motion: Motion, t: float) -> Key:
    """A motion's interpolated state at ``t`` milliseconds."""
    keys = motion.keys
    if t <= keys[0].t:
        return keys[0]
    for a, b in itertools.pairwise(keys):
        if t <= b.t:
            span = b.t - a.t
            u = _smooth((t - a.t) / span) if span > 0 else 1.0
            pos = QPointF(a.pos.x() + (b.pos.x() - a.pos.x()) * u,
                          a.pos.y() + (b.pos.y() - a.pos.y()) * u)  # fmt: skip
            return Key(t, pos, a.flip + (b.flip - a.flip) * u, a.scale + (b.scale - a.scale) * u)
    return keys[-1]


class CardAnimator(QObject):
    """Moves card items along their motions and reports when they have arrived."""

    finished = Signal()
    """Every card has reached its place (also emitted for changes shown without animation)."""

    def __init__(self, items: Mapping[ItemKey, CardItem], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items = items
        self._motions: list[Motion] = []
        self._on_done: Callable[[], None] | None = None
        self._driver = QVariantAnimation(self)
        self._driver.setStartValue(0.0)
        self._driver.setEndValue(1.0)
        self._driver.valueChanged.connect(self._tick)
        self._driver.finished.connect(self._complete)
        self._started = 0.0
        self.stats = FrameStats()
        """The statistics of the last (or running) animation."""

    @property
    def running(self) -> bool:
        """True while cards are moving (or paused mid-flight)."""
        return self._driver.state() != QVariantAnimation.State.Stopped

    @property
    def duration_ms(self) -> int:
        """The length of the current (or last) animation."""
        return self._driver.duration()

    def play(self, motions: list[Motion], on_done: Callable[[], None]) -> None:
        """Move the cards; ``on_done`` puts everything in its final place when they arrive."""
        self.finish_now()
        self._on_done = on_done
        self._motions = [m for m in motions if m.keys]
        duration = max((m.end for m in self._motions), default=0.0)
        if duration <= 0:
            self._complete()
            return
        for m in self._motions:
            item = self._items[m.card]
            item.setVisible(True)
            item.setZValue(Z_MOVING + m.order)
            item.set_glow(m.glow)
        self.stats = FrameStats(duration)
        self._driver.setDuration(round(duration))
        self._started = time.perf_counter()
        self._driver.start()

    def finish_now(self) -> None:
        """Jump to the end of a running animation (a new change arrived)."""
        if self.running:
            self._driver.stop()
            self._complete()

    def seek(self, t: float) -> None:
        """Show the cards as they are ``t`` milliseconds into the animation (benchmarks, shots)."""
        for m in self._motions:
            self._place(m, state_at(m, t))

    def pause(self) -> None:
        """Stop the clock where it is, leaving the cards mid-flight (screenshots)."""
        self._driver.pause()

    def _tick(self, value: object) -> None:
        begin = time.perf_counter()
        t = float(value) * self._driver.duration()  # type: ignore[arg-type]
        for m in self._motions:
            self._place(m, state_at(m, t))
        self.stats.tick_times.append(begin)
        self.stats.work_ms.append((time.perf_counter() - begin) * 1000)

    def _place(self, motion: Motion, key: Key) -> None:
        item = self._items[motion.card]
        if item.pos() != key.pos:
            item.setPos(key.pos)
        item.set_flip(key.flip)
        if item.scale() != key.scale:
            item.setScale(key.scale)

    def _complete(self) -> None:
        motions, self._motions = self._motions, []
        for m in motions:
            self._items[m.card].set_glow(False)
        done, self._on_done = self._on_done, None
        if done is not None:
            done()
        self.finished.emit()
