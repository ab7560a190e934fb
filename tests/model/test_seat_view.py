"""Reading a seat's view takes nothing on trust: bad parts read as absent or as a plain error."""

from __future__ import annotations

import pytest

from saga_desktop.model.operation import OperationError
from saga_desktop.model.seat_view import (
    view_character_data,
    view_pending_record,
    view_play_as,
    view_prompts_as,
)
from saga_desktop.model.songs.state import SongsPlay, SongsPrompt, read_pending

GOOD = {"id": 1, "character": "pc1", "attribute": "heart", "dr": 12, "kind": "trial", "risk": 2}


def test_prompts_for_my_characters_only_and_a_malformed_one_skipped() -> None:
    other = dict(GOOD, id=2, character="pc2")
    bad = dict(GOOD, id=3, dr="twelve")
    view = {"play": {"prompts": [GOOD, other, bad, "junk"]}}
    assert [p.id for p in view_prompts_as(view, ["pc1"], SongsPrompt)] == [1]
    assert [p.id for p in view_prompts_as(view, ["pc1", "pc2"], SongsPrompt)] == [1, 2]
    for broken in ({}, {"play": None}, {"play": {"prompts": "x"}}):
        assert view_prompts_as(broken, ["pc1"], SongsPrompt) == []


def test_a_character_not_at_the_table_and_a_play_state_that_did_not_come_whole() -> None:
    view = {"characters": {"pc1": {"name": "Astrid"}}, "play": {"ruleset": "dice-pool"}}
    assert view_character_data(view, "pc1") == {"name": "Astrid"}
    for who, v in (("pc2", view), ("pc1", {"characters": []}), ("pc1", {})):
        with pytest.raises(OperationError, match="not at the table"):
            view_character_data(v, who)
    with pytest.raises(OperationError, match="did not arrive whole"):
        view_play_as(view, SongsPlay)
    assert view_play_as({"play": {"ruleset": "songs-and-sagas"}}, SongsPlay).prompts == []


def test_a_waiting_roll_that_is_missing_or_malformed_reads_as_none() -> None:
    for view in ({}, {"play": {}}, {"play": {"pending": None}}, {"play": {"pending": {"x": 1}}}):
        assert view_pending_record(view, read_pending) is None
