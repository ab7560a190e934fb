"""Prompted rolls: the GM sends a trial or fate roll to characters, each player rolls their own.

:class:`PromptRoll` puts a prompt in ``play.prompts`` with the attribute, DR and risk the GM set
(the risk of the party's region when not given); :class:`RollPrompt` is its character's roll of
it, with the burns the player chooses and, when the GM asked for physical dice, the d20 they
typed: the prompt leaves the queue and the roll waits to be settled like any other
(:class:`~saga_desktop.model.songs.ops.rolls.ResolveTrial`). :class:`CancelPromptedRoll` takes
a prompt back. :func:`prompt_request` builds the engine's request for a prompt, so the host's
roll and a player's odds come from the same place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Value, Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.characters import playing
from saga_desktop.model.ruleset import PROMPT_LIMIT
from saga_desktop.model.songs.access import songs_character, songs_play
from saga_desktop.model.songs.ops.rolls import PRE_ROLL_BURNS, BeginTrial, BurnChoice, Loader
from saga_desktop.model.songs.ops.rolls import make_burn as _make_burn
from saga_desktop.model.songs.state import SongsPrompt
from saga_desktop.rules import songs


def prompt_request(
    prompt: SongsPrompt,
    roller: songs.SongsCharacter,
    burns: Sequence[BurnChoice],
    load: Loader,
    rulings: songs.SongsOptions,
) -> songs.TrialRequest:
    """The engine's request for a prompted roll with the roller's burns (before the roll)."""
    for choice in burns:
        if choice.kind not in PRE_ROLL_BURNS:
            raise OperationError(
                words(
                    "{value} is not burned before a roll", value=choice.kind.value.replace("_", " ")
                )
            )
    return songs.TrialRequest(
        attribute=prompt.attribute,
        dr=prompt.dr,
        risk=prompt.risk,
        kind=songs.RollKind(prompt.kind),
        burns=tuple(_make_burn(c, roller, load, rulings) for c in burns),
    )


@dataclass(frozen=True)
class PromptRoll(Operation):
    """The GM sends a trial or fate roll to a character; returns the prompt's number.

    ``risk`` ``None`` takes the risk of the region the party stands in (none for a fate roll).
    """

    character: str
    attribute: songs.Attribute
    dr: int = 12
    kind: songs.RollKind = songs.RollKind.TRIAL
    risk: int | None = None
    reason: str = ""
    physical: bool = False

    @property
    @override
    def label(self) -> Words | str:
        if self.kind is songs.RollKind.FATE:
            return words("Prompt a fate roll")
        return words("Prompt a trial roll")

    @override
    def apply(self, ctx: Context) -> int:
        play = songs_play(ctx)
        if len(play.prompts) >= PROMPT_LIMIT:
            raise OperationError(
                words("At most {prompt_limit} rolls wait at once", prompt_limit=PROMPT_LIMIT)
            )
        if self.kind not in (songs.RollKind.TRIAL, songs.RollKind.FATE):
            raise OperationError(words("Prompt a trial or a fate roll"))
        playing(ctx, self.character)
        roller = songs_character(ctx, self.character)
        if roller.incapacitated:
            raise OperationError(
                words("{name} is incapacitated until their wounds are tended", name=roller.name)
            )
        begin = BeginTrial(self.character, self.attribute, self.dr, self.kind, self.risk)
        risk = begin.resolved_risk(ctx.campaign) if self.kind is songs.RollKind.TRIAL else 0
        number = play.next_prompt
        try:
            prompt = SongsPrompt(
                id=number, character=self.character, attribute=self.attribute,
                kind=self.kind.value, dr=self.dr, risk=risk, reason=" ".join(self.reason.split()),
                physical=self.physical,
            )  # fmt: skip
        except ValueError as exc:
            raise OperationError(_first_error(exc)) from None
        play.prompts.append(prompt)
        play.next_prompt = number + 1
        values: dict[str, Value] = {"name": roller.name, "roll": prompt.words()}
        if prompt.reason:
            values["why"] = prompt.reason
            said = (
                words("Roll for {name}: {roll} ({why}), rolled with a physical d20", **values)
                if prompt.physical
                else words("Roll for {name}: {roll} ({why})", **values)
            )
        elif prompt.physical:
            said = words("Roll for {name}: {roll}, rolled with a physical d20", **values)
        else:
            said = words("Roll for {name}: {roll}", **values)
        ctx.log("prompt", said, {"prompt": number}, character=self.character)
        return number


def _first_error(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        err = errors(include_url=False)[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        return f"{where}: {err.get('msg', 'is not valid')}"
    return str(exc)


def _take(ctx: Context, number: int) -> SongsPrompt:
    play = songs_play(ctx)
    for i, p in enumerate(play.prompts):
        if p.id == number:
            del play.prompts[i]
            return p
    raise OperationError(words("That roll is no longer waiting"))


@dataclass(frozen=True)
class RollPrompt(Operation):
    """A prompted character rolls: burns first, the risk cards, the d20 (``d20``: a real one)."""

    prompt: int
    burns: tuple[BurnChoice, ...] = ()
    d20: int | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Roll the prompted roll")

    @override
    def apply(self, ctx: Context) -> songs.TrialRoll:
        prompt = _take(ctx, self.prompt)
        begin = BeginTrial(
            prompt.character, prompt.attribute, prompt.dr, songs.RollKind(prompt.kind),
            prompt.risk, self.burns, d20=self.d20,
        )  # fmt: skip
        return begin.apply(ctx)


@dataclass(frozen=True)
class CancelPromptedRoll(Operation):
    """The GM takes a waiting prompted roll back."""

    prompt: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Cancel the prompted roll")

    @override
    def apply(self, ctx: Context) -> None:
        prompt = _take(ctx, self.prompt)
        said = words("Roll {number} cancelled: {roll}", number=prompt.id, roll=prompt.words())
        ctx.log("prompt", said, {"prompt": prompt.id}, character=prompt.character)
