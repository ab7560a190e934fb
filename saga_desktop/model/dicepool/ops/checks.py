"""Checks: the GM prompts one, a character rolls it (with assists), or it is cancelled.

A check rolls 3D6 + attribute + skill (or vocation) against a Challenge Level from 1 to 8; every
assist is its helper's own roll against CL 3 whose wins above or below 3 move the main roll's
wins. Dice come from the campaign's generator, or as the faces of physical dice. The result
stays on the table (``DicePoolPlay.check``) until the next check.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import JsonValue
from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.dicepool.access import card_of, dicepool_play
from saga_desktop.model.dicepool.state import HELPERS_MAX, PromptedCheck
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.characters import playing
from saga_desktop.model.ruleset import PROMPT_LIMIT
from saga_desktop.rules import dicepool as dp


@dataclass(frozen=True, slots=True)
class AssistSpec:
    """A helper, the skill or vocation they help with (and its attribute), physical faces."""

    helper: str
    attribute: str
    trait: str
    kind: str = "skill"
    faces: tuple[int, ...] | None = None


def request_of(attribute: str, trait: str, kind: str, cl: int) -> dp.CheckRequest:
    """The engine's request, or an OperationError naming the bad part."""
    try:
        a, k = dp.Attribute(attribute), dp.TraitKind(kind)
    except ValueError:
        raise OperationError(
            words("Name STR, REF or INT and a skill, vocation or proficiency")
        ) from None
    dp.describe_cl(cl)
    return dp.CheckRequest(a, trait.strip(), k, cl)


def character_card(ctx: Context, character_id: str) -> dp.CharacterCard:
    """A character's card (monsters do not roll checks here); refused when incapacitated."""
    ctx.character(character_id)
    card = card_of(ctx.campaign, character_id)
    if card.incapacitated:
        raise OperationError(words("{name} is incapacitated", name=card.name))
    return card


def assist_request(ctx: Context, spec: AssistSpec) -> dp.AssistRequest:
    """The engine's assist request for a helper of the party."""
    helper = character_card(ctx, spec.helper)
    try:
        a, k = dp.Attribute(spec.attribute), dp.TraitKind(spec.kind)
    except ValueError:
        raise OperationError(
            words("An assist names STR, REF or INT and a skill or vocation")
        ) from None
    return dp.AssistRequest(helper, a, spec.trait.strip(), k)


def _roll(
    ctx: Context,
    character_id: str,
    request: dp.CheckRequest,
    assists: Sequence[AssistSpec],
    faces: tuple[int, ...] | None,
    reason: Words | str = "",
) -> dp.CheckResult:
    card = character_card(ctx, character_id)
    # Check the whole request before a single die is rolled.
    asked = [assist_request(ctx, a) for a in assists]
    dp.check_odds(request, card, asked)
    helped = tuple(
        dp.roll_assist(r, None if a.faces is not None else ctx.rng, a.faces)
        for r, a in zip(asked, assists, strict=True)
    )
    result = dp.roll_check(request, card, None if faces is not None else ctx.rng, faces, helped)
    play = dicepool_play(ctx.campaign)
    play.check = result.to_data()
    ctx.log("check", result.words(reason), result.to_data(), character=character_id)
    return result


@dataclass(frozen=True)
class RollCheck(Operation):
    """A character rolls a check now (not prompted); returns the engine's CheckResult."""

    character: str
    attribute: str
    trait: str = ""
    kind: str = "skill"
    cl: int = 3
    assists: tuple[AssistSpec, ...] = ()
    faces: tuple[int, ...] | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Roll check")

    @override
    def apply(self, ctx: Context) -> dp.CheckResult:
        request = request_of(self.attribute, self.trait, self.kind, self.cl)
        return _roll(ctx, self.character, request, self.assists, self.faces)


