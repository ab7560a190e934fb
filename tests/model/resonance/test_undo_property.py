"""Property: any sequence of Resonance operations undoes exactly and conserves every deck."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.resonance.access import draws_of, pending_of
from saga_desktop.model.resonance.ops.adversaries import AddAdversary
from saga_desktop.model.resonance.ops.characters import EditStats, Rest
from saga_desktop.model.resonance.ops.checks import BeginCheck, CancelCheck, PlayCard
from saga_desktop.model.resonance.ops.contests import (
    BeginGroup,
    BeginOpposed,
    PlayGroup,
    PlayGroupCard,
    PlayOpposed,
)
from saga_desktop.model.resonance.ops.extended import DrawRound, StartExtended
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance
from tests.model.resonance.helpers import conserved, dump, make_session

IDS = ("pc1", "pc2", "pc3")
stats = st.sampled_from(list(resonance.Stat))
ids = st.sampled_from(IDS)


def _play(data: st.DataObject, session: Session) -> Operation:
    record = pending_of(session.campaign)
    assert record is not None
    draws = draws_of(record)
    pick = {d.character_id: data.draw(st.sampled_from(d.cards)) if d.cards else None for d in draws}
    if isinstance(record, resonance.PendingCheck):
        return PlayCard(pick[record.draw.character_id])
    if isinstance(record, resonance.PendingOpposed):
        cid = data.draw(st.sampled_from([d.character_id for d in draws]))
        return PlayOpposed(cid, pick[cid])
    played = play_of(session.campaign).choices
    left = {cid: card for cid, card in pick.items() if cid not in played}
    if data.draw(st.booleans()):  # one member plays their own card
        cid = data.draw(st.sampled_from(sorted(left)))
        return PlayGroupCard(cid, left[cid])
    return PlayGroup(left)


def draw_operation(data: st.DataObject, session: Session) -> Operation:
    if play_of(session.campaign).pending is not None and data.draw(st.booleans()):
        return CancelCheck() if data.draw(st.integers(0, 5)) == 0 else _play(data, session)
    kind = data.draw(st.integers(0, 7))
    if kind == 0:
        return BeginCheck(data.draw(ids), data.draw(stats), dc=data.draw(st.integers(0, 20)))
    if kind == 1:
        one, two = data.draw(st.permutations(IDS))[:2]
        return BeginOpposed(one, data.draw(stats), two, data.draw(stats))
    if kind == 2:
        members = tuple(data.draw(st.lists(ids, min_size=1, max_size=3, unique=True)))
        return BeginGroup(members, data.draw(stats), dc=data.draw(st.integers(0, 20)))
    if kind == 3:
        return Rest(data.draw(ids))
    if kind == 4:
        values = tuple(data.draw(st.integers(1, 5)) for _ in range(4))
        return EditStats(data.draw(ids), values)  # type: ignore[arg-type]
    if kind == 5:
        return StartExtended("x", data.draw(stats), 8, data.draw(st.integers(1, 15)), 3, IDS[:2])
    if kind == 6:
        return DrawRound()
    return AddAdversary("Foe", data.draw(st.integers(0, 45)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_undo_all_restores_the_start(data: st.DataObject, seed: int) -> None:
    session = make_session(seed)
    states = [dump(session)]
    for _ in range(data.draw(st.integers(1, 30))):
        op = draw_operation(data, session)
        before = dump(session)
        try:
            session.apply(op)
        except OperationError:
            assert dump(session) == before, f"refused {op!r} changed the campaign"
            event(f"refused {type(op).__name__}")
            continue
        event(f"applied {type(op).__name__}")
        conserved(session)
        states.append(dump(session))
    from saga_desktop.storage import decode, encode

    assert decode(encode(session.export()))[0] == session.export()
    for expected in reversed(states[:-1]):
        assert session.undo()
        assert dump(session) == expected
    for expected in states[1:]:
        assert session.redo()
        assert dump(session) == expected
