"""The extended check as operations: set it up, draw each round, and put it away.

:class:`StartExtended` sets the challenge and who takes part; :class:`DrawRound` draws the
round as a group check of the challenge's stat and DC (played with
:class:`~saga_desktop.model.resonance.ops.contests.PlayGroup`, which adds the round's progress to
the pool); :class:`EndExtended` puts away a decided or abandoned check.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, listed, say, words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.resonance.access import extended_of, store
from saga_desktop.model.resonance.ops.common import refuse_if_waiting
from saga_desktop.model.resonance.ops.contests import draw_group
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import resonance
from saga_desktop.rules.resonance.values import dc_words, stat_words


@dataclass(frozen=True)
class StartExtended(Operation):
    """Start an extended check: ``threshold`` progress in at most ``rounds`` rounds."""

    name: str
    stat: resonance.Stat
    dc: int
    threshold: int
    rounds: int
    characters: tuple[str, ...]

    @property
    @override
    def label(self) -> Words | str:
        return words("Start an extended check")

    def check(self, campaign: Campaign) -> None:
        """Raise OperationError when the challenge cannot start now (the panel asks first)."""
        current = extended_of(campaign)
        if current is not None and current.status is resonance.ExtendedStatus.UNDER_WAY:
            raise OperationError(words("An extended check is under way: finish it or end it first"))
        refuse_if_waiting(campaign)
        name = self.name.strip()
        if len(name) > NAME_MAX or "\n" in name:
            raise OperationError(
                words("A name fits on one line of at most {name_max} characters", name_max=NAME_MAX)
            )
        if not self.characters or len(set(self.characters)) != len(self.characters):
            raise OperationError(words("An extended check needs at least one character, each once"))

    @override
    def apply(self, ctx: Context) -> resonance.ExtendedState:
        play = play_of(ctx.campaign)
        self.check(ctx.campaign)
        name = self.name.strip()
        names = [ctx.character(c).name for c in self.characters]
        challenge = resonance.ExtendedChallenge(
            name, self.stat, self.dc, self.threshold, self.rounds
        )
        state = resonance.start_extended(challenge)
        store(play, state, ext=True)
        play.extended_party = list(self.characters)
        ctx.log(
            "extended",
            words(
                "Extended check: {challenge} ({names})",
                challenge=challenge.words(),
                names=listed(*names),
            ),
            {"state": state.to_data(), "characters": list(self.characters)},
        )
        return state


def round_words(state: resonance.ExtendedState) -> Words:
    """The next round as words, e.g. ``"Escape the mine, round 2 of 4, Body against DC 9"``."""
    c = state.challenge
    return words(
        "{name}, round {round} of {rounds}, {stat} against {dc}",
        name=c.name or words("Extended check"),
        round=state.round + 1,
        rounds=c.rounds,
        stat=stat_words(c.stat),
        dc=dc_words(c.dc),
    )


def round_heading(state: resonance.ExtendedState) -> str:
    """The next round in the app's words (the check dock's heading)."""
    return say(round_words(state))


@dataclass(frozen=True)
class DrawRound(Operation):
    """Draw the next round of the extended check: everyone taking part draws."""

    @property
    @override
    def label(self) -> Words | str:
        return words("Draw a round")

    @override
    def apply(self, ctx: Context) -> resonance.PendingGroup:
        state = extended_of(ctx.campaign)
        if state is None:
            raise OperationError(words("No extended check is under way"))
        if state.status is not resonance.ExtendedStatus.UNDER_WAY:
            raise OperationError(
                words("The extended check has already {value}", value=words(state.status.value))
            )
        refuse_if_waiting(ctx.campaign)
        play = play_of(ctx.campaign)
        heading = round_words(state)
        pending = draw_group(ctx, state.challenge.request(), tuple(play.extended_party), heading)
        play.pending_round = True
        return pending


@dataclass(frozen=True)
class EndExtended(Operation):
    """Put the extended check away (decided, or abandoned by the GM)."""

    @property
    @override
    def label(self) -> Words | str:
        return words("End the extended check")

    @override
    def apply(self, ctx: Context) -> resonance.ExtendedState:
        state = extended_of(ctx.campaign)
        if state is None:
            raise OperationError(words("No extended check is under way"))
        play = play_of(ctx.campaign)
        if play.pending_round:
            raise OperationError(words("A round is waiting: play it or cancel it first"))
        play.extended = None
        play.extended_party = []
        verdict = (
            words("abandoned")
            if state.status is resonance.ExtendedStatus.UNDER_WAY
            else words(state.status.value)
        )
        said = words("{state}: put away ({verdict})", state=state.words(), verdict=verdict)
        ctx.log("extended", said, {"state": state.to_data()})
        return state
