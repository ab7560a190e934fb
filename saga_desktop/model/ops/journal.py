"""Operations on the journal: the GM's own notes."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.types import replace


def _entry_index(ctx: Context, entry_id: int) -> int:
    """Where an entry stands: found by id, then by id order (a walk only if that is broken)."""
    journal = ctx.campaign.indexed_journal()
    entry = journal.entry(entry_id)
    if entry is None:
        raise OperationError(words("That journal entry no longer exists"))
    i = bisect_left(journal, entry_id, key=lambda e: e.id)
    if i < len(journal) and journal[i] is entry:
        return i
    return next(i for i, e in enumerate(journal) if e is entry)


@dataclass(frozen=True)
class AddNote(Operation):
    """Add a note of the GM's to the journal."""

    text: str
    character: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Add journal note")

    @override
    def apply(self, ctx: Context) -> None:
        text = self.text.strip()
        if not text:
            raise OperationError(words("A note needs some text"))
        if self.character is not None:
            ctx.character(self.character)
        ctx.log("note", text, character=self.character)


@dataclass(frozen=True)
class EditNote(Operation):
    """Change the text of a note (only notes; the record of rolls is not rewritten)."""

    entry_id: int
    text: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit journal note")

    @override
    def apply(self, ctx: Context) -> None:
        i = _entry_index(ctx, self.entry_id)
        entry = ctx.campaign.journal[i]
        if entry.kind != "note":
            raise OperationError(
                words("Only notes can be edited; rolls and events stay as they happened")
            )
        text = self.text.strip()
        if not text:
            raise OperationError(words("A note needs some text"))
        ctx.campaign.journal[i] = replace(entry, text=text)


@dataclass(frozen=True)
class DeleteNote(Operation):
    """Delete a note of the GM's."""

    entry_id: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Delete journal note")

    @override
    def apply(self, ctx: Context) -> None:
        i = _entry_index(ctx, self.entry_id)
        if ctx.campaign.journal[i].kind != "note":
            raise OperationError(words("Only notes can be deleted; undo takes back other events"))
        del ctx.campaign.journal[i]
