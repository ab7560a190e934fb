"""The journal as a Qt list model that follows the campaign incrementally, and its filter.

The campaign's journal is a list of frozen entries; undo and redo restore the very same entry
objects. A change report names the entries an operation added, removed or edited
(``Changes.journal``); the model finds their rows by id (the journal is kept in id order) and
replaces only the rows between the first and the last of them. So appending, undoing or editing
one entry costs the same in a journal of many thousands as in one of ten. When a report names no
entries (a load, or a change to the whole journal), or the journal is not in id order, the model
compares its list with the campaign's by identity instead, keeping the common start and end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Campaign, JournalEntry
from saga_desktop.model.changes import Cause, Changes
from saga_desktop.model.journal_marks import is_veiled
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.journal import rows

ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1
KIND_ROLE = Qt.ItemDataRole.UserRole + 2
CHARACTER_ROLE = Qt.ItemDataRole.UserRole + 3
META_ROLE = Qt.ItemDataRole.UserRole + 4
HIGHLIGHT_ROLE = Qt.ItemDataRole.UserRole + 5

KIND_TITLES: dict[str, str] = {
    "note": tr_noop("GM note"),
    "attack": tr_noop("Attack"),
    "defence": tr_noop("Defence"),
    "combat": tr_noop("Combat"),
    "trial": tr_noop("Trial roll"),
    "resilience": tr_noop("Resilience"),
    "consequence": tr_noop("Consequence"),
    "morale": tr_noop("Morale"),
    "burn": tr_noop("Burned card"),
    "character": tr_noop("Party"),
    "table": tr_noop("Rolling table"),
    "adversary": tr_noop("Adversary"),
    "campaign": tr_noop("Campaign"),
    "card": tr_noop("Card"),
    "check": tr_noop("Check"),
    "check-cancel": tr_noop("Check cancel"),
    "check-draw": tr_noop("Check draw"),
    "combat-roll": tr_noop("Combat roll"),
    "condition": tr_noop("Condition"),
    "creation": tr_noop("Creation"),
    "declare": tr_noop("Declaration"),
    "encounter": tr_noop("Encounter"),
    "enemy": tr_noop("Enemy"),
    "exchange": tr_noop("Exchange"),
    "extended": tr_noop("Extended check"),
    "group": tr_noop("Group check"),
    "group-card": tr_noop("Group card"),
    "group-draw": tr_noop("Group draw"),
    "initiative": tr_noop("Initiative"),
    "map": tr_noop("Map"),
    "monster": tr_noop("Monster"),
    "opposed": tr_noop("Opposed check"),
    "opposed-choice": tr_noop("Opposed choice"),
    "opposed-draw": tr_noop("Opposed draw"),
    "oracle": tr_noop("Oracle"),
    "outcome": tr_noop("Outcome"),
    "prompt": tr_noop("Prompt"),
    "reaction": tr_noop("Reaction"),
    "region": tr_noop("Region"),
    "rest": tr_noop("Rest"),
    "risk": tr_noop("Risk"),
    "roll": tr_noop("Roll"),
    "round": tr_noop("Round"),
    "scene": tr_noop("Scene"),
    "session": tr_noop("Session"),
    "sheet": tr_noop("Sheet"),
    "shown": tr_noop("Shown"),
    "stats": tr_noop("Stats"),
    "strength": tr_noop("Strength"),
    "token": tr_noop("Token"),
    "travel": tr_noop("Travel"),
    "xp": tr_noop("Xp"),
}
"""Each entry kind's name, translated where it is shown (an unknown kind reads as its key)."""

Index = QModelIndex | QPersistentModelIndex


GM_ONLY_TAG = tr_noop("GM only")
"""Marks a line the players do not read (it names something hidden from them, or says that)."""


def kind_title(kind: str) -> str:
    """A readable name for an entry kind: ``"GM note"``, ``"Defence"``, ``"Region"``..."""
    title = KIND_TITLES.get(kind)
    return tr(title) if title else kind.replace("_", " ").replace("-", " ").capitalize()


