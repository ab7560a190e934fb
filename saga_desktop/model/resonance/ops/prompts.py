"""Prompted checks: the GM sends a check to characters, each player draws and plays their own.

:class:`PromptCheck` puts a prompt in ``play.prompts`` with the stat and the DC (or an
adversary's Guard or Resolve) the GM set; :class:`DrawPrompt` is its character's draw (the host
draws from the character's deck): the prompt leaves the queue and the check waits to be played
like any other, the player choosing the card and the order of the rest
(:class:`~saga_desktop.model.resonance.ops.checks.PlayCard`). :class:`CancelPromptedCheck` takes
a prompt back.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, refusal, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.characters import playing
from saga_desktop.model.resonance.ops.checks import BeginCheck
from saga_desktop.model.resonance.ops.common import find_adversary, request_of
from saga_desktop.model.resonance.state import ResonancePrompt, play_of
from saga_desktop.model.resonance.table import rules_character
from saga_desktop.model.ruleset import PROMPT_LIMIT
from saga_desktop.rules import resonance
from saga_desktop.rules.resonance.values import stat_words


@dataclass(frozen=True)
class PromptCheck(Operation):
    """The GM sends a check of ``stat`` to a character; returns the prompt's number.

    ``dc`` is the difficulty; or name an ``adversary`` and a ``defence`` (``guard`` or
    ``resolve``) to use as the DC.
    """

    character: str
    stat: resonance.Stat
    dc: int | None = 10
    adversary: str | None = None
    defence: str = "guard"
    reason: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Prompt a {stat} check", stat=stat_words(self.stat))

    @override
    def apply(self, ctx: Context) -> int:
        play = play_of(ctx.campaign)
        if len(play.prompts) >= PROMPT_LIMIT:
            raise OperationError(
                words("At most {prompt_limit} checks wait at once", prompt_limit=PROMPT_LIMIT)
            )
        request_of(ctx.campaign, self.stat, self.dc, self.adversary, self.defence)
        playing(ctx, self.character)
        who = rules_character(ctx.campaign, self.character)
        number = play.next_prompt
        try:
            prompt = ResonancePrompt.model_validate(
                {
                    "id": number, "character": self.character, "stat": self.stat,
                    "dc": None if self.adversary is not None else self.dc,
                    "adversary": self.adversary, "defence": self.defence,
                    "reason": " ".join(self.reason.split()),
                }
            )  # fmt: skip
        except ValueError as exc:
            raise OperationError(words("Not a check to send: {exc}", exc=refusal(exc))) from None
        play.prompts.append(prompt)
        play.next_prompt = number + 1
        foe = "" if self.adversary is None else find_adversary(ctx.campaign, self.adversary).name
        said = (
            words(
                "Check for {name}: {check} ({reason})",
                name=who.name,
                check=prompt.words(foe),
                reason=prompt.reason,
            )
            if prompt.reason
            else words("Check for {name}: {check}", name=who.name, check=prompt.words(foe))
        )
        ctx.log("prompt", said, {"prompt": number}, character=self.character)
        return number


def _take(ctx: Context, number: int) -> ResonancePrompt:
    play = play_of(ctx.campaign)
    for i, p in enumerate(play.prompts):
        if p.id == number:
            del play.prompts[i]
            return p
    raise OperationError(words("That check is no longer waiting"))


@dataclass(frozen=True)
class DrawPrompt(Operation):
    """The prompted character draws for the check; it then waits to be played."""

    prompt: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Draw for the prompted check")

    @override
    def apply(self, ctx: Context) -> resonance.PendingCheck:
        p = _take(ctx, self.prompt)
        return BeginCheck(p.character, p.stat, p.dc, p.adversary, p.defence).apply(ctx)


@dataclass(frozen=True)
class CancelPromptedCheck(Operation):
    """The GM takes a waiting prompted check back."""

    prompt: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Cancel the prompted check")

    @override
    def apply(self, ctx: Context) -> None:
        p = _take(ctx, self.prompt)
        said = words("Check {number} cancelled: {stat} check", number=p.id, stat=stat_words(p.stat))
        ctx.log("prompt", said, {"prompt": p.id}, character=p.character)


def prompt_request(
    prompt: ResonancePrompt, adversaries: list[resonance.Adversary]
) -> resonance.CheckRequest:
    """The engine's request for a prompt, given the adversaries at the table."""
    if prompt.adversary is None:
        return resonance.CheckRequest(prompt.stat, prompt.dc if prompt.dc is not None else 0)
    foe = next((a for a in adversaries if a.id == prompt.adversary), None)
    if foe is None:
        raise OperationError(words("That adversary is not in this campaign"))
    if prompt.defence == "guard":
        return resonance.against_guard(prompt.stat, foe)
    return resonance.against_resolve(prompt.stat, foe)
