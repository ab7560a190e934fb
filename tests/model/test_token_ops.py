"""Tokens on the map: place, move, edit, hide, remove; undo; refusals; in every game."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from saga_desktop.i18n.words import english
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.characters import AddCharacter, RemoveCharacter
from saga_desktop.model.ops.map import SetOrientation, pointy_to_flat
from saga_desktop.model.ops.tokens import (
    EditToken,
    MoveToken,
    PlaceToken,
    RemoveToken,
    SetTokenHidden,
)
from saga_desktop.model.registry import rulesets
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.types import COORD_LIMIT
from saga_desktop.model.visibility import visible_journal
from saga_desktop.storage import CampaignFileError, decode, encode
from tests.model.conftest import StepClock

GAMES = sorted(g.id for g in rulesets())


def _session(game: str) -> Session:
    campaign = new_campaign(
        "Tokens", ruleset=game, rng=random.Random(3), now=datetime(2026, 1, 1, tzinfo=UTC)
    )
    return Session(campaign, clock=StepClock())


@pytest.fixture(params=GAMES)
def session(request: pytest.FixtureRequest) -> Session:
    return _session(request.param)


def _hero(session: Session) -> str:
    cid: str = session.apply(AddCharacter("Brand", player="Ann"))
    return cid


def test_place_move_edit_hide_remove_and_undo_each(session: Session) -> None:
    cid = _hero(session)
    reports: list[Changes] = []
    session.subscribe(reports.append)
    tid = session.apply(PlaceToken("character", 1, 2, character=cid))
    token = session.campaign.map.token(tid)
    assert token is not None and (token.q, token.r, token.character) == (1, 2, cid)
    assert reports[-1].tokens == {tid} and Aspect.TOKENS in reports[-1]
    assert session.campaign.journal[-1].text == "Brand is placed in hex (1, 2)."
    start = session.campaign.model_dump()
    lines = len(session.campaign.journal)
    session.apply(MoveToken(tid, 2, 2))
    assert len(session.campaign.journal) == lines, "a move writes no journal line"
    assert english(session.undo_label or "") == "Move token" and reports[-1].tokens == {tid}
    session.apply(EditToken(tid, name="Brand the Bold", colour="#112233"))
    session.apply(SetTokenHidden(tid))
    session.apply(RemoveToken(tid))
    assert session.campaign.map.tokens == []
    for _ in range(4):
        assert session.undo()
        assert reports[-1].cause is Cause.UNDO and reports[-1].tokens == {tid}
    assert session.campaign.model_dump() == start


def test_refusals_change_nothing(session: Session) -> None:
    cid = _hero(session)
    tid = session.apply(PlaceToken("enemy", 0, 0, name="Wolf"))
    before = session.campaign.model_dump()
    refusals = [
        (MoveToken("t99", 1, 1), "no such token"),
        (MoveToken(tid, COORD_LIMIT + 1, 0), "beyond the edge"),
        (MoveToken(tid, 0, 0), "already there"),
        (PlaceToken("character", 0, 0, character="nobody"), "not in this campaign"),
        (PlaceToken("character", 0, 0), "which character"),
        (PlaceToken("enemy", 0, 0, character=cid), "Only a character token"),
        (PlaceToken("marker", 0, 0, colour="red"), "#rrggbb"),
        (PlaceToken("marker", 0, 0, name="two\nlines"), "one line"),
        (EditToken(tid, name="Wolf"), "Nothing to change"),
        (SetTokenHidden(tid, hidden=False), "already shown"),
        (RemoveToken("t99"), "no such token"),
    ]
    for op, message in refusals:
        with pytest.raises(OperationError, match=message):
            session.apply(op)
    session.apply(PlaceToken("character", 3, 3, character=cid))
    with pytest.raises(OperationError, match="already has a token"):
        session.apply(PlaceToken("character", 4, 4, character=cid))
    session.undo()
    assert session.campaign.model_dump() == before


def test_a_character_leaving_takes_their_token_and_undo_brings_both_back(
    session: Session,
) -> None:
    cid = _hero(session)
    tid = session.apply(PlaceToken("character", 1, 1, character=cid))
    with_token = session.campaign.model_dump()
    session.apply(RemoveCharacter(cid))
    assert session.campaign.map.token(tid) is None
    assert "Their token leaves the map." in session.campaign.journal[-1].text
    session.undo()
    assert session.campaign.model_dump() == with_token


def test_a_hidden_token_is_journaled_for_the_gm_only(session: Session) -> None:
    def read() -> list[str]:
        return [e.said for e in visible_journal(session.campaign, Viewer.TABLE)]

    session.apply(PlaceToken("enemy", 0, 0, name="Ambush", hidden=True))
    assert not any("Ambush" in line for line in read())
    session.apply(SetTokenHidden("t1", hidden=False))
    assert sum("Ambush" in line for line in read()) == 2  # shown: its lines follow it
    session.apply(SetTokenHidden("t1"))
    assert not any("Ambush" in line for line in read())  # hidden again: every line too
    session.apply(RemoveToken("t1"))
    session.apply(PlaceToken("marker", 1, 1, name="Well"))  # the id t1 is given again
    assert read() == ["Well is placed in hex (1, 1)."]


def test_turning_the_map_turns_the_tokens(session: Session) -> None:
    session.apply(PlaceToken("marker", 2, -1))
    session.apply(SetOrientation("flat"))
    token = session.campaign.map.token("t1")
    assert token is not None and (token.q, token.r) == pointy_to_flat(2, -1)


def test_tokens_survive_saving_and_a_bad_token_in_a_file_is_named(session: Session) -> None:
    cid = _hero(session)
    session.apply(PlaceToken("character", 1, 1, character=cid))
    session.apply(PlaceToken("enemy", 2, 2, hidden=True))
    campaign, _version = decode(encode(session.export()))
    assert campaign.map.tokens == session.campaign.map.tokens
    text = encode(session.export()).decode().replace(f'"character": "{cid}"', '"character": "gone"')
    with pytest.raises(CampaignFileError, match=r"map\.tokens\[0\]\.character"):
        decode(text.encode())
