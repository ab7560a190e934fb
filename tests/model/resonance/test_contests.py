"""Opposed, group and extended checks as operations, and their secrets."""

from __future__ import annotations

import pytest

from saga_desktop.model.operation import OperationError
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.resonance.access import extended_of
from saga_desktop.model.resonance.ops.checks import CancelCheck
from saga_desktop.model.resonance.ops.contests import (
    BeginGroup,
    BeginOpposed,
    PlayGroup,
    PlayOpposed,
)
from saga_desktop.model.resonance.ops.extended import DrawRound, EndExtended, StartExtended
from saga_desktop.model.resonance.ops.odds import preview_group, preview_opposed, preview_round
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.resonance.table import rules_character
from saga_desktop.model.ruleset import Face, Viewer
from saga_desktop.model.visibility import view_for, visible_journal
from saga_desktop.rules import resonance
from tests.model.resonance.helpers import cards, conserved, dump, make_session

HEART, MIND, BODY = resonance.Stat.HEART, resonance.Stat.MIND, resonance.Stat.BODY


def test_opposed_choices_stay_secret_until_both_have_chosen() -> None:
    s = make_session()
    pending = s.apply(BeginOpposed("pc1", HEART, "pc3", MIND, defender="second"))
    specs = {p.name: p for p in find_ruleset("resonance").piles(s.campaign)}
    assert specs["drawn:pc1"].face is Face.HIDDEN
    assert s.apply(PlayOpposed("pc1", pending.first.cards[0])) is None
    with pytest.raises(OperationError, match="already chosen"):
        s.apply(PlayOpposed("pc1", pending.first.cards[-1]))
    seen = view_for(s.campaign, Viewer.player("pc3"))
    assert seen.play["choices"]["pc1"]["card"] is None  # type: ignore[index]
    assert seen.play["pending"]["first"]["cards"] == []  # type: ignore[index]
    assert seen.play["pending"]["second"]["cards"]  # type: ignore[index]
    kinds = {e.kind for e in visible_journal(s.campaign, Viewer.TABLE)}
    assert "opposed-choice" not in kinds and "opposed-draw" not in kinds
    result = s.apply(PlayOpposed("pc3", pending.second.cards[0]))
    assert isinstance(result, resonance.OpposedResult)
    assert cards(s, "pc1")[2] == [pending.first.cards[0].code]
    assert play_of(s.campaign).choices == {} and play_of(s.campaign).pending is None
    assert s.campaign.journal[-1].kind == "opposed"
    conserved(s)


def test_opposed_odds_preview_matches_the_engine() -> None:
    s = make_session()
    op = BeginOpposed("pc1", HEART, "pc2", BODY)
    odds = preview_opposed(s.campaign, op)
    one, two = rules_character(s.campaign, "pc1"), rules_character(s.campaign, "pc2")
    assert odds == resonance.opposed_odds(one, HEART, two, BODY)
    assert odds.first + odds.second + odds.standoff == 1


def test_group_check_plays_one_card_each_and_counts_half() -> None:
    s = make_session()
    op = BeginGroup(("pc1", "pc2", "pc3"), BODY, dc=10)
    odds = preview_group(s.campaign, op)
    members = [rules_character(s.campaign, c) for c in op.characters]
    assert odds == resonance.group_odds(resonance.CheckRequest(BODY, 10), members)
    pending = s.apply(op)
    before = dump(s)
    with pytest.raises(OperationError):
        s.apply(PlayGroup({"pc1": pending.draws[0].cards[0]}))
    assert dump(s) == before
    result = s.apply(PlayGroup({d.character_id: d.cards[0] for d in pending.draws}))
    assert result.success == (2 * result.successes >= 3)
    assert s.campaign.journal[-1].kind == "group"
    conserved(s)


def test_extended_check_fills_the_pool_round_by_round() -> None:
    s = make_session()
    s.apply(StartExtended("Climb the bell tower", BODY, 7, 12, 3, ("pc1", "pc2")))
    odds = preview_round(s.campaign)
    members = [rules_character(s.campaign, c) for c in ("pc1", "pc2")]
    assert odds == resonance.extended_odds(extended_of(s.campaign), members)  # type: ignore[arg-type]
    while extended_of(s.campaign).status is resonance.ExtendedStatus.UNDER_WAY:  # type: ignore[union-attr]
        pending = s.apply(DrawRound())
        best = {d.character_id: max(d.cards, key=d.value) for d in pending.draws}
        s.apply(PlayGroup(best))
        assert s.campaign.journal[-1].kind == "extended"
    state = extended_of(s.campaign)
    assert state is not None and state.round <= 3
    with pytest.raises(OperationError, match="already"):
        s.apply(DrawRound())
    s.apply(EndExtended())
    assert play_of(s.campaign).extended is None
    conserved(s)


def test_a_round_can_be_cancelled_and_the_extended_check_goes_on() -> None:
    s = make_session()
    s.apply(StartExtended("", MIND, 9, 5, 2, ("pc3",)))
    before = dump(s)
    s.apply(DrawRound())
    with pytest.raises(OperationError, match="round is waiting"):
        s.apply(EndExtended())
    s.apply(CancelCheck())
    after = dump(s)
    assert after["piles"] == before["piles"]
    assert extended_of(s.campaign).round == 0  # type: ignore[union-attr]


def test_a_character_with_a_check_waiting_cannot_leave() -> None:
    from saga_desktop.model.ops.characters import RemoveCharacter

    s = make_session()
    s.apply(BeginOpposed("pc1", HEART, "pc2", BODY))
    before = dump(s)
    with pytest.raises(OperationError, match="check waiting"):
        s.apply(RemoveCharacter("pc2"))
    assert dump(s) == before
    s.apply(RemoveCharacter("pc3"))
    assert "deck:pc3" not in s.campaign.piles
