"""The Tables dock: pick a rolling table, roll, and send the result to a region note or the journal.

Each roll is a ``RollOnTable`` on the campaign's generator, so
it is journaled and undoable. A player adds tables by importing a file (JSON, or plain text with
one entry per line) or by dropping files into their tables folder; files that cannot be read are
skipped and listed with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Region
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import AppendRegionNote
from saga_desktop.model.ops.rolling_tables import RollOnTable, ShowTableRoll, TableRoll
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.lazy_dock import LazyDock
from saga_desktop.ui.palette import readable
from saga_desktop.ui.rolling_tables.library import RollingTable, TableError, TableLibrary

ID_ROLE = Qt.ItemDataRole.UserRole + 1
NO_RESULT = tr_noop("Pick a table and roll.")


def _plain(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class TablesDock(LazyDock):
    """Rolling tables beside the map; made when first shown (at start it is tabbed behind)."""

    rolled = Signal(object)
    """Emitted with each :class:`TableRoll`."""

    def __init__(
        self,
        bridge: SessionBridge,
        library: TableLibrary,
        current_region: Callable[[], Region | None] = lambda: None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(tr("Rolling tables"), parent)
        self.setObjectName("TablesDock")
        self.bridge = bridge
        self.library = library
        self.current_region = current_region
        self.last: TableRoll | None = None
        self.last_entry: int | None = None
        """The journal entry of the last roll (GM-only until shown to the players)."""

    def build(self) -> None:
        """Make the search field, the list, the result and the buttons."""
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Find a table…"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.itemDoubleClicked.connect(lambda _item: self.roll())
        self.list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.roll_button = QPushButton(tr("&Roll"))
        self.roll_button.clicked.connect(self.roll)
        self.result_title = _plain()
        self.result = _plain(tr(NO_RESULT))
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result.setFrameShape(QFrame.Shape.StyledPanel)
        self.result.setMargin(8)
        self.result.setMinimumHeight(self.result.fontMetrics().lineSpacing() * 3 + 16)
        self.to_region = QPushButton(tr("Add to region &note"))
        self.to_region.clicked.connect(self.add_to_region)
        self.to_journal = QPushButton(tr("Add as &journal note"))
        self.to_journal.clicked.connect(self.add_to_journal)
        self.to_players = QPushButton(tr("&Show to players"))
        self.to_players.setToolTip(
            tr("Rolls are the GM's alone; this writes the result in the journal for everyone")
        )
        self.to_players.clicked.connect(self.show_to_players)
        self.import_button = QPushButton(tr("&Import table…"))
        self.import_button.clicked.connect(self.choose_import)
        self.folder_button = QPushButton(tr("Open tables &folder"))
        self.folder_button.clicked.connect(self.open_folder)
        self.problems = _plain()
        self.problems.setStyleSheet(f"color: {readable('#b3261e', self)};")
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.search)
        lay.addWidget(self.list, 1)
        lay.addWidget(self.roll_button)
        lay.addWidget(self.result_title)
        lay.addWidget(self.result)
        row = QHBoxLayout()
        row.addWidget(self.to_region)
        row.addWidget(self.to_journal)
        lay.addLayout(row)
        lay.addWidget(self.to_players)
        row2 = QHBoxLayout()
        row2.addWidget(self.import_button)
        row2.addWidget(self.folder_button)
        lay.addLayout(row2)
        lay.addWidget(self.problems)
        self.setWidget(body)
        self.refresh()
        self.bridge.sessionReplaced.connect(lambda _s: self.clear_result())

    # -- the list -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the library's tables and any files that were skipped."""
        current = self.selected_table()
        self.list.clear()
        for table in self.library.tables:
            if table.source == "built-in":
                shown = tr("{title}  ·  {die}", title=table.title, die=table.die)
            else:
                shown = tr("{title}  ·  {die}  (yours)", title=table.title, die=table.die)
            item = QListWidgetItem(shown)
            item.setData(ID_ROLE, table.id)
            item.setToolTip(plain_tip(table.description or table.title))
            self.list.addItem(item)
            if current is not None and table.id == current.id:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        if self.library.problems:
            self.problems.setText(
                tr("Skipped:\n{problems}", problems="\n".join(self.library.problems))
            )
            self.problems.show()
        else:
            self.problems.hide()
        self._filter(self.search.text())
        self._update_buttons()

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(bool(needle) and needle not in item.text().lower())

    def selected_table(self) -> RollingTable | None:
        """The highlighted table."""
        item = self.list.currentItem()
        return None if item is None else self.library.get(str(item.data(ID_ROLE)))

    def select(self, table_id: str) -> None:
        """Highlight a table by id."""
        for i in range(self.list.count()):
            if self.list.item(i).data(ID_ROLE) == table_id:
                self.list.setCurrentRow(i)
                return

    def _update_buttons(self) -> None:
        self.roll_button.setEnabled(self.selected_table() is not None)
        self.to_region.setEnabled(self.last is not None)
        self.to_journal.setEnabled(self.last is not None)
        self.to_players.setEnabled(self.last_entry is not None)

    # -- rolling and sending -------------------------------------------------------------------

    def clear_result(self) -> None:
        """Forget the last roll (another campaign was opened: it belongs to the one before)."""
        self.last = None
        self.last_entry = None
        self.result_title.clear()
        self.result.setText(tr(NO_RESULT))
        self._update_buttons()

    def roll(self) -> TableRoll | None:
        """Roll on the highlighted table (journaled)."""
        table = self.selected_table()
        if table is None:
            return None
        result = self.bridge.apply(RollOnTable(table.id, table.title, table.entries))
        if not isinstance(result, TableRoll):
            return None
        self.last = result
        journal = self.bridge.session.campaign.journal
        self.last_entry = next((e.id for e in reversed(journal) if e.kind == "table"), None)
        self.result_title.setText(
            tr(
                "{title}: rolled {roll} of {size}",
                title=result.title,
                roll=result.roll,
                size=result.size,
            )
        )
        self.result.setText(result.result)
        self._update_buttons()
        self.rolled.emit(result)
        return result

    def add_to_region(self) -> bool:
        """Append the last result to the current region's public note."""
        region = self.current_region()
        if self.last is None:
            return False
        if region is None:
            self.bridge.refused.emit(tr("Select a charted region on the map first."))
            return False
        text = tr("{title}: {result}", title=self.last.title, result=self.last.result)
        return self._apply(AppendRegionNote(region.q, region.r, text))

    def add_to_journal(self) -> bool:
        """Pin the last result as a journal note."""
        if self.last is None:
            return False
        text = tr("{title}: {result}", title=self.last.title, result=self.last.result)
        return self._apply(AddNote(text))

    def show_to_players(self) -> bool:
        """Write the last roll's result in the journal for the players (undoable)."""
        if self.last_entry is None:
            return False
        shown = self._apply(ShowTableRoll(self.last_entry))
        if shown:
            self.last_entry = None
            self._update_buttons()
        return shown

    def _apply(self, op: AppendRegionNote | AddNote | ShowTableRoll) -> bool:
        try:
            self.bridge.try_apply(op)
        except OperationError as exc:
            self.bridge.refused.emit(str(exc))
            return False
        return True

    # -- the player's own tables -----------------------------------------------------------------

    def import_file(self, path: Path) -> RollingTable | None:
        """Import a table file into the player's folder; a bad file is reported, not imported."""
        try:
            table = self.library.import_file(path)
        except (TableError, OSError) as exc:
            self.problems.setText(tr("Could not import: {problem}", problem=str(exc)))
            self.problems.show()
            return None
        self.refresh()
        self.select(table.id)
        return table

    def choose_import(self) -> None:
        """Ask for a table file to import."""
        chosen, _ = QFileDialog.getOpenFileName(
            self, tr("Import a rolling table"), "", tr("Rolling tables (*.json *.txt)")
        )
        if chosen:
            self.import_file(Path(chosen))

    def open_folder(self) -> None:
        """Show the player's tables folder in the file manager (creating it if needed)."""
        self.library.user_dir.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.library.user_dir)))
        self.library.reload()
        self.refresh()
