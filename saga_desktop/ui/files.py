"""The File menu: new, open, recent, save, save as, restore a backup, close, quit."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QStandardPaths, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QMenu

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.session import Session
from saga_desktop.storage import load_campaign
from saga_desktop.storage.errors import CampaignFileError
from saga_desktop.ui.actions import make_action
from saga_desktop.ui.dialogs import BackupDialog, NewCampaignDialog
from saga_desktop.ui.document import FileConflictError
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.messages import Button, ask, show_error

if TYPE_CHECKING:
    from saga_desktop.ui.main_window import MainWindow

SK = QKeySequence.StandardKey
RECENT_LIMIT = 8
IN_USE_DETAIL = tr_noop(
    "If both copies save, the later save replaces the other's work. You are asked before any "
    "save replaces changes made elsewhere."
)


def file_filter() -> str:
    """The file dialogs' filter, worded for the player (the patterns stay as they are)."""
    return (
        tr("Saga campaigns ({pattern})", pattern="*.saga")
        + ";;"
        + tr("All files ({pattern})", pattern="*")
    )


def documents_dir() -> Path:
    """Where file dialogs start when nothing better is known: the player's documents folder.

    Where that folder does not exist (a fresh account, a server without one) the home folder;
    a dialog given a missing folder opens wherever the app was started, often its source.
    """
    for location in (
        QStandardPaths.StandardLocation.DocumentsLocation,
        QStandardPaths.StandardLocation.HomeLocation,
    ):
        found = QStandardPaths.writableLocation(location)
        if found and Path(found).is_dir():
            return Path(found)
    return Path.home()


def start_path(name: str, folder: str | Path | None = None) -> str:
    """A save dialog's first choice: ``name`` in ``folder`` if it exists, else in documents."""
    place = Path(folder) if folder else None
    if place is None or not place.is_absolute() or not place.is_dir():
        place = documents_dir()
    return str(place / name)


