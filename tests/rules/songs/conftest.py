from __future__ import annotations

import random

import pytest

from saga_desktop.rules.songs.deck import TableDeck


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1234)


@pytest.fixture
def deck(rng: random.Random) -> TableDeck:
    return TableDeck.new(rng, ["hero", "ally"])
