"""The hosted table over a real session: seats, views, requests, patches, hostile players."""

from __future__ import annotations

from typing import Any

import pytest

from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.campaign import EditCampaign
from saga_desktop.model.ops.characters import AcceptCharacter, EditCharacter, RemoveCharacter
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import (
    ChartRegion,
    DeleteRegion,
    EditRegion,
    MoveParty,
    SetRegionHidden,
    SetRegionRisk,
    Travel,
)
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.prompts import PromptRoll
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import RequestAnswered
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.table import SessionTable
from saga_desktop.rules import songs
from tests.network.harness import CODE, GM_CODE, Loopback

SECRET = "the-lighthouse-keeper-is-the-gate-7c1"


class Game:
    """A sample session hosted over the loopback with a GM seat and the two players' seats.

    The GM has sent a Heart trial to each character: 1 to Astrid (pc1), 2 to Ivar (pc2).
    """

    def __init__(self) -> None:
        self.session: Session = build_sample()
        for character in ("pc1", "pc2"):
            self.session.apply(PromptRoll(character, songs.Attribute.HEART, 12))
        self.table = SessionTable(self.session)
        self.sent: list[tuple[str | None, bytes]] = []
        tap = lambda conn, seat, data: self.sent.append((seat, data))  # noqa: E731
        self.host = HostProtocol(self.table, CODE, GM_CODE, tap=tap)
        self.table.attach(self.host.publish)
        self.net = Loopback(self.host)
        self.table.on_actions = self.net.run
        self.gm = self.net.connect("gm", self.client("Gunn", GM_CODE, "gm"))
        self.ren = self.net.connect("ren", self.client("Ren"))
        self.sam = self.net.connect("sam", self.client("Sam"))

    def client(self, name: str, code: Any = CODE, role: Any = "player") -> ClientProtocol:
        v = self.table.versions()
        return ClientProtocol(code, v.app_version, dict(v.rulesets), name, role)

    def ask(self, who: str, op: dict[str, Any]) -> RequestAnswered:
        request_id = self.net.request(who, op)
        answers = [
            e
            for e in self.net.links[who].events
            if isinstance(e, RequestAnswered) and e.request_id == request_id
        ]
        assert len(answers) == 1
        return answers[0]

    def assert_in_step(self) -> None:
        """Every client's patched view equals a view built from scratch for its seat."""
        viewers = {"gm": Viewer.GM, "ren": Viewer.player("pc1"), "sam": Viewer.player("pc2")}
        for who, viewer in viewers.items():
            assert self.net.links[who].client.view == self.table.build_view(viewer), who


TRIAL = {"kind": "songs.RollPrompt", "prompt": 1}


def test_each_seat_sees_its_own_view_keyed_by_id() -> None:
    game = Game()
    view = game.ren.client.view
    assert view is not None
    assert set(view["characters"]) == {"pc1", "pc2"}
    assert all("," in key for key in view["map"]["regions"])
    assert set(view["piles"]) >= {"draw", "discard", "hand:pc1", "hand:pc2"}
    assert game.gm.client.view is not None and game.gm.client.view["viewer"] == "gm"
    game.assert_in_step()


def test_a_player_rolls_for_their_own_character_and_everyone_sees_it() -> None:
    game = Game()
    before = len(game.sam.client.view["journal"])
    assert game.ask("ren", TRIAL).ok
    assert game.session.campaign.journal[-1].character == "pc1"
    assert len(game.sam.client.view["journal"]) == before + 1
    assert game.sam.client.view["play"]["pending"]["character_id"] == "pc1"
    answer = game.ask("ren", {"kind": "songs.ResolveTrial"})
    assert answer.ok, answer.message
    assert game.gm.client.view["play"]["pending"] is None
    game.assert_in_step()


