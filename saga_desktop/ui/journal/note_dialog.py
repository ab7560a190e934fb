"""Writing or editing a GM note: plain text, optionally about one character."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QPlainTextEdit,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Campaign


class NoteDialog(QDialog):
    """Ask for a note's text (and, for a new note, whom it is about)."""

    def __init__(
        self,
        campaign: Campaign,
        parent: QWidget | None = None,
        *,
        text: str = "",
        editing: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Edit note") if editing else tr("Add a note to the journal"))
        self.setObjectName("note_dialog")
        self.text = QPlainTextEdit()
        self.text.setObjectName("note_text")
        self.text.setPlainText(text)
        self.text.setPlaceholderText(tr("What happened, what the party learned, what to remember…"))
        self.text.setTabChangesFocus(True)
        self.character = QComboBox()
        self.character.setObjectName("note_character")
        self.character.addItem(tr("No one in particular"), None)
        for c in campaign.characters:
            self.character.addItem(c.name, c.id)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(tr("Note"), self.text)
        if not editing:
            form.addRow(tr("About"), self.character)
        form.addRow(self.buttons)
        self.resize(460, 260)

    def note_text(self) -> str:
        """The text typed."""
        return self.text.toPlainText()

    def character_id(self) -> str | None:
        """The character the note is about, if any."""
        data = self.character.currentData()
        return None if data is None else str(data)
