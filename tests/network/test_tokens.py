"""Tokens over the network: per-token patches, hidden tokens never sent, players move their own."""

from __future__ import annotations

from typing import Any

from saga_desktop.model.ops.tokens import MoveToken, PlaceToken, SetTokenHidden
from saga_desktop.network.messages import Change
from tests.network.test_table import Game


def _game() -> tuple[Game, list[dict[str, list[Change]]]]:
    game = Game()
    s = game.session
    s.apply(PlaceToken("character", 0, 0, character="pc1"))  # t1: Ren's
    s.apply(PlaceToken("character", 1, 0, character="pc2"))  # t2: Sam's
    s.apply(PlaceToken("enemy", 2, 0, name="Glass wolf", hidden=True))  # t3: the GM's secret
    published: list[dict[str, list[Change]]] = []
    publish = game.host.publish

    def tap(by_seat: dict[str, list[Change]]) -> Any:
        published.append(by_seat)
        return publish(by_seat)

    game.table.attach(tap)
    return game, published


def _tokens(game: Game, who: str) -> dict[str, Any]:
    view = game.net.links[who].client.view
    assert view is not None
    tokens: dict[str, Any] = view["map"]["tokens"]
    return tokens


def test_players_see_shown_tokens_only_and_a_move_is_one_change_per_token() -> None:
    game, published = _game()
    assert set(_tokens(game, "gm")) == {"t1", "t2", "t3"}
    assert set(_tokens(game, "ren")) == set(_tokens(game, "sam")) == {"t1", "t2"}
    game.session.apply(MoveToken("t2", 3, -1))
    changes = published[-1]
    paths = {tuple(c.path) for seat in changes.values() for c in seat}
    assert {p for p in paths if p[0] != "history"} == {("map", "tokens", "t2")}
    assert (_tokens(game, "ren")["t2"]["q"], _tokens(game, "ren")["t2"]["r"]) == (3, -1)
    game.session.apply(MoveToken("t3", 5, 5))  # the hidden token: nothing reaches the players
    player_seats = [sid for sid in published[-1] if game.table._seats[sid].role != "gm"]
    assert all(published[-1][sid] == [] for sid in player_seats)
    game.assert_in_step()


def test_hiding_and_showing_a_token_removes_and_adds_it_for_players() -> None:
    game, _published = _game()
    game.session.apply(SetTokenHidden("t1"))
    assert "t1" not in _tokens(game, "ren") and "t1" in _tokens(game, "gm")
    game.session.apply(SetTokenHidden("t3", hidden=False))
    assert _tokens(game, "sam")["t3"]["name"] == "Glass wolf"
    game.session.undo()
    game.session.undo()
    assert set(_tokens(game, "ren")) == {"t1", "t2"}
    game.assert_in_step()
    text = str(game.net.links["ren"].client.view)
    assert "Glass wolf" not in text


def test_a_player_moves_their_own_token_through_the_host() -> None:
    game, _published = _game()
    answer = game.ask("ren", {"kind": "core.MoveToken", "token": "t1", "q": 0, "r": 1})
    assert answer.ok, answer.message
    assert game.session.campaign.map.token("t1") is not None
    assert (_tokens(game, "sam")["t1"]["q"], _tokens(game, "sam")["t1"]["r"]) == (0, 1)
    game.assert_in_step()


def test_a_player_cannot_move_anothers_token_a_hidden_one_or_use_gm_fields() -> None:
    game, _published = _game()
    before = game.session.campaign.model_dump()
    cases = [
        ({"kind": "core.MoveToken", "token": "t2", "q": 4, "r": 4}, "your own characters"),
        ({"kind": "core.MoveToken", "token": "t3", "q": 4, "r": 4}, "no such token"),
        ({"kind": "core.MoveToken", "token": "t99", "q": 4, "r": 4}, "no such token"),
        ({"kind": "core.MoveToken", "token": "t1", "q": 4, "r": 4, "hidden": False}, "not a field"),
        ({"kind": "core.SetTokenHidden", "token": "t1", "hidden": False}, "Only the GM"),
        ({"kind": "core.PlaceToken", "category": "enemy", "q": 0, "r": 0}, "Only the GM"),
        ({"kind": "core.EditToken", "token": "t1", "name": "Mine"}, "Only the GM"),
        ({"kind": "core.RemoveToken", "token": "t3"}, "Only the GM"),
    ]
    for op, message in cases:
        answer = game.ask("ren", op)
        assert not answer.ok and message in answer.message, (op, answer.message)
    hidden = game.ask("ren", {"kind": "core.MoveToken", "token": "t3", "q": 4, "r": 4}).message
    missing = game.ask("ren", {"kind": "core.MoveToken", "token": "t99", "q": 4, "r": 4}).message
    assert hidden == missing, "a hidden token is refused exactly as one that does not exist"
    assert game.session.campaign.model_dump() == before
    game.assert_in_step()