def meta_line(entry: JournalEntry, names: dict[str, str]) -> str:
    """``"Day 3 · Region 12 · 18:04 · Sigrid · Attack"`` (parts that are unknown are left out)."""
    parts = [tr("Day {day}", day=entry.day)]
    if entry.region is not None:
        parts.append(tr("Region {number}", number=entry.region))
    parts.append(entry.at.astimezone().strftime("%H:%M"))
    if entry.character is not None:
        parts.append(names.get(entry.character, entry.character))
    parts.append(kind_title(entry.kind))
    if is_veiled(entry.details):  # the GM's journal says which lines the players cannot read
        parts.append(tr(GM_ONLY_TAG))
    return " · ".join(parts)


@dataclass(frozen=True, slots=True)
class Sync:
    """What one synchronisation changed: rows ``first`` to ``first + inserted - 1`` are new."""

    first: int
    inserted: int
    removed: tuple[JournalEntry, ...]


class JournalModel(QAbstractListModel):
    """One row per journal entry, oldest first."""

    synced = Signal(object)
    """Emitted with a :class:`Sync` after every change of the rows."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._entries: list[JournalEntry] = []
        self._names: dict[str, str] = {}
        self._highlight: set[int] = set()
        self._kinds: Counter[str] = Counter()  # entries shown of each kind
        self._ids: set[int] = set()  # the ids of the entries shown

    # -- the Qt model -----------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """The number of entries (a flat list)."""
        return 0 if parent.isValid() else len(self._entries)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """The entry's text, its line of facts, the entry itself, and the highlight flag."""
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry = self._entries[index.row()]
        if role == ENTRY_ROLE:  # first: the view asks every row's size after rows come or go
            return entry
        if role == Qt.ItemDataRole.DisplayRole:
            return entry.said
        if role == META_ROLE:
            return meta_line(entry, self._names)
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tip(f"{meta_line(entry, self._names)}\n{entry.said}")
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return tr("{facts}. {line}", facts=meta_line(entry, self._names), line=entry.said)
        if role == KIND_ROLE:
            return entry.kind
        if role == CHARACTER_ROLE:
            return entry.character
        if role == HIGHLIGHT_ROLE:
            return entry.id in self._highlight
        return None

    # -- following the campaign -------------------------------------------------------------------

    @property
    def entries(self) -> Sequence[JournalEntry]:
        """The entries shown, oldest first."""
        return self._entries

    def entry(self, row: int) -> JournalEntry:
        """The entry of a row."""
        return self._entries[row]

    def name_of(self, character_id: str | None) -> str:
        """A character's name (their id if they left the campaign)."""
        if character_id is None:
            return ""
        return self._names.get(character_id, character_id)

    def reset(self, campaign: Campaign) -> None:
        """Show another campaign from scratch."""
        self.beginResetModel()
        self._entries = list(campaign.journal)
        self._names = {c.id: c.name for c in campaign.characters}
        self._highlight = set()
        self._kinds = Counter(e.kind for e in self._entries)
        self._ids = {e.id for e in self._entries}
        self.endResetModel()
        self.synced.emit(Sync(len(self._entries), 0, ()))

    def update_names(self, campaign: Campaign) -> None:
        """Characters were renamed, added or removed: refresh the lines that name them."""
        names = {c.id: c.name for c in campaign.characters}
        if names != self._names:
            self._names = names
            if self._entries:
                self.dataChanged.emit(self.index(0), self.index(len(self._entries) - 1))

    def sync(self, campaign: Campaign, changes: Changes | None = None) -> Sync:
        """Bring the rows in line with the campaign's journal, touching only what changed.

        With ``changes`` (the report of an operation, undo or redo) the rows are found from the
        entries it names; without, by comparing the whole journal.
        """
        old, new = self._entries, campaign.journal
        span = None
        if changes is not None and changes.journal and changes.cause is not Cause.LOAD:
            journal = campaign.indexed_journal()
            span = rows.changed_span(
                old,
                new,
                changes.journal,
                self._ids.__contains__,
                lambda i: journal.entry(i) is not None,
            )
        start, end = span if span is not None else rows.common_ends(old, new)
        removed = tuple(old[start : len(old) - end])
        added = new[start : len(new) - end]
        for e in removed:
            self._kinds[e.kind] -= 1
            self._ids.discard(e.id)
        for e in added:
            self._kinds[e.kind] += 1
            self._ids.add(e.id)
        if len(removed) == len(added) == 1:
            self._entries[start] = added[0]
            self._set_highlight({added[0].id})
            self.dataChanged.emit(self.index(start), self.index(start))
            result = Sync(start, 1, removed)
            self.synced.emit(result)
            return result
        if removed:
            self.beginRemoveRows(QModelIndex(), start, start + len(removed) - 1)
            del self._entries[start : start + len(removed)]
            self.endRemoveRows()
        if added:
            self.beginInsertRows(QModelIndex(), start, start + len(added) - 1)
            self._entries[start:start] = added
            self.endInsertRows()
        if added:
            self._set_highlight({e.id for e in added})
        elif removed and self._entries:
            self._set_highlight({self._entries[max(0, start - 1)].id})
        else:
            self._set_highlight(set())
        result = Sync(start, len(added), removed)
        if added or removed:
            self.synced.emit(result)
        return result

    def row_of(self, entry_id: int) -> int | None:
        """The row of an entry, if shown (found by id order; a walk if that order is broken)."""
        if entry_id not in self._ids:
            return None
        row = rows.find_row(self._entries, entry_id)
        if row is not None:
            return row
        return next((i for i, e in enumerate(self._entries) if e.id == entry_id), None)

    def _set_highlight(self, ids: set[int]) -> None:
        before = self._highlight
        self._highlight = ids
        touched = before ^ ids
        if not touched:
            return
        if len(touched) >= 50:
            if self._entries:
                self.dataChanged.emit(self.index(0), self.index(len(self._entries) - 1))
            return
        shown = sorted(row for i in touched if (row := self.row_of(i)) is not None)
        for row in shown:
            self.dataChanged.emit(self.index(row), self.index(row), [HIGHLIGHT_ROLE])

    def kinds(self) -> list[str]:
        """The kinds of entry present, sorted by their titles."""
        return sorted((k for k, n in self._kinds.items() if n > 0), key=kind_title)


