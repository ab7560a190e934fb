"""The Regions dock's table model: one row per charted region, sorted and searched in Python.

Cells are edited in place through operations (title and terrain through EditRegion, risk through
SetRegionRisk, visited and hidden through their own), so every edit is journaled and undoable.
The model sorts and searches its rows itself, with plain Python sorts over the regions' values,
behind a pass-through proxy: a proxy that sorts asks ``data()`` of every row many times, which for
ten thousand regions costs seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QIdentityProxyModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import QWidget

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Region
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.map import EditRegion, SetRegionHidden, SetRegionRisk
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.map.tooltip import first_lines

Index = QModelIndex | QPersistentModelIndex
COLUMNS = (
    tr_noop("No."),
    tr_noop("Title"),
    tr_noop("Risk"),
    tr_noop("Terrain"),
    tr_noop("Visited"),
    tr_noop("Hidden"),
)
"""The columns' titles, in English (shown through ``tr``)."""
NUMBER, TITLE, RISK, TERRAIN, VISITED, HIDDEN = range(len(COLUMNS))
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 2


def _sort_key(column: int) -> Callable[[Region], Any]:
    return {
        NUMBER: lambda r: r.number,
        TITLE: lambda r: (r.title.lower(), r.number),
        RISK: lambda r: (r.risk, r.number),
        TERRAIN: lambda r: (r.terrain.lower(), r.number),
        VISITED: lambda r: (r.visited, r.number),
        HIDDEN: lambda r: (r.hidden, r.number),
    }[column]


def _haystack(region: Region) -> str:
    return f"{region.number} {region.title} {region.terrain} {region.notes}".lower()


class RegionsModel(QAbstractTableModel):
    """One row per charted region (in number order until sorted), searchable."""

    refused = Signal(str)
    """An in-place edit was refused; the message says why."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self._rows: list[Region] = []
        self._row_of: dict[tuple[int, int], int] = {}
        self._sort = (NUMBER, Qt.SortOrder.AscendingOrder)
        self._needle = ""
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.reload())
        self.reload()

    def _arranged(self) -> list[Region]:
        regions = self.bridge.session.campaign.map.regions
        words = self._needle.split()
        if words:
            regions = [r for r in regions if all(w in _haystack(r) for w in words)]
        column, order = self._sort
        return sorted(regions, key=_sort_key(column), reverse=order == Qt.SortOrder.DescendingOrder)

    def reload(self) -> None:
        """Read every region again."""
        self.beginResetModel()
        self._rows = self._arranged()
        self._row_of = {(r.q, r.r): i for i, r in enumerate(self._rows)}
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the rows by a column's values (numbers as numbers, text without case)."""
        if not 0 <= column < len(COLUMNS):
            return
        self._sort = (column, order)
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        keys = [(self._rows[i.row()].q, self._rows[i.row()].r, i.column()) for i in before]
        self._rows = self._arranged()
        self._row_of = {(r.q, r.r): i for i, r in enumerate(self._rows)}
        after = []
        for q, r, col in keys:
            row = self._row_of.get((q, r))
            after.append(QModelIndex() if row is None else self.index(row, col))
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    def set_search(self, text: str) -> None:
        """Show only regions whose number, title, terrain or notes contain every word."""
        needle = text.strip().lower()
        if needle != self._needle:
            self._needle = needle
            self.reload()

    def _on_changed(self, changes: Changes) -> None:
        if Aspect.REGIONS not in changes:
            return
        if any(k not in self._row_of for k in changes.regions) or self._needle:
            self.reload()
            return
        state = self.bridge.session.campaign.map
        fresh: dict[tuple[int, int], Region | None]
        if len(changes.regions) > 8:
            fresh = {(r.q, r.r): r for r in state.regions}
        else:
            fresh = {k: state.region_at(*k) for k in changes.regions}
        for key in changes.regions:
            region = fresh.get(key)
            if region is None:
                self.reload()
                return
            row = self._row_of[key]
            self._rows[row] = region
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
        if self._sort[0] != NUMBER:
            self.sort(*self._sort)

    def region(self, row: int) -> Region:
        """The region shown in a row."""
        return self._rows[row]

    def row_of(self, q: int, r: int) -> int | None:
        """The row of the region at a hex."""
        return self._row_of.get((q, r))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One row per region."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Number, title, risk, terrain, visited, hidden."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return tr(COLUMNS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Plain text for display and editing; check states for visited and hidden."""
        if not index.isValid():
            return None
        region = self._rows[index.row()]
        col = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return {
                NUMBER: region.number,
                TITLE: region.title,
                RISK: region.risk,
                TERRAIN: region.terrain,
            }.get(col)
        if role == Qt.ItemDataRole.CheckStateRole and col in (VISITED, HIDDEN):
            on = region.visited if col == VISITED else region.hidden
            return Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        if role == SORT_ROLE:
            return {
                NUMBER: region.number,
                TITLE: region.title.lower(),
                RISK: region.risk,
                TERRAIN: region.terrain.lower(),
                VISITED: int(region.visited),
                HIDDEN: int(region.hidden),
            }[col]
        if role == SEARCH_ROLE:
            return f"{region.number} {region.title} {region.terrain} {region.notes}".lower()
        if role == Qt.ItemDataRole.ToolTipRole and col == TITLE:
            return plain_tip("\n".join([region.title, *first_lines(region.notes)]).strip()) or None
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (NUMBER, RISK):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Title, terrain and risk are editable in place; visited and hidden are check boxes."""
        base = super().flags(index)
        if self.bridge.limited:  # a player's seat: read, never edit
            return base
        col = index.column()
        if col in (TITLE, TERRAIN, RISK):
            return base | Qt.ItemFlag.ItemIsEditable
        if col in (VISITED, HIDDEN):
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Apply an in-place edit as an operation."""
        if not index.isValid():
            return False
        region = self._rows[index.row()]
        col = index.column()
        q, r = region.q, region.r
        op: Operation | None = None
        if role == Qt.ItemDataRole.EditRole and col == TITLE and str(value).strip() != region.title:
            op = EditRegion(q, r, title=str(value))
        elif (
            role == Qt.ItemDataRole.EditRole
            and col == TERRAIN
            and str(value).strip() != region.terrain
        ):
            op = EditRegion(q, r, terrain=str(value))
        elif role == Qt.ItemDataRole.EditRole and col == RISK:
            try:
                risk = int(value)
            except (TypeError, ValueError):
                return False
            op = SetRegionRisk(q, r, risk) if risk != region.risk else None
        elif role == Qt.ItemDataRole.CheckStateRole and col in (VISITED, HIDDEN):
            on = Qt.CheckState(value) == Qt.CheckState.Checked
            op = EditRegion(q, r, visited=on) if col == VISITED else SetRegionHidden(q, r, on)
        if op is None:
            return False
        try:
            self.bridge.try_apply(op)
        except OperationError as exc:
            self.refused.emit(str(exc))
            self.bridge.refused.emit(str(exc))
            return False
        return True


class RegionFilter(QIdentityProxyModel):
    """What the table shows: the model's own rows (it sorts and searches them itself)."""

    def set_search(self, text: str) -> None:
        """Show only regions whose text contains every word of ``text``."""
        model = self.sourceModel()
        if isinstance(model, RegionsModel):
            model.set_search(text)
