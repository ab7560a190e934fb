"""A group check played member by member (PlayGroupCard), beside the GM's PlayGroup."""

from __future__ import annotations

import pytest

from saga_desktop.model.operation import OperationError
from saga_desktop.model.resonance.ops.checks import CancelCheck
from saga_desktop.model.resonance.ops.contests import (
    BeginGroup,
    BeginOpposed,
    PlayGroup,
    PlayGroupCard,
)
from saga_desktop.model.resonance.ops.extended import DrawRound, StartExtended
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import view_for, visible_journal
from saga_desktop.rules import resonance
from tests.model.resonance.helpers import cards, conserved, dump, make_session

BODY, HEART = resonance.Stat.BODY, resonance.Stat.HEART
MEMBERS = ("pc1", "pc2", "pc3")


def test_each_member_plays_their_card_and_the_last_one_settles_the_group() -> None:
    s, whole = make_session(), make_session()  # the same seed: the same draws
    pending = s.apply(BeginGroup(MEMBERS, BODY, dc=10))
    assert whole.apply(BeginGroup(MEMBERS, BODY, dc=10)) == pending
    picks = {d.character_id: d.cards[-1] for d in pending.draws}
    states = [dump(s)]
    for cid in ("pc2", "pc1"):
        assert s.apply(PlayGroupCard(cid, picks[cid])) is None
        states.append(dump(s))
        assert cards(s, cid)[1]  # the card is in, the cards still lie drawn: nothing settled
    assert set(play_of(s.campaign).choices) == {"pc1", "pc2"}
    assert [e.kind for e in s.campaign.journal[-2:]] == ["group-card", "group-card"]
    assert "1 still to play" in s.campaign.journal[-1].text
    result = s.apply(PlayGroupCard("pc3", picks["pc3"]))
    assert result == whole.apply(PlayGroup(picks))  # the same result as played at once
    assert isinstance(result, resonance.GroupResult)
    assert s.campaign.journal[-1].kind == "group"
    assert s.campaign.journal[-1].text == whole.campaign.journal[-1].text
    assert s.campaign.piles == whole.campaign.piles
    assert play_of(s.campaign).pending is None and play_of(s.campaign).choices == {}
    conserved(s)
    for state in reversed(states):  # undo puts each step back exactly
        assert s.undo()
        assert dump(s) == state


def test_a_refused_card_changes_nothing() -> None:
    s = make_session()
    s.apply(BeginOpposed("pc1", HEART, "pc2", BODY))
    before = dump(s)
    with pytest.raises(OperationError, match="not a group check"):
        s.apply(PlayGroupCard("pc1", None))
    assert dump(s) == before
    s.apply(CancelCheck())
    pending = s.apply(BeginGroup(("pc1", "pc2"), BODY, dc=10))
    one, two = pending.draws
    s.apply(PlayGroupCard("pc1", one.cards[0]))
    before = dump(s)
    refused = {
        "not a member": PlayGroupCard("pc3", None),
        "already played": PlayGroupCard("pc1", one.cards[1]),
        "not drawn": PlayGroupCard("pc2", one.cards[0]),
        "no card": PlayGroupCard("pc2", None),
    }
    for why, op in refused.items():
        with pytest.raises(Exception):  # noqa: B017 - an operation or rules error each
            s.apply(op)
        assert dump(s) == before, why
    names = "Hero 1 already played"
    with pytest.raises(OperationError, match=names):
        s.apply(PlayGroup({"pc1": one.cards[0], "pc2": two.cards[0]}))
    assert dump(s) == before


def test_the_gm_plays_the_cards_still_missing_at_once() -> None:
    s = make_session()
    pending = s.apply(BeginGroup(MEMBERS, BODY, dc=10))
    picks = {d.character_id: d.cards[0] for d in pending.draws}
    s.apply(PlayGroupCard("pc2", picks["pc2"]))
    before = dump(s)
    with pytest.raises(Exception):  # noqa: B017 - the engine asks for every missing card
        s.apply(PlayGroup({"pc1": picks["pc1"]}))
    assert dump(s) == before
    result = s.apply(PlayGroup({"pc1": picks["pc1"], "pc3": picks["pc3"]}))
    assert [r.played for r in result.results] == [picks[c] for c in MEMBERS]
    assert cards(s, "pc2")[2][-1] == picks["pc2"].code
    conserved(s)


def test_cancelling_forgets_the_cards_played_and_puts_every_card_back() -> None:
    s = make_session()
    before = dump(s)
    pending = s.apply(BeginGroup(("pc1", "pc2"), BODY, dc=10))
    s.apply(PlayGroupCard("pc1", pending.draws[0].cards[0]))
    s.apply(CancelCheck())
    assert play_of(s.campaign).choices == {}
    assert dump(s)["piles"] == before["piles"]


def test_a_groups_cards_are_public_but_an_opposed_choice_stays_secret() -> None:
    s = make_session()
    pending = s.apply(BeginGroup(("pc1", "pc2"), BODY, dc=10))
    card = pending.draws[0].cards[0]
    s.apply(PlayGroupCard("pc1", card))
    seen = view_for(s.campaign, Viewer.player("pc2"))
    assert seen.play["choices"]["pc1"]["card"] == card.code  # type: ignore[index]
    assert "group-card" in {e.kind for e in visible_journal(s.campaign, Viewer.TABLE)}
    s.apply(CancelCheck())
    opposed = s.apply(BeginOpposed("pc1", HEART, "pc2", BODY))
    from saga_desktop.model.resonance.ops.contests import PlayOpposed

    s.apply(PlayOpposed("pc1", opposed.first.cards[0]))
    seen = view_for(s.campaign, Viewer.player("pc2"))
    assert seen.play["choices"]["pc1"]["card"] is None  # type: ignore[index]


def test_a_round_of_the_extended_check_is_the_gms() -> None:
    s = make_session()
    s.apply(StartExtended("Climb", BODY, 7, 12, 3, ("pc1", "pc2")))
    pending = s.apply(DrawRound())
    before = dump(s)
    with pytest.raises(OperationError, match="GM plays the rounds"):
        s.apply(PlayGroupCard("pc1", pending.draws[0].cards[0]))
    assert dump(s) == before


def test_a_saved_card_for_someone_outside_the_check_does_not_load() -> None:
    from saga_desktop.model.campaign import Campaign

    s = make_session()
    pending = s.apply(BeginGroup(("pc1", "pc2"), BODY, dc=10))
    s.apply(PlayGroupCard("pc1", pending.draws[0].cards[0]))
    data = dump(s)
    Campaign.model_validate(data)  # as saved: loads
    data["play"]["choices"]["pc3"] = data["play"]["choices"].pop("pc1")  # type: ignore[index]
    with pytest.raises(ValueError, match="no opposed or group check waits"):
        Campaign.model_validate(data)
