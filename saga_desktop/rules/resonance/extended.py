"""Extended checks: a progress pool filled over several rounds of checks.

The GM sets a stat, a DC, a progress threshold and a round limit. Each round the characters make
ordinary checks against that DC (:meth:`ExtendedChallenge.request`); each success adds its margin
to the shared pool; a bare success (margin 0) adds the campaign's ``bare_success_progress``
(0 by default, as the text says).
The challenge succeeds the moment the pool reaches the threshold and fails when the last round
ends short of it. The state is a frozen record: :func:`add_round` returns the next one.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Value, Words, english, listed, words, words_n
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.resonance.check import CheckRequest, CheckResult
from saga_desktop.rules.resonance.options import DEFAULT_OPTIONS, ResonanceOptions
from saga_desktop.rules.resonance.values import Stat, check_dc, dc_words, stat_words

ROUND_LIMIT = 20
THRESHOLD_LIMIT = 200


class ExtendedStatus(enum.Enum):
    """Where an extended check stands."""

    UNDER_WAY = "under way"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


STATUSES = (tr_noop("under way"), tr_noop("succeeded"), tr_noop("failed"))
"""Where it stands, for the catalog: lines carry it as words."""


@dataclass(frozen=True, slots=True)
class ExtendedChallenge(Record):
    """What the GM sets: the stat, the DC, the progress threshold and the round limit."""

    name: str
    stat: Stat
    dc: int
    threshold: int
    rounds: int

    def __post_init__(self) -> None:
        check_dc(self.dc)
        if not 1 <= self.threshold <= THRESHOLD_LIMIT:
            raise RulesError(
                words(
                    "A progress threshold lies between 1 and {threshold_limit}",
                    threshold_limit=THRESHOLD_LIMIT,
                )
            )
        if not 1 <= self.rounds <= ROUND_LIMIT:
            raise RulesError(
                words(
                    "An extended check lasts between 1 and {round_limit} rounds",
                    round_limit=ROUND_LIMIT,
                )
            )

    def request(self) -> CheckRequest:
        """The check each participant makes every round."""
        return CheckRequest(self.stat, self.dc)

    def explain(self) -> str:
        """E.g. ``"Escape the mine: Body, DC 9, progress 15 in 4 rounds"``."""
        return english(self.words())

    def words(self) -> Words:
        """The challenge as words each reader words in their own language."""
        values: dict[str, Value] = {
            "stat": stat_words(self.stat),
            "dc": dc_words(self.dc),
            "threshold": self.threshold,
        }
        if self.name:
            return words_n(
                "{name}: {stat}, {dc}, progress {threshold} in {n} rounds",
                "{name}: {stat}, {dc}, progress {threshold} in {n} rounds",
                self.rounds,
                name=self.name,
                **values,
            )
        return words_n(
            "{stat}, {dc}, progress {threshold} in {n} rounds",
            "{stat}, {dc}, progress {threshold} in {n} rounds",
            self.rounds,
            **values,
        )


def progress_of(margin: int, success: bool, options: ResonanceOptions = DEFAULT_OPTIONS) -> int:
    """What one check adds to the pool: its margin, the bare-success ruling at 0, else nothing."""
    if not success:
        return 0
    return margin if margin > 0 else options.bare_success_progress


@dataclass(frozen=True, slots=True)
class ProgressEntry(Record):
    """One character's check in one round, and the progress it added."""

    character_id: str
    character_name: str
    card: Card | None
    effective: int
    success: bool
    progress: int
    revision: int

    def explain(self) -> str:
        """E.g. ``"Kael 12 (+3)"`` or ``"Mira 8 (fail)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The entry as words each reader words in their own language."""
        name, value = self.character_name, self.effective
        if self.success:
            return words("{name} {value} (+{gain})", name=name, value=value, gain=self.progress)
        return words("{name} {value} (fail)", name=name, value=value)


