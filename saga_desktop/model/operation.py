"""Operations: the one way a campaign changes.

An :class:`Operation` validates its request and changes the campaign through a :class:`Context`,
which also gives it the campaign's random generator, the clock and the journal. The session takes
snapshots around it, so an operation needs no undo code of its own.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from pydantic import JsonValue

from saga_desktop.model.campaign import Campaign, Character, JournalEntry

T = TypeVar("T")


class OperationError(ValueError):
    """An operation was refused; the message is written for a player to read."""


class Context:
    """What an operation may use while it runs."""

    def __init__(self, campaign: Campaign, rng: random.Random, now: datetime) -> None:
        self.campaign = campaign
        self.rng = rng
        self.now = now
        self._borrowed: dict[object, Any] = {}
        self._writebacks: list[Callable[[], None]] = []

    def borrow(self, key: object, load: Callable[[], T], store: Callable[[T], None]) -> T:
        """Load part of the campaign in another form once; ``store`` writes it back at the end.

        Used to hand operations rules-engine objects (a character sheet, an enemy) that they
        change freely; the session's snapshots make the whole operation undoable.
        """
        if key not in self._borrowed:
            value = load()
            self._borrowed[key] = value
            self._writebacks.append(lambda: store(value))
        result: T = self._borrowed[key]
        return result

    def on_finish(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` when the operation has finished (to write back converted state)."""
        self._writebacks.append(callback)

    def finish(self) -> None:
        """Write back everything borrowed in rules-engine form."""
        for write in self._writebacks:
            write()
        self._writebacks.clear()

    # -- lookups ------------------------------------------------------------------------------

    def character(self, character_id: str) -> Character:
        """A character by id, or an OperationError naming the problem."""
        for c in self.campaign.characters:
            if c.id == character_id:
                return c
        raise OperationError("That character is not in this campaign")

    # -- the journal --------------------------------------------------------------------------

    def log(
        self,
        kind: str,
        text: str,
        details: dict[str, JsonValue] | None = None,
        *,
        character: str | None = None,
    ) -> JournalEntry:
        """Append a journal entry stamped with the time, the day and the party's region."""
        journal = self.campaign.journal
        m = self.campaign.map
        region = None
        if m.party is not None:
            here = m.region_at(m.party.q, m.party.r)
            region = here.number if here else None
        entry = JournalEntry(
            id=journal[-1].id + 1 if journal else 1,
            at=self.now,
            kind=kind,
            text=text,
            details=details or {},
            character=character,
            region=region,
            day=m.days,
        )
        journal.append(entry)
        return entry


class Operation(ABC):
    """One change to a campaign, with a name the Edit menu can show ("Undo Chart region 4")."""

    @property
    @abstractmethod
    def label(self) -> str:
        """A short name for the change."""

    @abstractmethod
    def apply(self, ctx: Context) -> Any:
        """Validate and change the campaign; return a record of what happened (or None).

        Raise :class:`OperationError` or a rules ``RulesError`` to refuse; the session then puts
        everything back as it was.
        """
