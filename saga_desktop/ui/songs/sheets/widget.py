"""A whole character sheet: every part, laid out to wrap from a wide window to a narrow dock."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QFrame, QPlainTextEdit, QScrollArea, QVBoxLayout, QWidget

from saga_desktop.i18n import tr, trn
from saga_desktop.model.campaign import Character
from saga_desktop.model.songs.ops.sheet import EditNotes
from saga_desktop.ui.cards import HandWidget
from saga_desktop.ui.gate import acts, local
from saga_desktop.ui.songs.sheets.attributes import AttributesPart
from saga_desktop.ui.songs.sheets.base import SheetContext, SheetPart
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.gear import GearPart
from saga_desktop.ui.songs.sheets.header import IdentityPart, VanoriPart
from saga_desktop.ui.songs.sheets.inventory import InventoryPart
from saga_desktop.ui.songs.sheets.remade import RemadePart
from saga_desktop.ui.songs.sheets.style import tool_button
from saga_desktop.ui.songs.sheets.vitals import ResiliencePart
from saga_desktop.ui.songs.sheets.xp import XpPart

CARD_HEIGHT = 70


class NotesEdit(QPlainTextEdit):
    """Notes that are saved (as one operation) when the player leaves the field."""

    editingFinished = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """Leaving the field commits the notes."""
        super().focusOutEvent(event)
        self.editingFinished.emit()


class HandPart(SheetPart):
    """The character's hand, as on the card table; scrolls sideways when it grows long."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Hand of cards"), context, parent)
        self.hand = HandWidget(tr("No cards in hand"), CARD_HEIGHT, self)
        strip = QScrollArea(self)
        strip.setWidget(self.hand)
        strip.setWidgetResizable(True)
        strip.setFrameShape(QFrame.Shape.NoFrame)
        strip.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bar = strip.horizontalScrollBar().sizeHint().height()
        strip.setFixedHeight(CARD_HEIGHT + 4 + bar)
        strip.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.body.addWidget(strip)

    def refresh(self, character: Character) -> None:
        """Show the cards now in hand."""
        cards = self.context.hand()
        if cards != self.hand.cards:
            self.hand.set_cards(cards)
        self.title.setText(trn("Hand of cards ({n})", "Hand of cards ({n})", len(cards)))


class NotesPart(SheetPart):
    """Free notes: background, bonds, what the character is after."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Notes"), context, parent)
        self.edit = acts(NotesEdit(self), "songs.EditNotes")  # a player writes their own
        self.edit.setAccessibleName(tr("Notes"))
        self.edit.setTabChangesFocus(True)
        self.edit.setMinimumHeight(self.fontMetrics().height() * 5)
        self.edit.editingFinished.connect(self.commit)
        self.body.addWidget(self.edit)

    def commit(self) -> None:
        """Save the notes if they changed."""
        c = self.context.character
        if c is None or not self.edit.document().isModified():
            return
        self.edit.document().setModified(False)
        if self.edit.toPlainText() != c.notes:
            self.context.apply(EditNotes(self.context.character_id, self.edit.toPlainText()))

    def refresh(self, character: Character) -> None:
        """Show the notes unless the player is typing in them."""
        if self.edit.hasFocus() and self.edit.document().isModified():
            return
        if self.edit.toPlainText() != character.notes:
            self.edit.setPlainText(character.notes)
        self.edit.document().setModified(False)


class SheetWidget(QWidget):
    """Every part of the sheet, in the order of the paper sheet."""

    exportRequested = Signal()
    removeRequested = Signal()

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.remade = RemadePart(context, self)  # the GM's review of a character made again
        self.identity = IdentityPart(context, self)
        self.vanori = VanoriPart(context, self)
        self.attributes = AttributesPart(context, self)
        self.resilience = ResiliencePart(context, self)
        self.gear = GearPart(context, self)
        self.inventory = InventoryPart(context, self)
        self.xp = XpPart(context, self)
        self.hand = HandPart(context, self)
        self.notes = NotesPart(context, self)
        self.parts: list[SheetPart] = [
            self.remade,
            self.identity,
            self.vanori,
            self.attributes,
            self.resilience,
            self.gear,
            self.inventory,
            self.xp,
            self.hand,
            self.notes,
        ]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(8)
        rows: list[tuple[SheetPart, ...]] = [
            (self.remade,),
            (self.identity, self.vanori),
            (self.attributes,),
            (self.resilience, self.gear),
            (self.inventory, self.xp),
            (self.hand,),
            (self.notes,),
        ]
        for pair in rows:
            if len(pair) == 1:
                layout.addWidget(pair[0])
                continue
            row = FlowLayout(spacing=8, columns=(2, 1))
            for part in pair:
                row.addWidget(part)
            layout.addLayout(row)
        tools = FlowLayout()
        export = tool_button(tr("Export as PDF…"), tr("Export this sheet as PDF"), parent=self)
        remove = tool_button(tr("Remove from the party…"), tr("Remove this character"), parent=self)
        local(export)
        export.clicked.connect(self.exportRequested.emit)
        remove.clicked.connect(self.removeRequested.emit)
        tools.addWidget(export)
        tools.addWidget(remove)
        layout.addLayout(tools)
        layout.addStretch(1)

    def commit_typing(self) -> None:
        """Apply any field being typed in (the window is closing, or the dock is hidden)."""
        self.identity.commit_all()
        self.notes.commit()

    def refresh(self) -> None:
        """Show the character as it is now."""
        character = self.context.character
        if character is None:
            return
        for part in self.parts:
            part.refresh(character)
