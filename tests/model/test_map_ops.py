"""Map operations: the d20 drop, charting with a risk card, edits, risk steps, travel, tables."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga_desktop.model.changes import Aspect
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.map import (
    AppendRegionNote,
    ChartRegion,
    DeleteRegion,
    DropD20,
    DropResult,
    EditRegion,
    MoveParty,
    SetOrientation,
    SetRegionHidden,
    SetRegionRisk,
    StepRegionRisk,
    Travel,
    TravelResult,
    flat_to_pointy,
    pointy_to_flat,
    straight_path,
)
from saga_desktop.model.ops.rolling_tables import PlannedRoll, RollOnTable, roll_index
from saga_desktop.model.session import Session
from saga_desktop.model.songs.table import table_of
from saga_desktop.model.types import COORD_LIMIT
from saga_desktop.rules.cards import Card, Suit
from saga_desktop.rules.hexgrid import Hex, Layout, Orientation
from saga_desktop.rules.songs.mapping import drop_d20
from tests.model.conftest import make_session

RISK = {Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 2, Suit.SPADES: 3}


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


def chart(session: Session, q: int, r: int, title: str = "", **kw: str) -> object:
    return session.apply(ChartRegion(q, r, title=title, **kw))


# -- the d20 drop -------------------------------------------------------------------------------


def test_drop_lands_where_the_rules_drop_says(session: Session) -> None:
    twin = random.Random()
    twin.setstate(session.rng.getstate())
    result = session.apply(DropD20())
    assert isinstance(result, DropResult)
    layout = Layout(Orientation.POINTY, 1.0)
    # The sheet: 13 columns of sqrt(3) and 9 rows of 1.5 hex sizes around hex (0, 0).
    w, h = 13 * layout.width / 2, 9 * layout.height * 0.75 / 2
    expected = drop_d20(twin, layout, -w, -h, w, h)
    assert (result.q, result.r) == (expected.hex.q, expected.hex.r)
    assert result.drop_point == (expected.x, expected.y)
    assert layout.to_hex(result.x, result.y) == Hex(result.q, result.r)
    party = session.campaign.map.party
    assert party is not None and (party.q, party.r) == (result.q, result.r)
    entry = session.campaign.journal[-1]
    assert entry.kind == "map" and f"showing {result.face}" in entry.text


def test_drop_with_seed_seven_is_reproducible() -> None:
    a = make_session(7).apply(DropD20())
    b = make_session(7).apply(DropD20())
    assert (a.q, a.r, a.face) == (b.q, b.r, b.face)
    assert abs(a.q) <= 7 and abs(a.r) <= 5


def test_drop_on_a_charted_hex_visits_it_and_undo_takes_the_party_back(session: Session) -> None:
    twin = make_session(7)
    target = twin.apply(DropD20())
    chart(session, target.q, target.r, "Landing")
    before = dump(session)
    result = session.apply(DropD20())
    assert result.region == 1
    assert session.campaign.map.regions[0].visited
    session.undo()
    assert dump(session) == before
    assert session.campaign.map.party is None


def test_drop_refuses_a_silly_sheet(session: Session) -> None:
    with pytest.raises(OperationError, match="between 1 and 200"):
        session.apply(DropD20(columns=0))


# -- charting -----------------------------------------------------------------------------------


def test_chart_reveals_one_card_for_the_risk_and_discards_it(session: Session) -> None:
    top = Card.from_code(table_of(session.campaign).draw[-1])
    result = chart(session, 2, -1, "The Drowned Stair", notes="Steps into a lake.", terrain="Lake")
    region = session.campaign.map.region_at(2, -1)
    assert region is not None
    assert region.number == 1 and region.title == "The Drowned Stair" and region.terrain == "Lake"
    assert region.risk == RISK[top.suit] == result.risk
    assert region.risk_card == top.code == result.card
    assert table_of(session.campaign).discard == [top.code]
    assert top.code not in table_of(session.campaign).draw
    assert region.notes.startswith("Steps into a lake.\n\nRisk card ")
    assert result.prompt in region.notes and result.mood in region.notes
    entry = session.campaign.journal[-1]
    assert entry.kind == "region" and "Region 1 charted: The Drowned Stair" in entry.text
    assert entry.details["card"] == top.code


def test_undo_chart_removes_the_region_and_returns_the_card(session: Session) -> None:
    before = dump(session)
    reports: list[object] = []
    session.subscribe(reports.append)
    chart(session, 0, 0, "Gatewatch")
    assert reports[-1].regions == {(0, 0)}  # type: ignore[attr-defined]
    assert Aspect.REGIONS in reports[-1] and Aspect.TABLE in reports[-1]  # type: ignore[operator]
    session.undo()
    assert dump(session) == before
    assert session.campaign.map.regions == []
    session.redo()
    assert session.campaign.map.region_at(0, 0) is not None


def test_chart_numbers_take_the_lowest_free_number(session: Session) -> None:
    for q in range(3):
        chart(session, q, 0)
    session.apply(DeleteRegion(1, 0))
    chart(session, 5, 5)
    assert session.campaign.map.region_at(5, 5).number == 2  # type: ignore[union-attr]


def test_chart_refusals_change_nothing(session: Session) -> None:
    chart(session, 0, 0, "Here")
    before = dump(session)
    with pytest.raises(OperationError, match=r"already charted as region 1 \(Here\)"):
        chart(session, 0, 0)
    with pytest.raises(OperationError, match="one line"):
        chart(session, 1, 0, "two\nlines")
    with pytest.raises(OperationError, match="at most 120"):
        chart(session, 1, 0, terrain="x" * 121)
    with pytest.raises(OperationError, match="beyond the edge"):
        chart(session, 10**6, 0)
    assert dump(session) == before


def test_chart_when_the_party_stands_there_marks_it_visited(session: Session) -> None:
    session.apply(MoveParty(3, 3))
    chart(session, 3, 3)
    assert session.campaign.map.region_at(3, 3).visited  # type: ignore[union-attr]


def test_chart_replays_the_rolls_made_while_describing(session: Session) -> None:
    entries = tuple(f"entry {i}" for i in range(12))
    preview = random.Random()
    preview.setstate(session.rng.getstate())
    i1, i2 = roll_index(preview, 12), roll_index(preview, 12)
    rolls = (
        PlannedRoll("weather", "Weather", 12, i1, entries[i1]),
        PlannedRoll("weather", "Weather", 12, i2, entries[i2]),
    )
    result = session.apply(ChartRegion(0, 0, title="Fog", rolls=rolls))
    assert [r.result for r in result.rolls] == [entries[i1], entries[i2]]
    kinds = [e.kind for e in session.campaign.journal[-3:]]
    assert kinds == ["table", "table", "region"]


def test_chart_refuses_rolls_that_no_longer_match(session: Session) -> None:
    preview = random.Random()
    preview.setstate(session.rng.getstate())
    i = roll_index(preview, 12)
    wrong = (i + 1) % 12
    before = dump(session)
    with pytest.raises(OperationError, match="roll on the tables again"):
        session.apply(ChartRegion(0, 0, rolls=(PlannedRoll("t", "T", 12, wrong, "x"),)))
    assert dump(session) == before


# -- editing ------------------------------------------------------------------------------------


def test_edit_region_replaces_the_frozen_entry(session: Session) -> None:
    chart(session, 0, 0, "Old")
    old = session.campaign.map.regions[0]
    session.apply(EditRegion(0, 0, title="New", gm_notes="Secret door", visited=True))
    new = session.campaign.map.regions[0]
    assert new is not old and old.title == "Old"
    assert (new.title, new.gm_notes, new.visited) == ("New", "Secret door", True)
    assert "Secret door" not in session.campaign.journal[-1].text
    with pytest.raises(OperationError, match="Nothing to change"):
        session.apply(EditRegion(0, 0, title="New"))
    with pytest.raises(OperationError, match="not charted"):
        session.apply(EditRegion(9, 9, title="x"))


def test_append_note_and_gm_note(session: Session) -> None:
    chart(session, 0, 0, notes="First line")
    session.apply(AppendRegionNote(0, 0, "Fog rolls in"))
    session.apply(AppendRegionNote(0, 0, "The ferryman lies", gm=True))
    region = session.campaign.map.regions[0]
    assert region.notes.endswith("\nFog rolls in")
    assert region.gm_notes == "The ferryman lies"
    assert "ferryman" not in session.campaign.journal[-1].text
    with pytest.raises(OperationError, match="nothing to add"):
        session.apply(AppendRegionNote(0, 0, "  "))


def test_risk_set_and_steps_stay_in_bounds(session: Session) -> None:
    chart(session, 0, 0)
    session.apply(SetRegionRisk(0, 0, 5))
    with pytest.raises(OperationError, match="already at its highest"):
        session.apply(StepRegionRisk(0, 0, 1))
    with pytest.raises(OperationError, match="between 0 and 5"):
        session.apply(SetRegionRisk(0, 0, 6))
    session.apply(StepRegionRisk(0, 0, -1))
    assert session.campaign.map.regions[0].risk == 4
    assert "Risk stepped down: 5 → 4" in session.campaign.journal[-1].text
    session.apply(SetRegionRisk(0, 0, 0))
    with pytest.raises(OperationError, match="already at its lowest"):
        session.apply(StepRegionRisk(0, 0, -1))
    session.undo()
    assert session.campaign.map.regions[0].risk == 4


def test_hide_and_show(session: Session) -> None:
    chart(session, 0, 0)
    session.apply(SetRegionHidden(0, 0, True))
    assert session.campaign.map.regions[0].hidden
    with pytest.raises(OperationError, match="already hidden"):
        session.apply(SetRegionHidden(0, 0, True))
    session.apply(SetRegionHidden(0, 0, False))
    assert not session.campaign.map.regions[0].hidden


def test_delete_region_and_undo(session: Session) -> None:
    chart(session, 0, 0, "Gone")
    before = dump(session)
    session.apply(DeleteRegion(0, 0))
    assert session.campaign.map.regions == []
    assert "Region 1 (Gone) was removed" in session.campaign.journal[-1].text
    session.undo()
    assert dump(session) == before


# -- travel -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "days"), [("foot", 5), ("mounted", 3), ("rowing", 2), ("sailing", 2)]
)
def test_travel_adds_days_by_mode(session: Session, mode: str, days: int) -> None:
    session.apply(MoveParty(0, 0))
    path = tuple((h.q, h.r) for h in straight_path(Hex(0, 0), Hex(5, 0)))
    result = session.apply(Travel(path, mode))
    assert isinstance(result, TravelResult)
    assert result.days == days and result.hexes == 5 and result.miles == 30
    assert session.campaign.map.days == days
    party = session.campaign.map.party
    assert party is not None and (party.q, party.r) == (5, 0)
    session.undo()
    assert session.campaign.map.days == 0


def test_travel_marks_charted_hexes_visited_and_lists_uncharted(session: Session) -> None:
    session.apply(MoveParty(0, 0))
    chart(session, 1, 0, "Passed through")
    chart(session, 3, 0, "Arrival")
    result = session.apply(Travel(((1, 0), (2, 0), (3, 0))))
    assert result.uncharted == ((2, 0),)
    assert session.campaign.map.region_at(1, 0).visited  # type: ignore[union-attr]
    assert session.campaign.map.region_at(3, 0).visited  # type: ignore[union-attr]
    assert "to region 2 (Arrival)" in session.campaign.journal[-1].text


def test_travel_refusals(session: Session) -> None:
    with pytest.raises(OperationError, match="drop the d20 first"):
        session.apply(Travel(((1, 0),)))
    session.apply(MoveParty(0, 0))
    with pytest.raises(OperationError, match="not next to"):
        session.apply(Travel(((2, 0),)))
    with pytest.raises(OperationError, match="not a way to travel"):
        session.apply(Travel(((1, 0),), "flying"))
    with pytest.raises(OperationError, match="Choose where"):
        session.apply(Travel(()))
    with pytest.raises(OperationError, match="already there"):
        session.apply(MoveParty(0, 0))


def test_straight_path_steps_through_neighbours() -> None:
    path = straight_path(Hex(0, 0), Hex(4, -7))
    assert len(path) == 7
    prev = Hex(0, 0)
    for h in path:
        assert prev.distance(h) == 1
        prev = h
    assert path[-1] == Hex(4, -7)


# -- orientation and tables ---------------------------------------------------------------------


def test_orientation_option(session: Session) -> None:
    session.apply(SetOrientation("flat"))
    assert session.campaign.map.orientation == "flat"
    with pytest.raises(OperationError, match="already flat"):
        session.apply(SetOrientation("flat"))
    session.undo()
    assert session.campaign.map.orientation == "pointy"


AXIAL = st.integers(min_value=-2000, max_value=2000)


@given(q=AXIAL, r=AXIAL, q2=AXIAL, r2=AXIAL)
def test_turning_the_grid_keeps_distances_and_neighbours(q: int, r: int, q2: int, r2: int) -> None:
    a, b = Hex(q, r), Hex(q2, r2)
    fa, fb = Hex(*pointy_to_flat(q, r)), Hex(*pointy_to_flat(q2, r2))
    assert fa.distance(fb) == a.distance(b)
    assert {Hex(*pointy_to_flat(n.q, n.r)) for n in a.neighbours()} == set(fa.neighbours())
    assert flat_to_pointy(*pointy_to_flat(q, r)) == (q, r)
    assert pointy_to_flat(*flat_to_pointy(q, r)) == (q, r)
    pb, pa = Hex(*flat_to_pointy(q2, r2)), Hex(*flat_to_pointy(q, r))
    assert pa.distance(pb) == a.distance(b)


@given(q=AXIAL, r=AXIAL)
def test_turning_the_grid_is_a_rotation_by_30_degrees(q: int, r: int) -> None:
    # The same place on the map: the flat-topped centre is the pointy-topped one turned by 30
    # degrees about hex (0, 0), so shapes are kept (no mirroring, no shearing).
    x, y = Layout(Orientation.POINTY, 1.0).to_point(Hex(q, r))
    fx, fy = Layout(Orientation.FLAT, 1.0).to_point(Hex(*pointy_to_flat(q, r)))
    c, s = math.cos(math.radians(-30)), math.sin(math.radians(-30))
    assert fx == pytest.approx(c * x - s * y, abs=1e-6)
    assert fy == pytest.approx(s * x + c * y, abs=1e-6)


def test_set_orientation_turns_regions_and_party_and_undo_is_exact(session: Session) -> None:
    session.apply(MoveParty(0, 0))
    hexes = [(0, 0), (1, 0), (2, -1), (-3, 2), (4, 4)]
    for q, r in hexes:
        chart(session, q, r, f"At {q},{r}")
    session.apply(MoveParty(2, -1))
    before = dump(session)
    shape = {(a, b): Hex(*a).distance(Hex(*b)) for a in hexes for b in hexes}
    session.apply(SetOrientation("flat"))
    m = session.campaign.map
    turned = {(reg.q, reg.r): reg.title for reg in m.regions}
    assert turned == {pointy_to_flat(q, r): f"At {q},{r}" for q, r in hexes}
    assert m.party is not None and (m.party.q, m.party.r) == pointy_to_flat(2, -1)
    moved = {k: pointy_to_flat(*k) for k in hexes}
    assert {(a, b): Hex(*moved[a]).distance(Hex(*moved[b])) for a in hexes for b in hexes} == shape
    session.undo()
    assert dump(session) == before
    session.redo()
    session.apply(SetOrientation("pointy"))
    after = dump(session)
    assert after["map"] == before["map"]  # turned there and back: the very same map


def test_set_orientation_refuses_to_push_regions_off_the_map(session: Session) -> None:
    session.apply(MoveParty(COORD_LIMIT, COORD_LIMIT - 1))
    before = dump(session)
    with pytest.raises(OperationError, match="beyond the edge"):
        session.apply(SetOrientation("flat"))
    assert dump(session) == before


def test_risk_goes_up_to_the_campaigns_risk_max() -> None:
    campaign = new_campaign("Wide risks", rng=random.Random(3))
    campaign.play.options = campaign.play.options.replace(risk_max=20)
    session = Session(campaign)
    chart(session, 0, 0)
    session.apply(SetRegionRisk(0, 0, 12))
    session.apply(StepRegionRisk(0, 0, 8))
    assert session.campaign.map.regions[0].risk == 20
    with pytest.raises(OperationError, match="already at its highest"):
        session.apply(StepRegionRisk(0, 0, 1))
    with pytest.raises(OperationError, match="between 0 and 20"):
        session.apply(SetRegionRisk(0, 0, 21))


def test_roll_on_table_uses_the_campaign_generator(session: Session) -> None:
    entries = tuple(f"omen {i}" for i in range(16))
    twin = random.Random()
    twin.setstate(session.rng.getstate())
    roll = session.apply(RollOnTable("omens", "Omens", entries))
    assert roll.result == entries[twin.randrange(16)]
    assert session.campaign.journal[-1].kind == "table"
    assert session.campaign.journal[-1].details["result"] == roll.result
    state = session.rng.getstate()
    session.undo()
    assert session.rng.getstate() != state
    with pytest.raises(OperationError, match="no entries"):
        session.apply(RollOnTable("empty", "Empty", ()))
