"""Skill checks and assists.

A check rolls 3D6 + the attribute + the skill (or proficiency, or vocation) against a Challenge
Level from 1 to 8: it succeeds when its wins reach the CL, and wins above the CL are degrees of
success. An assist is a helper's own roll against CL 3: its wins minus 3 go to the main roll's
wins, so a failed assist takes wins away. The final wins never drop below 0.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, words, words_n
from saga_desktop.rules.dicepool.character import Attribute, CharacterCard, TraitKind
from saga_desktop.rules.dicepool.pool import DiceRoll, Pool, make_pool, roll_pool
from saga_desktop.rules.dicepool.rulings import (
    ASSIST_CL,
    BASE_DICE,
    CHALLENGE_LEVELS,
    CL_MAX,
    CL_MIN,
)
from saga_desktop.rules.dicepool.wording import (
    TRAIT_KINDS,
    attribute_words,
    cl_words,
    semicolons,
)
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Adjustment, Record


def describe_cl(cl: int) -> str:
    """The words of a Challenge Level, e.g. ``"CL 3 (moderate)"``."""
    if cl not in CHALLENGE_LEVELS:
        raise RulesError(
            words(
                "A Challenge Level runs from {cl_min} to {cl_max}, not {cl}",
                cl_min=CL_MIN,
                cl_max=CL_MAX,
                cl=cl,
            )
        )
    return english(cl_words(cl, CHALLENGE_LEVELS[cl]))


@dataclass(frozen=True, slots=True)
class CheckRequest(Record):
    """What the GM calls for: attribute, the trait rolled with it, the CL and other dice.

    ``trait`` may be empty (a bare attribute check). ``modifiers`` are other dice added or taken
    away, each with its reason (an item, a wound the GM calls on, ...).
    """

    attribute: Attribute
    trait: str = ""
    kind: TraitKind = TraitKind.SKILL
    cl: int = 3
    modifiers: tuple[Adjustment, ...] = ()

    def explain(self) -> str:
        """E.g. ``"INT + Survival vs CL 3 (moderate)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The request as words (the trait as typed)."""
        describe_cl(self.cl)
        attribute = attribute_words(self.attribute.label)
        cl = cl_words(self.cl, CHALLENGE_LEVELS[self.cl])
        if self.trait:
            return words(
                "{attribute} + {trait} vs {cl}", attribute=attribute, trait=self.trait, cl=cl
            )
        return words("{attribute} vs {cl}", attribute=attribute, cl=cl)


def check_pool(
    card: CharacterCard,
    attribute: Attribute,
    kind: TraitKind,
    trait: str,
    extra: Sequence[Adjustment],
) -> Pool:
    """3D6 + attribute + trait + modifiers; a vocation or proficiency must be on the card."""
    value = card.trait(kind, trait) if trait.strip() else 0
    if trait.strip() and kind is not TraitKind.SKILL and value == 0:
        raise RulesError(
            words(
                "{name} has no {value} called '{trait}'",
                name=card.name,
                value=TRAIT_KINDS[kind.value],
                trait=trait,
            )
        )
    for adjustment in extra:
        if not adjustment.reason.strip():
            raise RulesError(words("Each extra die or penalty needs a reason"))
    return make_pool(
        (BASE_DICE, "base"),
        (card.attribute(attribute), attribute.label),
        (value, trait.strip()),
        *((a.amount, a.reason) for a in extra),
    )


@dataclass(frozen=True, slots=True)
class AssistResult(Record):
    """A helper's roll against CL 3 and what it does to the main roll's wins."""

    helper_id: str
    helper_name: str
    trait: str
    pool: Pool
    roll: DiceRoll

    @property
    def success(self) -> bool:
        """The assist reached CL 3."""
        return self.roll.wins >= ASSIST_CL

    @property
    def effect(self) -> int:
        """Wins added (above CL 3) or taken away (short of CL 3)."""
        return self.roll.wins - ASSIST_CL

    def explain(self) -> str:
        """E.g. ``"Bren assists with Herbalist: ... 1 win vs CL 3: failed, 2 wins taken away"``."""
        return english(self.words())

    def words(self) -> Words:
        """The assist as words (the helper's name and trait as typed)."""
        if self.effect >= 0:
            change = words_n("{n} win added", "{n} wins added", self.effect)
        else:
            change = words_n("{n} win taken away", "{n} wins taken away", -self.effect)
        values: dict[str, Value] = {
            "name": self.helper_name,
            "trait": self.trait,
            "pool": self.pool.words(),
            "roll": self.roll.words(),
            "cl": ASSIST_CL,
            "change": change,
        }
        if self.success:
            return words(
                "{name} assists with {trait}: {pool} {roll} vs CL {cl}: success, {change}", **values
            )
        return words(
            "{name} assists with {trait}: {pool} {roll} vs CL {cl}: failed, {change}", **values
        )


