"""The campaign's regions and journal as indexed lists, the indexes kept in step with every change.

Regions are found by hex and by number, journal entries by id, in O(1), so lookups and the
uniqueness checks after an operation cost the same on a campaign of ten regions and of ten
thousand. Both lists log their changes for undo (:mod:`saga_desktop.model.tracked`).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from saga_desktop.model.tracked import TrackedList

if TYPE_CHECKING:
    from saga_desktop.model.campaign import JournalEntry, Region

T = TypeVar("T")
K = TypeVar("K")


class _MultiIndex(Generic[K, T]):
    """Items by key; several may share a key for a moment (an invariant check then refuses)."""

    __slots__ = ("_more", "_one")

    def __init__(self, pairs: Sequence[tuple[K, T]] = ()) -> None:
        self._one: dict[K, T] = dict(reversed(pairs))  # the first item of each key wins
        self._more: dict[K, list[T]] = {}  # the second and later items of a shared key
        if len(self._one) != len(pairs):
            self._one = {}
            for key, item in pairs:
                self.add(key, item)

    def add(self, key: K, item: T) -> None:
        if key in self._one:
            self._more.setdefault(key, []).append(item)
        else:
            self._one[key] = item

    def remove(self, key: K, item: T) -> None:
        more = self._more.get(key)
        if self._one.get(key) is item:
            if more:
                self._one[key] = more.pop(0)
            else:
                del self._one[key]
        elif more:
            for j, x in enumerate(more):
                if x is item:
                    del more[j]
                    break
        if more is not None and not more:
            del self._more[key]

    def first(self, key: K) -> T | None:
        return self._one.get(key)

    def count(self, key: K) -> int:
        return (key in self._one) + len(self._more.get(key, ()))


class RegionList(TrackedList["Region"]):
    """The map's regions, indexed by hex, by number and by position."""

    __slots__ = ("_at", "_free", "_hidden", "_numbers", "_pos", "_top")

    def _reindex(self) -> None:
        self._at: _MultiIndex[tuple[int, int], Region] = _MultiIndex(
            [((r.q, r.r), r) for r in self]
        )
        self._numbers: Counter[int] = Counter(r.number for r in self)
        self._hidden: Counter[int] = Counter(r.number for r in self if r.hidden)
        self._pos: dict[int, int] | None = None  # position by id(region); built when asked
        self._free: list[int] = []  # freed numbers below _top (a heap; some may be used again)
        self._top = 1
        while self._top in self._numbers:
            self._top += 1

    def _added(self, item: Region, index: int, in_place: bool) -> None:
        self._at.add((item.q, item.r), item)
        self._numbers[item.number] += 1
        if item.hidden:
            self._hidden[item.number] += 1
        if self._pos is not None:
            if in_place:
                self._pos[id(item)] = index
            else:
                self._pos = None  # the items after it moved: rebuilt when next asked

    def _removed(self, item: Region, index: int, in_place: bool) -> None:
        self._at.remove((item.q, item.r), item)
        self._numbers[item.number] -= 1
        if item.hidden:
            self._hidden[item.number] -= 1
            if not self._hidden[item.number]:
                del self._hidden[item.number]
        if not self._numbers[item.number]:
            del self._numbers[item.number]
            if item.number < self._top:
                heapq.heappush(self._free, item.number)
        if self._pos is not None:
            if not in_place:
                self._pos = None
            elif self._pos.get(id(item)) == index:
                del self._pos[id(item)]

    def at(self, q: int, r: int) -> Region | None:
        """The region charted at a hex, if any."""
        return self._at.first((q, r))

    def position(self, q: int, r: int) -> int | None:
        """Where in the list the region at a hex stands, if one does."""
        region = self._at.first((q, r))
        if region is None:
            return None
        if self._pos is None:
            # after an insertion or deletion in the middle: rebuilt once, at C speed
            self._pos = dict(zip(map(id, self), range(len(self)), strict=True))
        return self._pos.get(id(region))

    def charted(self, q: int, r: int) -> int:
        """How many regions chart a hex (more than one only while a change is checked)."""
        return self._at.count((q, r))

    def numbered(self, number: int) -> int:
        """How many regions bear a number (more than one only while a change is checked)."""
        return self._numbers.get(number, 0)

    def hidden_numbers(self) -> frozenset[int]:
        """The numbers of the regions hidden from the players (as many as are hidden)."""
        return frozenset(self._hidden)

    def next_number(self) -> int:
        """The lowest free region number."""
        while self._free and self._free[0] in self._numbers:
            heapq.heappop(self._free)
        if self._free:
            return self._free[0]
        while self._top in self._numbers:
            self._top += 1
        return self._top


class JournalList(TrackedList["JournalEntry"]):
    """The journal's entries, indexed by id."""

    __slots__ = ("_ids",)

    def _reindex(self) -> None:
        self._ids: _MultiIndex[int, JournalEntry] = _MultiIndex([(e.id, e) for e in self])

    def _added(self, item: JournalEntry, index: int, in_place: bool) -> None:
        self._ids.add(item.id, item)

    def _removed(self, item: JournalEntry, index: int, in_place: bool) -> None:
        self._ids.remove(item.id, item)

    def entry(self, entry_id: int) -> JournalEntry | None:
        """The entry with this id, if any."""
        return self._ids.first(entry_id)

    def with_id(self, entry_id: int) -> int:
        """How many entries bear an id (more than one only while a change is checked)."""
        return self._ids.count(entry_id)
