"""A waiting roll can always be called off, and nothing can lock the table for good."""

from __future__ import annotations

import random

import pytest

from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.characters import RemoveCharacter
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.rolls import BeginTrial, CancelRoll, ResolveTrial
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.errors import RulesError
from saga_desktop.storage import decode, encode
from tests.model.songs.test_play_ops import party  # noqa: F401 - the fixture

S = songs.Attribute.STRENGTH


def test_cancel_discards_the_risk_cards_and_nothing_else(party: Session) -> None:  # noqa: F811
    xp = sheet_of(party.campaign.characters[0]).xp
    party.apply(BeginTrial("pc1", S, 12, risk=2, d20=3))
    revealed = list(table_of(party.campaign).revealed)
    assert len(revealed) == 2
    result = party.apply(CancelRoll())
    assert isinstance(result, songs.CancelledRoll)
    t = table_of(party.campaign)
    assert t.revealed == [] and t.discard[-2:] == revealed
    assert party.campaign.play.pending is None  # type: ignore[attr-defined]
    assert sheet_of(party.campaign.characters[0]).xp == xp
    assert "called off" in party.campaign.journal[-1].text
    with pytest.raises(OperationError, match="No roll is waiting"):
        party.apply(ResolveTrial())
    party.undo()
    assert party.campaign.play.pending is not None  # type: ignore[attr-defined]


def test_a_roller_cannot_leave_with_a_roll_waiting_but_cancel_frees_them(
    party: Session,  # noqa: F811
) -> None:
    party.apply(BeginTrial("pc1", S, 12, risk=1, d20=9))
    with pytest.raises(OperationError, match="has a roll waiting"):
        party.apply(RemoveCharacter("pc1"))
    party.apply(CancelRoll())
    party.apply(RemoveCharacter("pc1"))
    assert "pc1" not in {c.id for c in party.campaign.characters}


def test_a_roll_stuck_in_a_saved_file_can_be_cancelled_after_reopening(
    party: Session,  # noqa: F811
) -> None:
    party.apply(BeginTrial("pc2", S, 12, risk=1, d20=9))
    reopened = Session(decode(encode(party.export()))[0])
    reopened.apply(CancelRoll())
    reopened.apply(BeginTrial("pc3", S, 9, risk=0, d20=15))  # the table plays on
    assert reopened.campaign.play.pending is not None  # type: ignore[attr-defined]


def test_the_engine_refuses_to_settle_a_cancelled_roll(party: Session) -> None:  # noqa: F811
    party.apply(BeginTrial("pc1", S, 12, risk=0, d20=19))
    from saga_desktop.model.songs.access import read_pending, to_rules_character
    from saga_desktop.model.songs.ops.rolls import table_deck

    roll = read_pending(party.campaign.play.pending)  # type: ignore[attr-defined]
    party.apply(CancelRoll())
    character = to_rules_character(party.campaign.characters[0])
    with pytest.raises(RulesError, match="can no longer be settled"):
        songs.resolve_trial(roll, character, table_deck(party.campaign), random.Random(1))
