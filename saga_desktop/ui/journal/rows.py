"""Where a journal change falls in the list shown: the rows before and after it stay as they are.

The journal keeps its entries in id order (each new line takes the next id), so an entry's row
is found by bisection; a journal out of that order (an old or hand-made file) falls back to
comparing the lists whole.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence

from saga_desktop.model.campaign import JournalEntry


def find_row(entries: Sequence[JournalEntry], entry_id: int) -> int | None:
    """Where the entry with this id stands, when the entries around it are in id order."""
    i = bisect_left(entries, entry_id, key=lambda e: e.id)
    return i if i < len(entries) and entries[i].id == entry_id else None


def changed_span(
    old: Sequence[JournalEntry],
    new: Sequence[JournalEntry],
    ids: frozenset[int],
    in_old: Callable[[int], bool],
    in_new: Callable[[int], bool],
) -> tuple[int, int] | None:
    """The common start and end of ``old`` and ``new`` when only the entries ``ids`` changed.

    Every other entry is the same object in both, in the same order, so the lists agree up to
    the first row that holds a changed entry in either, and from the last. ``in_old`` and
    ``in_new`` say whether a list holds an id. None when an entry it holds cannot be found by id
    order (the caller then compares the whole lists).
    """
    first = from_end = len(old) + len(new)
    for entries, holds in ((old, in_old), (new, in_new)):
        for entry_id in ids:
            if not holds(entry_id):
                continue
            row = find_row(entries, entry_id)
            if row is None:
                return None
            first = min(first, row)
            from_end = min(from_end, len(entries) - 1 - row)
    limit = min(len(old), len(new))
    start = min(first, limit)
    return start, min(from_end, limit - start)


def common_ends(old: Sequence[JournalEntry], new: Sequence[JournalEntry]) -> tuple[int, int]:
    """How many entries at the start, then at the end, are the same objects in both lists."""
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] is new[start]:
        start += 1
    end = 0
    while end < limit - start and old[-1 - end] is new[-1 - end]:
        end += 1
    return start, end
