"""Rulings whose default changed to follow the rules text: a saved campaign keeps its own value.

Every campaign file stores each option explicitly, so a campaign saved when armor counted in
close combat (dice pool) or a bare success added 1 (Resonance) keeps that ruling; only new
campaigns take the text's reading.
"""

from __future__ import annotations

import json

import pytest

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.sample import sample_campaign as dicepool_sample
from saga_desktop.model.dicepool.state import play_of as dicepool_play
from saga_desktop.model.resonance.sample import sample_campaign as resonance_sample
from saga_desktop.model.resonance.state import play_of as resonance_play
from saga_desktop.storage import decode, encode


def _saved_with(campaign: Campaign, name: str, value: object) -> Campaign:
    raw = json.loads(encode(campaign))
    options = raw["campaign"]["play"]["options"]
    assert name in options  # every option is written out, so no file relies on a default
    options[name] = value
    return decode(json.dumps(raw).encode("utf-8"))[0]


@pytest.mark.parametrize("old", [True, False])
def test_a_dice_pool_campaign_keeps_its_close_combat_armor_ruling(old: bool) -> None:
    fresh = dicepool_sample()
    assert not dicepool_play(fresh).options.armor_in_close_combat  # new: the text's reading
    kept = _saved_with(fresh, "armor_in_close_combat", old)
    assert dicepool_play(kept).options.armor_in_close_combat is old
    assert dicepool_play(kept).options.to_rules().armor_in_close_combat is old


@pytest.mark.parametrize("old", [0, 1, 3])
def test_a_resonance_campaign_keeps_its_bare_success_ruling(old: int) -> None:
    fresh = resonance_sample()
    assert resonance_play(fresh).options.bare_success_progress == 0
    kept = _saved_with(fresh, "bare_success_progress", old)
    assert resonance_play(kept).options.bare_success_progress == old
