"""Making new campaigns."""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime

from saga_desktop.model.campaign import KNOWN_RULESETS, Campaign, CardTable
from saga_desktop.model.operation import OperationError
from saga_desktop.model.session import rng_state
from saga_desktop.model.songs import SongsPlay
from saga_desktop.rules.deck import TableDeck


def new_campaign(
    name: str,
    description: str = "",
    ruleset: str = "songs-and-sagas",
    *,
    rng: random.Random | None = None,
    now: datetime | None = None,
) -> Campaign:
    """A fresh campaign with a shuffled deck and its own random generator.

    Pass ``rng`` (e.g. ``random.Random(7)``) for a reproducible campaign; otherwise the generator
    is seeded from the operating system.
    """
    if ruleset not in KNOWN_RULESETS:
        raise OperationError(f"This version cannot play the '{ruleset}' ruleset yet")
    rng = rng or random.Random()
    deck = TableDeck.new(rng)
    now = now or datetime.now(UTC)
    return Campaign.model_validate(
        {
            "id": uuid.uuid4().hex,
            "name": name,
            "description": description,
            "ruleset": ruleset,
            "created": now,
            "modified": now,
            "rng": rng_state(rng).model_dump(),
            "table": CardTable(draw=[c.code for c in deck.draw_pile]),
            "play": SongsPlay(),
        }
    )
