"""The Party menu and its flows: open a sheet, create, quick-create, remove, export to PDF."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QMenu,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop, trc
from saga_desktop.i18n.words import say
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.characters import RemoveCharacter
from saga_desktop.model.songs.ops.creation import QuickCharacter
from saga_desktop.model.songs.ops.sheet import EditDetails
from saga_desktop.rules import songs
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.files import start_path
from saga_desktop.ui.messages import Button, ask, show_error
from saga_desktop.ui.songs.may import may
from saga_desktop.ui.songs.sheets.entry_dialogs import SheetDialog
from saga_desktop.ui.songs.sheets.seat_steps import review_words, standing_words

if TYPE_CHECKING:
    from saga_desktop.ui.songs.sheets.creation import CreationDialog
    from saga_desktop.ui.songs.sheets.feature import SheetsFeature

QUICK_NAME = tr_noop("Newcomer")
"""The name a quick character gets until the GM names them (in the app's language)."""


def choose_pdf_path(parent: QWidget, suggested: str) -> Path | None:
    """Ask where to save a PDF (None when cancelled)."""
    start = start_path(suggested)
    chosen, _ = QFileDialog.getSaveFileName(
        parent, tr("Export sheet as PDF"), start, tr("PDF (*.pdf)")
    )
    if not chosen:
        return None
    path = Path(chosen)
    return path if path.suffix.lower() == ".pdf" else path.with_name(path.name + ".pdf")


class QuickNameDialog(SheetDialog):
    """After a quick character: what was rolled, and a chance to change the name."""

    def __init__(self, feature: SheetsFeature, cid: str, record: songs.CreationRecord) -> None:
        dock = feature.docks[cid]
        super().__init__(dock.context, tr("Quick character"), say(record.words()), feature.window)
        self.name_edit = self.line(tr("Name"), tr("Name"), record.character.name)
        self.name_edit.selectAll()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Keep"))

    def operation(self) -> EditDetails | None:
        """Rename, if the name changed."""
        c = self.context.character
        if c is None or self.name_edit.text().strip() == c.name:
            return None
        return EditDetails(self.context.character_id, name=self.name_edit.text())


class PartyFlows(QObject):
    """What the Party menu does."""

    dialogOpened = Signal(object)
    """A flow opened a (non-modal) dialog."""

    def __init__(self, feature: SheetsFeature) -> None:
        super().__init__(feature)
        self.feature = feature
        self.menu: QMenu | None = None
        self.dialogs: list[QDialog] = []
        window = feature.window
        self.new_action = QAction(tr("&New character…"), window)
        self.new_action.setStatusTip(tr("Create a character at the table, card by card"))
        self.new_action.triggered.connect(lambda _c=False: self.new_character())
        self.quick_action = QAction(tr("&Quick character"), window)
        self.quick_action.setStatusTip(tr("Make a whole character at once, then name them"))
        self.quick_action.triggered.connect(lambda _c=False: self.quick_character())
        self.remove_menu = QMenu(tr("&Remove character"), window)
        self.export_menu = QMenu(tr("&Export sheet as PDF"), window)
        self.new_action.setObjectName("party_new")
        self.quick_action.setObjectName("party_quick")
        self._standing = self._statuses()

    def _statuses(self) -> dict[str, str]:
        campaign = self.feature.bridge.session.campaign
        return {c.id: c.status for c in campaign.characters}

    def _tell_answers(self) -> None:
        """At a player's seat: say when the GM accepted or sent back one of their characters."""
        bridge, before = self.feature.bridge, self._standing
        self._standing = self._statuses()
        if not bridge.limited:
            return
        for c in bridge.session.campaign.characters:
            if c.id not in bridge.viewer.characters or before.get(c.id) != "submitted":
                continue
            if c.status == "accepted":
                said = tr("The GM accepted {name}: at the table.", name=c.name)
            elif c.status == "returned":
                said = tr(
                    "The GM sent {name} back: {review}", name=c.name, review=review_words(c.review)
                )
            else:
                continue
            status = getattr(self.feature.window, "statusBar", None)
            if callable(status):
                status().showMessage(said, 15000)
            QApplication.alert(self.feature.window)

    # -- the menu -------------------------------------------------------------------------------

    def fill_menu(self, menu: QMenu) -> None:
        """Fill the Party menu (it is rebuilt as characters come and go)."""
        self.menu = menu
        self.update_menu()

    def update_menu(self) -> None:
        """List every character (open or raise their sheet), then the flows."""
        self._tell_answers()
        menu = self.menu
        if menu is None:
            return
        menu.clear()
        self.remove_menu.clear()
        self.export_menu.clear()
        bridge = self.feature.bridge
        characters = list(bridge.session.campaign.characters)
        for n, c in enumerate(characters):
            who = tr("{name} ({player})", name=c.name, player=c.player) if c.player else c.name
            if not c.accepted:
                who = tr("{name}: {standing}", name=who, standing=standing_words(c.status))
            text = who.replace("&", "&&")
            show = menu.addAction(f"&{n + 1} {text}" if n < 9 else text)
            show.setStatusTip(tr("Open {name}'s sheet", name=c.name))
            show.triggered.connect(lambda _c=False, cid=c.id: self.feature.show_sheet(cid))
            name = c.name.replace("&", "&&")
            remove = self.remove_menu.addAction(name)
            remove.triggered.connect(lambda _c=False, cid=c.id: self.remove_character(cid))
            export = self.export_menu.addAction(name)
            export.triggered.connect(lambda _c=False, cid=c.id: self.export_pdf(cid))
            if c.status == "returned":
                who = tr("{name}. The GM says: {review}", name=who, review=review_words(c.review))
            for action in (show, remove, export):  # by default, the text read as rich text
                action.setToolTip(plain_tip(who))
        if not characters:
            empty = menu.addAction(tr("No characters yet"))
            empty.setEnabled(False)
        menu.addSeparator()
        menu.addAction(self.new_action)
        menu.addAction(self.quick_action)
        menu.addSeparator()
        menu.addMenu(self.remove_menu)
        menu.addMenu(self.export_menu)
        removes = any(may(bridge, RemoveCharacter(c.id)) for c in characters)
        self.remove_menu.setEnabled(removes)
        self.export_menu.setEnabled(bool(characters))
        # A quick character is named after it is made, which only the GM may do.
        self.quick_action.setVisible(may(bridge, EditDetails("", name="x")))
        back = next((c for c in characters if c.status == "returned" and bridge.limited), None)
        again = (
            tr("Make {name} &again…", name=back.name.replace("&", "&&"))
            if back
            else tr("&New character…")
        )
        self.new_action.setText(again)

    def _keep(self, dialog: QDialog) -> QDialog:
        self.dialogs = [d for d in self.dialogs if d.isVisible()]
        self.dialogs.append(dialog)
        dialog.open()
        self.dialogOpened.emit(dialog)
        return dialog

    # -- flows ----------------------------------------------------------------------------------

    def new_character(self) -> CreationDialog:
        """Open the creation flow (nothing changes until Create)."""
        from saga_desktop.ui.songs.sheets.creation import CreationDialog

        dialog = CreationDialog(self.feature.bridge, self.feature.window)
        dialog.created.connect(self.feature.show_sheet)
        self._keep(dialog)
        return dialog

    def quick_character(self) -> QuickNameDialog | None:
        """Make a whole character at once, open the sheet, then offer to rename them."""
        names = {c.name for c in self.feature.bridge.session.campaign.characters}
        first = tr(QUICK_NAME)
        name, n = first, 1
        while name in names:
            n += 1
            name = f"{first} {n}"
        try:
            record = self.feature.bridge.try_apply(QuickCharacter(name))
        except OperationError as exc:
            self.feature.bridge.refused.emit(str(exc))
            show_error(self.feature.window, tr("Quick character"), str(exc))
            return None
        cid = record.character.id
        self.feature.show_sheet(cid)
        dialog = QuickNameDialog(self.feature, cid, record)
        self._keep(dialog)
        return dialog

    def remove_character(self, cid: str) -> bool:
        """Ask, then remove a character (their cards go to the discard; Undo brings them back)."""
        campaign = self.feature.bridge.session.campaign
        character = next((c for c in campaign.characters if c.id == cid), None)
        if character is None:
            return False
        answer = ask(
            self.feature.window,
            tr("Remove character"),
            tr("Remove {name} from the party?", name=character.name),
            Button.Yes | Button.Cancel,
            Button.Cancel,
            tr("Their cards go to the discard pile. Edit > Undo brings them back."),
        )
        if answer != Button.Yes:
            return False
        try:
            self.feature.bridge.try_apply(RemoveCharacter(cid))
        except OperationError as exc:
            self.feature.bridge.refused.emit(str(exc))
            show_error(self.feature.window, tr("Remove character"), str(exc))
            return False
        return True

    def export_pdf(self, cid: str, path: Path | None = None) -> Path | None:
        """Export a sheet to PDF, asking where when no ``path`` is given."""
        campaign = self.feature.bridge.session.campaign
        character = next((c for c in campaign.characters if c.id == cid), None)
        if character is None:
            return None
        if path is None:
            fallback = trc("file name", "character")
            safe = "".join(ch if ch.isalnum() or ch in " -_" else "_" for ch in character.name)
            path = choose_pdf_path(self.feature.window, f"{safe.strip() or fallback}.pdf")
        if path is None:
            return None
        try:
            written = self.feature.export_pdf(cid, path)
        except OSError as exc:
            window = self.feature.window
            show_error(window, tr("Export sheet as PDF"), tr("The PDF was not written."), str(exc))
            return None
        status = getattr(self.feature.window, "statusBar", None)
        if callable(status):
            status().showMessage(
                tr("Exported {name}'s sheet to {file}", name=character.name, file=written.name),
                6000,
            )
        return written
