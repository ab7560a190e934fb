"""The seat's typed campaign: after every step it equals what the visibility functions give.

A GM seat and six players follow the sample session through seeded actions, drops and
reconnects (the many-seats test's table); each seat keeps its view as a
:class:`~saga_desktop.model.seat_model.SeatModel`, and after every step each joined seat's
typed campaign, seen through :func:`view_for`, equals the host campaign's view for that seat. The
GM seat's change reports name the same aspects, regions, characters and tokens as the host's.
"""

from __future__ import annotations

from typing import Any

import pytest

from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.seat_model import UNKNOWN_CARD, SeatModel, SeatViewError
from saga_desktop.model.visibility import CampaignView, view_for, visible_piles
from saga_desktop.network.client_events import ViewChanged
from saga_desktop.network.messages import Change
from saga_desktop.network.table import SessionTable
from tests.network.test_many_seats import PLAYERS, Table

COMPARED = Aspect.CHARACTERS | Aspect.REGIONS | Aspect.TOKENS | Aspect.PLAY | Aspect.TABLE


def typed(view: CampaignView) -> CampaignView:
    """A view with the map's regions and tokens in one order (a seat adds what it is shown last)."""
    regions = sorted(view.map.regions, key=lambda r: (r.q, r.r))
    tokens = sorted(view.map.tokens, key=lambda t: t.id)
    return view.model_copy(
        update={"map": view.map.model_copy(update={"regions": regions, "tokens": tokens})}
    )


class TypedTable(Table):
    """The many-seats table, every seat following its view as a typed campaign."""

    def __init__(self, seed: int, log_size: int) -> None:
        self.models: dict[str, SeatModel] = {}
        self.reports: dict[str, list[Changes]] = {}
        self.host_reports: list[Changes] = []
        self._read: dict[int, int] = {}
        super().__init__(seed, log_size)
        self.session.subscribe(self.host_reports.append)

    def follow(self) -> None:
        for conn, link in self.net.links.items():
            name = "Gunn" if conn == "gm" else conn.partition("#")[0]
            start = self._read.get(id(link), 0)
            for event in link.events[start:]:
                if not isinstance(event, ViewChanged):
                    continue
                model = self.models.get(name)
                if model is None:
                    self.models[name] = SeatModel(event.view, name)
                    continue
                report = model.follow(event.view, event.changes, event.revision)
                self.reports.setdefault(name, []).append(report)
            self._read[id(link)] = len(link.events)

    def check(self) -> None:
        """Every joined seat's typed campaign is the host's, as that seat may see it."""
        self.follow()
        for name, model in self.models.items():
            conn = "gm" if name == "Gunn" else self.conn[name]
            link = self.net.links[conn]
            if not (link.open and link.client.joined):
                continue
            viewer = Viewer.GM if name == "Gunn" else Viewer.player(*self.owned(name))
            assert model.viewer == viewer, name
            seen = typed(view_for(model.campaign, viewer))
            assert seen == typed(view_for(self.session.campaign, viewer)), name


@pytest.mark.parametrize("seed", [2026, 7, 99])
def test_every_seat_holds_the_typed_view_after_every_step(seed: int) -> None:
    table = TypedTable(seed, log_size=16)
    for _ in range(150):
        table.step()
        table.check()
    table.settle()
    table.check()
    assert set(table.models) == {"Gunn", *PLAYERS}


def test_the_gm_seat_reports_what_the_host_session_reports() -> None:
    table = TypedTable(11, log_size=256)
    table.follow()
    for _ in range(200):
        before = len(table.host_reports)
        table.step()
        if not table.net.links["gm"].open:
            continue
        table.follow()
        new = table.host_reports[before:]
        seat = table.reports.get("Gunn", [])[-len(new) :] if new else []
        for host, mine in zip(new, seat, strict=True):
            assert host.aspects & COMPARED == mine.aspects & COMPARED, host.label
            if host.regions:
                assert mine.regions == host.regions, host.label
            if host.tokens:
                assert mine.tokens == host.tokens, host.label
            if host.characters and mine.characters:
                assert mine.characters <= host.characters, host.label


def test_a_face_down_pile_holds_what_the_seat_can_tell_of_it() -> None:
    table = TypedTable(3, log_size=16)
    table.follow()
    host = table.session.campaign
    assert host.piles["hand:pc2"]  # Songs hands lie face up: every seat can tell the draw pile
    for seat in ("Ren", "Gunn"):
        piles = table.models[seat].campaign.piles
        assert sorted(piles["draw"]) == sorted(host.piles["draw"])
        assert piles["draw"] != host.piles["draw"]  # but never in the pile's order
        assert all(piles[n] == host.piles[n] for n in host.piles if n != "draw")
    # Two unseen piles of one deck (a hand kept hidden): a count of unknown cards in each.
    view = SessionTable(table.session).build_view(Viewer.player("pc1"))
    view["piles"] = {**view["piles"], "hand:pc2": {**view["piles"]["hand:pc2"], "cards": None}}
    piles = SeatModel(view, "Ren").campaign.piles
    assert piles["draw"] == [UNKNOWN_CARD] * len(host.piles["draw"])
    assert piles["hand:pc2"] == [UNKNOWN_CARD] * len(host.piles["hand:pc2"])
    assert any(p.cards is None and p.count for p in visible_piles(host, Viewer.TABLE))


def test_a_sheet_the_rules_cannot_read_is_refused_and_the_model_is_kept() -> None:
    table = TypedTable(5, log_size=16)
    table.follow()
    model = table.models["Ren"]
    before = typed(view_for(model.campaign, Viewer.TABLE))
    cid = model.campaign.characters[0].id
    bad: dict[str, Any] = {**model.view}
    chars = dict(bad["characters"])
    chars[cid] = {**chars[cid], "sheet": {**chars[cid]["sheet"], "heart": "lots"}}
    bad["characters"] = chars
    with pytest.raises(SeatViewError, match=cid):
        model.follow(bad, [Change(op="set", path=["characters", cid], value=chars[cid])])
    assert typed(view_for(model.campaign, Viewer.TABLE)) == before
    assert model.view is not bad


def test_a_whole_view_gives_a_load_report() -> None:
    table = TypedTable(1, log_size=16)
    table.follow()
    model = table.models["Gunn"]
    campaign = model.campaign
    report = model.follow(SessionTable(table.session).build_view(Viewer.GM), None, 9)
    assert report.aspects == Aspect.ALL and report.revision == 9
    assert model.campaign is campaign  # the windows keep the campaign they hold


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_each_games_sample_reads_as_a_typed_campaign_for_every_seat(game: str) -> None:
    from saga_desktop.model.registry import find_ruleset
    from saga_desktop.model.session import Session

    session = Session(find_ruleset(game).sample_campaign())
    table = SessionTable(session)
    campaign = session.campaign
    for viewer in (Viewer.GM, Viewer.player(campaign.characters[0].id), Viewer.player()):
        model = SeatModel(table.build_view(viewer), campaign.characters[0].player)
        assert typed(view_for(model.campaign, viewer)) == typed(view_for(campaign, viewer))
        assert type(model.campaign.play) is type(campaign.play)
        assert [type(c.sheet) for c in model.campaign.characters] == [
            type(c.sheet) for c in campaign.characters
        ]
