"""Resonance results in plain words for the players' screen: who beat whom, and by how much.

The Player View shows these large above the journal line (which keeps every card and number).
Each is read back from the record the entry was written with; an entry that cannot be read
gives None, and the core's short words stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.ruleset import HeadlineWords, headline_by_kind
from saga_desktop.rules import resonance


def _check(data: Mapping[str, Any]) -> str:
    result = resonance.CheckResult.from_data(data)
    name, against = result.draw.character_name, result.request.against
    if result.played is None:
        return f"{name} has no card to play: the check fails"
    if against:
        if result.margin > 0:
            return f"{name} beats {against} by {result.margin}"
        if result.margin == 0:
            return f"{name} just meets {against}"
        return f"{name} falls {-result.margin} short of {against}"
    verdict = result.degree.title if result.degrees else ("succeeds" if result.success else "fails")
    stat = result.request.stat.title
    return f"{name}'s {stat} check: {result.effective} against DC {result.request.dc} — {verdict}"


def _opposed(data: Mapping[str, Any]) -> str:
    result = resonance.OpposedResult.from_data(data)
    first, second = result.pending.first.character_name, result.pending.second.character_name
    if result.winner is None:
        return f"{first} and {second}: neither wins"
    won_first = result.winner is resonance.Side.FIRST
    winner, loser = (first, second) if won_first else (second, first)
    margin = abs(result.first_value - result.second_value)
    if margin:
        return f"{winner} beats {loser} by {margin}"
    return f"{winner} beats {loser} on a tie ({result.decided_by.value.removeprefix('tie: ')})"


def _group(data: Mapping[str, Any]) -> str:
    result = resonance.GroupResult.from_data(data)
    verdict = "the group succeeds" if result.success else "the group fails"
    stat = result.request.stat.title
    return f"Group {stat} check: {result.successes} of {len(result.results)} succeed — {verdict}"


def _extended(data: Mapping[str, Any]) -> str:
    state = resonance.ExtendedState.from_data(data["state"])
    challenge = state.challenge
    name = challenge.name or f"Extended {challenge.stat.title} check"
    if "round" not in data:
        if not state.history:
            return f"{name}: {challenge.threshold} progress to make in {challenge.rounds} rounds"
        return f"{name}: put away at {state.pool} of {challenge.threshold}"
    last = resonance.ExtendedRound.from_data(data["round"])
    head = f"{name}, round {last.number}: +{last.progress}, {state.pool} of {challenge.threshold}"
    status = state.status
    if status is resonance.ExtendedStatus.SUCCEEDED:
        return f"{head} — done!"
    if status is resonance.ExtendedStatus.FAILED:
        return f"{head} — out of time"
    return head


HEADLINES: HeadlineWords = {
    "check": _check,
    "opposed": _opposed,
    "group": _group,
    "extended": _extended,
}


def headline(entry: JournalEntry) -> str | None:
    """The result of a check, opposed, group or extended entry in plain words; None if none."""
    return headline_by_kind(HEADLINES, entry)
