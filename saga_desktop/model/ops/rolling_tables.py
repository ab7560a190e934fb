"""Rolling on the rolling tables with the campaign's generator, journaled.

A table is plain data the interface loads (its id, title and entries); the operation carries the
entries so the roll can be replayed and checked. A dialog that must not change the campaign until
the player confirms (charting a region) rolls on a *copy* of the generator with
:func:`roll_index` and hands the rolls over as :class:`PlannedRoll` values; the operation then
replays them on the real generator, so the same results are drawn and journaled, and a cancelled
dialog leaves nothing behind.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError

MAX_ENTRIES = 1000
MAX_ENTRY_CHARS = 500


def roll_index(rng: random.Random, size: int) -> int:
    """Pick an entry of a table of ``size`` entries (0-based); every entry is equally likely."""
    if size < 1:
        raise OperationError(words("That table has no entries to roll on"))
    return rng.randrange(size)


@dataclass(frozen=True, slots=True)
class TableRoll:
    """The outcome of a roll: which table, which entry (1-based for people) and its text."""

    table_id: str
    title: str
    roll: int
    size: int
    result: str


@dataclass(frozen=True, slots=True)
class PlannedRoll:
    """A roll made on a copy of the generator, to be replayed by an operation."""

    table_id: str
    title: str
    size: int
    index: int
    result: str


def _check_table(title: str, entries: tuple[str, ...]) -> None:
    if not title.strip():
        raise OperationError(words("A table needs a title"))
    if not entries:
        raise OperationError(words("The table '{title}' has no entries to roll on", title=title))
    if len(entries) > MAX_ENTRIES:
        raise OperationError(
            words("A table has at most {max_entries} entries", max_entries=MAX_ENTRIES)
        )
    if any(len(e) > MAX_ENTRY_CHARS for e in entries):
        raise OperationError(
            words(
                "A table entry has at most {max_entry_chars} characters",
                max_entry_chars=MAX_ENTRY_CHARS,
            )
        )


def log_roll(ctx: Context, roll: TableRoll) -> None:
    """Journal one roll on a table: the GM's alone until shown (:class:`ShowTableRoll`)."""
    ctx.log(
        "table",
        words(
            "{table} ({roll} of {size}): {result}",
            table=roll.title,
            roll=roll.roll,
            size=roll.size,
            result=roll.result,
        ),
        {
            "table": roll.table_id,
            "roll": roll.roll,
            "of": roll.size,
            "result": roll.result,
            "gm_only": True,
        },
    )


def replay_rolls(ctx: Context, rolls: tuple[PlannedRoll, ...]) -> list[TableRoll]:
    """Draw planned rolls again on the campaign's generator and journal them.

    Refuses if the generator gives a different result (the campaign changed since the rolls were
    planned), so what the player saw is always what the journal records.
    """
    out: list[TableRoll] = []
    for planned in rolls:
        index = roll_index(ctx.rng, planned.size)
        if index != planned.index:
            raise OperationError(
                words(
                    "The dice have moved on since these rolls were made; roll on the tables again"
                )
            )
        roll = TableRoll(planned.table_id, planned.title, index + 1, planned.size, planned.result)
        log_roll(ctx, roll)
        out.append(roll)
    return out


@dataclass(frozen=True)
class RollOnTable(Operation):
    """Roll once on a rolling table; the result is journaled and returned."""

    table_id: str
    title: str
    entries: tuple[str, ...]

    @property
    @override
    def label(self) -> Words | str:
        if self.title.strip():
            return words("Roll on {title}", title=self.title.strip())
        return words("Roll on a table")

    @override
    def apply(self, ctx: Context) -> TableRoll:
        _check_table(self.title, self.entries)
        index = roll_index(ctx.rng, len(self.entries))
        roll = TableRoll(
            self.table_id, self.title.strip(), index + 1, len(self.entries), self.entries[index]
        )
        log_roll(ctx, roll)
        return roll


@dataclass(frozen=True)
class ShowTableRoll(Operation):
    """Show the players a roll the GM made on a table: a journal line they may read.

    The GM's roll stays as it was written; the new line repeats its result for everyone.
    """

    entry_id: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Show table roll to players")

    @override
    def apply(self, ctx: Context) -> None:
        journal = ctx.campaign.journal
        entry = next((e for e in journal if e.id == self.entry_id), None)
        if entry is None or entry.kind != "table" or "shows" in entry.details:
            raise OperationError(words("That journal entry is not a roll on a table"))
        if entry.details.get("gm_only") is not True:
            raise OperationError(words("The players can already read that roll"))
        if any(e.kind == "table" and e.details.get("shows") == entry.id for e in journal):
            raise OperationError(words("That roll has already been shown to the players"))
        details = {k: v for k, v in entry.details.items() if k != "gm_only"}
        line = Words.from_data(entry.words) if entry.words is not None else entry.text
        ctx.log(
            "table",
            words("Shown to the players: {line}", line=line),
            {**details, "shows": entry.id},
        )
