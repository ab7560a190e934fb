"""Every operation travels as plain data and comes back equal; bad data is refused clearly."""

from __future__ import annotations

import importlib
import json
import pkgutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import saga_desktop.model
from saga_desktop.model.operation import (
    OPERATION_KINDS,
    OperationError,
    operation_from_data,
    operation_to_data,
)
from saga_desktop.model.ruleset import SheetBase
from saga_desktop.model.songs.state import SongsSheet

for _mod in pkgutil.walk_packages(saga_desktop.model.__path__, "saga_desktop.model."):
    importlib.import_module(_mod.name)

KINDS = sorted(k for k, cls in OPERATION_KINDS.items() if cls.__module__.startswith("saga_desktop"))
st.register_type_strategy(SheetBase, st.just(SongsSheet()))


def test_every_operation_of_the_app_has_a_kind() -> None:
    assert len(KINDS) >= 70
    assert "core.ChartRegion" in KINDS and "songs.BeginTrial" in KINDS


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), kind=st.sampled_from(KINDS))
def test_round_trip(data: st.DataObject, kind: str) -> None:
    op = data.draw(st.builds(OPERATION_KINDS[kind]))
    plain = operation_to_data(op)
    assert plain["op"] == kind
    text = json.dumps(plain)  # plain JSON, as it goes over the wire or into the recovery log
    assert operation_from_data(json.loads(text)) == op


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("DropD20", "object"),
        ({"centre_q": 1}, "not an operation"),
        ({"op": "core.Nope"}, "not an operation"),
        ({"op": "core.DropD20", "centre_q": 0, "cheat": True}, "'cheat' is not a field"),
        ({"op": "core.DropD20", "centre_q": "zero"}, "centre_q"),
        ({"op": "core.AddNote", "text": ["a", "list"]}, "text"),
        ({"op": "x" * 10_000}, "not an operation"),
    ],
)
def test_bad_data_is_refused_with_a_message(data: object, message: str) -> None:
    with pytest.raises(OperationError, match=message) as err:
        operation_from_data(data)
    assert len(str(err.value)) < 300
