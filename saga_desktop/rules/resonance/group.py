"""A group check: every member draws for the same check; the group succeeds when half do."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, listed, words
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.resonance.character import ResonanceCharacter
from saga_desktop.rules.resonance.check import (
    CheckRequest,
    CheckResult,
    Draw,
    check_can_draw,
    check_play,
    take_draw,
)
from saga_desktop.rules.resonance.options import DEFAULT_OPTIONS, ResonanceOptions
from saga_desktop.rules.resonance.values import semicolons


@dataclass(frozen=True, slots=True)
class PendingGroup(Record):
    """Every member has drawn for the same check."""

    request: CheckRequest
    draws: tuple[Draw, ...]

    def explain(self) -> str:
        """The request and each member's draw."""
        return english(self.words())

    def words(self) -> Words:
        """The request and each member's draw, as words."""
        return words(
            "Group {request}: {draws}",
            request=self.request.words(),
            draws=semicolons(*(d.words() for d in self.draws)),
        )


@dataclass(frozen=True, slots=True)
class GroupResult(Record):
    """Each member's result; the group succeeds when at least half succeed."""

    request: CheckRequest
    results: tuple[CheckResult, ...]

    @property
    def successes(self) -> int:
        """How many members succeeded."""
        return sum(1 for r in self.results if r.success)

    @property
    def success(self) -> bool:
        """At least half of the group succeeded."""
        return 2 * self.successes >= len(self.results)

    @property
    def failed(self) -> tuple[str, ...]:
        """The names of the members who failed (they may face minor consequences)."""
        return tuple(r.draw.character_name for r in self.results if not r.success)

    def explain(self) -> str:
        """E.g. ``"Group Body check, DC 10: 2 of 3 succeed: the group succeeds (failed: Dran)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The group's result as words each reader words in their own language."""
        values: dict[str, Value] = {
            "request": self.request.words(),
            "successes": self.successes,
            "total": len(self.results),
            "outcome": words("the group succeeds") if self.success else words("the group fails"),
        }
        if self.failed:
            return words(
                "Group {request}: {successes} of {total} succeed: {outcome} (failed: {failed})",
                failed=listed(*self.failed),
                **values,
            )
        return words("Group {request}: {successes} of {total} succeed: {outcome}", **values)


def _members(characters: Sequence[ResonanceCharacter]) -> dict[str, ResonanceCharacter]:
    by_id = {c.id: c for c in characters}
    if not characters or len(by_id) != len(characters):
        raise RulesError(words("A group check needs at least one character, each named once"))
    return by_id


def draw_group(
    request: CheckRequest,
    characters: Sequence[ResonanceCharacter],
    rng: random.Random,
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> PendingGroup:
    """Every member draws for the same check."""
    _members(characters)
    for character in characters:
        check_can_draw(character, request.stat)
    draws = tuple(take_draw(c, request.stat, rng, options) for c in characters)
    return PendingGroup(request, draws)


def play_group(
    pending: PendingGroup,
    characters: Sequence[ResonanceCharacter],
    plays: Mapping[str, Card | None],
    orders: Mapping[str, Sequence[Card]] | None = None,
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> GroupResult:
    """Every member plays the card named in ``plays`` (by character id); all or nothing."""
    by_id = _members(characters)
    if {d.character_id for d in pending.draws} != set(by_id) or set(plays) != set(by_id):
        raise RulesError(words("Name one card for each member of the group, and only for them"))
    orders = orders or {}
    bottoms = [
        check_play(d, by_id[d.character_id], plays[d.character_id], orders.get(d.character_id))
        for d in pending.draws
    ]
    results = []
    for draw, bottom in zip(pending.draws, bottoms, strict=True):
        card = plays[draw.character_id]
        by_id[draw.character_id].cards.settle(card, bottom)
        results.append(CheckResult(pending.request, draw, card, bottom, options.degrees_of_success))
    return GroupResult(pending.request, tuple(results))
