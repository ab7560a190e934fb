"""Property: any sequence of dice-pool operations, then undo-all, gives back the start exactly."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from saga_desktop.model.dicepool.access import encounter_of
from saga_desktop.model.dicepool.ops.cards import AddInjury, HealInjury, SetAttribute, SetTrait
from saga_desktop.model.dicepool.ops.checks import (
    AssistSpec,
    CancelPrompt,
    PromptCheck,
    ResolvePrompt,
    RollCheck,
)
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
from saga_desktop.model.dicepool.ops.monsters import EditMonster
from saga_desktop.model.dicepool.state import play_of
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from tests.model.dicepool.conftest import dump, party_session

IDS = ("pc1", "pc2", "m1", "m2")
ATTRS = ("str", "ref", "int")


def fight_op(data: st.DataObject, session: Session) -> Operation:
    fight = encounter_of(session.campaign)
    if fight.phase is dp.Phase.DECLARE:
        order = [i for i in dp.declaration_order(fight) if fight.declaration(i) is None]
        who = order[0] if order and data.draw(st.booleans()) else data.draw(st.sampled_from(IDS))
        action = data.draw(st.sampled_from([a.value for a in dp.Action]))
        return Declare(who, action, data.draw(st.sampled_from(("", *IDS))))
    if fight.phase is dp.Phase.RESOLVE:
        if data.draw(st.booleans()):
            return Resolve()
        rest = [i for i in dp.resolution_order(fight) if fight.roll_of(i) is None]
        n = data.draw(st.integers(1, 14))
        faces = data.draw(st.none() | st.tuples(*[st.integers(0, 7)] * n))
        return RollCombat(rest[0] if rest else "pc1", faces)
    index = data.draw(st.integers(0, max(0, len(fight.exchanges) - 1)))
    who = data.draw(st.sampled_from(IDS))
    return data.draw(
        st.sampled_from(
            [
                UseStrength(index, who),
                ApplyOutcome(
                    index,
                    who,
                    data.draw(st.sampled_from([k.value for k in dp.OutcomeKind])),
                    data.draw(st.integers(0, 5)),
                ),
                EndRound(),
                EndEncounter(),
            ]
        )
    )


def draw_op(data: st.DataObject, session: Session) -> Operation:
    if play_of(session.campaign).encounter is not None and data.draw(st.integers(0, 4)):
        return fight_op(data, session)
    pc = data.draw(st.sampled_from(("pc1", "pc2")))
    attr = data.draw(st.sampled_from(ATTRS))
    prompts = [p.id for p in play_of(session.campaign).prompts] or [1]
    assist = AssistSpec("pc2" if pc == "pc1" else "pc1", "int", "Lore")
    choices: list[Operation] = [
        SetAttribute(data.draw(st.sampled_from(IDS)), attr, data.draw(st.integers(-1, 5))),
        SetTrait(
            pc,
            "skill",
            data.draw(st.sampled_from(("Lore", "Survival", "Swim"))),
            data.draw(st.integers(0, 5)),
        ),
        AddInjury(data.draw(st.sampled_from(IDS)), data.draw(st.integers(0, 4))),
        HealInjury(pc, data.draw(st.integers(0, 2))),
        RollCheck(
            pc,
            attr,
            "Survival",
            cl=data.draw(st.integers(0, 9)),
            assists=data.draw(st.sampled_from(((), (assist,)))),
        ),
        PromptCheck(pc, attr, cl=data.draw(st.integers(1, 8))),
        ResolvePrompt(data.draw(st.sampled_from(prompts))),
        CancelPrompt(data.draw(st.sampled_from(prompts))),
        EditMonster("m1", notes=data.draw(st.text(max_size=5))),
        StartEncounter(tuple(data.draw(st.permutations(IDS))[: data.draw(st.integers(1, 4))])),
    ]
    return data.draw(st.sampled_from(choices))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_undo_all_restores_the_start(data: st.DataObject, seed: int) -> None:
    session = party_session(seed)
    states = [dump(session)]
    for _ in range(data.draw(st.integers(1, 30))):
        op = draw_op(data, session)
        before = dump(session)
        try:
            session.apply(op)
        except OperationError:
            assert dump(session) == before, f"refused {op!r} changed the campaign"
            event(f"refused {type(op).__name__}")
            continue
        event(f"applied {type(op).__name__}")
        states.append(dump(session))
    from saga_desktop.storage import decode, encode

    assert decode(encode(session.export()))[0] == session.export()
    for expected in reversed(states[:-1]):
        assert session.undo()
        assert dump(session) == expected
    for expected in states[1:]:
        assert session.redo()
        assert dump(session) == expected
