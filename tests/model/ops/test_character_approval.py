"""A player's character waits for the GM: accepted, or sent back and made again; all undoable."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from saga_desktop.model.dicepool.ops.cards import CardSpec
from saga_desktop.model.dicepool.ops.cards import CreateCharacter as DicePoolCreate
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.characters import AcceptCharacter, AddCharacter, SendBackCharacter
from saga_desktop.model.resonance.ops.characters import CreateCharacter as ResonanceCreate
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.creation import QuickCharacter
from tests.model.conftest import make_session


def test_a_submitted_character_is_accepted_and_undo_puts_it_back_waiting(
    session: Session,
) -> None:
    cid = session.apply(AddCharacter("Bryn", "Ren", submit=True))
    bryn = session.campaign.character(cid)
    assert bryn.status == "submitted" and not bryn.accepted
    assert "waits for the GM's approval" in session.campaign.journal[-1].text
    session.apply(AcceptCharacter(cid))
    assert session.campaign.character(cid).accepted
    assert session.campaign.journal[-1].text == "The GM accepts Bryn: they join the party."
    with pytest.raises(OperationError, match="not waiting"):
        session.apply(AcceptCharacter(cid))
    assert session.undo()
    assert session.campaign.character(cid).status == "submitted"


def test_sent_back_with_a_reason_then_made_again_in_its_place(session: Session) -> None:
    cid = session.apply(QuickCharacter("Bryn", player="Ren", submit=True))
    cid = cid.character.id
    with pytest.raises(OperationError, match="Say why"):
        session.apply(SendBackCharacter(cid, "   "))
    session.apply(SendBackCharacter(cid, "One more Raven is too many."))
    back = session.campaign.character(cid)
    assert (back.status, back.review) == ("returned", "One more Raven is too many.")
    again = session.apply(
        QuickCharacter("Bryn Axe-hand", player="Ren", vanori="bear", submit=True, replaces=cid)
    )
    assert again.character.id == cid
    names = [c.name for c in session.campaign.characters]
    assert "Bryn" not in names and "Bryn Axe-hand" in names
    assert session.campaign.character(cid).status == "submitted"
    assert any("withdrawn, to be made again" in e.text for e in session.campaign.journal)
    session.apply(AcceptCharacter(cid))
    with pytest.raises(OperationError, match="already plays"):
        session.apply(QuickCharacter("Other", player="Ren", submit=True, replaces=cid))


@pytest.mark.parametrize("game", ["resonance", "dice-pool"])
def test_each_games_creation_can_wait_for_the_gm(game: str) -> None:
    campaign = new_campaign("Approval", ruleset=game, rng=random.Random(3), now=datetime.now(UTC))
    session = Session(campaign)
    op = (
        ResonanceCreate("Vey", (3, 3, 3, 3), "Ren", submit=True)
        if game == "resonance"
        else DicePoolCreate("Vey", CardSpec(2, 2, 2), "Ren", submit=True)
    )
    cid = session.apply(op)
    assert session.campaign.character(cid).status == "submitted"
    session.apply(SendBackCharacter(cid, "Try a higher Heart."))
    remade = (
        ResonanceCreate("Vey", (4, 3, 3, 2), "Ren", submit=True, replaces=cid)
        if game == "resonance"
        else DicePoolCreate("Vey", CardSpec(3, 2, 1), "Ren", submit=True, replaces=cid)
    )
    assert session.apply(remade) == cid
    assert [c.id for c in session.campaign.characters] == [cid]
    session.apply(AcceptCharacter(cid))
    while session.undo():
        pass
    assert session.campaign.characters == []


def test_the_gm_makes_accepted_characters() -> None:
    session = make_session()
    cid = session.apply(AddCharacter("Astrid"))
    assert session.campaign.character(cid).accepted
