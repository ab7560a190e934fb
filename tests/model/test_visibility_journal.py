"""Who sees what, through the journal: lines follow the visibility of what they name.

From each game's sample, a drawn sequence of the GM's operations charts regions with marked
titles, renames, hides, shows and removes them, moves the party onto them, places tokens with
marked names (hidden or not), rolls on tables with marked results (showing some), and in the dice
pool game adds monsters with marked names (showing some). After every step no view but the GM's
holds a marker of something hidden now (a region's every title, a hidden token's name, a roll not
shown, an unmet monster), nor a line stamped with a hidden region's number; undo and redo keep
it so.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.map import (
    ChartRegion,
    DeleteRegion,
    EditRegion,
    MoveParty,
    SetRegionHidden,
)
from saga_desktop.model.ops.rolling_tables import RollOnTable, ShowTableRoll
from saga_desktop.model.ops.tokens import PlaceToken, RemoveToken, SetTokenHidden
from saga_desktop.model.registry import find_ruleset, rulesets
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.visibility import redact_view, view_for
from tests.model.conftest import StepClock

GAMES = sorted(g.id for g in rulesets() if g.sample_campaign() is not None)
HEXES = [(30 + i, -7 - i) for i in range(3)]

Step = tuple[str, int, bool]
steps = st.lists(
    st.tuples(
        st.sampled_from(
            [
                *("chart", "rename", "hide", "hide", "show", "delete", "party", "token"),
                *("token-hide", "token-show", "token-remove", "roll", "show-roll", "monster"),
                *("show-monster", "hide-monster", "undo", "redo"),
            ]
        ),
        st.integers(0, 2),
        st.booleans(),
    ),
    min_size=1,
    max_size=14,
)


MARKS = itertools.count(1)


@dataclass
class Ledger:
    """Every marker written, with what it belongs to, to say which are secret now."""

    titles: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    settled: set[str] = field(default_factory=set)  # titles of regions removed while hidden
    rolls: dict[str, int] = field(default_factory=dict)  # marker -> journal entry id

    def mark(self, what: str) -> str:
        return f"SECRET{what}{next(MARKS)}X"


def secret_now(campaign: Campaign, ledger: Ledger) -> set[str]:
    """The markers no player may read now."""
    out = set(ledger.settled)
    for region in campaign.map.regions:
        if region.hidden:
            out.update(ledger.titles.get((region.q, region.r), []))
    out.update(t.name for t in campaign.map.tokens if t.hidden)
    shown = {e.details.get("shows") for e in campaign.journal if e.kind == "table"}
    out.update(m for m, entry in ledger.rolls.items() if entry not in shown)
    game = find_ruleset(campaign.ruleset)
    unmet = game.unmet(campaign)
    monsters = campaign.play.model_dump().get("monsters") or []
    out.update(m["name"] for m in monsters if m["id"] in unmet)
    return {m for m in out if m.startswith("SECRET")}


def _op(session: Session, ledger: Ledger, step: Step) -> Operation | None:
    kind, n, flag = step
    q, r = HEXES[n]
    c = session.campaign
    token = next((t for t in c.map.tokens if t.name.startswith(f"SECRETtoken{n}")), None)
    monsters = c.play.model_dump().get("monsters") or []
    monster = monsters[n % len(monsters)]["id"] if monsters else "none"
    if kind == "chart":
        return ChartRegion(q, r, title=ledger.mark("title"))
    if kind == "rename":
        return EditRegion(q, r, title=ledger.mark("title"))
    if kind in ("hide", "show"):
        return SetRegionHidden(q, r, hidden=kind == "hide")
    if kind == "delete":
        return DeleteRegion(q, r)
    if kind == "party":
        return MoveParty(q, r)
    if kind == "token":
        return PlaceToken("marker", q, r, name=ledger.mark(f"token{n}-"), hidden=flag)
    if kind.startswith("token-") and token is not None:
        if kind == "token-remove":
            return RemoveToken(token.id)
        return SetTokenHidden(token.id, hidden=kind == "token-hide")
    if kind == "roll":
        return RollOnTable("t", "Omens", (ledger.mark("roll"),))
    if kind == "show-roll" and ledger.rolls:
        return ShowTableRoll(sorted(ledger.rolls.values())[n % len(ledger.rolls)])
    if c.ruleset == "dice-pool":
        from saga_desktop.model.dicepool.ops.monsters import AddMonster, ShowMonster

        if kind == "monster":
            return AddMonster(ledger.mark("monster"), notes=ledger.mark("notes"))
        if kind in ("show-monster", "hide-monster"):
            return ShowMonster(monster, shown=kind == "show-monster")
    return None


def _settle(campaign: Campaign, ledger: Ledger, op: Operation) -> None:
    """Record what an operation about to run makes secret for good, or names."""
    if isinstance(op, DeleteRegion):
        region = campaign.map.region_at(op.q, op.r)
        if region is not None:
            titles = ledger.titles.pop((op.q, op.r), [])
            if region.hidden:
                ledger.settled.update(titles)
    if isinstance(op, (ChartRegion, EditRegion)) and op.title:
        ledger.titles.setdefault((op.q, op.r), []).append(op.title)


def _check(session: Session, ledger: Ledger) -> None:
    c = session.campaign
    secret = secret_now(c, ledger)
    hidden_numbers = {r.number for r in c.map.regions if r.hidden}
    players = [Viewer.TABLE] + [Viewer.player(ch.id) for ch in c.characters[:1]]
    for viewer in players:
        view = view_for(c, viewer)
        text = view.model_dump_json()
        leaked = sorted(m for m in secret if m in text)
        assert not leaked, f"{viewer} reads {leaked}"
        assert not any("SECRETnotes" in line.text for line in view.journal)
        assert not [e.id for e in view.journal if e.region in hidden_numbers], "a hidden stamp"
        assert redact_view(view_for(c, Viewer.GM), viewer) == view


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(plan=steps)
def test_journal_lines_follow_what_they_name(game_id: str, plan: list[Step]) -> None:
    campaign = find_ruleset(game_id).sample_campaign()
    assert campaign is not None
    session = Session(campaign, clock=StepClock())
    ledger = Ledger()
    undone: list[Ledger] = []  # the ledger follows undo and redo as the campaign does
    redone: list[Ledger] = []
    prelude: list[Step] = [("chart", n, False) for n in range(len(HEXES))]
    for step in prelude + plan:
        if step[0] == "undo":
            if session.undo():
                redone.append(ledger)
                ledger = undone.pop()
        elif step[0] == "redo":
            if session.redo():
                undone.append(ledger)
                ledger = redone.pop()
        else:
            op = _op(session, ledger, step)
            if op is None:
                continue
            before, kept = session.campaign.model_copy(deep=True), copy.deepcopy(ledger)
            try:
                result = session.apply(op)
            except OperationError:
                continue
            undone.append(kept)
            redone.clear()
            _settle(before, ledger, op)
            if isinstance(op, RollOnTable):
                ledger.rolls[result.result] = session.campaign.journal[-1].id
        _check(session, ledger)