@dataclass(frozen=True)
class PromptCheck(Operation):
    """The GM sends a check to a character; it waits in the queue; returns its number."""

    character: str
    attribute: str
    trait: str = ""
    kind: str = "skill"
    cl: int = 3
    reason: str = ""
    physical: bool = False
    assists: tuple[AssistSpec, ...] = ()
    """The helpers the GM ticked: they travel with the check (their faces are the roll's)."""

    @property
    @override
    def label(self) -> Words | str:
        return words("Prompt check")

    @override
    def apply(self, ctx: Context) -> int:
        play = dicepool_play(ctx.campaign)
        if len(play.prompts) >= PROMPT_LIMIT:
            raise OperationError(
                words("At most {prompt_limit} checks wait at once", prompt_limit=PROMPT_LIMIT)
            )
        request = request_of(self.attribute, self.trait, self.kind, self.cl)
        playing(ctx, self.character)
        card = character_card(ctx, self.character)
        if len(self.assists) > HELPERS_MAX:
            raise OperationError(
                words("At most {helpers_max} helpers assist one check", helpers_max=HELPERS_MAX)
            )
        if len({a.helper for a in self.assists}) != len(self.assists):
            raise OperationError(words("Each helper assists a check once"))
        asked = [assist_request(ctx, a) for a in self.assists]
        dp.check_odds(request, card, asked)  # the character can make it, so helped
        number = play.next_prompt
        helpers: list[JsonValue] = [
            {"helper": a.helper, "attribute": r.attribute.value, "trait": r.trait,
             "kind": r.kind.value}
            for a, r in zip(self.assists, asked, strict=True)
        ]  # fmt: skip
        prompt = PromptedCheck.model_validate(
            {
                "id": number, "character": self.character, "attribute": request.attribute.value,
                "trait": request.trait, "kind": request.kind.value, "cl": request.cl,
                "reason": self.reason.strip(), "physical": self.physical, "helpers": helpers,
            }
        )  # fmt: skip
        play.prompts.append(prompt)
        play.next_prompt = number + 1
        said = (
            words("Check for {name}: {request} ({reason})", name=card.name,
                  request=request.words(), reason=prompt.reason)
            if prompt.reason
            else words("Check for {name}: {request}", name=card.name, request=request.words())
        )  # fmt: skip
        if asked:
            said = words("{check}, {helpers} assisting", check=said, helpers=_and(asked))
        if prompt.physical:
            said = words("{check}, rolled with physical dice", check=said)
        ctx.log("prompt", said, {"prompt": number}, character=self.character)
        return number


def _and(asked: Sequence[dp.AssistRequest]) -> Words | str:
    """The helpers' names: "Bren", "Bren and Ilse" (the names as typed)."""
    said: Words | str = asked[0].helper.name
    for r in asked[1:]:
        said = words("{names} and {name}", names=said, name=r.helper.name)
    return said


def _prompt(ctx: Context, number: int) -> tuple[int, PromptedCheck]:
    for i, p in enumerate(dicepool_play(ctx.campaign).prompts):
        if p.id == number:
            return i, p
    raise OperationError(words("That check is no longer waiting"))


@dataclass(frozen=True)
class ResolvePrompt(Operation):
    """The prompted character rolls the waiting check (with assists); it leaves the queue."""

    prompt: int
    assists: tuple[AssistSpec, ...] = ()
    faces: tuple[int, ...] | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Roll prompted check")

    @override
    def apply(self, ctx: Context) -> dp.CheckResult:
        i, prompt = _prompt(ctx, self.prompt)
        del dicepool_play(ctx.campaign).prompts[i]
        why = prompt.reason or words("Prompted check {number}", number=prompt.id)
        return _roll(ctx, prompt.character, prompt.request(), self.assists, self.faces, why)


@dataclass(frozen=True)
class CancelPrompt(Operation):
    """The GM takes a waiting check back."""

    prompt: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Cancel prompted check")

    @override
    def apply(self, ctx: Context) -> None:
        i, prompt = _prompt(ctx, self.prompt)
        del dicepool_play(ctx.campaign).prompts[i]
        said = words(
            "Check {number} cancelled: {request}",
            number=prompt.id,
            request=prompt.request().words(),
        )
        ctx.log("prompt", said, {"prompt": prompt.id}, character=prompt.character)  # fmt: skip
