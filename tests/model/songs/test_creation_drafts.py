"""A player makes a character step by step: the host plays each step on the real table."""

from __future__ import annotations

import pytest

from saga_desktop.model.operation import OperationError
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.drafts import CreationMove, FinishCreation, SetDraftAside
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs


def test_each_step_is_played_on_the_real_deck_and_kept_until_the_character_is_named() -> None:
    s: Session = build_sample()
    discard = len(table_of(s.campaign).discard)
    with pytest.raises(OperationError, match="Reveal the attribute cards first"):
        s.apply(CreationMove("Kari", "roll_vanori"))
    s.apply(CreationMove("Kari", "reveal"))
    assert len(table_of(s.campaign).discard) == discard + 4  # revealed, as at the table
    draft = s.campaign.play.drafts["Kari"]  # type: ignore[attr-defined]
    draw = songs.AttributeDraw.from_data(draft.draw)
    s.apply(CreationMove("kari", "redraw", attribute="heart"))  # names match without case
    s.apply(CreationMove("Kari", "redraw", attribute="strength"))
    with pytest.raises(OperationError, match="Only 2 attributes"):
        s.apply(CreationMove("Kari", "redraw", attribute="dexterity"))
    after = songs.AttributeDraw.from_data(s.campaign.play.drafts["Kari"].draw)  # type: ignore[attr-defined]
    assert after.card_for(songs.Attribute.DEXTERITY) == draw.card_for(songs.Attribute.DEXTERITY)
    s.apply(CreationMove("Kari", "roll_vanori"))
    with pytest.raises(OperationError, match="already rolled"):
        s.apply(CreationMove("Kari", "roll_vanori"))
    s.apply(CreationMove("Kari", "choose_vanori", vanori="owl"))
    with pytest.raises(OperationError, match="Roll max resilience first"):
        s.apply(FinishCreation("Kari", "Sigrun", "Spear", submit=True))
    s.apply(CreationMove("Kari", "roll_resilience"))
    s.apply(CreationMove("Kari", "reroll_resilience"))
    with pytest.raises(OperationError):
        s.apply(CreationMove("Kari", "reroll_resilience"))  # once only
    record = s.apply(FinishCreation("Kari", "Sigrun", "Spear", submit=True))
    sigrun = s.campaign.character(record.character.id)
    assert (sigrun.status, sigrun.player, sigrun.sheet.vanori) == ("submitted", "Kari", "owl")  # type: ignore[attr-defined]
    assert s.campaign.play.drafts == {}  # type: ignore[attr-defined]
    assert s.undo()
    assert "Kari" in s.campaign.play.drafts  # type: ignore[attr-defined]


def test_a_draft_set_aside_leaves_its_cards_in_the_discard() -> None:
    s: Session = build_sample()
    s.apply(CreationMove("Kari", "reveal"))
    discard = list(table_of(s.campaign).discard)
    s.apply(SetDraftAside("Kari"))
    assert s.campaign.play.drafts == {} and list(table_of(s.campaign).discard) == discard  # type: ignore[attr-defined]
    with pytest.raises(OperationError, match="no character in the making"):
        s.apply(FinishCreation("Kari", "Sigrun", "Spear"))
