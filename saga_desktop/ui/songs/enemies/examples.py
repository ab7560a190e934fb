"""The ready enemy stat blocks shipped in ``resources/enemies/examples.json``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from saga_desktop.model.songs.ops.enemies import EnemyStats, examples_from_data
from saga_desktop.resources import resource


@cache
def load_examples(path: Path | None = None) -> tuple[EnemyStats, ...]:
    """The examples, checked against the rules; none when the file is missing or damaged."""
    path = path or resource("enemies", "examples.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return tuple(examples_from_data(data))
    except (OSError, ValueError):
        return ()
