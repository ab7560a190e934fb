"""The Journal dock: the saga as it happened, filtered and searched; GM notes; Markdown export.

The list follows every change report incrementally (see :class:`JournalModel`); after an
operation, an undo or a redo the rows that came or went are highlighted and scrolled to, and a
line above the list says what the last change did.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import number, tr, trn
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.journal import AddNote, DeleteNote, EditNote
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.journal.delegate import JournalDelegate
from saga_desktop.ui.journal.markdown import export_markdown
from saga_desktop.ui.journal.model import ENTRY_ROLE, JournalFilter, JournalModel, Sync, kind_title
from saga_desktop.ui.journal.note_dialog import NoteDialog
from saga_desktop.ui.messages import Button, ask, show_error


def _plain(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


def _short(text: str, limit: int = 70) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


class JournalPanel(QWidget):
    """The contents of the Journal dock."""

    followed = Signal(object)
    """Emitted with the :class:`Sync` after the list followed a change."""

    def __init__(
        self,
        bridge: SessionBridge,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.settings = settings
        self._last_changes: Changes | None = None
        self._scrolling: Callable[[], None] | None = None  # repeated while rows are laid out
        self.model = JournalModel(self)
        self.proxy = JournalFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setObjectName("journal_search")
        self.search.setPlaceholderText(tr("Search the journal…"))
        self.search.setAccessibleName(tr("Search the journal"))
        self.search.setClearButtonEnabled(True)
        self.kind = QComboBox()
        self.kind.setObjectName("journal_kind")
        self.kind.setAccessibleName(tr("Kind of entry"))
        self.character = QComboBox()
        self.character.setObjectName("journal_character")
        self.character.setAccessibleName(tr("Character"))
        # A long character name must not widen the dock (the open list shows it whole).
        self.character.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.character.setMinimumContentsLength(12)
        self.status = _plain()
        self.status.setObjectName("journal_status")
        self.view = QListView()
        self.view.setObjectName("journal_view")
        self.view.setAccessibleName(tr("Journal entries"))
        self.view.setModel(self.proxy)
        self.view.setItemDelegate(JournalDelegate(self.view))
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setLayoutMode(QListView.LayoutMode.Batched)
        self.view.setBatchSize(400)
        self.view.setWordWrap(True)
        self.view.setAlternatingRowColors(False)
        self.add_button = QPushButton(tr("Add note…"))
        self.add_button.setObjectName("journal_add")
        self.edit_button = QPushButton(tr("Edit"))
        self.edit_button.setObjectName("journal_edit")
        self.delete_button = QPushButton(tr("Delete"))
        self.delete_button.setObjectName("journal_delete")
        self.export_button = QPushButton(tr("Export…"))
        self.export_button.setObjectName("journal_export")
        self.export_button.setToolTip(tr("Save the entries shown as a Markdown file"))
        filters = QHBoxLayout()
        filters.addWidget(self.kind, 1)
        filters.addWidget(self.character, 1)
        buttons = QHBoxLayout()
        for b in (self.add_button, self.edit_button, self.delete_button):
            buttons.addWidget(b)
            b.setVisible(bridge.may("core.AddNote"))  # a player's seat reads; the GM writes
        buttons.addStretch(1)
        export_row = QHBoxLayout()  # its own row: French words fill the row above (issue 33)
        export_row.addStretch(1)
        export_row.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(self.status)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        layout.addLayout(export_row)

        self.search.textChanged.connect(self._search_changed)
        self.kind.currentIndexChanged.connect(lambda _i: self._filters_changed())
        self.character.currentIndexChanged.connect(lambda _i: self._filters_changed())
        self.add_button.clicked.connect(lambda: self.add_note())
        self.edit_button.clicked.connect(lambda: self.edit_note())
        self.delete_button.clicked.connect(lambda: self.delete_note())
        self.export_button.clicked.connect(lambda: self.ask_export())
        self.view.doubleClicked.connect(lambda _i: self.edit_note())
        self.view.selectionModel().currentChanged.connect(lambda *_: self._update_buttons())
        bar = self.view.verticalScrollBar()
        bar.rangeChanged.connect(lambda *_: self._keep_scrolled())
        bar.actionTriggered.connect(lambda _action: self._stop_scrolling())  # the user scrolls
        self.view.selectionModel().currentChanged.connect(lambda *_: self._stop_scrolling())
        self.model.synced.connect(self._follow)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.reload())
        self.reload()

    # -- following the session --------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The open session."""
        return self.bridge.session

    def reload(self) -> None:
        """Show the open campaign's journal from scratch."""
        campaign = self.session.campaign
        self.model.reset(campaign)
        self._fill_filters()
        self.status.setText(trn("{n} entry", "{n} entries", len(campaign.journal)))
        self._scroll(self.view.scrollToBottom)
        self._update_buttons()

    def _on_changed(self, changes: Changes) -> None:
        campaign = self.session.campaign
        if Aspect.CHARACTERS in changes:
            self.model.update_names(campaign)
            self._fill_characters()
        if Aspect.JOURNAL in changes or changes.cause is Cause.LOAD:
            self._last_changes = changes
            before = set(self.model.kinds())
            self.model.sync(campaign, changes)
            if set(self.model.kinds()) != before:
                self._fill_kinds()

    def _follow(self, sync: Sync) -> None:
        changes = self._last_changes
        added = self.model.entries[sync.first : sync.first + sync.inserted]
        kept = {e.id for e in added} & {e.id for e in sync.removed}
        new = [e for e in added if e.id not in kept]
        gone = [e for e in sync.removed if e.id not in kept]
        if sync.inserted and sync.removed and sync.inserted == len(sync.removed) == 1:
            line = _short(self.model.entry(sync.first).said)
            self._say(changes, tr("changed: {line}", line=line))
        elif new and gone:
            removed = trn("{n} removed", "{n} removed", len(gone))
            self._say(
                changes,
                trn(
                    "{n} new entry, {removed}",
                    "{n} new entries, {removed}",
                    len(new),
                    removed=removed,
                ),
            )
        elif new:
            self._say(changes, trn("{n} new entry", "{n} new entries", len(new)))
        elif gone:
            n = len(gone)
            # At a player's seat a line goes when it names something the GM hid: never quoted.
            if self.bridge.limited:
                self._say(changes, trn("{n} entry removed", "{n} entries removed", n))
            else:
                last = _short(gone[-1].said)
                self._say(
                    changes,
                    trn(
                        "{n} entry removed (last: {line})",
                        "{n} entries removed (last: {line})",
                        n,
                        line=last,
                    ),
                )
        row = sync.first + sync.inserted - 1 if sync.inserted else sync.first - 1
        if 0 <= row < self.model.rowCount():
            index = QPersistentModelIndex(self.proxy.mapFromSource(self.model.index(row)))
            if index.isValid():
                bottom = QAbstractItemView.ScrollHint.PositionAtBottom
                self._scroll(lambda: self.view.scrollTo(index, bottom))
        self.followed.emit(sync)

    def _say(self, changes: Changes | None, what: str) -> None:
        """Show ``what`` changed in the status line, after the undo or redo that changed it."""
        cause = changes.cause if changes else Cause.APPLY
        if changes is not None and cause is Cause.UNDO:
            what = tr("Undid {action}: {what}", action=say(changes.label), what=what)
        elif changes is not None and cause is Cause.REDO:
            what = tr("Redid {action}: {what}", action=say(changes.label), what=what)
        self.status.setText(what)

    def _scroll(self, scroll: Callable[[], None]) -> None:
        """Scroll now, and again each time the list grows while its rows are laid out.

        A long journal is laid out a batch of rows at a time after rows come or go; a scroll
        made before the batches reach its row would leave the view near the top.
        """
        self._scrolling = scroll
        scroll()
        self._keep_scrolled()

    def _keep_scrolled(self) -> None:
        if self._scrolling is None:
            return
        self._scrolling()
        last = self.proxy.index(self.proxy.rowCount() - 1, 0)
        if not last.isValid() or self.view.rectForIndex(last).isValid():
            self._scrolling = None  # every row is laid out: the scroll holds

    def _stop_scrolling(self) -> None:
        self._scrolling = None

    # -- filters ----------------------------------------------------------------------------------

    def _fill_filters(self) -> None:
        self._fill_kinds()
        self._fill_characters()

    def _fill_kinds(self) -> None:
        current = self.kind.currentData()
        self.kind.blockSignals(True)
        self.kind.clear()
        self.kind.addItem(tr("Every kind"), None)
        for kind in self.model.kinds():
            self.kind.addItem(kind_title(kind), kind)
        index = self.kind.findData(current)
        self.kind.setCurrentIndex(max(0, index))
        self.kind.blockSignals(False)
        if index < 0 and current is not None:
            self._filters_changed()

    def _fill_characters(self) -> None:
        current = self.character.currentData()
        self.character.blockSignals(True)
        self.character.clear()
        self.character.addItem(tr("Everyone"), None)
        for c in self.session.campaign.characters:
            self.character.addItem(c.name, c.id)
        index = self.character.findData(current)
        self.character.setCurrentIndex(max(0, index))
        self.character.blockSignals(False)
        if index < 0 and current is not None:
            self._filters_changed()

    def _search_changed(self, text: str) -> None:
        self.proxy.set_search(text)
        self._show_count()

    def _filters_changed(self) -> None:
        self.proxy.set_kind(self.kind.currentData())
        self.proxy.set_character(self.character.currentData())
        self._show_count()
        self._scroll(self.view.scrollToBottom)

    def _show_count(self) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        if self.proxy.active:
            text = trn("{shown} of {n} entry", "{shown} of {n} entries", total, shown=number(shown))
        else:
            text = trn("{n} entry", "{n} entries", total)
        self.status.setText(text)

    def set_filters(self, kind: str | None = None, character: str | None = None) -> None:
        """Show only one kind of entry and/or one character's (None: all)."""
        self.kind.setCurrentIndex(max(0, self.kind.findData(kind)))
        self.character.setCurrentIndex(max(0, self.character.findData(character)))

    # -- notes ------------------------------------------------------------------------------------

    def current_entry(self) -> JournalEntry | None:
        """The entry under the cursor, if any."""
        index = self.view.currentIndex()
        entry = index.data(ENTRY_ROLE) if index.isValid() else None
        return entry if isinstance(entry, JournalEntry) else None

    def _update_buttons(self) -> None:
        entry = self.current_entry()
        note = entry is not None and entry.kind == "note" and self.bridge.may("core.EditNote")
        self.edit_button.setEnabled(note)
        self.delete_button.setEnabled(note)

    def add_note(self, text: str | None = None, character: str | None = None) -> bool:
        """Add a note: with ``text`` at once, else through the note dialog. True when added."""
        if text is None:
            dialog = NoteDialog(self.session.campaign, self)
            if dialog.exec() != NoteDialog.DialogCode.Accepted:
                return False
            text, character = dialog.note_text(), dialog.character_id()
        return self._apply(AddNote(text, character))

    def edit_note(self, text: str | None = None) -> bool:
        """Edit the current note: with ``text`` at once, else through the dialog."""
        entry = self.current_entry()
        if entry is None or entry.kind != "note" or not self.bridge.may("core.EditNote"):
            return False  # (a double-click at a player's seat only selects the line)
        if text is None:
            dialog = NoteDialog(self.session.campaign, self, text=entry.text, editing=True)
            if dialog.exec() != NoteDialog.DialogCode.Accepted:
                return False
            text = dialog.note_text()
        if text.strip() == entry.text:
            return False
        return self._apply(EditNote(entry.id, text))

    def delete_note(self, confirm: bool = True) -> bool:
        """Delete the current note (after asking, unless ``confirm`` is off)."""
        entry = self.current_entry()
        if entry is None or entry.kind != "note":
            return False
        if confirm:
            answer = ask(
                self,
                tr("Delete note"),
                tr("Delete this note?\n\n{note}", note=_short(entry.text, 200)),
                Button.Yes | Button.No,
                Button.No,
                tr("Undo brings it back."),
            )
            if answer != Button.Yes:
                return False
        return self._apply(DeleteNote(entry.id))

    def _apply(self, op: Operation) -> bool:
        try:
            self.bridge.try_apply(op)
        except OperationError as exc:
            show_error(self, say(op.label), str(exc))
            return False
        return True

    # -- export -----------------------------------------------------------------------------------

    def shown_entries(self) -> list[JournalEntry]:
        """The entries the filters let through, oldest first."""
        out = []
        for row in range(self.proxy.rowCount()):
            entry = self.proxy.index(row, 0).data(ENTRY_ROLE)
            if isinstance(entry, JournalEntry):
                out.append(entry)
        return out

    def export_to(self, path: Path) -> None:
        """Write the entries shown to ``path`` as Markdown."""
        campaign = self.session.campaign
        names = {c.id: c.name for c in campaign.characters}
        note = ""
        if self.proxy.active:
            note = trn(
                "{shown} of {n} entry (filtered)",
                "{shown} of {n} entries (filtered)",
                self.model.rowCount(),
                shown=number(self.proxy.rowCount()),
            )
        chat = getattr(campaign, "chat", [])  # the talk this window may read (issue 34)
        export_markdown(path, campaign.name, self.shown_entries(), names, note, chat)

    def ask_export(self) -> Path | None:
        """Ask where to save the Markdown file and write it."""
        start = ""
        if self.settings is not None:
            start = str(self.settings.value("journal/export_dir", "") or "")
        name = "".join(
            ch if ch.isalnum() or ch in " -_" else "_" for ch in self.session.campaign.name
        )
        chosen, _ = QFileDialog.getSaveFileName(
            self,
            tr("Export the journal"),
            str(Path(start) / tr("{name} journal.md", name=name.strip() or tr("journal"))),
            tr("Markdown (*.md)"),
        )
        if not chosen:
            return None
        path = Path(chosen)
        if path.suffix.lower() != ".md":
            path = path.with_name(path.name + ".md")
        try:
            self.export_to(path)
        except OSError as exc:
            show_error(
                self,
                tr("Export the journal"),
                tr("The journal could not be saved: {problem}", problem=str(exc)),
            )
            return None
        if self.settings is not None:
            self.settings.setValue("journal/export_dir", str(path.parent))
        self.status.setText(
            trn(
                "Exported {n} entry to {file}",
                "Exported {n} entries to {file}",
                len(self.shown_entries()),
                file=path.name,
            )
        )
        return path

    def select_row(self, source_row: int) -> QModelIndex:
        """Make a row (of the whole journal) current; returns its index in the view."""
        index = self.proxy.mapFromSource(self.model.index(source_row))
        if index.isValid():
            self.view.setCurrentIndex(index)
        return index
