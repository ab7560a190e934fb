"""A combat round through the operations: declare, roll, compare, STR, outcomes, end."""

from __future__ import annotations

import pytest

from saga_desktop.model.dicepool.access import card_of, encounter_of
from saga_desktop.model.dicepool.odds import combat_pool_preview, combat_preview
from saga_desktop.model.dicepool.ops.cards import SetAttribute
from saga_desktop.model.dicepool.ops.combat import (
    ApplyOutcome,
    Declare,
    EndEncounter,
    EndRound,
    Resolve,
    RollCombat,
    StartEncounter,
    UseStrength,
)
from saga_desktop.model.dicepool.ops.monsters import RemoveMonster
from saga_desktop.model.dicepool.state import play_of
from saga_desktop.model.ops.characters import RemoveCharacter
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from tests.model.dicepool.conftest import dump
from tests.model.dicepool.test_cards import refused

TARGETS = {"pc1": "m1", "pc2": "m2", "m1": "pc1", "m2": "pc2"}


def declared(session: Session) -> dp.Encounter:
    session.apply(StartEncounter(("pc1", "pc2", "m1", "m2")))
    order = dp.declaration_order(encounter_of(session.campaign))
    assert order == ("m2", "pc2", "m1", "pc1")  # REF 1 (INT 0), 1 (INT 2), 2, 3
    for cid in order:
        session.apply(Declare(cid, "attack", TARGETS[cid]))
    return encounter_of(session.campaign)


def test_declarations_go_in_ref_order(party: Session) -> None:
    party.apply(StartEncounter(("pc1", "pc2", "m1", "m2")))
    refused(party, Declare("pc1", "attack", "m1"), "Brute declares before Mara")
    refused(party, Declare("m2", "attack", "m2"), "cannot attack themselves")
    refused(party, Declare("m2", "dance"), "not an action")
    refused(party, Declare("m2", "attack"), "needs a target")
    refused(party, StartEncounter(("pc1", "m1")), "already in progress")
    refused(party, SetAttribute("pc1", "str", 2), "is in the fight")
    refused(party, RemoveMonster("m1"), "is in the fight")
    refused(party, RemoveCharacter("pc1"), "is in the fight")
    refused(party, Resolve(), "belongs to the resolve step")


def test_a_whole_round_of_two_against_two(party: Session) -> None:
    fight = declared(party)
    assert fight.phase is dp.Phase.RESOLVE
    preview = combat_preview(party.campaign)
    assert preview == dp.combat_odds(fight, play_of(party.campaign).options.to_rules())
    assert combat_pool_preview(party.campaign, "pc2").explain().startswith("3 base + 3 STR")
    # Resolution order is highest REF first: Mara, the hound, Bren, then the brute.
    refused(party, RollCombat("pc2"), "Mara rolls before Bren")
    mara = party.apply(RollCombat("pc1", faces=(6,) * 11 + (1,)))  # 12 dice, 11 wins
    assert mara.wins == 11 and mara.roll.physical
    refused(party, RollCombat("m1", faces=(6,)), "faces of 8 dice")
    party.apply(RollCombat("m1", faces=(1,) * 8))  # the hound: 0 wins
    party.apply(RollCombat("pc2", faces=(4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)))  # Bren: 2 wins
    party.apply(RollCombat("m2", faces=(6,) * 9))  # the brute: 9 dice, 9 wins
    fight = encounter_of(party.campaign)
    assert fight.phase is dp.Phase.OUTCOMES
    # Exchanges in resolution order: Mara-hound, then Bren-brute (mutual pairs once).
    (a, b) = fight.exchanges
    assert (a.winner_id, a.level, a.winner_side) == ("pc1", 11, dp.Side.PLAYER)
    assert (b.winner_id, b.level, b.winner_side) == ("m2", 7, dp.Side.MONSTER)
    # Only the winner applies an outcome; the loser's STR first, once per encounter.
    refused(party, ApplyOutcome(1, "pc2", "injury", 1), "Only the winner")
    refused(party, UseStrength(1, "m2"), "Only the loser")
    strength = party.apply(UseStrength(1, "pc2"))
    assert (strength.before, strength.after) == (7, 4)
    refused(party, UseStrength(1, "pc2"), "already used STR")
    refused(party, ApplyOutcome(1, "m2", "injury", 5), "level 1 to 4, not 5")
    hit = party.apply(ApplyOutcome(1, "m2", "injury", 3, "a club to the ribs"))
    # Close combat: Bren's armor does not count (the text's "except while in close combat").
    assert hit.side is dp.Side.MONSTER and hit.outcome.armor_reduction == 0
    assert hit.outcome.final_level == 3 and hit.explain().startswith("Monster action: Brute")
    assert card_of(party.campaign, "pc2").injuries == (dp.Injury(3, "a club to the ribs"),)
    kill = party.apply(ApplyOutcome(0, "pc1", "injury", 4, "through the heart"))
    assert kill.incapacitated and kill.explain().startswith("Player action: Mara")
    assert play_of(party.campaign).monsters[0].incapacitated
    refused(party, ApplyOutcome(0, "pc1", "stagger"), "already has its outcome")
    end = party.apply(EndRound())
    assert end.round == 1
    fight = encounter_of(party.campaign)
    assert fight.round == 2 and dp.declaration_order(fight) == ("m2", "pc2", "pc1")
    kinds = [e.kind for e in party.campaign.journal[-12:]]
    assert kinds.count("combat-roll") == 4 and "exchange" in kinds and "strength" in kinds
    party.apply(EndEncounter())
    assert play_of(party.campaign).encounter is None
    assert card_of(party.campaign, "pc2").injuries  # injuries stay on the cards


