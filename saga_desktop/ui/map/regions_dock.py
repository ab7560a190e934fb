"""The Regions dock: the numbered boxes of the paper sheet as a searchable, sortable table.

Selecting a row centres the map on the region, and the detail area under the table shows its whole
title and note, editable in place (:mod:`saga_desktop.ui.map.region_notes`). The Risk column shows
only in a game whose regions have risk ratings; the Title column is as wide as the longest title
(the table scrolls sideways rather than cut one). Columns are sized from the font, not by
measuring rows. The table's model is :mod:`saga_desktop.ui.map.regions_model`.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.charting import charting_of
from saga_desktop.ui.map.region_notes import RegionNotes
from saga_desktop.ui.map.regions_model import (
    COLUMNS,
    HIDDEN,
    NUMBER,
    RISK,
    TERRAIN,
    TITLE,
    VISITED,
    RegionFilter,
    RegionsModel,
)

MEASURED = 64
"""How many of the longest titles are measured to size the Title column."""
MIN_ROWS = 3
"""The Regions list never shows fewer rows than this (a short dock scrolls instead)."""

__all__ = ["HIDDEN", "NUMBER", "RISK", "TERRAIN", "TITLE", "VISITED", "RegionsDock"]


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
        super().__init__(tr("Regions"), parent)
        self.setObjectName("RegionsDock")
        self.model = RegionsModel(bridge, self)
        self.proxy = RegionFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Search regions (number, title, terrain, notes)…"))
        self.search.setClearButtonEnabled(True)
        self.search.setObjectName("regions-search")
        self.search.setAccessibleName(tr("Search regions"))
        self.search.textChanged.connect(self.proxy.set_search)
        self.table = QTableView()
        self.table.setObjectName("regions-table")
        self.table.setAccessibleName(tr("Charted regions"))
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(NUMBER, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # Tab leaves the list for the next control (arrows move in it): moving cell by cell
        # on Tab kept a keyboard user in the table for good once it held the focus.
        self.table.setTabKeyNavigation(False)
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
        widest = {NUMBER: "00000", RISK: tr("Risk"), TERRAIN: tr("Salt marsh")}
        for column in (NUMBER, RISK, TERRAIN, VISITED, HIDDEN):
            title = tr(COLUMNS[column])
            text = widest.get(column, title)
            width = max(fm.horizontalAdvance(text), fm.horizontalAdvance(title))
            header.resizeSection(column, width + 28)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(fm.height() + 8)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.table.setWordWrap(False)
        # Narrow enough for a small window's side column: the columns scroll sideways instead.
        self.table.setMinimumWidth(fm.horizontalAdvance("x") * 30)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        # A short dock opens a region's note on a click or Enter, not on every row the arrow
        # keys (or the focus arriving by Tab) pass over: the list stays in the keyboard's hands.
        self.table.clicked.connect(self._open_note)
        self.table.activated.connect(self._open_note)
        self.table.viewport().installEventFilter(self)
        self.notes = RegionNotes(bridge)
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.setChildrenCollapsible(False)
        self.split.addWidget(self.table)
        # A short dock scrolls the pane rather than squeeze its wrapped lines.
        self.notes_area = QScrollArea()
        self.notes_area.setWidget(self.notes)
        self.notes_area.setWidgetResizable(True)
        self.notes_area.setFrameShape(QFrame.Shape.NoFrame)
        self.notes_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # A short dock (1024×600) shows the list or the chosen region's note, not both squeezed
        # to a row or two and a note out of sight: the list keeps a few rows, the pane its editor.
        self.back_button = QPushButton(tr("◂ All regions"))
        self.back_button.clicked.connect(self.show_list)
        self.pane = QWidget()
        pane = QVBoxLayout(self.pane)
        pane.setContentsMargins(0, 0, 0, 0)
        self.back_row = QHBoxLayout()
        self.back_row.addWidget(self.back_button)
        self.back_row.addStretch(1)
        pane.addLayout(self.back_row)
        pane.addWidget(self.notes_area, 1)
        self.split.addWidget(self.pane)
        self.table.setMinimumHeight(self._rows_height(MIN_ROWS))
        self.notes_area.setMinimumHeight(self.notes.minimumSizeHint().height())
        self._compact = False
        self._from_list = False
        self._detail = False
        self.back_button.hide()
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
        # A player's seat never holds a hidden region: no column to say so.
        self.table.setColumnHidden(HIDDEN, self.model.bridge.limited)
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
        """The widest title of the rows shown, measured among the longest by characters.

        Measuring every title of ten thousand regions costs a seventh of a second; the widest
        one drawn is among the longest written, so only those are measured.
        """
        titles = (self.model.region(i).title for i in range(self.model.rowCount()))
        longest = heapq.nlargest(MEASURED, titles, key=len)
        self._widest_title = max((self._title_width(t) for t in longest), default=0)
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
            max(self._widest_title, room, header.fontMetrics().horizontalAdvance(tr("Title")) + 24),
        )

    def _rows_height(self, rows: int) -> int:
        """The table's height showing its header, ``rows`` rows and a sideways scroll bar."""
        table = self.table
        return (
            table.horizontalHeader().sizeHint().height()
            + table.verticalHeader().defaultSectionSize() * rows
            + table.horizontalScrollBar().sizeHint().height()
            + 2 * table.frameWidth()
        )

    @property
    def compact(self) -> bool:
        """True when the dock is too short for the list and the note together."""
        return self._compact

    def show_list(self) -> None:
        """In a short dock, go back from a region's note to the list."""
        self._detail = False
        self._show_mode()
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_mode(self) -> None:
        detail = self._compact and self._detail and self.notes.region_hex is not None
        self.table.setVisible(not detail)
        self.pane.setVisible(detail or not self._compact)
        self.back_button.setVisible(detail)
        self.search.setVisible(not detail)
        # Beside "All regions", the note's buttons leave the facts a whole line.
        row = self.back_row if detail else self.notes.button_row
        for button in (self.notes.revert_button, self.notes.save_button):
            if row.indexOf(button) < 0:
                old = self.notes.button_row if detail else self.back_row
                old.removeWidget(button)
                row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Show the list and the note together only where both fit whole."""
        super().resizeEvent(event)
        contents = self.widget()
        room = contents.height() if contents is not None else 0
        need = (
            self.search.sizeHint().height()
            + self.table.minimumHeight()
            + self.notes_area.minimumHeight()
            + 4 * self.split.handleWidth()
            + 16  # margins and spacing
        )
        if (room < need) != self._compact:
            self._compact = room < need
            self._show_mode()

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
        if not self._compact:
            self._detail = True
            self._show_mode()
        self._from_list = True  # the map's answer (select_region) must not open the note
        try:
            self.regionSelected.emit(region.q, region.r)
        finally:
            self._from_list = False

    def _open_note(self, index: QModelIndex) -> None:
        """A row was clicked or Enter pressed on it: in a short dock, show its note whole."""
        if not index.isValid() or not self._compact or self._detail:
            return
        keyboard = self.table.hasFocus()
        self._detail = True
        self._show_mode()
        if keyboard:
            self.notes.notes.setFocus(Qt.FocusReason.OtherFocusReason)

    def select_region(self, q: int, r: int) -> None:
        """Highlight a region's row (the map's current hex), without moving the map."""
        row = self.model.row_of(q, r)
        self.notes.show_region(None if row is None else (q, r))
        if not self._from_list:
            self._detail = row is not None
            self._show_mode()
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
