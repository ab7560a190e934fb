"""Step-by-step upgrades of older campaign files.

``STEPS[n]`` turns the ``campaign`` object of a version-``n`` file into a version-``n + 1`` one.
Rule: a change to the saved shape that is not an added field with a default adds a step here, a
golden file in ``tests/data/`` and one to ``FORMAT_VERSION``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Migration = Callable[[dict[str, Any]], dict[str, Any]]

STEPS: dict[int, Migration] = {}


def migrate(campaign: dict[str, Any], from_version: int, to_version: int) -> dict[str, Any]:
    """Apply every step from ``from_version`` up to ``to_version``."""
    for version in range(from_version, to_version):
        campaign = STEPS[version](campaign)
    return campaign
