"""Lists that know what changed: the base of the campaign's regions and journal.

A campaign's big lists (thousands of regions, journal lines) are changed in place by operations.
While a session records, a :class:`TrackedList` logs every change as an :class:`Edit`, so the
session learns what an operation touched and takes it back exactly (order included) without
copying or comparing whole lists. Subclasses keep indexes in step through its hooks
(:mod:`saga_desktop.model.indexed`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, SupportsIndex, TypeVar, overload

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Edit:
    """One change to a list.

    ``set``: ``old`` replaced by ``new`` at ``index``; ``ins``: ``new`` put at ``index``; ``del``:
    ``old`` taken from ``index``; ``all``: the whole content, as tuples, replaced.
    """

    kind: Literal["set", "ins", "del", "all"]
    index: int
    old: Any = None
    new: Any = None


class TrackedList(list[T], Generic[T]):
    """A list that logs its changes while :meth:`record` is on; subclasses keep indexes."""

    __slots__ = ("_log",)

    def __init__(self, items: Iterable[T] = ()) -> None:
        super().__init__(items)
        self._log: list[Edit] | None = None
        self._reindex()

    # -- recording ---------------------------------------------------------------------------------

    def record(self) -> None:
        """Start a fresh log of changes."""
        self._log = []

    def stop(self) -> tuple[Edit, ...]:
        """Stop logging; the changes since :meth:`record`."""
        log, self._log = self._log or [], None
        return tuple(log)

    def undo(self, edits: Sequence[Edit]) -> None:
        """Take back ``edits`` (the last first), leaving the list as it was before them."""
        for e in reversed(edits):
            if e.kind == "set":
                self._put(e.index, e.new, e.old)
            elif e.kind == "ins":
                list.__delitem__(self, e.index)
                self._removed(e.new, e.index, e.index == len(self))
            elif e.kind == "del":
                list.insert(self, e.index, e.old)
                self._added(e.old, e.index, e.index == len(self) - 1)
            else:
                list.__setitem__(self, slice(None), e.old)
                self._reindex()

    def redo(self, edits: Sequence[Edit]) -> None:
        """Make ``edits`` again, in order."""
        for e in edits:
            if e.kind == "set":
                self._put(e.index, e.old, e.new)
            elif e.kind == "ins":
                list.insert(self, e.index, e.new)
                self._added(e.new, e.index, e.index == len(self) - 1)
            elif e.kind == "del":
                list.__delitem__(self, e.index)
                self._removed(e.old, e.index, e.index == len(self))
            else:
                list.__setitem__(self, slice(None), e.new)
                self._reindex()

    # -- the changes a list can take ---------------------------------------------------------------

    @overload
    def __setitem__(self, key: SupportsIndex, value: T) -> None: ...
    @overload
    def __setitem__(self, key: slice, value: Iterable[T]) -> None: ...
    def __setitem__(self, key: Any, value: Any) -> None:
        if isinstance(key, slice):
            self._whole(lambda: list.__setitem__(self, key, value))
            return
        i = self._position(key)
        old = self[i]
        self._put(i, old, value)
        self._note(Edit("set", i, old, value))

    def __delitem__(self, key: SupportsIndex | slice) -> None:
        if isinstance(key, slice):
            self._whole(lambda: list.__delitem__(self, key))
            return
        i = self._position(key)
        old = self[i]
        list.__delitem__(self, i)
        self._removed(old, i, i == len(self))
        self._note(Edit("del", i, old=old))

    def append(self, item: T) -> None:
        """Add ``item`` at the end."""
        self.insert(len(self), item)

    def extend(self, items: Iterable[T]) -> None:
        """Add every item at the end, in order."""
        for item in items:
            self.append(item)

    def __iadd__(self, items: Iterable[T]) -> TrackedList[T]:  # type: ignore[override,misc]
        self.extend(items)
        return self

    def insert(self, index: SupportsIndex, item: T) -> None:
        """Put ``item`` before ``index`` (clamped to the list, as ``list.insert`` does)."""
        i = index.__index__()
        i = max(0, i + len(self)) if i < 0 else min(i, len(self))
        list.insert(self, i, item)
        self._added(item, i, i == len(self) - 1)
        self._note(Edit("ins", i, new=item))

    def pop(self, index: SupportsIndex = -1) -> T:
        """Remove and return the item at ``index`` (the last by default)."""
        i = self._position(index)
        item = self[i]
        del self[i]
        return item

    def remove(self, item: T) -> None:
        """Remove the first item equal to ``item``."""
        del self[self.index(item)]

    def clear(self) -> None:
        """Remove every item."""
        self._whole(lambda: list.clear(self))

    def sort(self, *args: Any, **kwargs: Any) -> None:
        """Sort in place."""
        self._whole(lambda: list.sort(self, *args, **kwargs))

    def reverse(self) -> None:
        """Reverse in place."""
        self._whole(lambda: list.reverse(self))

    def __imul__(self, n: SupportsIndex) -> TrackedList[T]:
        self._whole(lambda: list.__imul__(self, n))
        return self

    # -- copies ------------------------------------------------------------------------------------

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (list(self),))

    def __copy__(self) -> TrackedList[T]:
        return type(self)(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> TrackedList[T]:
        import copy

        return type(self)(copy.deepcopy(list(self), memo))

    # -- helpers -----------------------------------------------------------------------------------

    def _position(self, index: SupportsIndex) -> int:
        i = index.__index__()
        n = i + len(self) if i < 0 else i
        if not 0 <= n < len(self):
            raise IndexError("list index out of range")
        return n

    def _put(self, i: int, old: T, new: T) -> None:
        list.__setitem__(self, i, new)
        self._removed(old, i, True)
        self._added(new, i, True)

    def _whole(self, change: Any) -> None:
        old = tuple(self)
        change()
        self._reindex()
        self._note(Edit("all", 0, old, tuple(self)))

    def _note(self, edit: Edit) -> None:
        if self._log is not None:
            self._log.append(edit)

    def _reindex(self) -> None:
        """Build the indexes from scratch."""

    def _added(self, item: T, index: int, in_place: bool) -> None:
        """``item`` now stands at ``index`` (``in_place``: no other item moved)."""

    def _removed(self, item: T, index: int, in_place: bool) -> None:
        """``item`` no longer stands at ``index`` (``in_place``: no other item moved)."""


def net_change(edits: Sequence[Edit]) -> tuple[list[Any], list[Any]]:
    """The items ``edits`` added and removed on balance (by identity): new, then gone."""
    balance: Counter[int] = Counter()
    items: dict[int, Any] = {}
    for e in edits:
        old: Sequence[Any] = e.old if e.kind == "all" else () if e.kind == "ins" else (e.old,)
        new: Sequence[Any] = e.new if e.kind == "all" else () if e.kind == "del" else (e.new,)
        for item in old:
            balance[id(item)] -= 1
            items[id(item)] = item
        for item in new:
            balance[id(item)] += 1
            items[id(item)] = item
    added = [items[k] for k, n in balance.items() if n > 0]
    removed = [items[k] for k, n in balance.items() if n < 0]
    return added, removed
