"""The sample campaign: rebuilt exactly, valid, saved and read back unchanged."""

from __future__ import annotations

from saga_desktop.model.campaign import check_campaign
from saga_desktop.model.dicepool import DICE_POOL
from saga_desktop.model.dicepool.sample import sample_campaign
from saga_desktop.model.dicepool.state import play_of
from saga_desktop.storage import decode, encode


def test_the_sample_is_played_through_and_round_trips() -> None:
    campaign = sample_campaign()
    assert campaign == sample_campaign()
    check_campaign(campaign)
    play = play_of(campaign)
    assert [c.name for c in campaign.characters] == ["Mara Fenwick", "Oswin Hale"]
    assert [m.name for m in play.monsters] == ["Sluice rat", "Mill warden"]
    assert len(campaign.map.regions) == 3 and campaign.piles == {}
    kinds = [e.kind for e in campaign.journal]
    for kind in ("check", "declare", "combat-roll", "exchange", "strength", "outcome", "round"):
        assert kind in kinds, kind
    assert play.check is not None and play.check["assists"]
    assert decode(encode(campaign))[0] == campaign
    assert DICE_POOL.sample_file == "the-drowned-mill.saga"
