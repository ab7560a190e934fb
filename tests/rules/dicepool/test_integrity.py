from __future__ import annotations

import json
from typing import Any

import pytest

from saga_desktop.rules.dicepool import Action, check_encounter, encounter_from_data
from saga_desktop.rules.errors import RulesError

from .helpers import declare_all, duel, fight_to_outcomes

ATTACKS = {"mara": (Action.ATTACK, "hound"), "hound": (Action.ATTACK, "mara")}


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        json.dumps(fight_to_outcomes(ATTACKS, {"mara": 5, "hound": 2}).to_data())
    )
    return data


def test_every_phase_of_a_real_round_passes() -> None:
    check_encounter(duel())
    check_encounter(declare_all(duel(), ATTACKS))
    encounter = fight_to_outcomes(ATTACKS, {"mara": 5, "hound": 2})
    assert encounter_from_data(encounter.to_data()) == encounter


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.update(round=0), "round runs from 1"),
        (lambda d: d["combatants"].pop(), "at least two combatants"),
        (lambda d: d["combatants"][0]["card"].update(strength=9), "STR must lie between"),
        (lambda d: d["combatants"][0].update(wielding=["Axe"]), "no weapon called 'Axe'"),
        (lambda d: d["combatants"][0].update(armor_spent=5), "more armor than they wear"),
        (lambda d: d.update(engaged=[["mara", "mara"]]), "two different combatants"),
        (lambda d: d["declarations"].reverse(), "not in REF order"),
        (lambda d: d["rolls"].reverse(), "not in REF order"),
        (lambda d: d["rolls"][0]["roll"].update(faces=[9]), "faces of"),
        (lambda d: d.update(phase="declare"), "cannot be at the declare step"),
        (lambda d: d["exchanges"][0].update(attacker_wins=1), "does not match"),
        (lambda d: d["exchanges"][0].update(winner_id="hound"), "wrong winner"),
        (lambda d: d["declarations"][0].update(target_id="ghost"), "'ghost' is not in this fight"),
    ],
)
def test_damaged_fights_are_refused(damage: Any, message: str) -> None:
    data = _data()
    damage(data)
    with pytest.raises(RulesError, match=message):
        encounter_from_data(data)
