"""Making and changing Resonance characters, resting, and moving the scene on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from typing_extensions import override

from saga_desktop.i18n.words import Words, listed, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.resonance.access import options, waiting_for
from saga_desktop.model.resonance.state import ResonanceSheet, play_of, sheet_of
from saga_desktop.model.resonance.table import borrow_character, pile_names
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import resonance
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.resonance.values import check_stat_value, stat_words

Stats = tuple[int, int, int, int]
"""Heart, Body, Mind, Spirit, in that order."""


def stat_map(stats: Stats) -> dict[resonance.Stat, int]:
    """The four values as the engine's stat mapping."""
    if len(stats) != 4:
        raise OperationError(words("Give Heart, Body, Mind and Spirit a value each"))
    return dict(zip(resonance.Stat, stats, strict=True))


def _label(text: str, what: str) -> str:
    text = text.strip()
    if len(text) > NAME_MAX or "\n" in text:
        raise OperationError(
            words(
                "{what} fits on one line of at most {name_max} characters",
                what=what,
                name_max=NAME_MAX,
            )
        )
    return text


def _kept_deck(
    ctx: Context, replaces: str | None
) -> tuple[dict[str, list[str]], tuple[Any, ...]] | None:
    """The piles of a character sent back and made again, and the generator's state now.

    A character made again keeps the deck shuffled for them the first time (a re-make changes
    what the GM asked to change, never a draw); ``None`` for a new character.
    """
    if replaces is None:
        return None
    names = pile_names(replaces)
    if not all(name in ctx.campaign.piles for name in names):
        return None
    return {n: list(ctx.campaign.piles[n]) for n in names}, ctx.rng.getstate()


@dataclass(frozen=True)
class CreateCharacter(Operation):
    """A new character whose stats spend exactly the campaign's creation points.

    ``submit`` and ``replaces``: a player's character waiting for the GM (see
    :class:`~saga_desktop.model.ops.characters.AddCharacter`).
    """

    name: str
    stats: Stats
    player: str = ""
    pronouns: str = ""
    concept: str = ""
    submit: bool = False
    replaces: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return (
            words("Create {name}", name=self.name.strip())
            if self.name.strip()
            else words("Create character")
        )

    @override
    def apply(self, ctx: Context) -> str:
        stats = stat_map(self.stats)
        resonance.check_stats(stats, options(ctx))
        sheet = ResonanceSheet(
            pronouns=_label(self.pronouns, "Pronouns"),
            concept=_label(self.concept, "A concept"),
            **{s.value: v for s, v in stats.items()},
        )
        kept = _kept_deck(ctx, self.replaces)
        add = AddCharacter(self.name, self.player, sheet, self.submit, self.replaces)
        cid: str = add.apply(ctx)
        if kept is not None:  # made again: the deck shuffled the first time stays as it was
            piles, state = kept
            ctx.campaign.piles.update(piles)
            ctx.rng.setstate(state)  # and nothing was drawn from the generator for it
        spread = listed(
            *(words("{stat} {value}", stat=stat_words(s), value=v) for s, v in stats.items())
        )
        said = words("{name} starts with {stats}", name=ctx.character(cid).name, stats=spread)
        ctx.log("stats", said, character=cid)
        return cid


@dataclass(frozen=True)
class EditStats(Operation):
    """Set a character's four stats (each 1 to 5; growth is the GM's call, not the budget's)."""

    character: str
    stats: Stats

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit stats")

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        if c.id in waiting_for(ctx.campaign):
            raise OperationError(
                words("{name} has a check waiting: play it or cancel it first", name=c.name)
            )
        stats = stat_map(self.stats)
        sheet = sheet_of(c)
        try:
            for stat, value in stats.items():
                check_stat_value(stat, value)
        except RulesError as exc:
            raise OperationError(str(exc)) from None
        old = {s: sheet.stat(s) for s in resonance.Stat}
        if old == stats:
            raise OperationError(words("Nothing to change"))
        for stat, value in stats.items():
            setattr(sheet, stat.value, value)
        changed = listed(
            *(
                words("{stat} {old} → {new}", stat=stat_words(s), old=old[s], new=v)
                for s, v in stats.items()
                if old[s] != v
            )
        )
        ctx.log("stats", words("{name}: {changes}", name=c.name, changes=changed), character=c.id)


@dataclass(frozen=True)
class EditDetails(Operation):
    """Change a character's pronouns or concept."""

    character: str
    pronouns: str | None = None
    concept: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit details")

    @override
    def apply(self, ctx: Context) -> None:
        sheet = sheet_of(ctx.character(self.character))
        changed = False
        for field, what in (("pronouns", "Pronouns"), ("concept", "A concept")):
            value = getattr(self, field)
            if value is not None and _label(value, what) != getattr(sheet, field):
                setattr(sheet, field, _label(value, what))
                changed = True
        if not changed:
            raise OperationError(words("Nothing to change"))


@dataclass(frozen=True)
class Rest(Operation):
    """A rest: the character's fatigue pile is shuffled back into their deck."""

    character: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Rest")

    @override
    def apply(self, ctx: Context) -> resonance.RestRecord:
        who = borrow_character(ctx, self.character)
        if not who.cards.fatigue:
            raise OperationError(words("{name} has no fatigue to recover", name=who.name))
        record = resonance.rest(who, ctx.rng)
        ctx.log("rest", record.words(), record.to_data(), character=who.id)
        return record


@dataclass(frozen=True)
class NewScene(Operation):
    """Move on to the next scene (or, with ``session``, the first scene of a new session)."""

    session: bool = False

    @property
    @override
    def label(self) -> Words | str:
        return words("New session") if self.session else words("New scene")

    @override
    def apply(self, ctx: Context) -> int:
        play = play_of(ctx.campaign)
        if self.session:
            play.session_number += 1
            play.scene_number = 1
        else:
            play.scene_number += 1
        play.checks_this_scene = 0
        text = words(
            "Session {session}, scene {scene} begins",
            session=play.session_number,
            scene=play.scene_number,
        )
        ctx.log("scene", text, {"session": play.session_number, "scene": play.scene_number})
        return play.scene_number
