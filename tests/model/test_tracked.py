"""The indexed, logged lists behind the regions and the journal: indexes in step, undo exact."""

from __future__ import annotations

import copy
import pickle
from datetime import UTC, datetime
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.model.campaign import JournalEntry, Region
from saga_desktop.model.indexed import JournalList, RegionList
from saga_desktop.model.tracked import net_change

HEXES = st.tuples(st.integers(-3, 3), st.integers(-3, 3))
REGIONS = st.builds(
    lambda h, n, hidden: Region(q=h[0], r=h[1], number=n, hidden=hidden),
    HEXES,
    st.integers(1, 12),
    st.booleans(),
)
INDEX = st.integers(-15, 15)

MUTATIONS = st.one_of(
    st.tuples(st.just("append"), REGIONS),
    st.tuples(st.just("insert"), INDEX, REGIONS),
    st.tuples(st.just("set"), INDEX, REGIONS),
    st.tuples(st.just("del"), INDEX),
    st.tuples(st.just("pop"), INDEX),
    st.tuples(st.just("slice"), st.lists(REGIONS, max_size=3)),
    st.tuples(st.just("extend"), st.lists(REGIONS, max_size=3)),
    st.tuples(st.just("reverse")),
    st.tuples(st.just("clear")),
)


def _mutate(items: list[Any], m: tuple[Any, ...]) -> None:
    """The same mutation on any list (an IndexError on both when out of range)."""
    kind = m[0]
    if kind == "append":
        items.append(m[1])
    elif kind == "insert":
        items.insert(m[1], m[2])
    elif kind == "set":
        items[m[1]] = m[2]
    elif kind == "del":
        del items[m[1]]
    elif kind == "pop":
        items.pop(m[1])
    elif kind == "slice":
        items[1:3] = m[1]
    elif kind == "extend":
        items.extend(m[1])
    elif kind == "reverse":
        items.reverse()
    else:
        items.clear()


def _check_indexes(regions: RegionList) -> None:
    for q in range(-3, 4):
        for r in range(-3, 4):
            here = [x for x in regions if (x.q, x.r) == (q, r)]
            assert regions.charted(q, r) == len(here)
            found = regions.at(q, r)
            assert (found is None) == (not here)
            if found is not None:
                assert any(found is x for x in here)
                i = regions.position(q, r)
                assert i is not None and regions[i] is found
            else:
                assert regions.position(q, r) is None
    for n in range(1, 14):
        assert regions.numbered(n) == sum(1 for x in regions if x.number == n)
    assert regions.hidden_numbers() == {x.number for x in regions if x.hidden}
    used = {x.number for x in regions}
    lowest = next(n for n in range(1, len(regions) + 2) if n not in used)
    assert regions.next_number() == lowest


@settings(max_examples=150, deadline=None)
@given(st.lists(REGIONS, max_size=6), st.lists(MUTATIONS, max_size=12))
def test_indexes_follow_every_change_and_undo_redo_are_exact(
    start: list[Region], mutations: list[tuple[Any, ...]]
) -> None:
    regions, plain = RegionList(start), list(start)
    regions.record()
    for m in mutations:
        try:
            _mutate(plain, m)
        except IndexError:
            continue
        _mutate(regions, m)
        assert list(regions) == plain and all(a is b for a, b in zip(regions, plain, strict=True))
        _check_indexes(regions)
    edits = regions.stop()
    regions.undo(edits)
    assert all(a is b for a, b in zip(regions, start, strict=True)) and len(regions) == len(start)
    _check_indexes(regions)
    regions.redo(edits)
    assert all(a is b for a, b in zip(regions, plain, strict=True)) and len(regions) == len(plain)
    _check_indexes(regions)
    added, removed = net_change(edits)
    assert {id(x) for x in added} == {id(x) for x in plain} - {id(x) for x in start}
    assert {id(x) for x in removed} == {id(x) for x in start} - {id(x) for x in plain}


def test_nothing_is_logged_unless_recording() -> None:
    regions = RegionList([Region(q=0, r=0, number=1)])
    regions.append(Region(q=1, r=0, number=2))
    assert regions.stop() == ()
    regions.record()
    regions.append(Region(q=2, r=0, number=3))
    assert [e.kind for e in regions.stop()] == ["ins"]


def test_a_freed_number_is_offered_first_and_taken_again() -> None:
    regions = RegionList(Region(q=i, r=0, number=i + 1) for i in range(5))
    assert regions.next_number() == 6
    del regions[2]  # number 3
    assert regions.next_number() == 3
    regions.append(Region(q=9, r=9, number=3))
    assert regions.next_number() == 6


def test_journal_entries_by_id() -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    journal = JournalList(JournalEntry(id=i, at=at, kind="note", text=f"{i}") for i in (1, 2))
    assert journal.entry(2) is journal[1] and journal.entry(3) is None
    journal.append(JournalEntry(id=2, at=at, kind="note", text="again"))
    assert journal.with_id(2) == 2
    journal.pop()
    assert journal.with_id(2) == 1


def test_copies_keep_the_kind_and_the_indexes() -> None:
    regions = RegionList([Region(q=0, r=0, number=1), Region(q=1, r=0, number=2)])
    for other in (copy.copy(regions), copy.deepcopy(regions), pickle.loads(pickle.dumps(regions))):
        assert isinstance(other, RegionList) and other == regions
        assert other.at(1, 0) == regions[1] and other.next_number() == 3
