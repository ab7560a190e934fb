"""What the sheet's operations share: journaling a record, finding an entry, checking a die."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, OperationError
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die
from saga_desktop.rules.songs.roll_words import semicolons

SheetRecord = songs.ResilienceRecord | songs.InventoryRecord | songs.GearRecord | songs.XpRecord
"""The engine's records a sheet edit journals (each carries its words)."""


def log_record(ctx: Context, character_id: str, kind: str, record: SheetRecord) -> None:
    """Journal an engine record under a character: ``"<name>: <explanation>"``."""
    name = ctx.character(character_id).name
    said = words("{name}: {record}", name=name, record=record.words())
    ctx.log(kind, said, record.to_data(), character=character_id)


def _attribute(name: str) -> songs.Attribute:
    try:
        return songs.Attribute(name)
    except ValueError:
        raise OperationError(words("'{name}' is not an attribute", name=name)) from None


def _die(size: int, allowed: tuple[Die, ...], what: Words | str) -> Die:
    if size not in allowed:
        raise OperationError(
            words("{what} is rated {value}", what=what, value=", ".join(d.label for d in allowed))
        )
    return Die(size)


def _entry(sc: songs.SongsCharacter, index: int) -> songs.InventoryEntry:
    if not 0 <= index < len(sc.inventory):
        raise OperationError(
            words("{name}'s inventory has no entry {value}", name=sc.name, value=index + 1)
        )
    return sc.inventory[index]


@contextmanager
def _first(sc: songs.SongsCharacter, index: int) -> Iterator[songs.InventoryEntry]:
    """Put one entry first while the engine looks it up by name, then back in its place.

    The engine finds entries by name; moving the chosen one to the front makes it the one found
    even when another entry has the same name.
    """
    entry = _entry(sc, index)
    sc.inventory.remove(entry)
    sc.inventory.insert(0, entry)
    try:
        yield entry
    finally:
        if entry in sc.inventory:
            sc.inventory.remove(entry)
            sc.inventory.insert(index, entry)


def _parts(changes: list[Words]) -> Words:
    """Changes one after the other, a semicolon between two (one change as it is)."""
    return changes[0] if len(changes) == 1 else semicolons(*changes)