@dataclass(frozen=True, slots=True)
class ExtendedRound(Record):
    """The checks of one round."""

    number: int
    entries: tuple[ProgressEntry, ...]

    @property
    def progress(self) -> int:
        """What the round added to the pool."""
        return sum(e.progress for e in self.entries)

    def explain(self) -> str:
        """E.g. ``"Round 1: Kael 12 (+3), Mira 8 (fail)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The round as words each reader words in their own language."""
        return words(
            "Round {number}: {entries}",
            number=self.number,
            entries=listed(*(e.words() for e in self.entries)),
        )


@dataclass(frozen=True, slots=True)
class ExtendedState(Record):
    """An extended check so far: the rounds played and the pool."""

    challenge: ExtendedChallenge
    history: tuple[ExtendedRound, ...] = ()

    def __post_init__(self) -> None:
        if len(self.history) > self.challenge.rounds:
            raise RulesError(words("An extended check cannot have more rounds than its limit"))
        pool = 0
        for i, played in enumerate(self.history, start=1):
            if played.number != i or pool >= self.challenge.threshold:
                raise RulesError(words("The rounds of an extended check must follow each other"))
            pool += played.progress

    @property
    def pool(self) -> int:
        """The progress gathered so far."""
        return sum(r.progress for r in self.history)

    @property
    def round(self) -> int:
        """How many rounds have been played."""
        return len(self.history)

    @property
    def rounds_left(self) -> int:
        """Rounds still to play (0 once the check is decided)."""
        return (
            0 if self.status is not ExtendedStatus.UNDER_WAY else self.challenge.rounds - self.round
        )

    @property
    def status(self) -> ExtendedStatus:
        """Succeeded once the pool reaches the threshold; failed when the rounds ran out first."""
        if self.pool >= self.challenge.threshold:
            return ExtendedStatus.SUCCEEDED
        if self.round >= self.challenge.rounds:
            return ExtendedStatus.FAILED
        return ExtendedStatus.UNDER_WAY

    def explain(self) -> str:
        """E.g. ``"Escape the mine: pool 9 of 15 after round 2 of 4: under way"``."""
        return english(self.words())

    def words(self) -> Words:
        """The state as words each reader words in their own language."""
        return words(
            "{name}: pool {pool} of {threshold} after round {round} of {rounds}: {status}",
            name=self.challenge.name or words("Extended check"),
            pool=self.pool,
            threshold=self.challenge.threshold,
            round=self.round,
            rounds=self.challenge.rounds,
            status=words(self.status.value),
        )


def start_extended(challenge: ExtendedChallenge) -> ExtendedState:
    """The state before the first round."""
    return ExtendedState(challenge)


def add_round(
    state: ExtendedState,
    results: Sequence[CheckResult],
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> ExtendedState:
    """The state after one more round made of ``results`` (one check per participant)."""
    if state.status is not ExtendedStatus.UNDER_WAY:
        raise RulesError(
            words("The extended check has already {value}", value=words(state.status.value))
        )
    if not results:
        raise RulesError(words("A round needs at least one check"))
    ids = [r.draw.character_id for r in results]
    if len(set(ids)) != len(ids):
        raise RulesError(words("Each character makes one check per round"))
    used = {(e.character_id, e.revision) for r in state.history for e in r.entries}
    for result in results:
        if (result.request.stat, result.request.dc) != (state.challenge.stat, state.challenge.dc):
            raise RulesError(
                words("This round needs {value}", value=state.challenge.request().explain())
            )
        if (result.draw.character_id, result.draw.revision) in used:
            raise RulesError(
                words(
                    "{character_name}'s check was already counted",
                    character_name=result.draw.character_name,
                )
            )
    entries = tuple(
        ProgressEntry(
            r.draw.character_id,
            r.draw.character_name,
            r.played,
            r.effective,
            r.success,
            progress_of(r.margin, r.success, options),
            r.draw.revision,
        )
        for r in results
    )
    return ExtendedState(state.challenge, (*state.history, ExtendedRound(state.round + 1, entries)))