@pytest.mark.parametrize(
    ("op", "says"),
    [
        ({**TRIAL, "prompt": 2}, "another player's character"),
        ({"kind": "songs.BeginTrial", "character": "pc1", "attribute": "heart"}, "Only the GM"),
        ({"kind": "core.EditCampaign", "name": "Mine", "description": ""}, "Only the GM"),
        ({"kind": "core.MoveParty", "q": 1, "r": 0}, "Only the GM"),
        ({"kind": "songs.NoSuchThing"}, "not an operation this app knows"),
        ({**TRIAL, "sneaky": True}, "'sneaky' is not a field"),
        ({**TRIAL, "op": "core.EditCampaign"}, "'kind' is not a field"),
        ({"op": "core.EditCampaign", "name": "Mine", "description": ""}, "Only the GM"),
        ({"op": "songs.RollPrompt", "prompt": 2}, "another player's character"),
        (
            {"op": "songs.BeginTrial", "character": "pc1", "attribute": "heart", "kind": "fate"},
            "GM",
        ),
        ({"op": "songs.Rest", "character": "pc1", "kind": "long"}, "Only the GM"),
        ({"op": "songs.RollPrompt", "prompt": 1, "d20": 20}, "did not ask for physical dice"),
        ({**TRIAL, "prompt": "one"}, "prompt"),
        ({"kind": "core.AddCharacter", "name": "X", "player": "Sam"}, "name you (Ren)"),
        ({"kind": "songs.ResilienceTrial", "dr": 12, "risk": 1}, "character: Field required"),
        ({**TRIAL, "burns": 7}, "burns"),
        ({**TRIAL, "d20": 20}, "did not ask for physical dice"),
        (
            {
                **TRIAL,
                "burns": [
                    {"kind": "come_prepared", "card": {"rank": 1, "suit": "H"}, "dr_reduction": 5}
                ],
            },
            "Only the GM sets dr reduction",
        ),
        (
            {
                **TRIAL,
                "burns": [{"kind": "aid_an_ally", "card": {"rank": 1, "suit": "H"}, "by": "pc2"}],
            },
            "your own",
        ),
        (
            {
                "kind": "core.AddCharacter",
                "name": "X",
                "player": "Ren",
                "sheet": {"ruleset": "songs-and-sagas"},
            },
            "ready-made",
        ),
        ({"kind": "songs.CreationMove", "player": "Sam", "move": "reveal"}, "name you (Ren)"),
        (
            {"kind": "songs.FinishCreation", "player": "Ren", "name": "X", "weapon": "Axe"},
            "goes to the GM for approval",
        ),
        ({"kind": "core.AcceptCharacter", "character": "pc1"}, "Only the GM"),
        ({"kind": "songs.Attack", "character": "pc1", "target": "e1"}, "someone you can see"),
        ({"kind": "songs.ResolveDefence", "take_damage": False}, "Only the GM"),
    ],
)
def test_hostile_requests_are_refused_and_change_nothing(op: dict[str, Any], says: str) -> None:
    game = Game()
    revision, seats = game.session.revision, game.host.seats()
    answer = game.ask("ren", op)
    assert not answer.ok and says in answer.message
    assert game.session.revision == revision
    assert game.host.seats() == seats  # no patch went to anyone


def test_settling_another_players_roll_is_refused() -> None:
    game = Game()
    assert game.ask("ren", TRIAL).ok
    answer = game.ask("sam", {"kind": "songs.ResolveTrial"})
    assert not answer.ok and "another player's" in answer.message
    assert game.session.campaign.play.model_dump()["pending"] is not None


def test_a_new_character_of_their_own_joins_their_seat() -> None:
    game = Game()
    op = {"kind": "songs.QuickCharacter", "name": "Bryn", "weapon": "axe", "player": "ren"}
    assert "goes to the GM for approval" in game.ask("ren", op).message
    answer = game.ask("ren", {**op, "submit": True})
    assert answer.ok, answer.message
    new = next(c for c in game.session.campaign.characters if c.name == "Bryn")
    viewers = {"gm": Viewer.GM, "ren": Viewer.player("pc1", new.id), "sam": Viewer.player("pc2")}
    for who, viewer in viewers.items():
        assert game.net.links[who].client.view == game.table.build_view(viewer)
    assert game.ren.client.view["characters"][new.id]["status"] == "submitted"


