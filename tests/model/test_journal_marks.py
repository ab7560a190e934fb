"""Journal marks: lines follow what they name, settle when it is removed, and old lines too."""

from __future__ import annotations

from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.map import ChartRegion, DeleteRegion, MoveParty, SetRegionHidden
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.visibility import visible_journal
from tests.model.conftest import StepClock


def _read(session: Session) -> str:
    return "\n".join(e.said for e in visible_journal(session.campaign, Viewer.TABLE))


def test_a_line_of_a_region_removed_while_hidden_stays_the_gms_when_its_number_returns() -> None:
    session = Session(new_campaign("Marks"), clock=StepClock())
    session.apply(ChartRegion(0, 0, title="Old Crypt"))
    session.apply(SetRegionHidden(0, 0))
    session.apply(DeleteRegion(0, 0))
    session.apply(ChartRegion(5, 5, title="Meadow"))  # takes the number 1 again
    assert session.campaign.map.regions[0].number == 1
    assert "Old Crypt" not in _read(session) and "Meadow" in _read(session)
    session.apply(SetRegionHidden(5, 5))
    session.apply(SetRegionHidden(5, 5, hidden=False))
    assert "Old Crypt" not in _read(session)


def test_lines_written_in_a_hidden_region_lose_the_stamp_for_players_only() -> None:
    session = Session(new_campaign("Marks"), clock=StepClock())
    session.apply(ChartRegion(0, 0, title="Cave"))
    session.apply(MoveParty(0, 0))
    session.apply(SetRegionHidden(0, 0))
    session.apply(ChartRegion(1, 0, title="Field"))  # written while the party is in the cave
    gm = session.campaign.journal[-1]
    assert gm.region == 1
    table = [e for e in visible_journal(session.campaign, Viewer.TABLE) if "Field" in e.said]
    assert [e.region for e in table] == [None]
    session.apply(SetRegionHidden(0, 0, hidden=False))
    table = [e for e in visible_journal(session.campaign, Viewer.TABLE) if "Field" in e.said]
    assert [e.region for e in table] == [1]


def test_a_line_from_an_older_file_follows_its_region_once_marks_are_set_again() -> None:
    campaign = new_campaign("Marks")
    session = Session(campaign, clock=StepClock())
    session.apply(ChartRegion(0, 0, title="Sunken Gate"))
    session.apply(ChartRegion(2, 0, title="Reeds"))
    legacy = JournalEntry(
        id=99, at=campaign.journal[-1].at, kind="region",
        text="Region 1 (Legacy Gate) is shown to the players.", details={"number": 1},
    )  # fmt: skip
    session.campaign.journal.append(legacy)
    assert "Legacy Gate" in _read(session)
    session.apply(SetRegionHidden(0, 0))
    assert "Legacy Gate" not in _read(session)
