"""A new copy of a shipped campaign gets its own luck: a fresh generator, face-down piles shuffled.

A sample campaign is a file shipped with the app, generator state and deck order included, so
that it loads the same everywhere. Opened as a new campaign, each copy must not roll the same
first d20 nor reveal the same first card as every other copy: :func:`fresh_luck` seeds the
campaign's one generator anew (from the system's entropy) and shuffles every face-down pile
(whose order nobody may know) with it. The cards in each pile stay the same cards.
"""

from __future__ import annotations

import random

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Face
from saga_desktop.model.session import rng_state


def fresh_luck(campaign: Campaign, rng: random.Random | None = None) -> None:
    """Give ``campaign`` a generator of its own (``rng``, else a new one seeded by the system)."""
    rng = rng or random.Random()
    for spec in find_ruleset(campaign.ruleset).piles(campaign):
        pile = campaign.piles.get(spec.name)
        if spec.face is Face.DOWN and pile:
            rng.shuffle(pile)
    campaign.rng = rng_state(rng)
