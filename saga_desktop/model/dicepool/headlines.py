"""Dice-pool results in plain words for the players' screen: a check's wins, who beat whom.

The Player View shows these large above the journal line (which keeps every die). Each is read
back from the record the entry was written with; an entry that cannot be read gives None, and
the core's short words stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.ruleset import HeadlineWords, headline_by_kind
from saga_desktop.rules import dicepool as dp


def _wins(n: int) -> str:
    return f"{n} win{'' if n == 1 else 's'}"


def _check(data: Mapping[str, Any]) -> str:
    result = dp.CheckResult.from_data(data)
    verdict = "succeeds" if result.success else "fails"
    return (
        f"{result.roller_name}'s check: {_wins(result.wins)} against CL {result.request.cl}"
        f" — {verdict}"
    )


def _exchange(exchange: dp.Exchange) -> str:
    if not exchange.winner_id:
        return f"{exchange.attacker_name} and {exchange.target_name} tie"
    winner = exchange.winner_name
    loser = exchange.target_name if winner == exchange.attacker_name else exchange.attacker_name
    if not exchange.scoring:
        return f"{winner} holds off {loser}"
    return f"{winner} beats {loser} by {exchange.level}"


def _comparison(data: Mapping[str, Any]) -> str:
    comparison = dp.Comparison.from_data(data)
    said = "; ".join(_exchange(e) for e in comparison.exchanges)
    return said or f"Round {comparison.round}: no attacks"


def _outcome(data: Mapping[str, Any]) -> str:
    record = dp.OutcomeRecord.from_data(data)
    outcome, winner, loser = record.outcome, record.winner_name, record.loser_name
    if record.incapacitated:
        return f"{winner} brings down {loser}"
    if outcome.kind is not dp.OutcomeKind.INJURY:
        return f"{winner}: {outcome.kind.value} on {loser}"
    if not outcome.final_level:
        return f"{loser}'s armor turns {winner}'s blow"
    return f"{winner} wounds {loser}: level {outcome.final_level} injury"


HEADLINES: HeadlineWords = {
    "check": _check,
    "exchange": _comparison,
    "outcome": _outcome,
}


def headline(entry: JournalEntry) -> str | None:
    """The result of a check, a round's exchanges or an outcome in plain words; None if none."""
    return headline_by_kind(HEADLINES, entry)