class FileActions:
    """The File menu's actions and what they do to the open document."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.doc = window.document
        w = window
        self.new_action = make_action(w, tr("&New campaign…"), self.new, SK.New)
        self.open_action = make_action(w, tr("&Open…"), self.open, SK.Open)
        self.recent_menu = QMenu(tr("Open &recent"), w)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.save_action = make_action(w, tr("&Save"), self.save, SK.Save)
        self.save_as_action = make_action(w, tr("Save &as…"), self.save_as, SK.SaveAs)
        self.backup_action = make_action(w, tr("Restore a &backup…"), self.restore_backup)
        self.close_action = make_action(w, tr("&Close campaign"), self.close, SK.Close)
        self.quit_action = make_action(w, tr("&Quit"), w.close, SK.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self._autosave_failure_shown = False
        self.doc.autosaveFailed.connect(self._on_autosave_failed)
        self.doc.sizeWarning.connect(self._on_size_warning)
        if self.doc.lock_problem:
            problem = self.doc.lock_problem
            QTimer.singleShot(0, lambda: self._warn_in_use(problem))

    def fill_menu(self, menu: QMenu) -> None:
        """Put the actions in the File menu."""
        menu.addAction(self.new_action)
        menu.addAction(self.open_action)
        menu.addMenu(self.recent_menu)
        menu.addSeparator()
        menu.addAction(self.save_action)
        menu.addAction(self.save_as_action)
        menu.addAction(self.backup_action)
        menu.addSeparator()
        menu.addAction(self.close_action)
        menu.addAction(self.quit_action)

    # -- asking before losing work ----------------------------------------------------------------

    def maybe_save(self) -> bool:
        """If there is unsaved work, ask to save it. False means: stay, the player cancelled."""
        if not self.doc.modified:
            return True
        answer = ask(
            self.window,
            tr("Unsaved changes"),
            tr("Save the changes to “{name}” first?", name=self.doc.campaign.name),
            Button.Save | Button.Discard | Button.Cancel,
            Button.Save,
            tr("Changes not saved are lost if you discard them."),
        )
        if answer == Button.Save:
            return self.save()
        return answer == Button.Discard

    # -- the actions ------------------------------------------------------------------------------

    def new(self) -> bool:
        """File > New campaign."""
        if not self.maybe_save():
            return False
        dialog = NewCampaignDialog(self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        name, description, ruleset = dialog.values()
        try:
            campaign = new_campaign(name, description, ruleset)
        except (OperationError, ValueError) as exc:
            show_error(self.window, tr("New campaign"), str(exc))
            return False
        self.doc.replace(Session(campaign), None)
        self.doc.session.mark_unsaved()
        if dialog.set_options.isChecked():
            self.window.show_options()
        return True

    def open(self) -> bool:
        """File > Open."""
        if not self.maybe_save():
            return False
        chosen, _ = QFileDialog.getOpenFileName(
            self.window, tr("Open campaign"), self.window.file_dialog_dir(), file_filter()
        )
        return bool(chosen) and self.open_path(Path(chosen), asked=True)

    def open_path(self, path: Path, *, asked: bool = False) -> bool:
        """Open a campaign file, asking about unsaved work first (unless already asked)."""
        if not asked and not self.maybe_save():
            return False
        try:
            try:
                result = self.doc.open(path)
            except FileConflictError as conflict:
                if not self._confirm(
                    tr("Campaign already open"), str(conflict), Button.Open, tr(IN_USE_DETAIL)
                ):
                    return False
                result = self.doc.open(path, force=True)
        except CampaignFileError as exc:
            show_error(
                self.window,
                tr("Cannot open campaign"),
                tr("{file} could not be opened.", file=path.name),
                str(exc),
            )
            return False
        if result.warning:
            show_error(self.window, tr("Open campaign"), result.warning)
        self.window.remember_dir(path)
        self.add_recent(path)
        if result.migrated:
            self.window.statusBar().showMessage(
                tr(
                    "Upgraded from format version {version}; the original was backed up.",
                    version=result.version,
                ),
                10000,
            )
        return True

    def save(self) -> bool:
        """File > Save (asks where when the campaign has no file yet)."""
        if self.doc.path is None:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        """File > Save as."""
        path = self.window.choose_save_path()
        return path is not None and self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        try:
            try:
                result = self.doc.save(path)
            except FileConflictError as conflict:
                if not self._confirm(tr("Save campaign"), str(conflict), Button.Save, ""):
                    return False
                result = self.doc.save(path, force=True)
        except CampaignFileError as exc:
            show_error(
                self.window, tr("Cannot save campaign"), tr("The campaign was not saved."), str(exc)
            )
            return False
        self.add_recent(path)
        self.window.statusBar().showMessage(
            tr("Saved {file}. {warning}", file=path.name, warning=result.near_limit)
            if result.near_limit
            else tr("Saved {file}", file=path.name),
            15000 if result.near_limit else 4000,
        )
        if result.backup_problem:
            show_error(self.window, tr("Backup not written"), result.backup_problem)
        return True

    def _confirm(self, title: str, question: str, go: Button, detail: str) -> bool:
        answer = ask(self.window, title, question, go | Button.Cancel, Button.Cancel, detail)
        return answer == go

    def _warn_in_use(self, problem: str) -> None:
        show_error(self.window, tr("Campaign already open"), problem, tr(IN_USE_DETAIL))

    def _on_autosave_failed(self, message: str) -> None:
        # The status bar shows every failure; the first one of a session also gets a message.
        if not self._autosave_failure_shown:
            self._autosave_failure_shown = True
            show_error(
                self.window,
                tr("Recovery copy not written"),
                message,
                tr("Save the campaign to a file to keep your work safe."),
            )

    def _on_size_warning(self, message: str) -> None:
        self.window.statusBar().showMessage(message, 30000)
        show_error(self.window, tr("Campaign file nearly full"), message)

    def restore_backup(self) -> bool:
        """File > Restore a backup: pick one of the last saves of this campaign's file."""
        if self.doc.path is None:
            show_error(
                self.window,
                tr("Restore a backup"),
                tr("This campaign has not been saved to a file yet. Each save keeps a backup."),
            )
            return False
        backups = self.doc.backups.list(self.doc.path)
        if not backups:
            show_error(
                self.window,
                tr("Restore a backup"),
                tr("This campaign has no backups yet. Each save keeps one."),
            )
            return False
        dialog = BackupDialog(backups, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.backup() is None:
            return False
        backup = dialog.backup()
        assert backup is not None
        if not self.maybe_save():
            return False
        try:
            result = load_campaign(backup.path)
        except CampaignFileError as exc:
            show_error(
                self.window, tr("Restore a backup"), tr("That backup cannot be read."), str(exc)
            )
            return False
        self.doc.replace(Session(result.campaign), self.doc.path)
        self.doc.session.mark_unsaved()
        self.window.statusBar().showMessage(
            tr("Restored the backup of {when}; save to keep it", when=backup.label), 10000
        )
        return True

    def close(self) -> bool:
        """File > Close campaign: leaves a fresh, empty campaign open."""
        if not self.maybe_save():
            return False
        self.doc.replace(Session(new_campaign(tr("Untitled campaign"))), None)
        return True

    # -- recent files -----------------------------------------------------------------------------

    def recent(self) -> list[Path]:
        """Recently opened or saved campaigns, newest first."""
        raw = self.window.settings.value("files/recent", [])
        items = raw if isinstance(raw, list) else [raw] if raw else []
        return [Path(str(p)) for p in items]

    def add_recent(self, path: Path) -> None:
        """Put a file at the top of the recent list."""
        resolved = path.resolve()
        paths = [resolved] + [p for p in self.recent() if p != resolved]
        self.window.settings.setValue("files/recent", [str(p) for p in paths[:RECENT_LIMIT]])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        paths = self.recent()
        if not paths:
            action = self.recent_menu.addAction(tr("No recent campaigns"))
            action.setEnabled(False)
            return
        for i, path in enumerate(paths, start=1):
            label = f"&{i} {path.name}" if i < 10 else path.name
            action = self.recent_menu.addAction(label)
            action.setToolTip(plain_tip(str(path)))
            action.triggered.connect(lambda _c=False, p=path: self._open_recent(p))
        self.recent_menu.addSeparator()
        self.recent_menu.addAction(tr("Clear the list"), self._clear_recent)

    def _open_recent(self, path: Path) -> None:
        if not path.exists():
            show_error(
                self.window,
                tr("Open recent"),
                tr("{file} is no longer there.", file=path.name),
                str(path),
            )
            remaining = [str(p) for p in self.recent() if p != path]
            self.window.settings.setValue("files/recent", remaining)
            return
        self.open_path(path)

    def _clear_recent(self) -> None:
        self.window.settings.setValue("files/recent", [])
