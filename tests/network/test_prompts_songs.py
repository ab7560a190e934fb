"""Prompted Songs & Sagas rolls through the hosted table, without sockets: the GM sets the DR and
risk, the player chooses burns and rolls, the host draws and rolls; every request is checked.

A seat reads its view as a typed campaign (:class:`SeatModel`), as the player's window does, and
counts the odds of a prompted roll on it exactly as the host rolls it."""

from __future__ import annotations

from typing import Any

import pytest

from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.ops.characters import RemoveCharacter
from saga_desktop.model.seat_model import SeatModel
from saga_desktop.model.songs.ops.prompts import CancelPromptedRoll, PromptRoll
from saga_desktop.model.songs.ops.rolls import BeginTrial, BurnChoice, pending_trial, preview_trial
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.songs.state import play_of
from saga_desktop.model.songs.table import deck_from_piles
from saga_desktop.network.table import SessionTable
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card

HEART, WITS = songs.Attribute.HEART, songs.Attribute.WILLPOWER


class Table:
    """The Shattered Coast: Astrid (pc1) is Ren's, Ivar (pc2, holding A♥) is Sam's."""

    def __init__(self) -> None:
        self.session = build_sample()
        self.table = SessionTable(self.session)
        self.gm = self.table.add_seat("Gunn", "gm")
        self.ren = self.table.add_seat("Ren", "player")
        self.sam = self.table.add_seat("Sam", "player")

    def ask(self, seat: str, op: dict[str, Any]) -> str | None:
        refused = self.table.handle_request(seat, op)
        return None if refused is None else say(refused)  # words, worded as the seat does

    def play(self) -> dict[str, Any]:
        return self.session.campaign.play.model_dump(mode="json")

    def seat(self, seat: str, name: str) -> Campaign:
        """What the seat's window reads: its view as a typed campaign."""
        return SeatModel(self.table.view_for(seat), name).campaign

    def dump(self) -> dict[str, Any]:
        return self.session.export().model_dump(mode="json")


@pytest.fixture
def t() -> Table:
    return Table()


def _roll(number: Any, **fields: Any) -> dict[str, Any]:
    return {"kind": "songs.RollPrompt", "prompt": number, **fields}


def test_the_player_rolls_the_gms_prompt_with_exact_odds_and_settles_it(t: Table) -> None:
    region_risk = t.session.campaign.map.region_at(6, 0).risk  # type: ignore[union-attr]
    assert t.session.apply(PromptRoll("pc2", HEART, 15, reason="Calm the horse")) == 1
    sam = t.seat(t.sam, "Sam")
    (prompt,) = play_of(sam).prompts
    assert (prompt.character, prompt.dr, prompt.risk) == ("pc2", 15, region_risk)
    assert prompt.reason == "Calm the horse"
    assert not [p for p in play_of(t.seat(t.ren, "Ren")).prompts if p.character == "pc1"]
    deck = deck_from_piles(sam)  # the draw pile: every card seen nowhere else, in no order
    assert deck.colour_counts() == deck_from_piles(t.session.campaign).colour_counts()
    ace = BurnChoice(songs.BurnKind.CALL_THE_GODS, Card.from_code("AH"))
    for burns in ((), (ace,)):
        op = BeginTrial("pc2", HEART, 15, risk=prompt.risk, burns=burns)
        assert preview_trial(sam, op) == preview_trial(t.session.campaign, op)
    burn = {"kind": "call_the_gods", "card": {"rank": 1, "suit": "H"}}
    assert t.ask(t.sam, _roll(1, burns=[burn])) is None
    play = t.play()
    assert play["prompts"] == [] and play["pending"]["character_id"] == "pc2"
    roll = pending_trial(t.seat(t.sam, "Sam"))
    assert roll is not None
    assert roll.base_dr == 15 and [b.card.code for b in roll.burns] == ["AH"]
    settle_with = {"kind": "songs.ResolveTrial", "consequence": "The horse bolts"}
    assert "Only the GM sets consequence" in str(t.ask(t.sam, settle_with))  # the GM's to tell
    assert t.ask(t.sam, {"kind": "songs.ResolveTrial"}) is None
    assert t.play()["pending"] is None
    t.session.undo()
    t.session.undo()
    assert [p["id"] for p in t.play()["prompts"]] == [1]  # undo brings the prompt back


def test_requests_that_are_not_the_seats_are_refused_and_change_nothing(t: Table) -> None:
    t.session.apply(PromptRoll("pc2", HEART, 12))
    before = t.dump()
    ace = {"kind": "call_the_gods", "card": {"rank": 1, "suit": "H"}}
    refusals = {
        "another's prompt": t.ask(t.ren, _roll(1)),
        "no such prompt": t.ask(t.sam, _roll(7)),
        "a typed d20": t.ask(t.sam, _roll(1, d20=20)),
        "a lowered DR": t.ask(
            t.sam, _roll(1, burns=[{**ace, "kind": "come_prepared", "dr_reduction": 5}])
        ),
        "another's card": t.ask(t.sam, _roll(1, burns=[{**ace, "by": "pc1"}])),
        "a card not in hand": t.ask(
            t.sam, _roll(1, burns=[{**ace, "card": {"rank": 2, "suit": "S"}}])
        ),
        "its own DR": t.ask(t.sam, {**_roll(1), "dr": 3}),
        "an unprompted roll": t.ask(
            t.sam, {"kind": "songs.BeginTrial", "character": "pc2", "attribute": "heart"}
        ),
        "prompting": t.ask(
            t.sam, {"kind": "songs.PromptRoll", "character": "pc2", "attribute": "heart"}
        ),
        "cancelling": t.ask(t.sam, {"kind": "songs.CancelPromptedRoll", "prompt": 1}),
    }
    assert all(refusals.values()), refusals
    assert "physical dice" in str(refusals["a typed d20"])
    assert "Only the GM" in str(refusals["an unprompted roll"])
    assert t.dump() == before


def test_a_physical_d20_is_typed_only_when_the_gm_asked(t: Table) -> None:
    t.session.apply(PromptRoll("pc2", HEART, 12, physical=True))
    assert "d20" in str(t.ask(t.sam, _roll(1, d20=21)))
    assert t.play()["prompts"]
    assert t.ask(t.sam, _roll(1, d20=17)) is None
    assert t.play()["pending"]["d20"] == 17 and t.play()["pending"]["physical"]


def test_a_second_roll_waits_until_the_first_is_settled(t: Table) -> None:
    t.session.apply(PromptRoll("pc1", WITS, 12, kind=songs.RollKind.FATE))
    t.session.apply(PromptRoll("pc2", HEART, 12))
    assert t.ask(t.ren, _roll(1)) is None
    refusal = t.ask(t.sam, _roll(2))
    assert refusal is not None and "waiting to be settled" in refusal
    assert [p["id"] for p in t.play()["prompts"]] == [2]  # still there


def test_cancelled_and_removed_prompts_go(t: Table) -> None:
    t.session.apply(PromptRoll("pc1", WITS, 12))
    t.session.apply(PromptRoll("pc2", HEART, 12))
    t.session.apply(CancelPromptedRoll(1))
    t.session.apply(RemoveCharacter("pc2"))
    assert t.play()["prompts"] == []
    assert "no longer waiting" in str(t.ask(t.ren, _roll(1)))
