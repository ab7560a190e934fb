"""What every part of a sheet shares: the character it shows and one way to change it.

A :class:`SheetContext` applies operations for the parts of one sheet. A refused operation
changes nothing; its reason is shown on the sheet (and in the status bar through the bridge's
``refused`` signal), so a player always learns why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from saga_desktop.model.campaign import Character
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.sheets.style import Section


class SheetContext(QObject):
    """The character a sheet shows, and the path its edits take."""

    refused = Signal(str)
    """An edit was refused; the message says why."""

    applied = Signal(object)
    """An edit went through; carries the operation's result."""

    def __init__(self, bridge: SessionBridge, character_id: str, parent: QObject | None = None):
        super().__init__(parent)
        self.bridge = bridge
        self.character_id = character_id
        self.dialogs: list[QWidget] = []
        self.trial_handler: Callable[[str], None] | None = None

    @property
    def character(self) -> Character | None:
        """The character now, or None once removed."""
        for c in self.bridge.session.campaign.characters:
            if c.id == self.character_id:
                return c
        return None

    def hand(self) -> list[Card]:
        """The cards in the character's hand."""
        codes = table_of(self.bridge.session.campaign).hands.get(self.character_id, [])
        return [Card.from_code(code) for code in codes]

    def apply(self, op: Operation) -> Any:
        """Apply an edit; on refusal show the reason and return None."""
        try:
            result = self.bridge.try_apply(op)
        except OperationError as exc:
            self.refused.emit(str(exc))
            self.bridge.refused.emit(str(exc))
            return None
        self.applied.emit(result)
        return result

    def accepts(self, op: Operation) -> bool:
        """Apply an edit and say whether it went through (on refusal the reason is shown).

        Use this rather than testing :meth:`apply`'s result against None: many operations
        return None when they succeed.
        """
        try:
            result = self.bridge.try_apply(op)
        except OperationError as exc:
            self.refused.emit(str(exc))
            self.bridge.refused.emit(str(exc))
            return False
        self.applied.emit(result)
        return True

    def attempt(self, op: Operation) -> tuple[Any, str]:
        """Apply an edit for a dialog that shows refusals itself.

        Returns ``(result, "")``, or ``(None, reason)`` when the edit was refused.
        """
        try:
            result = self.bridge.try_apply(op)
        except OperationError as exc:
            return None, str(exc)
        self.applied.emit(result)
        return result, ""

    def keep(self, dialog: QWidget) -> QWidget:
        """Keep a non-modal dialog alive while it is open (tests find it here too)."""
        self.dialogs = [d for d in self.dialogs if d.isVisible()]
        self.dialogs.append(dialog)
        return dialog


class SheetPart(Section):
    """A titled part of a sheet that redraws itself from the character."""

    def __init__(self, title: str, context: SheetContext, parent: QWidget | None = None):
        super().__init__(title, parent)
        self.context = context

    @property
    def cid(self) -> str:
        """The character's id."""
        return self.context.character_id

    def refresh(self, character: Character) -> None:
        """Show the character as it is now."""
        raise NotImplementedError
