"""A waiting check always has a way out, and a file holding one that could not is refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.model.ops.campaign import SetOptions
from saga_desktop.model.resonance.access import extended_of
from saga_desktop.model.resonance.ops.checks import BeginCheck, CancelCheck, PlayCard
from saga_desktop.model.resonance.ops.contests import BeginGroup, BeginOpposed
from saga_desktop.model.resonance.ops.extended import DrawRound, StartExtended
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance
from saga_desktop.storage.codec import decode, encode
from saga_desktop.storage.errors import CampaignFileError
from tests.model.resonance.helpers import conserved, make_session


def test_a_group_check_listing_a_character_twice_is_refused() -> None:
    """Issue 25: such a file passed --check, then Play, Cancel and Remove were all refused."""
    s = make_session()
    s.apply(BeginGroup(("pc1", "pc2"), resonance.Stat.BODY, dc=10))
    data = json.loads(encode(s.export()))
    pending = data["campaign"]["play"]["pending"]
    pending["draws"] = [pending["draws"][0], pending["draws"][0]]
    with pytest.raises(
        CampaignFileError, match=r"play\.pending\.draws\[1\]: Hero 1 draws a second"
    ):
        decode(json.dumps(data).encode())


def test_cancelling_a_group_check_puts_every_card_back_and_says_so() -> None:
    s = make_session()
    before = s.export().model_copy(deep=True).piles
    pending = s.apply(BeginGroup(("pc1", "pc2"), resonance.Stat.BODY, dc=10))
    names = s.apply(CancelCheck())
    assert names == ["Hero 1", "Hero 2"]
    assert s.campaign.piles == before
    line = s.campaign.journal[-1].text
    for draw in pending.draws:
        assert f"{draw.character_name} ({len(draw.cards)} cards)" in line
    conserved(s)


KINDS = st.sampled_from(["single", "opposed", "group", "round"])


def _draw(s: Session, kind: str) -> None:
    if kind == "single":
        s.apply(BeginCheck("pc2", resonance.Stat.BODY, 10))
    elif kind == "opposed":
        s.apply(BeginOpposed("pc1", resonance.Stat.BODY, "pc3", resonance.Stat.HEART))
    elif kind == "group":
        s.apply(BeginGroup(("pc1", "pc2", "pc3"), resonance.Stat.MIND, dc=10))
    else:
        if extended_of(s.campaign) is None:
            s.apply(StartExtended("Climb", resonance.Stat.BODY, 7, 12, 20, ("pc1", "pc2")))
        s.apply(DrawRound())


@settings(max_examples=25, deadline=None)
@given(
    kind=KINDS,
    played=st.integers(0, 55),
    seed=st.integers(0, 10_000),
    empty=st.sampled_from(["short", "reshuffle"]),
)
def test_cancel_always_puts_every_card_back_exactly(
    kind: str, played: int, seed: int, empty: str
) -> None:
    """Whatever checks came before and whatever kind of check waits, Cancel works and says so."""
    s = make_session(seed)
    if empty != "short":  # "short" is the default
        s.apply(SetOptions((("empty_deck", empty),)))
    for _ in range(played):  # checks played before: the decks and fatigue piles move
        pending = s.apply(BeginCheck("pc2", resonance.Stat.BODY, 10))
        s.apply(PlayCard(pending.draw.cards[0] if pending.draw.cards else None))
    before = s.export().model_copy(deep=True)
    _draw(s, kind)
    s.apply(CancelCheck())
    after = s.export()
    assert after.piles == before.piles
    assert play_of(s.campaign).pending is None
    assert "go back" in s.campaign.journal[-1].text
    conserved(s)
