"""The top of a sheet: name, player and pronouns, and the Vanori with its gift in words."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLineEdit, QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Character
from saga_desktop.model.songs.access import vanori_of
from saga_desktop.model.songs.ops.sheet import EditDetails
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.model.types import NAME_MAX
from saga_desktop.ui.songs.sheets.base import SheetContext, SheetPart
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.style import plain_label, scaled_font, tool_button
from saga_desktop.ui.songs.sheets.terms import the_vanori, vanori_gift, vanori_raises


def set_unless_typing(edit: QLineEdit, text: str) -> None:
    """Show ``text`` unless the player is in the middle of changing the field."""
    if edit.hasFocus() and edit.isModified():
        return
    if edit.text() != text:
        edit.setText(text)
        if not edit.hasFocus():
            edit.setCursorPosition(0)  # a long name in a narrow field shows its start
    edit.setModified(False)


class IdentityPart(SheetPart):
    """Name (large), player and pronouns; each field commits on Enter or when focus leaves."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Character"), context, parent)
        self.title.hide()
        self.name_edit = QLineEdit(self)
        self.name_edit.setFont(scaled_font(self.name_edit.font(), 1.6, bold=True))
        self.name_edit.setAccessibleName(tr("Name"))
        self.name_edit.setPlaceholderText(tr("Name"))
        self.name_edit.setMaxLength(NAME_MAX)
        self.body.addWidget(self.name_edit)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.player_edit = self._field(form, tr("&Player"), tr("Player"))
        self.pronouns_edit = self._field(form, tr("Pro&nouns"), tr("Pronouns"))
        self.body.addLayout(form)
        self.name_edit.editingFinished.connect(lambda: self._commit("name", self.name_edit))
        self.player_edit.editingFinished.connect(lambda: self._commit("player", self.player_edit))
        self.pronouns_edit.editingFinished.connect(
            lambda: self._commit("pronouns", self.pronouns_edit)
        )

    def _field(self, form: QFormLayout, label: str, name: str) -> QLineEdit:
        edit = QLineEdit(self)
        edit.setAccessibleName(name)
        edit.setMaxLength(NAME_MAX)
        edit.setMinimumWidth(60)
        caption = plain_label(label, self, wrap=False)
        caption.setBuddy(edit)
        form.addRow(caption, edit)
        return edit

    def _commit(self, field: str, edit: QLineEdit) -> None:
        c = self.context.character
        if c is None or not edit.isModified():
            return
        edit.setModified(False)
        current = {"name": c.name, "player": c.player, "pronouns": sheet_of(c).pronouns}[field]
        if edit.text().strip() == current:
            edit.setText(current)
            return
        session = self.context.bridge.session
        before = session.revision
        self.context.apply(EditDetails(self.cid, **{field: edit.text()}))
        # Refused (the revision did not move): show the value that stands. An accepted edit
        # returns nothing, so the return value cannot tell the two apart.
        if session.revision == before and self.context.character is not None:
            edit.setText(current)
            edit.setModified(False)

    def commit_all(self) -> None:
        """Apply whatever is being typed in the three fields."""
        self._commit("name", self.name_edit)
        self._commit("player", self.player_edit)
        self._commit("pronouns", self.pronouns_edit)

    def refresh(self, character: Character) -> None:
        """Show the current name, player and pronouns."""
        set_unless_typing(self.name_edit, character.name)
        set_unless_typing(self.player_edit, character.player)
        set_unless_typing(self.pronouns_edit, sheet_of(character).pronouns)


class VanoriPart(SheetPart):
    """The guardian spirit: who it is, what it raised, and its gift in words."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Vanori"), context, parent)
        self.name_label = plain_label("", self, factor=1.3, bold=True)
        self.detail_label = plain_label("", self)
        self.gift_label = plain_label("", self)
        self.gift_label.setAccessibleName(tr("Vanori's gift"))
        for label in (self.name_label, self.detail_label, self.gift_label):
            self.body.addWidget(label)
        row = FlowLayout()
        self.change_button = tool_button(
            tr("Change Vanori…"),
            tr("Change Vanori"),
            tr("Choose another Vanori or invent one"),
            self,
        )
        self.change_button.clicked.connect(self._change)
        row.addWidget(self.change_button)
        self.body.addLayout(row)

    def refresh(self, character: Character) -> None:
        """Show the Vanori."""
        vanori = vanori_of(sheet_of(character))
        self.name_label.setText(the_vanori(vanori))
        self.detail_label.setText(tr("({raises})", raises=vanori_raises(vanori)))
        gift = vanori_gift(vanori) or tr("(no gift written down yet)")
        self.gift_label.setText(tr("Gift: {gift}", gift=gift))
        self.gift_label.setToolTip(
            tr("Any Vanori may also be conjured: burn a card to roll with a lower DR")
        )

    def _change(self) -> None:
        from saga_desktop.ui.songs.sheets.vanori import VanoriDialog

        c = self.context.character
        if c is None:
            return
        dialog = VanoriDialog(self.context, vanori_of(sheet_of(c)), self.window())
        self.context.keep(dialog)
        dialog.open()
