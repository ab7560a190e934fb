"""A sheet's XP track."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words, words_n
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import options, songs_character
from saga_desktop.model.songs.ops.sheet.common import log_record
from saga_desktop.model.songs.table import songs_deck
from saga_desktop.rules import songs

# -- experience ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MarkXp(Operation):
    """Mark XP; filling the eighth box clears the track and brings the Vanori's blessing.

    The blessing's five cards come from the shared deck and go to its discard; the returned
    :class:`~saga_desktop.rules.songs.XpRecord` holds them (``record.blessings``) to show.
    """

    character: str
    marks: int = 1

    @property
    @override
    def label(self) -> Words | str:
        return words("Mark XP")

    @override
    def apply(self, ctx: Context) -> songs.XpRecord:
        sc = songs_character(ctx, self.character)
        record = songs.mark_xp(sc, songs_deck(ctx), ctx.rng, self.marks, options(ctx))
        log_record(ctx, sc.id, "xp", record)
        return record


@dataclass(frozen=True)
class ClearXp(Operation):
    """Clear marked XP boxes (a mark made by mistake)."""

    character: str
    boxes: int = 1

    @property
    @override
    def label(self) -> Words | str:
        return words("Clear XP")

    @override
    def apply(self, ctx: Context) -> None:
        sc = songs_character(ctx, self.character)
        if sc.xp == 0:
            raise OperationError(words("The XP track is already empty"))
        if not 1 <= self.boxes <= sc.xp:
            raise OperationError(
                words_n("Only {n} XP box is marked", "Only {n} XP boxes are marked", sc.xp)
            )
        before = sc.xp
        sc.xp -= self.boxes
        ctx.log(
            "xp",
            words(
                "{name}: XP cleared {before} → {after}/{boxes}",
                name=sc.name,
                before=before,
                after=sc.xp,
                boxes=songs.XP_BOXES,
            ),
            {"before": before, "after": sc.xp},
            character=sc.id,
        )
