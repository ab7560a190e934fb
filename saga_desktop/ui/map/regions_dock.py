"""The Regions dock: the numbered boxes of the paper sheet as a searchable, sortable table.

Cells are edited in place through operations (title and terrain through EditRegion, risk through
SetRegionRisk, visited and hidden through their own), so every edit is journaled and undoable.
Selecting a row centres the map on the region, and the detail area under the table shows its whole
title and note, editable in place (:mod:`saga_desktop.ui.map.region_notes`). The Risk column shows
only in a game whose regions have risk ratings; the Title column is as wide as the longest title
(the table scrolls sideways rather than cut one).

The model sorts and searches its rows itself, with plain Python sorts over the regions' values,
behind a pass-through proxy: a proxy that sorts asks ``data()`` of every row many times, which for
ten thousand regions costs seconds. Columns are sized from the font, not by measuring rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QIdentityProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QLineEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.campaign import Region
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.map import EditRegion, SetRegionHidden, SetRegionRisk
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.charting import charting_of
from saga_desktop.ui.map.region_notes import RegionNotes
from saga_desktop.ui.map.tooltip import first_lines

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("No.", "Title", "Risk", "Terrain", "Visited", "Hidden")
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
            return COLUMNS[section]
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
            return "\n".join([region.title, *first_lines(region.notes)]).strip() or None
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (NUMBER, RISK):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Title, terrain and risk are editable in place; visited and hidden are check boxes."""
        base = super().flags(index)
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


class RegionsDock(QDockWidget):
    """The list of numbered regions beside the map."""

    regionSelected = Signal(int, int)
    """A region was picked in the list: its (q, r)."""

    def __init__(
        self,
        bridge: SessionBridge,
        on_select: Callable[[int, int], None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Regions", parent)
        self.setObjectName("RegionsDock")
        self.model = RegionsModel(bridge, self)
        self.proxy = RegionFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search regions (number, title, terrain, notes)…")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_search)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(NUMBER, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # Sized from the font: measuring ten thousand rows is what makes a big campaign slow.
        fm = header.fontMetrics()
        self._widest_title = 0
        widest = {NUMBER: "00000", RISK: "Risk", TERRAIN: "Salt marsh"}
        for column in (NUMBER, RISK, TERRAIN, VISITED, HIDDEN):
            text = widest.get(column, COLUMNS[column])
            width = max(fm.horizontalAdvance(text), fm.horizontalAdvance(COLUMNS[column]))
            header.resizeSection(column, width + 28)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(fm.height() + 8)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.table.setWordWrap(False)
        # Narrow enough for a small window's side column: the columns scroll sideways instead.
        self.table.setMinimumWidth(fm.horizontalAdvance("x") * 30)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self.table.viewport().installEventFilter(self)
        self.notes = RegionNotes(bridge)
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.setChildrenCollapsible(False)
        self.split.addWidget(self.table)
        self.split.addWidget(self.notes)
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 2)
        self.split.setSizes([600, 400])  # the table first; shared out in proportion
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.search)
        lay.addWidget(self.split, 1)
        self.setWidget(body)
        if on_select is not None:
            self.regionSelected.connect(on_select)
        self.model.modelReset.connect(self._measure_titles)
        self.model.dataChanged.connect(self._titles_changed)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(self._on_session_replaced)
        self._follow_game()
        self._measure_titles()

    # -- the game's columns, the titles' width --------------------------------------------------

    def _follow_game(self) -> None:
        """Show the Risk column only where the open game's regions have a risk rating."""
        charting, _words = charting_of(self.model.bridge.session.campaign.ruleset)
        self.table.setColumnHidden(RISK, not charting.risk)
        self.notes.show_risk = charting.risk

    def _on_session_replaced(self, _session: object) -> None:
        self._follow_game()
        self.notes.clear()

    def _on_changed(self, changes: Changes) -> None:
        if Aspect.REGIONS in changes:
            self.notes.refresh()

    def _title_width(self, title: str) -> int:
        return self.table.fontMetrics().horizontalAdvance(title) + 24

    def _measure_titles(self) -> None:
        """The widest title of the rows shown (once per reload: one font call a row)."""
        rows = range(self.model.rowCount())
        self._widest_title = max(
            (self._title_width(self.model.region(i).title) for i in rows), default=0
        )
        self._fit_title()

    def _titles_changed(self, top: QModelIndex, bottom: QModelIndex) -> None:
        if top.column() <= TITLE <= bottom.column():
            widths = (
                self._title_width(self.model.region(i).title)
                for i in range(top.row(), bottom.row() + 1)
            )
            self._widest_title = max(self._widest_title, *widths)
            self._fit_title()

    def _fit_title(self) -> None:
        """The Title column fills the table, and is never narrower than the longest title."""
        header = self.table.horizontalHeader()
        others = sum(
            header.sectionSize(c)
            for c in range(len(COLUMNS))
            if c != TITLE and not header.isSectionHidden(c)
        )
        room = self.table.viewport().width() - others
        header.resizeSection(
            TITLE,
            max(self._widest_title, room, header.fontMetrics().horizontalAdvance("Title") + 24),
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The table's viewport was resized: the Title column takes up the room."""
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_title()
        return super().eventFilter(watched, event)

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        region = self.model.region(self.proxy.mapToSource(current).row())
        self.notes.show_region((region.q, region.r))
        self.regionSelected.emit(region.q, region.r)

    def select_region(self, q: int, r: int) -> None:
        """Highlight a region's row (the map's current hex), without moving the map."""
        row = self.model.row_of(q, r)
        self.notes.show_region(None if row is None else (q, r))
        if row is None:
            self.table.clearSelection()
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if index.isValid() and index.row() != self.table.currentIndex().row():
            sm = self.table.selectionModel()
            sm.blockSignals(True)  # highlighting from the map must not move the map
            self.table.selectRow(index.row())
            sm.blockSignals(False)
            self.table.viewport().update()
            self.table.scrollTo(index)
