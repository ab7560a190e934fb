"""Checks, assists, prompts and the odds previews against the engine."""

from __future__ import annotations

import random

import pytest

from saga_desktop.model.dicepool.access import card_of
from saga_desktop.model.dicepool.odds import assist_preview, check_pool_preview, check_preview
from saga_desktop.model.dicepool.ops.cards import AddInjury
from saga_desktop.model.dicepool.ops.checks import (
    AssistSpec,
    CancelPrompt,
    PromptCheck,
    ResolvePrompt,
    RollCheck,
)
from saga_desktop.model.dicepool.state import play_of
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from tests.model.dicepool.conftest import dump
from tests.model.dicepool.test_cards import refused

HERB = AssistSpec("pc2", "int", "Herbalist", "vocation")


def test_a_check_with_an_assist_rolls_from_the_campaigns_generator(party: Session) -> None:
    rng = random.Random()
    rng.setstate(party.rng.getstate())
    result = party.apply(RollCheck("pc1", "int", "Survival", cl=4, assists=(HERB,)))
    # The same dice, in the same order, as the engine given the same generator.
    mara, bren = card_of(party.campaign, "pc1"), card_of(party.campaign, "pc2")
    help_ = dp.roll_assist(dp.AssistRequest(bren, dp.Attribute.INT, "Herbalist",
                                            dp.TraitKind.VOCATION), rng)  # fmt: skip
    request = dp.CheckRequest(dp.Attribute.INT, "Survival", cl=4)
    assert result == dp.roll_check(request, mara, rng, assists=(help_,))
    assert play_of(party.campaign).check == result.to_data()
    entry = party.campaign.journal[-1]
    assert entry.kind == "check" and entry.character == "pc1" and "assists" in entry.text


def test_physical_dice_are_checked(party: Session) -> None:
    faces = (6, 5, 4, 1, 2, 3, 4)  # 3 base + 2 INT + 2 Survival
    result = party.apply(RollCheck("pc1", "int", "Survival", cl=3, faces=faces))
    assert result.roll.faces == faces and result.roll.physical and result.success
    refused(party, RollCheck("pc1", "int", "Survival", faces=(6, 6)), "faces of 7 dice")
    refused(party, RollCheck("pc1", "int", "Survival", faces=(7,) * 7), "from 1 to 6")
    bad = AssistSpec("pc2", "int", "Herbalist", "vocation", faces=(1,))
    refused(party, RollCheck("pc1", "int", "Survival", assists=(bad,)), "faces of 8 dice")


def test_refused_checks_change_nothing(party: Session) -> None:
    refused(party, RollCheck("pc1", "int", "Survival", cl=9), "runs from 1 to 8")
    refused(party, RollCheck("pc1", "wis", "Survival"), "STR, REF or INT")
    refused(party, RollCheck("pc1", "int", "Cooking", "vocation"), "no vocation called")
    refused(party, RollCheck("m1", "str"), "not in this campaign")
    own = AssistSpec("pc1", "int", "Hunter", "vocation")
    refused(party, RollCheck("pc1", "int", assists=(own,)),
            "cannot assist their own")  # fmt: skip
    refused(party, RollCheck("pc1", "int", assists=(AssistSpec("pc2", "int", "", "skill"),)),
            "names the skill or vocation")  # fmt: skip
    party.apply(AddInjury("pc2", 4))
    refused(party, RollCheck("pc1", "int", assists=(HERB,)), "incapacitated")


def test_prompts_wait_until_resolved_or_cancelled(party: Session) -> None:
    first = party.apply(PromptCheck("pc1", "int", "Survival", cl=4, reason="Track the hound"))
    second = party.apply(PromptCheck("pc2", "str", cl=2))
    assert [p.id for p in play_of(party.campaign).prompts] == [first, second] == [1, 2]
    result = party.apply(ResolvePrompt(first, (HERB,)))
    assert result.request.cl == 4 and len(result.assists) == 1
    assert party.campaign.journal[-1].text.startswith("Track the hound: Mara")
    party.apply(CancelPrompt(second))
    assert play_of(party.campaign).prompts == []
    refused(party, CancelPrompt(second), "no longer waiting")
    refused(party, ResolvePrompt(first), "no longer waiting")
    refused(party, PromptCheck("pc1", "int", "Cooking", "vocation"), "no vocation")
    refused(party, PromptCheck("zz", "int"), "not in this campaign")


@pytest.mark.parametrize("cl", [1, 3, 5, 8])
def test_previews_are_the_engines(party: Session, cl: int) -> None:
    before = dump(party)
    mara, bren = card_of(party.campaign, "pc1"), card_of(party.campaign, "pc2")
    request = dp.CheckRequest(dp.Attribute.INT, "Survival", cl=cl)
    helper = dp.AssistRequest(bren, dp.Attribute.INT, "Herbalist", dp.TraitKind.VOCATION)
    assert check_preview(party.campaign, "pc1", "int", "Survival", "skill", cl) == dp.check_odds(
        request, mara
    )
    assert check_preview(party.campaign, "pc1", "int", "Survival", "skill", cl, (HERB,)) == (
        dp.check_odds(request, mara, (helper,))
    )
    odds = assist_preview(party.campaign, "pc1", "int", "Survival", "skill", cl, HERB)
    assert odds == dp.assist_odds(request, mara, helper)
    weak = AssistSpec("pc1", "str", "Athletics")  # 4 dice: expected to cost a win
    assert assist_preview(party.campaign, "pc2", "int", "Lore", "skill", cl, weak
                          ).expected_effect == -1  # fmt: skip
    assert check_pool_preview(party.campaign, "pc1", "int", "Survival").size == 7
    assert dump(party) == before
