"""A waiting check always has a way out, and a file holding one that could not is refused."""

from __future__ import annotations

import json

import pytest

from saga_desktop.model.resonance.ops.checks import CancelCheck
from saga_desktop.model.resonance.ops.contests import BeginGroup
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
