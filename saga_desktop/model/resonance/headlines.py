"""Resonance results in plain words for the players' screen: who beat whom, and by how much.

The Player View shows these large above the journal line (which keeps every card and number).
Each is read back from the record the entry was written with; an entry that cannot be read
gives None, and the core's short words stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.ruleset import HeadlineWords, headline_by_kind
from saga_desktop.rules import resonance

WORDS = (  # the engine's words these lines show, for the catalog
    tr_noop("Heart"),
    tr_noop("Body"),
    tr_noop("Mind"),
    tr_noop("Spirit"),
    tr_noop("exceptional success"),
    tr_noop("strong success"),
    tr_noop("solid success"),
    tr_noop("bare success"),
    tr_noop("near miss"),
    tr_noop("clear failure"),
    tr_noop("the defender holds"),
    tr_noop("fewer fatigue cards"),
    tr_noop("the higher card"),
    tr_noop("the resonating card"),
)


def _check(data: Mapping[str, Any]) -> str:
    result = resonance.CheckResult.from_data(data)
    name, against = result.draw.character_name, say(result.request.against_words())
    if result.played is None:
        return tr("{name} has no card to play: the check fails", name=name)
    if against:
        if result.margin > 0:
            return tr(
                "{name} beats {against} by {margin}",
                name=name,
                against=against,
                margin=result.margin,
            )
        if result.margin == 0:
            return tr("{name} just meets {against}", name=name, against=against)
        return tr(
            "{name} falls {margin} short of {against}",
            name=name,
            against=against,
            margin=-result.margin,
        )
    if result.degrees:
        verdict = tr(result.degree.title)
    else:
        verdict = tr("succeeds") if result.success else tr("fails")
    return tr(
        "{name}'s {stat} check: {value} against DC {dc} — {verdict}",
        name=name,
        stat=tr(result.request.stat.title),
        value=result.effective,
        dc=result.request.dc,
        verdict=verdict,
    )


def _opposed(data: Mapping[str, Any]) -> str:
    result = resonance.OpposedResult.from_data(data)
    first, second = result.pending.first.character_name, result.pending.second.character_name
    if result.winner is None:
        return tr("{first} and {second}: neither wins", first=first, second=second)
    won_first = result.winner is resonance.Side.FIRST
    winner, loser = (first, second) if won_first else (second, first)
    margin = abs(result.first_value - result.second_value)
    if margin:
        return tr("{name} beats {against} by {margin}", name=winner, against=loser, margin=margin)
    return tr(
        "{name} beats {against} on a tie ({how})",
        name=winner,
        against=loser,
        how=tr(result.decided_by.value.removeprefix("tie: ")),
    )


def _group(data: Mapping[str, Any]) -> str:
    result = resonance.GroupResult.from_data(data)
    verdict = tr("the group succeeds") if result.success else tr("the group fails")
    return tr(
        "Group {stat} check: {successes} of {total} succeed — {verdict}",
        stat=tr(result.request.stat.title),
        successes=result.successes,
        total=len(result.results),
        verdict=verdict,
    )


def _extended(data: Mapping[str, Any]) -> str:
    state = resonance.ExtendedState.from_data(data["state"])
    challenge = state.challenge
    name = challenge.name or tr("Extended {stat} check", stat=tr(challenge.stat.title))
    if "round" not in data:
        if not state.history:
            return trn(
                "{name}: {threshold} progress to make in {n} round",
                "{name}: {threshold} progress to make in {n} rounds",
                challenge.rounds,
                name=name,
                threshold=challenge.threshold,
            )
        return tr(
            "{name}: put away at {pool} of {threshold}",
            name=name,
            pool=state.pool,
            threshold=challenge.threshold,
        )
    last = resonance.ExtendedRound.from_data(data["round"])
    values = {
        "name": name,
        "round": last.number,
        "progress": last.progress,
        "pool": state.pool,
        "threshold": challenge.threshold,
    }
    status = state.status
    if status is resonance.ExtendedStatus.SUCCEEDED:
        return tr("{name}, round {round}: +{progress}, {pool} of {threshold} — done!", **values)
    if status is resonance.ExtendedStatus.FAILED:
        return tr(
            "{name}, round {round}: +{progress}, {pool} of {threshold} — out of time", **values
        )
    return tr("{name}, round {round}: +{progress}, {pool} of {threshold}", **values)


HEADLINES: HeadlineWords = {
    "check": _check,
    "opposed": _opposed,
    "group": _group,
    "extended": _extended,
}


def headline(entry: JournalEntry) -> str | None:
    """The result of a check, opposed, group or extended entry in plain words; None if none."""
    return headline_by_kind(HEADLINES, entry)
