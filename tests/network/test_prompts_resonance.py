"""Prompted Resonance checks through the hosted table, without sockets: the GM sets the stat and
the DC, the host draws from the character's deck, the player plays a card and orders the rest.

A seat reads its view as a typed campaign (:class:`SeatModel`): the odds its check panel shows
are the model's own preview over that campaign, equal to the host's."""

from __future__ import annotations

from typing import Any

import pytest

from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.ops.characters import RemoveCharacter
from saga_desktop.model.resonance.access import pending_of
from saga_desktop.model.resonance.ops.checks import BeginCheck
from saga_desktop.model.resonance.ops.contests import BeginGroup, BeginOpposed
from saga_desktop.model.resonance.ops.odds import preview_check
from saga_desktop.model.resonance.ops.prompts import CancelPromptedCheck, PromptCheck
from saga_desktop.model.resonance.sample import sample_campaign
from saga_desktop.model.resonance.state import ResonancePrompt, play_of
from saga_desktop.model.seat_model import SeatModel
from saga_desktop.model.session import Session
from saga_desktop.network.table import SessionTable
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import Card

BODY, MIND = resonance.Stat.BODY, resonance.Stat.MIND


class Table:
    """Wren (pc1) is Ren's, Oskar (pc2) is Sam's; an adversary npc1."""

    def __init__(self) -> None:
        self.session = Session(sample_campaign())
        self.table = SessionTable(self.session)
        self.gm = self.table.add_seat("Gunn", "gm")
        self.ren = self.table.add_seat("Ren", "player")
        self.sam = self.table.add_seat("Sam", "player")

    def ask(self, seat: str, op: dict[str, Any]) -> str | None:
        refused = self.table.handle_request(seat, op)
        return None if refused is None else say(refused)  # words, worded as the seat does

    def play(self) -> dict[str, Any]:
        return self.session.campaign.play.model_dump(mode="json")

    def dump(self) -> dict[str, Any]:
        return self.session.export().model_dump(mode="json")

    def seen(self, seat: str, name: str) -> Campaign:
        """The campaign as the seat's window has it."""
        return SeatModel(self.table.view_for(seat), name).campaign


def prompts(campaign: Campaign, character: str) -> list[ResonancePrompt]:
    return [p for p in play_of(campaign).prompts if p.character == character]


def odds(campaign: Campaign, p: ResonancePrompt) -> resonance.CheckOdds:
    """The odds the seat's check panel counts for a prompt (as its setup previews it)."""
    return preview_check(campaign, BeginCheck(p.character, p.stat, p.dc or 0, p.adversary,
                                              p.defence))  # fmt: skip


@pytest.fixture
def t() -> Table:
    return Table()


def test_the_player_draws_the_gms_check_with_exact_odds_and_plays_their_card(t: Table) -> None:
    assert t.session.apply(PromptCheck("pc1", BODY, 9, reason="Climb the cliff")) == 1
    t.session.apply(PromptCheck("pc2", MIND, adversary="npc1", defence="resolve"))
    ren = t.seen(t.ren, "Ren")
    (prompt,) = prompts(ren, "pc1")
    assert (prompt.dc, prompt.reason) == (9, "Climb the cliff")
    host = preview_check(t.session.campaign, BeginCheck("pc1", BODY, 9))
    assert odds(ren, prompt) == host
    assert ren.piles["deck:pc1"] != t.session.campaign.piles["deck:pc1"]  # the order is secret
    sam = t.seen(t.sam, "Sam")
    (foe_prompt,) = prompts(sam, "pc2")
    foe_host = preview_check(t.session.campaign, BeginCheck("pc2", MIND, None, "npc1", "resolve"))
    assert odds(sam, foe_prompt) == foe_host
    assert t.ask(t.ren, {"kind": "resonance.DrawPrompt", "prompt": 1}) is None
    pending = pending_of(t.seen(t.ren, "Ren"))
    assert isinstance(pending, resonance.PendingCheck) and pending.draw.character_id == "pc1"
    assert [p["id"] for p in t.play()["prompts"]] == [2]
    card, *rest = pending.draw.cards
    as_data = [{"rank": int(c.rank), "suit": c.suit.value} for c in (card, *reversed(rest))]
    refusal = t.ask(t.sam, {"kind": "resonance.PlayCard", "card": as_data[0]})
    assert refusal is not None and "another player's" in refusal
    request = {"kind": "resonance.PlayCard", "card": as_data[0], "order": as_data[1:]}
    assert t.ask(t.ren, request) is None
    assert t.play()["pending"] is None
    assert t.session.campaign.journal[-1].kind == "check"
    assert t.session.campaign.piles["fatigue:pc1"][-1] == card.code
    t.session.undo()
    t.session.undo()
    assert [p["id"] for p in t.play()["prompts"]] == [1, 2]  # undo brings the prompt back


