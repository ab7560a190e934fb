"""A region charted hidden, the lines naming a hidden region, and the d20 dropped once.

The GM may chart a region hidden from the players from the start: no view but the GM's holds
its title, not even for a moment. That a region was hidden is the GM's alone for good; what a
line says about it comes back to the players when it is shown. A window that keeps a line
(the card table's action line) asks :func:`visible_line` again and hears None the moment the
line names something hidden.
"""

from __future__ import annotations

import pytest

from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.map import ChartRegion, DropD20, SetRegionHidden
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.visibility import view_for, visible_line
from tests.model.conftest import make_session

PLAYER = Viewer.player("pc1")
TITLE = "Copperwood Hollow"


def _told(session: Session, viewer: Viewer = PLAYER) -> str:
    """Everything a viewer's view says (the view as JSON), and its journal as worded."""
    view = view_for(session.campaign, viewer)
    return view.model_dump_json() + "\n".join(e.said for e in view.journal)


def test_a_region_charted_hidden_never_reaches_a_player_until_shown() -> None:
    session = build_sample()
    session.apply(ChartRegion(20, 0, TITLE, notes="Copper leaves.", hidden=True))
    region = session.campaign.map.region_at(20, 0)
    assert region is not None and region.hidden
    for viewer in (PLAYER, Viewer.TABLE):
        assert TITLE not in _told(session, viewer), "hidden from the start"
    gm_line = session.campaign.journal[-1]
    assert TITLE in gm_line.text and "Hidden from the players" in gm_line.text
    assert TITLE in _told(session, Viewer.GM)

    session.apply(SetRegionHidden(20, 0, False))  # shown: the region and its lines come back
    told = _told(session)
    assert TITLE in told and f"Region {region.number} charted: {TITLE}" in told


def test_that_a_region_was_hidden_is_the_gms_alone_even_once_it_is_shown() -> None:
    session = build_sample()
    region = session.campaign.map.regions[1]
    session.apply(SetRegionHidden(region.q, region.r, True))
    hidden_line = session.campaign.journal[-1]
    assert "is hidden from the players" in hidden_line.text
    assert region.title not in _told(session), "every line naming it is withheld"
    session.apply(SetRegionHidden(region.q, region.r, False))
    texts = [e.said for e in view_for(session.campaign, PLAYER).journal]
    assert not any("hidden from the players" in t for t in texts)
    assert any(f"{region.title}) is shown to the players" in t for t in texts)
    assert any(region.title in t and "charted" in t for t in texts), "its old lines are back"
    gm = [e.said for e in view_for(session.campaign, Viewer.GM).journal]
    assert any("is hidden from the players" in t for t in gm)


def test_a_kept_line_asked_again_is_withheld_the_moment_its_region_is_hidden() -> None:
    session = build_sample()
    session.apply(ChartRegion(20, 0, TITLE))
    line = session.campaign.journal[-1]
    seen = visible_line(session.campaign, line.id, PLAYER)
    assert seen is not None and (seen.id, seen.said) == (line.id, line.said)
    session.apply(SetRegionHidden(20, 0, True))
    assert visible_line(session.campaign, line.id, PLAYER) is None
    assert visible_line(session.campaign, line.id, Viewer.GM) is not None
    session.apply(SetRegionHidden(20, 0, False))
    shown = visible_line(session.campaign, line.id, PLAYER)
    assert shown is not None and TITLE in shown.said
    assert visible_line(session.campaign, 10**6, PLAYER) is None, "no such line"
    session.undo()
    session.undo()
    seen = visible_line(session.campaign, line.id, PLAYER)
    assert seen is not None and (seen.id, seen.said) == (line.id, line.said), "undo follows"


def test_the_d20_is_dropped_once_and_undo_takes_the_drop_back() -> None:
    session = make_session(7)
    first = session.apply(DropD20())
    party = session.campaign.map.party
    assert party is not None and (party.q, party.r) == (first.q, first.r)
    before = session.campaign.model_dump()
    with pytest.raises(OperationError, match="dropped once"):
        session.apply(DropD20(5, 5))
    assert session.campaign.model_dump() == before, "a second drop moves nobody"
    session.undo()
    assert session.campaign.map.party is None
    again = session.apply(DropD20())
    assert (again.q, again.r, again.face) == (first.q, first.r, first.face), "the same drop"
