"""Whole fights: the documented example runs, and any sequence of requests, legal or not, keeps
every limit, round-trips through plain data, and a refused request changes nothing."""

from __future__ import annotations

import doctest
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga_desktop.rules import dicepool
from saga_desktop.rules.dicepool import (
    Action,
    Declaration,
    Encounter,
    OutcomeKind,
    Phase,
    Side,
    apply_outcome,
    combatant,
    compare,
    declare,
    end_round,
    roll_combat,
    start_encounter,
    use_strength,
)
from saga_desktop.rules.errors import RulesError

from .helpers import bren, hound, mara


def test_package_docstring_session_runs() -> None:
    failures, tried = doctest.testmod(dicepool, verbose=False)
    assert tried > 10 and failures == 0


def test_public_api_is_documented() -> None:
    assert dicepool.RULESET_ID == "dice-pool" and dicepool.RULES_VERSION == 1
    for name in dicepool.__all__:
        obj = getattr(dicepool, name)
        if callable(obj):
            assert obj.__doc__, name


IDS = ("mara", "bren", "hound", "wolf", "ghost")

requests = st.one_of(
    st.tuples(st.just("declare"), st.sampled_from(IDS), st.sampled_from(list(Action)),
              st.sampled_from((*IDS, "")), st.sampled_from(("", "Sword", "Spear", "Axe"))),
    st.tuples(st.just("roll"), st.sampled_from(IDS), st.integers(0, 2**16), st.booleans()),
    st.tuples(st.just("compare")),
    st.tuples(st.just("strength"), st.integers(-1, 3), st.sampled_from(IDS)),
    st.tuples(st.just("outcome"), st.integers(-1, 3), st.sampled_from(IDS),
              st.sampled_from(list(OutcomeKind)), st.integers(0, 5)),
    st.tuples(st.just("end")),
    st.tuples(st.just("next"), st.integers(0, 2**16)),
    st.tuples(st.just("next"), st.integers(0, 2**16)),
)  # fmt: skip


def _next(encounter: Encounter, seed: int) -> Encounter:
    """The next step of the round, legal or not, chosen by ``seed``."""
    rng = random.Random(seed)
    if encounter.phase is Phase.DECLARE:
        order = dicepool.declaration_order(encounter)
        cid = next((i for i in order if not encounter.declaration(i)), "mara")
        action = rng.choice(list(Action))
        others = [c.id for c in encounter.combatants if c.id != cid and c.active]
        target = rng.choice(others or [cid]) if action.targeted else ""
        weapon = rng.choice(("Sword", "Spear", "Jaws")) if action is Action.READY else ""
        return declare(encounter, Declaration(cid, action, target, weapon))[0]
    if encounter.phase is Phase.RESOLVE:
        cid = next(i for i in dicepool.resolution_order(encounter) if not encounter.roll_of(i))
        return roll_combat(encounter, cid, rng)[0]
    if encounter.phase is Phase.COMPARE:
        return compare(encounter)[0]
    if encounter.exchanges and rng.random() < 0.7:
        index = rng.randrange(len(encounter.exchanges))
        e = encounter.exchanges[index]
        if rng.random() < 0.3:
            return use_strength(encounter, index, e.loser_id or e.attacker_id)[0]
        kind = rng.choice(list(OutcomeKind))
        level = rng.randint(1, 4) if kind is OutcomeKind.INJURY else 0
        return apply_outcome(encounter, index, e.winner_id or e.target_id, kind, level)[0]
    return end_round(encounter)[0]


def _apply(encounter: Encounter, request: tuple[object, ...]) -> Encounter:
    kind, *args = request
    if kind == "declare":
        cid, action, target, weapon = args
        return declare(encounter, Declaration(cid, action, target, weapon))[0]  # type: ignore[arg-type]
    if kind == "roll":
        cid, seed, physical = args
        rng = random.Random(seed)  # type: ignore[arg-type]
        if physical:
            size = dicepool.combat_pool(encounter, cid)[0].size  # type: ignore[arg-type]
            faces = [rng.randint(1, 6) for _ in range(size)]
            return roll_combat(encounter, cid, faces=faces)[0]  # type: ignore[arg-type]
        return roll_combat(encounter, cid, rng)[0]  # type: ignore[arg-type]
    if kind == "next":
        return _next(encounter, *args)  # type: ignore[arg-type]
    if kind == "compare":
        return compare(encounter)[0]
    if kind == "strength":
        return use_strength(encounter, *args)[0]  # type: ignore[arg-type]
    if kind == "outcome":
        index, cid, outcome, level = args
        return apply_outcome(encounter, index, cid, outcome, level)[0]  # type: ignore[arg-type]
    return end_round(encounter)[0]


def _wolf() -> dicepool.CharacterCard:
    return hound(id="wolf", name="Wolf", reflexes=3, intellect=1)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(requests, max_size=40))
def test_any_sequence_keeps_the_rules(sequence: list[tuple[object, ...]]) -> None:
    encounter = start_encounter(
        [combatant(mara(), Side.PLAYER), combatant(bren(), Side.PLAYER),
         combatant(hound(), Side.MONSTER), combatant(_wolf(), Side.MONSTER)]
    )  # fmt: skip
    phases = {encounter.phase}
    for request in sequence:
        before = json.dumps(encounter.to_data(), sort_keys=True)
        try:
            after = _apply(encounter, request)
        except RulesError as exc:
            assert str(exc)  # a readable reason
            assert json.dumps(encounter.to_data(), sort_keys=True) == before
            continue
        encounter = after
        for roll in encounter.rolls:
            assert len(roll.roll.faces) == roll.pool.size >= 1
            assert all(1 <= f <= 6 for f in roll.roll.faces)
            assert roll.wins == sum(1 for f in roll.roll.faces if f >= 4)
        for e in encounter.exchanges:
            assert e.final_victory <= e.victory <= e.level
            assert e.level == abs(e.attacker_wins - e.target_wins)
            if e.outcome is not None:
                assert e.final_victory > 0 and e.winner_id
        for c in encounter.combatants:
            assert 0 <= c.armor_spent <= c.card.armor_level
            assert all(1 <= i.level <= 4 for i in c.card.injuries)
            assert len(c.wielding) <= 2
        if encounter.phase is Phase.DECLARE:
            assert encounter.rolls == () and encounter.exchanges == ()
        data = json.loads(json.dumps(encounter.to_data()))
        assert dicepool.encounter_from_data(data) == encounter
        phases.add(encounter.phase)


def test_the_walker_reaches_every_phase() -> None:
    encounter = start_encounter([combatant(mara(), Side.PLAYER), combatant(hound(), Side.MONSTER)])
    seen, rounds = set(), 0
    for seed in range(600):
        if sum(c.active for c in encounter.combatants) < 2:
            rounds += encounter.round
            encounter = start_encounter(
                [combatant(mara(), Side.PLAYER), combatant(hound(), Side.MONSTER)]
            )
        try:
            encounter = _next(encounter, seed)
        except RulesError:
            continue
        seen.add(encounter.phase)
    assert seen == set(Phase)
    assert rounds + encounter.round > 10
