"""Saga Desktop: a desktop table for card-and-dice hexcrawl roleplaying games."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

APP_NAME = "Saga Desktop"
ORG_NAME = "Saga Desktop"
_DIST = "saga_desktop"


@cache
def app_version() -> str:
    """The installed version, from the package metadata (pyproject's ``version``).

    Reads the ``.dist-info`` folder's name directly: ``importlib.metadata`` costs tens of
    milliseconds at start-up, which players feel.
    """
    for entry in sys.path:
        folder = Path(entry or ".")
        try:
            found = sorted(folder.glob(f"{_DIST}-*.dist-info"))
        except OSError:
            continue
        if found:
            return found[-1].name[len(_DIST) + 1 : -len(".dist-info")]
    try:
        from importlib.metadata import version

        return version("saga-desktop")
    except Exception:  # metadata missing (an unusual bundle): say so rather than guess
        return "unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return app_version()
    raise AttributeError(name)