class JournalFilter(QSortFilterProxyModel):
    """Show only entries of one kind, about one character, or containing some words."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._kind: str | None = None
        self._character: str | None = None
        self._words: list[str] = []

    def set_kind(self, kind: str | None) -> None:
        """Only entries of this kind (None: every kind)."""
        self._change(lambda: setattr(self, "_kind", kind))

    def set_character(self, character_id: str | None) -> None:
        """Only entries about this character (None: everyone)."""
        self._change(lambda: setattr(self, "_character", character_id))

    def set_search(self, text: str) -> None:
        """Only entries containing every word of ``text`` (any case)."""
        words = text.casefold().split()
        self._change(lambda: setattr(self, "_words", words))

    def _change(self, change: Callable[[], None]) -> None:
        """Change a filter, telling the views (Qt 6.9's begin/end calls where there are any)."""
        begin = getattr(self, "beginFilterChange", None)
        if begin is None:  # pragma: no cover - older Qt
            change()
            self.invalidateRowsFilter()
            return
        begin()
        change()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    @property
    def active(self) -> bool:
        """True when some entries may be hidden."""
        return bool(self._kind or self._character or self._words)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        """Apply the three filters."""
        model = self.sourceModel()
        assert isinstance(model, JournalModel)
        entry = model.entry(source_row)
        if self._kind is not None and entry.kind != self._kind:
            return False
        if self._character is not None and entry.character != self._character:
            return False
        if self._words:
            haystack = f"{entry.said} {model.name_of(entry.character)} {kind_title(entry.kind)}"
            folded = haystack.casefold()
            return all(w in folded for w in self._words)
        return True