def test_resolve_rolls_everyone_from_the_generator(party: Session) -> None:
    fight = declared(party)
    import random

    rng = random.Random()
    rng.setstate(party.rng.getstate())
    comparison = party.apply(Resolve())
    for cid in dp.resolution_order(fight):
        fight, _ = dp.roll_combat(
            fight, cid, rng, options=play_of(party.campaign).options.to_rules()
        )
    assert comparison == dp.compare(fight)[1]
    refused(party, Resolve(), "belongs to the resolve step")


@pytest.mark.parametrize("bad", ["combatants", "prompt", "side"])
def test_the_invariants_catch_a_broken_campaign(party: Session, bad: str) -> None:
    from saga_desktop.model.dicepool import DICE_POOL

    declared(party)
    campaign = party.export()
    play = play_of(campaign)
    if bad == "combatants":
        play.monsters = [m for m in play.monsters if m.id != "m1"]
    elif bad == "prompt":
        from saga_desktop.model.dicepool.state import PromptedCheck

        play.prompts.append(PromptedCheck(id=1, character="ghost", attribute="str"))
        play.next_prompt = 2
    else:
        campaign.characters[0].id = "m9"
        play.monsters[0].id = "pc1"
    with pytest.raises(ValueError, match="play"):
        DICE_POOL.check(campaign)


def test_redaction_hides_monster_notes(party: Session) -> None:
    from saga_desktop.model.dicepool import DICE_POOL
    from saga_desktop.model.dicepool.ops.monsters import ShowMonster
    from saga_desktop.model.ruleset import Viewer

    unmet = DICE_POOL.redact_play(party.campaign.play.model_dump(mode="json"), Viewer.TABLE)
    assert unmet["monsters"] == []  # the players have not met them
    party.apply(ShowMonster("m1"))
    party.apply(ShowMonster("m2"))
    data = party.campaign.play.model_dump(mode="json")
    shown = DICE_POOL.redact_play(data, Viewer.TABLE)
    assert [m["notes"] for m in shown["monsters"]] == ["", ""]  # type: ignore[index,union-attr]
    assert DICE_POOL.redact_play(shown, Viewer.TABLE) == shown
    assert DICE_POOL.redact_play(data, Viewer.GM) == data
    assert dump(party)  # unchanged source