def test_requests_that_are_not_the_seats_are_refused_and_change_nothing(t: Table) -> None:
    t.session.apply(PromptCheck("pc1", BODY, 9))
    before = t.dump()
    refusals = {
        "another's prompt": t.ask(t.sam, {"kind": "resonance.DrawPrompt", "prompt": 1}),
        "no such prompt": t.ask(t.ren, {"kind": "resonance.DrawPrompt", "prompt": 5}),
        "an unprompted check": t.ask(
            t.ren, {"kind": "resonance.BeginCheck", "character": "pc1", "stat": "body", "dc": 2}
        ),
        "prompting": t.ask(
            t.ren, {"kind": "resonance.PromptCheck", "character": "pc1", "stat": "body"}
        ),
        "cancelling": t.ask(t.ren, {"kind": "resonance.CancelPromptedCheck", "prompt": 1}),
        "playing with nothing drawn": t.ask(t.ren, {"kind": "resonance.PlayCard", "card": None}),
    }
    assert all(refusals.values()), refusals
    assert t.dump() == before


def test_cancelled_and_removed_prompts_go(t: Table) -> None:
    t.session.apply(PromptCheck("pc1", BODY, 9))
    t.session.apply(PromptCheck("pc2", BODY, 9))
    t.session.apply(CancelPromptedCheck(1))
    t.session.apply(RemoveCharacter("pc2"))
    assert t.play()["prompts"] == []
    assert "no longer waiting" in str(t.ask(t.ren, {"kind": "resonance.DrawPrompt", "prompt": 1}))


def card_data(card: Card) -> dict[str, Any]:
    return {"rank": int(card.rank), "suit": card.suit.value}


def test_each_seat_plays_its_own_side_of_an_opposed_check_in_secret(t: Table) -> None:
    pending = t.session.apply(BeginOpposed("pc1", BODY, "pc2", MIND))
    ren_card, sam_card = card_data(pending.first.cards[0]), card_data(pending.second.cards[0])
    before = t.dump()
    refusal = t.ask(t.sam, {"kind": "resonance.PlayOpposed", "character": "pc1", "card": ren_card})
    assert refusal is not None and "your own characters" in refusal
    assert t.dump() == before
    assert (
        t.ask(t.ren, {"kind": "resonance.PlayOpposed", "character": "pc1", "card": ren_card})
        is None
    )
    assert play_of(t.seen(t.sam, "Sam")).choices["pc1"].card is None  # Sam sees it is in, no more
    assert play_of(t.seen(t.ren, "Ren")).choices["pc1"].card == pending.first.cards[0].code
    assert (
        t.ask(t.sam, {"kind": "resonance.PlayOpposed", "character": "pc2", "card": sam_card})
        is None
    )
    assert t.play()["pending"] is None and t.session.campaign.journal[-1].kind == "opposed"


def test_each_seat_plays_its_own_card_of_a_group_check(t: Table) -> None:
    pending = t.session.apply(BeginGroup(("pc1", "pc2"), BODY, dc=9))
    ren_card, sam_card = (card_data(d.cards[0]) for d in pending.draws)
    ask = {"kind": "resonance.PlayGroupCard"}
    before = t.dump()
    refusal = t.ask(t.ren, {**ask, "character": "pc2", "card": sam_card})
    assert refusal is not None and "your own characters" in refusal
    plays = {"pc1": ren_card, "pc2": sam_card}
    assert t.ask(t.ren, {"kind": "resonance.PlayGroup", "plays": plays}) is not None
    assert t.dump() == before
    assert t.ask(t.ren, {**ask, "character": "pc1", "card": ren_card}) is None
    assert play_of(t.seen(t.sam, "Sam")).choices["pc1"].card == pending.draws[0].cards[0].code
    assert t.ask(t.sam, {**ask, "character": "pc2", "card": sam_card}) is None
    assert t.play()["pending"] is None and t.session.campaign.journal[-1].kind == "group"
