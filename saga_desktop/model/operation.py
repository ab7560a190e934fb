"""Operations: the one way a campaign changes.

An :class:`Operation` validates its request and changes the campaign through a :class:`Context`,
which also gives it the campaign's random generator, the clock and the journal. The session
records what it changed (a snapshot of the small parts, the logs of the regions and the journal),
so an operation needs no undo code of its own.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from pydantic import JsonValue, TypeAdapter, ValidationError

from saga_desktop.i18n.words import Words, english, say, sentence, words
from saga_desktop.model.campaign import Campaign, Character, JournalEntry

T = TypeVar("T")


class OperationError(ValueError):
    """An operation was refused; the message is written for a player to read.

    Given as :class:`Words`, it is data: ``str()`` words it in the app's language, and a
    refusal sent to a player's seat travels as the words, worded there in the seat's language.
    """

    def __init__(self, message: str | Words = "") -> None:
        self.words = message
        super().__init__(english(message))

    def __str__(self) -> str:
        return say(self.words)


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
        raise OperationError(words("That character is not in this campaign"))

    # -- the journal --------------------------------------------------------------------------

    def log(
        self,
        kind: str,
        text: str | Words,
        details: dict[str, JsonValue] | None = None,
        *,
        character: str | None = None,
    ) -> JournalEntry:
        """Append a journal entry stamped with the time, the day and the party's region.

        ``text`` is best given as :class:`Words` (kind and values, worded by each window in its
        own language); a plain text is kept as written.
        """
        journal = self.campaign.journal
        m = self.campaign.map
        region, details = None, details or {}
        if m.party is not None:
            here = m.region_at(m.party.q, m.party.r)
            region = here.number if here else None
            if here is not None and here.hidden:  # players read the line without the stamp
                details = {**details, "hidden_place": True}
        if character is not None and any(
            c.id == character and not c.accepted for c in self.campaign.characters
        ):  # a character not in play (waiting for the GM, sent back): its player's and the GM's
            details = {**details, "own_only": True}
        entry = JournalEntry(
            id=journal[-1].id + 1 if journal else 1,
            at=self.now,
            kind=kind,
            text=sentence(english(text)) if isinstance(text, Words) else text,
            details=details,
            character=character,
            region=region,
            day=m.days,
            words=text.to_data() if isinstance(text, Words) else None,
        )
        journal.append(entry)
        return entry


class Operation(ABC):
    """One change to a campaign, with a name the Edit menu can show ("Undo Chart region 4").

    Operations are frozen dataclasses of plain, validated fields, so each one travels as data
    (:func:`operation_to_data`, :func:`operation_from_data`): over the network, into the recovery
    log. Each concrete class is registered by its kind tag when it is defined.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _register_kind(cls)

    @property
    @abstractmethod
    def label(self) -> Words | str:
        """A short name for the change."""

    @abstractmethod
    def apply(self, ctx: Context) -> Any:
        """Validate and change the campaign; return a record of what happened (or None).

        Raise :class:`OperationError` or a rules ``RulesError`` to refuse; the session then puts
        everything back as it was.
        """


# -- operations as plain data ---------------------------------------------------------------------

OPERATION_KINDS: dict[str, type[Operation]] = {}
"""Every operation class by its kind tag (filled as operation modules are imported)."""


def kind_of(cls: type[Operation]) -> str:
    """The stable tag of an operation class: ``core.ChartRegion``, ``songs.BeginTrial``...

    The prefix is the game package (``saga_desktop.model.<game>``) or ``core``; a class may set
    its own tag in ``op_kind`` instead.
    """
    own = cls.__dict__.get("op_kind")
    if isinstance(own, str):
        return own
    parts = cls.__module__.split(".")
    if parts[:2] == ["saga_desktop", "model"] and len(parts) > 2 and parts[2] != "ops":
        prefix = parts[2]
    elif parts[:2] == ["saga_desktop", "model"]:
        prefix = "core"
    else:
        prefix = parts[-1]
    return f"{prefix}.{cls.__name__}"


def _register_kind(cls: type[Operation]) -> None:
    kind = kind_of(cls)
    known = OPERATION_KINDS.get(kind)
    same = known is not None and (known.__module__, known.__qualname__) == (
        cls.__module__,
        cls.__qualname__,
    )  # the same class defined again (a module reloaded)
    if known is not None and not same:
        raise TypeError(f"two operations share the kind {kind!r}: give one its own 'op_kind'")
    OPERATION_KINDS[kind] = cls


@functools.cache
def _adapter(cls: type[Operation]) -> TypeAdapter[Any]:
    return TypeAdapter(cls)


def operation_to_data(op: Operation) -> dict[str, JsonValue]:
    """An operation as plain data: ``{"op": <its kind tag>, <its fields>}`` (JSON-ready)."""
    fields: dict[str, JsonValue] = _adapter(type(op)).dump_python(op, mode="json")
    return {"op": kind_of(type(op)), **fields}


def operation_from_data(data: object) -> Operation:
    """An operation from plain data, every field validated; OperationError says what is wrong."""
    if not isinstance(data, dict):
        raise OperationError(words("An operation is an object with an 'op' tag"))
    kind = data.get("op")
    cls = OPERATION_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise OperationError(
            words("'{value}' is not an operation this app knows", value=str(kind)[:60])
        )
    fields = {k: v for k, v in data.items() if k != "op"}
    names: set[str] = (
        {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    )
    extra = sorted(set(fields) - names)
    if extra:
        raise OperationError(
            words(
                "{kind}: '{value}' is not a field of this operation", kind=kind, value=extra[0][:40]
            )
        )
    try:
        op: Operation = _adapter(cls).validate_python(fields)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        raise OperationError(
            words(
                "{kind}: {value}: {value2}",
                kind=kind,
                value=where or "value",
                value2=err.get("msg", "is not valid"),
            )
        ) from None
    return op
