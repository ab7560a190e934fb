"""Property: any sequence of operations, then undo-all, gives back the start exactly."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from saga_desktop.model.operation import OperationError
from saga_desktop.model.session import Session
from saga_desktop.model.songs.table import table_of
from tests.model.conftest import make_session
from tests.model.strategies import draw_operation


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_undo_all_restores_the_start(data: st.DataObject, seed: int) -> None:
    session = make_session(seed)
    start = dump(session)
    states = [start]
    steps = data.draw(st.integers(1, 25))
    for _ in range(steps):
        op = draw_operation(data, session)
        before = dump(session)
        try:
            session.apply(op)
        except OperationError:
            assert dump(session) == before, f"refused {op!r} changed the campaign"
            event(f"refused {type(op).__name__}")
            continue
        event(f"applied {type(op).__name__}")
        states.append(dump(session))
        total = sum(len(h) for h in table_of(session.campaign).hands.values())
        t = table_of(session.campaign)
        assert len(t.draw) + len(t.discard) + len(t.revealed) + total == 52
    # Save then load gives the same state (the storage layer is below the model in tests only).
    from saga_desktop.storage import decode, encode

    assert decode(encode(session.export()))[0] == session.export()
    # Undo everything, checking each state on the way back.
    for expected in reversed(states[:-1]):
        assert session.undo()
        assert dump(session) == expected
    assert not session.undo()
    assert dump(session) == start
    # Redo everything: the same outcomes, exactly.
    for expected in states[1:]:
        assert session.redo()
        assert dump(session) == expected
