"""Campaign options: one undoable, journaled operation for any game's rulings."""

from __future__ import annotations

import random

import pytest

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.campaign import SetOptions
from saga_desktop.model.ops.map import ChartRegion, SetRegionRisk
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session


@pytest.fixture
def session() -> Session:
    return Session(new_campaign("Options", rng=random.Random(3)))


def test_every_option_is_listed_with_its_ruling() -> None:
    fields = find_ruleset("songs-and-sagas").option_fields()
    assert {f.name for f in fields} >= {"hold_revealed", "risk_max", "burns_after_roll"}
    assert all(f.title and f.ruling for f in fields)


def test_an_option_changes_and_undoes(session: Session) -> None:
    session.apply(SetOptions((("natural_20_succeeds", True), ("conjure_dr_reduction", 3))))
    options = session.campaign.play.options  # type: ignore[attr-defined]
    assert options.natural_20_succeeds and options.conjure_dr_reduction == 3
    entry = session.campaign.journal[-1]
    assert "A natural 20 always succeeds: off → on" in entry.text
    session.undo()
    assert not session.campaign.play.options.natural_20_succeeds  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ((("bogus", True),), "not an option"),
        ((("hold_revealed", True),), "Nothing to change"),
        ((("risk_min", 9),), "highest risk rating"),
        ((("hold_revealed", 3),), "takes a bool"),
        ((("risk_max", 4), ("risk_max", 3)), "changed once"),
    ],
)
def test_bad_changes_are_refused(session: Session, changes: tuple, message: str) -> None:
    before = session.campaign.model_dump()
    with pytest.raises(OperationError, match=message):
        session.apply(SetOptions(changes))
    assert session.campaign.model_dump() == before


def test_a_range_that_would_strand_a_region_is_refused(session: Session) -> None:
    session.apply(ChartRegion(0, 0, title="High pass"))
    session.apply(SetRegionRisk(0, 0, 4))
    with pytest.raises(OperationError, match="outside this campaign's risk range"):
        session.apply(SetOptions((("risk_max", 3),)))
