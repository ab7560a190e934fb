"""Making new campaigns."""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime

from saga_desktop.i18n.words import refusal, words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.registry import UnknownRulesetError, find_ruleset
from saga_desktop.model.session import rng_state

DEFAULT_RULESET = "songs-and-sagas"


def new_campaign(
    name: str,
    description: str = "",
    ruleset: str = DEFAULT_RULESET,
    *,
    rng: random.Random | None = None,
    now: datetime | None = None,
) -> Campaign:
    """A fresh campaign of a registered ruleset, with its own random generator.

    Pass ``rng`` (e.g. ``random.Random(7)``) for a reproducible campaign; otherwise the generator
    is seeded from the operating system. The ruleset makes its play state and its piles of cards
    (a shuffled deck, say) from that generator.
    """
    try:
        game = find_ruleset(ruleset)
    except UnknownRulesetError as exc:
        raise OperationError(words("Cannot make the campaign: {exc}", exc=refusal(exc))) from None
    rng = rng or random.Random()
    piles = game.new_piles(rng)
    play = game.new_play(rng)
    now = now or datetime.now(UTC)
    return Campaign.model_validate(
        {
            "id": uuid.uuid4().hex,
            "name": name,
            "description": description,
            "ruleset": game.id,
            "created": now,
            "modified": now,
            "rng": rng_state(rng).model_dump(),
            "piles": piles,
            "play": play,
        }
    )
