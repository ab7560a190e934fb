"""Prompted checks of every game live in the campaign: saved and loaded whole, refused when they
name nobody, and their operations survive the recovery log's plain data."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from saga_desktop.model.dicepool.ops.checks import PromptCheck as PoolPrompt
from saga_desktop.model.operation import Operation, operation_from_data, operation_to_data
from saga_desktop.model.resonance.ops.prompts import DrawPrompt
from saga_desktop.model.resonance.ops.prompts import PromptCheck as ResonancePrompt
from saga_desktop.model.resonance.sample import sample_campaign as resonance_sample
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.prompts import PromptRoll, RollPrompt
from saga_desktop.model.songs.ops.rolls import BurnChoice
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.rules import resonance, songs
from saga_desktop.rules.cards import Card
from saga_desktop.storage import CampaignFileError, decode, encode
from tests.model.dicepool.conftest import party_session

GAMES: dict[str, tuple[Callable[[], Session], Operation]] = {
    "dice-pool": (party_session, PoolPrompt("pc1", "ref", "Survival", "skill", 4, "Ford", True)),
    "songs": (
        build_sample,
        PromptRoll("pc2", songs.Attribute.HEART, 15, reason="Calm", physical=True),
    ),
    "resonance": (
        lambda: Session(resonance_sample()),
        ResonancePrompt("pc1", resonance.Stat.MIND, None, "npc1", "resolve", "Out-think"),
    ),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_prompts_are_saved_and_loaded_whole(game: str) -> None:
    make, prompt = GAMES[game]
    session = make()
    assert session.apply(prompt) == 1
    saved = session.export()
    loaded, _version = decode(encode(saved))
    assert loaded.play.model_dump() == saved.play.model_dump()
    assert len(loaded.play.prompts) == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_file_whose_prompt_names_nobody_is_refused(game: str) -> None:
    make, prompt = GAMES[game]
    session = make()
    session.apply(prompt)
    data = json.loads(encode(session.export()))
    data["campaign"]["play"]["prompts"][0]["character"] = "pc99"
    with pytest.raises(CampaignFileError, match="prompts"):
        decode(json.dumps(data).encode())


@pytest.mark.parametrize(
    "op",
    [
        *(prompt for _make, prompt in GAMES.values()),
        RollPrompt(1, (BurnChoice(songs.BurnKind.CALL_THE_GODS, Card.from_code("AH")),), d20=7),
        DrawPrompt(3),
    ],
)
def test_prompt_operations_are_plain_data(op: Operation) -> None:
    data = operation_to_data(op)
    assert operation_from_data(json.loads(json.dumps(data))) == op
