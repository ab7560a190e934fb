"""The session learns what changed from the regions' and the journal's own logs."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from typing_extensions import override

from saga_desktop.model.campaign import JournalEntry, Region
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import SetOrientation
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.types import replace


@pytest.fixture
def sample() -> Session:
    return build_sample()


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


@dataclass(frozen=True)
class _Shuffle(Operation):
    """Edits, removes, inserts and appends regions and journal lines in place."""

    label = "Shuffle"  # type: ignore[assignment]

    @override
    def apply(self, ctx: Context) -> None:
        m = ctx.campaign.map
        first = m.regions[0]
        m.regions[0] = replace(first, title="Renamed")
        gone = m.regions.pop(1)
        m.regions.insert(0, replace(gone, q=40, r=40))
        m.regions.append(Region(q=41, r=41, number=m.next_number()))
        journal = ctx.campaign.journal
        del journal[0]
        journal.insert(2, replace(journal[0], id=900, text="Moved"))
        ctx.log("note", "Shuffled")


@dataclass(frozen=True)
class _Twice(Operation):
    """Charts a hex a second time behind the operations' own checks."""

    number: int | None = None

    label = "Twice"  # type: ignore[assignment]

    @override
    def apply(self, ctx: Context) -> None:
        m = ctx.campaign.map
        here = m.regions[0]
        number = self.number if self.number is not None else m.next_number()
        m.regions.append(Region(q=here.q, r=here.r, number=number))


def test_in_place_changes_are_reported_and_undone_exactly(sample: Session) -> None:
    reports: list[Changes] = []
    sample.subscribe(reports.append)
    c = sample.campaign
    before = dump(sample)
    first, second = c.map.regions[0], c.map.regions[1]
    old_line = c.journal[0]
    sample.apply(_Shuffle())
    after = dump(sample)
    report = reports[-1]
    assert Aspect.REGIONS in report and Aspect.JOURNAL in report
    assert report.regions == {(first.q, first.r), (second.q, second.r), (40, 40), (41, 41)}
    assert report.journal == {old_line.id, 900, c.journal[-1].id}
    assert c.map.region_at(40, 40) is not None and c.map.region_at(second.q, second.r) is None
    sample.undo()
    assert dump(sample) == before
    assert c.map.region_at(second.q, second.r) == second and c.map.region_at(40, 40) is None
    assert reports[-1].regions == report.regions and reports[-1].journal == report.journal
    sample.redo()
    assert dump(sample) == after
    assert c.indexed_journal().entry(900) is not None


def test_a_list_replaced_whole_is_undone_exactly(sample: Session) -> None:
    before = dump(sample)
    sample.apply(SetOrientation("flat"))
    after = dump(sample)
    assert after != before
    sample.undo()
    assert dump(sample) == before
    sample.redo()
    assert dump(sample) == after


def test_a_second_region_on_a_hex_or_number_is_refused(sample: Session) -> None:
    before = dump(sample)
    with pytest.raises(OperationError, match="already charted"):
        sample.apply(_Twice())
    assert dump(sample) == before
    assert sample.campaign.map.regions.count(sample.campaign.map.regions[0]) == 1


def test_a_journal_id_used_twice_is_refused(sample: Session) -> None:
    @dataclass(frozen=True)
    class _Again(Operation):
        label = "Again"  # type: ignore[assignment]

        @override
        def apply(self, ctx: Context) -> None:
            last = ctx.campaign.journal[-1]
            ctx.campaign.journal.append(JournalEntry(id=last.id, at=last.at, kind="note", text="x"))

    before = dump(sample)
    with pytest.raises(OperationError, match="id of an earlier entry"):
        sample.apply(_Again())
    assert dump(sample) == before
    sample.apply(AddNote("Fine"))
    assert sample.campaign.indexed_journal().with_id(sample.campaign.journal[-1].id) == 1


def test_lists_assigned_whole_keep_their_indexes(sample: Session) -> None:
    m = sample.campaign.map
    m.regions = [Region(q=5, r=5, number=2)]
    assert m.region_at(5, 5) is not None and m.next_number() == 1
    sample.campaign.journal = []
    sample.apply(AddNote("First"))
    assert sample.campaign.indexed_journal().entry(1) is not None
