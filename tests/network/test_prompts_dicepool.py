"""Prompted dice-pool checks through the hosted table, without sockets: the host rolls, the
seat's typed view carries the prompt and the odds, and every request is checked against the seat."""

from __future__ import annotations

from typing import Any

import pytest

from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.odds import check_pool_preview, check_preview
from saga_desktop.model.dicepool.ops.checks import AssistSpec, CancelPrompt, PromptCheck
from saga_desktop.model.dicepool.seat import prompts_for
from saga_desktop.model.ops.characters import EditCharacter
from saga_desktop.model.seat_model import SeatModel
from saga_desktop.model.session import Session
from saga_desktop.network.table import SessionTable
from tests.model.dicepool.conftest import party_session


class Table:
    """Mara (pc1) is Ren's, Bren (pc2) is Sam's; a GM seat and both players' seats."""

    def __init__(self) -> None:
        self.session: Session = party_session()
        self.session.apply(EditCharacter("pc1", player="Ren"))
        self.session.apply(EditCharacter("pc2", player="Sam"))
        self.table = SessionTable(self.session)
        self.gm = self.table.add_seat("Gunn", "gm")
        self.ren = self.table.add_seat("Ren", "player")
        self.sam = self.table.add_seat("Sam", "player")

    def ask(self, seat: str, op: dict[str, Any]) -> str | None:
        refused = self.table.handle_request(seat, op)
        return None if refused is None else say(refused)  # words, worded as the seat does

    def seen_by(self, seat: str, name: str) -> SeatModel:
        """The seat's view as its app holds it: a typed campaign."""
        return SeatModel(self.table.view_for(seat), name)

    def play(self) -> dict[str, Any]:
        return self.session.campaign.play.model_dump(mode="json")


@pytest.fixture
def t() -> Table:
    return Table()


def _resolve(number: int, **fields: Any) -> dict[str, Any]:
    return {"kind": "dicepool.ResolvePrompt", "prompt": number, **fields}


def test_the_player_rolls_the_check_the_gm_sent_and_sees_its_exact_odds(t: Table) -> None:
    assert t.session.apply(PromptCheck("pc1", "ref", "Survival", "skill", 4, "Climb")) == 1
    ren = t.seen_by(t.ren, "Ren")
    view: Campaign = ren.campaign
    (prompt,) = prompts_for(view, ren.viewer)
    assert (prompt.cl, prompt.reason) == (4, "Climb")
    assist = AssistSpec("pc2", "int", "Lore")
    for helpers in ((), (assist,)):
        host = check_preview(t.session.campaign, "pc1", "ref", "Survival", "skill", 4, helpers)
        assert check_preview(view, "pc1", "ref", "Survival", "skill", 4, helpers) == host
    journal = len(t.session.campaign.journal)
    request = _resolve(1, assists=[{"helper": "pc2", "attribute": "int", "trait": "Lore"}])
    assert t.ask(t.ren, request) is None
    play = t.play()
    assert play["prompts"] == [] and play["check"]["roller_name"] == "Mara"
    assert len(play["check"]["assists"]) == 1
    assert len(t.session.campaign.journal) == journal + 1
    ren = t.seen_by(t.ren, "Ren")
    assert prompts_for(ren.campaign, ren.viewer) == []
    assert t.table.view_for(t.sam)["play"]["check"] == play["check"]  # every seat sees it
    t.session.undo()
    assert [p["id"] for p in t.play()["prompts"]] == [1]  # the prompt waits again


def test_requests_that_are_not_the_seats_are_refused_and_change_nothing(t: Table) -> None:
    t.session.apply(PromptCheck("pc1", "ref", "Survival", "skill", 3))
    before = t.session.export().model_dump(mode="json")
    refusals = {
        "another's prompt": t.ask(t.sam, _resolve(1)),
        "no such prompt": t.ask(t.ren, _resolve(9)),
        "a bad number": t.ask(t.ren, _resolve("1")),  # type: ignore[arg-type]
        "typed dice": t.ask(t.ren, _resolve(1, faces=[6, 6, 6, 6, 6])),
        "typed assist dice": t.ask(
            t.ren, _resolve(1, assists=[{"helper": "pc2", "attribute": "int", "faces": [6]}])
        ),
        "prompting": t.ask(
            t.ren, {"kind": "dicepool.PromptCheck", "character": "pc1", "attribute": "str"}
        ),
        "cancelling": t.ask(t.ren, {"kind": "dicepool.CancelPrompt", "prompt": 1}),
        "rolling unprompted": t.ask(
            t.ren, {"kind": "dicepool.RollCheck", "character": "pc1", "attribute": "str"}
        ),
    }
    assert all(refusals.values()), refusals
    assert "another player's" in str(refusals["another's prompt"])
    assert "no longer waiting" in str(refusals["no such prompt"])
    assert "physical dice" in str(refusals["typed dice"])
    assert t.session.export().model_dump(mode="json") == before


def test_physical_dice_are_typed_by_the_player_only_when_the_gm_asked(t: Table) -> None:
    t.session.apply(PromptCheck("pc1", "ref", "Survival", "skill", 3, physical=True))
    size = check_pool_preview(t.session.campaign, "pc1", "ref", "Survival").size
    bad = t.ask(t.ren, _resolve(1, faces=[6] * (size + 1)))
    assert bad is not None and "faces" in bad and t.play()["prompts"]
    assert t.ask(t.ren, _resolve(1, faces=[6] * size)) is None
    check = t.play()["check"]
    assert check["roll"]["faces"] == [6] * size and check["roll"]["physical"]


def test_a_cancelled_or_removed_prompt_cannot_be_rolled(t: Table) -> None:
    t.session.apply(PromptCheck("pc1", "ref", "Survival", "skill", 3))
    t.session.apply(CancelPrompt(1))
    assert "no longer waiting" in str(t.ask(t.ren, _resolve(1)))
