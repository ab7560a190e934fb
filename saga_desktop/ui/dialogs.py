"""Small dialogs of the File menu: a new campaign, restoring a backup, recovering lost work."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, trc
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.types import NAME_MAX
from saga_desktop.storage.backups import Backup
from saga_desktop.storage.recovery import RecoveryEntry


class NewCampaignDialog(QDialog):
    """Asks for a new campaign's name, description and ruleset."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("New campaign"))
        self.name = QLineEdit(placeholderText=tr("e.g. Beyond the Radiant Gates"))
        self.name.setMaxLength(NAME_MAX)
        self.name.setAccessibleName(tr("Campaign name"))
        self.description = QPlainTextEdit()
        self.description.setPlaceholderText(tr("What is this saga about? (optional)"))
        self.description.setAccessibleName(tr("Description"))
        self.description.setTabChangesFocus(True)
        self.ruleset = QComboBox()
        self.ruleset.setAccessibleName(tr("Ruleset"))
        from saga_desktop.ui.registry import playable

        for rid in playable():
            game = find_ruleset(rid)
            self.ruleset.addItem(tr(game.title), rid)
            self.ruleset.setItemData(
                self.ruleset.count() - 1, tr(game.summary), Qt.ItemDataRole.ToolTipRole
            )
        form = QFormLayout()
        form.addRow(tr("&Name:"), self.name)
        form.addRow(tr("&Description:"), self.description)
        form.addRow(tr("&Ruleset:"), self.ruleset)
        self.set_options = QCheckBox(tr("Set the game's &options next"), self)
        self.set_options.setToolTip(tr("Open Campaign › Options… once the campaign is created"))
        form.addRow("", self.set_options)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Create"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._update)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        # The name first: typing at once goes there (the check box, made first, took the focus
        # and the first keystrokes), then down the form.
        QWidget.setTabOrder(self.name, self.description)
        QWidget.setTabOrder(self.description, self.ruleset)
        QWidget.setTabOrder(self.ruleset, self.set_options)
        QWidget.setTabOrder(self.set_options, self.buttons)
        self.name.setFocus()
        self.resize(480, 300)
        self._update()

    def _update(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name.text().strip()))

    def values(self) -> tuple[str, str, str]:
        """Name, description and ruleset id."""
        return (
            self.name.text().strip(),
            self.description.toPlainText(),
            str(self.ruleset.currentData()),
        )


class _PickDialog(QDialog):
    """A list to pick one entry from, with an explanation above it."""

    def __init__(self, title: str, text: str, ok_text: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        label = QLabel(text, wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.list = QListWidget()
        self.list.setAccessibleName(title)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.list.itemDoubleClicked.connect(lambda _i: self.accept())
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.list)
        layout.addWidget(self.buttons)
        self.resize(520, 360)

    def add(self, text: str, data: object) -> None:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, data)
        self.list.addItem(item)
        if self.list.count() == 1:
            self.list.setCurrentRow(0)

    def chosen(self) -> object:
        item = self.list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)


class BackupDialog(_PickDialog):
    """Lists the backups of the open campaign, newest first."""

    def __init__(self, backups: list[Backup], parent: QWidget | None = None) -> None:
        super().__init__(
            tr("Restore a backup"),
            tr(
                "Each save keeps a copy; the last ten are here. Restoring opens the copy as the "
                "current campaign, unsaved: save it to make it stick."
            ),
            tr("Restore"),
            parent,
        )
        for b in backups:
            self.add(b.label, b)

    def backup(self) -> Backup | None:
        """The backup picked."""
        chosen = self.chosen()
        return chosen if isinstance(chosen, Backup) else None


class RecoveryDialog(_PickDialog):
    """Offers the work of sessions that ended without closing properly."""

    def __init__(self, entries: list[RecoveryEntry], parent: QWidget | None = None) -> None:
        super().__init__(
            tr("Recover unsaved work"),
            tr(
                "Saga Desktop did not close properly last time. This unsaved work was kept; "
                "recover it now, or discard it."
            ),
            tr("Recover"),
            parent,
        )
        for e in entries:
            when = f"{e.saved_at.astimezone():%Y-%m-%d %H:%M}"
            if e.source:
                text = tr(
                    "{campaign} — from {file} (autosaved {when})",
                    campaign=e.name,
                    file=e.source.name,
                    when=when,
                )
            else:
                text = tr("{campaign} — never saved (autosaved {when})", campaign=e.name, when=when)
            self.add(text, e)
        self.discard_button = self.buttons.addButton(
            trc("verb", "Discard"), QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Later"))
        self.discarded = False
        self.discard_button.clicked.connect(self._discard)

    def _discard(self) -> None:
        self.discarded = True
        self.reject()

    def entry(self) -> RecoveryEntry | None:
        """The entry picked."""
        chosen = self.chosen()
        return chosen if isinstance(chosen, RecoveryEntry) else None