def test_a_character_waiting_for_the_gm_takes_no_part_in_play() -> None:
    game = Game()
    op = {"kind": "songs.QuickCharacter", "name": "Bryn", "player": "Ren", "submit": True}
    assert game.ask("ren", op).ok
    new = next(c for c in game.session.campaign.characters if c.name == "Bryn")
    with pytest.raises(OperationError, match="waits for the GM's approval"):
        game.session.apply(PromptRoll(new.id, songs.Attribute.HEART))  # not even the GM's
    answer = game.ask("ren", {"kind": "songs.OwlInsight", "character": new.id, "card": "AS"})
    assert not answer.ok and "waits for the GM's approval" in answer.message
    mine = {**op, "replaces": "pc1"}  # a character already at the table is not remade
    assert "already plays" in game.ask("ren", mine).message
    theirs = {**op, "player": "Ren", "replaces": "pc2"}
    assert "your own" in game.ask("ren", theirs).message
    game.session.apply(AcceptCharacter(new.id))
    game.session.apply(PromptRoll(new.id, songs.Attribute.HEART))
    prompt = game.session.campaign.play.model_dump(mode="json")["prompts"][-1]["id"]
    assert game.ask("ren", {"kind": "songs.RollPrompt", "prompt": prompt}).ok


def test_a_gm_secret_never_reaches_a_player_and_undo_reaches_everyone() -> None:
    game = Game()
    q, r = game.session.campaign.map.regions[0].q, game.session.campaign.map.regions[0].r
    game.session.apply(EditRegion(q, r, gm_notes=f"GM only: {SECRET}"))
    game.session.apply(AddNote(f"My note: {SECRET}"))
    hidden = game.session.campaign.map.regions[1]
    game.session.apply(SetRegionHidden(hidden.q, hidden.r, True))
    game.session.apply(EditRegion(hidden.q, hidden.r, terrain="glass"))
    game.session.apply(MoveParty(q, r))
    game.assert_in_step()
    assert f"{hidden.q},{hidden.r}" not in game.ren.client.view["map"]["regions"]
    players = {"seat2", "seat3", None}
    assert not any(SECRET.encode() in data for seat, data in game.sent if seat in players)
    assert any(SECRET.encode() in data for seat, data in game.sent if seat == "seat1")
    for _ in range(5):
        assert game.session.undo()
        game.assert_in_step()
    assert game.session.redo()
    game.assert_in_step()


def test_renaming_a_characters_player_moves_it_between_seats() -> None:
    game = Game()
    game.session.apply(EditCharacter("pc2", player="Ren"))
    viewers = {"ren": Viewer.player("pc1", "pc2"), "sam": Viewer.player()}
    for who, viewer in viewers.items():
        assert game.net.links[who].client.view == game.table.build_view(viewer)
    assert not game.ask("sam", {**TRIAL, "prompt": 2}).ok
    assert game.ask("ren", {**TRIAL, "prompt": 2}).ok


def test_the_title_of_a_hidden_region_is_not_journalled_for_players() -> None:
    game = Game()
    hidden = game.session.campaign.map.regions[1]
    game.session.apply(SetRegionHidden(hidden.q, hidden.r, True))
    game.session.apply(EditRegion(hidden.q, hidden.r, title=SECRET))
    assert not any(SECRET.encode() in data for seat, data in game.sent if seat != "seat1")


def test_every_seat_stays_in_step_through_a_session_of_changes_undo_and_redo() -> None:
    game = Game()
    steps = [
        ChartRegion(7, 0, title="Salt flats", gm_notes=SECRET),
        Travel(((7, 0),)),
        DeleteRegion(4, -1),
        SetRegionRisk(5, 0, 4),
        RemoveCharacter("pc2"),
        EditCampaign("The Broken Coast", "Renamed."),
    ]
    for step in steps:
        game.session.apply(step)
        _in_step(game, sam_owns=() if isinstance(step, RemoveCharacter) else ("pc2",))
    assert game.ask("ren", TRIAL).ok
    for _ in range(len(steps) + 1):
        assert game.session.undo()
        _in_step(game, sam_owns=("pc2",))
    for _ in range(3):
        assert game.session.redo()
        _in_step(game, sam_owns=("pc2",))
    assert not any(SECRET.encode() in data for seat, data in game.sent if seat != "seat1")


def _in_step(game: Game, sam_owns: tuple[str, ...]) -> None:
    viewers = {"gm": Viewer.GM, "ren": Viewer.player("pc1"), "sam": Viewer.player(*sam_owns)}
    for who, viewer in viewers.items():
        assert game.net.links[who].client.view == game.table.build_view(viewer), who
