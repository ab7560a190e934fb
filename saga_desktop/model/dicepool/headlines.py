"""Dice-pool results in plain words for the players' screen: a check's wins, who beat whom.

The Player View shows these large above the journal line (which keeps every die). Each is read
back from the record the entry was written with; an entry that cannot be read gives None, and
the core's short words stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.ruleset import HeadlineWords, headline_by_kind
from saga_desktop.rules import dicepool as dp

WORDS = (  # the engine's words these lines show, for the catalog
    tr_noop("stagger"),
    tr_noop("trip"),
    tr_noop("disarm"),
)


def _check(data: Mapping[str, Any]) -> str:
    result = dp.CheckResult.from_data(data)
    values = {"name": result.roller_name, "cl": result.request.cl}
    if result.success:
        return trn(
            "{name}'s check: {n} win against CL {cl} — succeeds",
            "{name}'s check: {n} wins against CL {cl} — succeeds",
            result.wins,
            **values,
        )
    return trn(
        "{name}'s check: {n} win against CL {cl} — fails",
        "{name}'s check: {n} wins against CL {cl} — fails",
        result.wins,
        **values,
    )


def _exchange(exchange: dp.Exchange) -> str:
    if not exchange.winner_id:
        return tr(
            "{first} and {second} tie", first=exchange.attacker_name, second=exchange.target_name
        )
    winner = exchange.winner_name
    loser = exchange.target_name if winner == exchange.attacker_name else exchange.attacker_name
    if not exchange.scoring:
        return tr("{winner} holds off {loser}", winner=winner, loser=loser)
    return tr(
        "{name} beats {against} by {margin}", name=winner, against=loser, margin=exchange.level
    )


def _comparison(data: Mapping[str, Any]) -> str:
    comparison = dp.Comparison.from_data(data)
    said = "; ".join(_exchange(e) for e in comparison.exchanges)
    return said or tr("Round {round}: no attacks", round=comparison.round)


def _outcome(data: Mapping[str, Any]) -> str:
    record = dp.OutcomeRecord.from_data(data)
    outcome, winner, loser = record.outcome, record.winner_name, record.loser_name
    if record.incapacitated:
        return tr("{winner} brings down {loser}", winner=winner, loser=loser)
    if outcome.kind is not dp.OutcomeKind.INJURY:
        return tr(
            "{winner}: {outcome} on {loser}",
            winner=winner,
            outcome=tr(outcome.kind.value),
            loser=loser,
        )
    if not outcome.final_level:
        return tr("{loser}'s armor turns {winner}'s blow", winner=winner, loser=loser)
    return tr(
        "{winner} wounds {loser}: level {level} injury",
        winner=winner,
        loser=loser,
        level=outcome.final_level,
    )


HEADLINES: HeadlineWords = {
    "check": _check,
    "exchange": _comparison,
    "outcome": _outcome,
}


def headline(entry: JournalEntry) -> str | None:
    """The result of a check, a round's exchanges or an outcome in plain words; None if none."""
    return headline_by_kind(HEADLINES, entry)