@dataclass(frozen=True, slots=True)
class AssistRequest(Record):
    """A helper and the skill or vocation (with its attribute) they help with."""

    helper: CharacterCard
    attribute: Attribute
    trait: str
    kind: TraitKind = TraitKind.SKILL

    def explain(self) -> str:
        """E.g. ``"Bren assists with INT + Herbalist"``."""
        return english(self.words())

    def words(self) -> Words:
        """The planned assist as words."""
        return words(
            "{name} assists with {attribute} + {trait}",
            name=self.helper.name,
            attribute=attribute_words(self.attribute.label),
            trait=self.trait,
        )


def assist_pool(request: AssistRequest) -> Pool:
    """The helper's pool; an assist must name a skill or a vocation."""
    if not request.trait.strip():
        raise RulesError(words("An assist names the skill or vocation it helps with"))
    if request.kind is TraitKind.PROFICIENCY:
        raise RulesError(words("An assist uses a skill or a vocation"))
    helper = request.helper
    return check_pool(helper, request.attribute, request.kind, request.trait, ())


def roll_assist(
    request: AssistRequest, rng: random.Random | None = None, faces: Sequence[int] | None = None
) -> AssistResult:
    """The helper rolls the named skill or vocation against CL 3."""
    pool = assist_pool(request)
    helper = request.helper
    return AssistResult(
        helper.id, helper.name, request.trait.strip(), pool, roll_pool(pool, rng, faces)
    )


@dataclass(frozen=True, slots=True)
class CheckResult(Record):
    """A settled check: the roll, the assists, the final wins against the CL."""

    roller_id: str
    roller_name: str
    request: CheckRequest
    pool: Pool
    roll: DiceRoll
    assists: tuple[AssistResult, ...] = ()

    @property
    def wins(self) -> int:
        """The roll's wins plus every assist's effect, never below 0."""
        return max(0, self.roll.wins + sum(a.effect for a in self.assists))

    @property
    def success(self) -> bool:
        """The wins reach the CL."""
        return self.wins >= self.request.cl

    @property
    def degrees(self) -> int:
        """Wins above the CL (0 on a bare success or a failure)."""
        return max(0, self.wins - self.request.cl)

    def explain(self) -> str:
        """The pool, the dice, the assists and the verdict."""
        return english(self.words())

    def words(self, head: Words | str = "") -> Words:
        """The check as words; ``head`` (a reason, as typed, or words) goes before it."""
        if self.success:
            verdict = words_n("success, {n} degree", "success, {n} degrees", self.degrees)
        else:
            verdict = words("failure")
        rolled = words("{pool} {roll}", pool=self.pool.words(), roll=self.roll.words())
        # Translators: {n} counts the final wins; the English says "wins" even for 1.
        said = words_n(
            "{name} ({request}): {rolled}; {n} final wins: {verdict}",
            "{name} ({request}): {rolled}; {n} final wins: {verdict}",
            self.wins,
            name=self.roller_name,
            request=self.request.words(),
            rolled=semicolons(rolled, *(a.words() for a in self.assists)),
            verdict=verdict,
        )
        return words("{head}: {check}", head=head, check=said) if head else said


def roll_check(
    request: CheckRequest,
    card: CharacterCard,
    rng: random.Random | None = None,
    faces: Sequence[int] | None = None,
    assists: Sequence[AssistResult] = (),
) -> CheckResult:
    """Roll a check (with ``rng``, or the ``faces`` of physical dice) and add the assists."""
    describe_cl(request.cl)
    for assist in assists:
        if assist.helper_id == card.id:
            raise RulesError(words("{name} cannot assist their own roll", name=card.name))
    if len({a.helper_id for a in assists}) != len(assists):
        raise RulesError(words("Each helper assists a roll once"))
    pool = check_pool(card, request.attribute, request.kind, request.trait, request.modifiers)
    roll = roll_pool(pool, rng, faces)
    return CheckResult(card.id, card.name, request, pool, roll, tuple(assists))
