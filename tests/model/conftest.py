from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.session import Session


class StepClock:
    """A deterministic clock: one second later at every reading."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def make_session(seed: int = 7) -> Session:
    campaign = new_campaign(
        "Test saga", rng=random.Random(seed), now=datetime(2026, 1, 1, tzinfo=UTC)
    )
    return Session(campaign, clock=StepClock())


@pytest.fixture
def session() -> Session:
    return make_session()
