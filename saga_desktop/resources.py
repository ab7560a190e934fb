"""Finding the files shipped in ``resources/``: from a source checkout, a wheel or a bundle."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def resources_dir() -> Path:
    """The folder holding help, tables, icons, the schema and the sample campaign."""
    here = Path(__file__).resolve().parent
    candidates = [
        Path(getattr(sys, "_MEIPASS", "")) / "resources",  # a PyInstaller bundle
        here / "resources",  # an installed wheel
        here.parent / "resources",  # a source checkout
    ]
    for candidate in candidates:
        if (candidate / "help").is_dir():
            return candidate
    return candidates[-1]


def resource(*parts: str) -> Path:
    """A path inside the resources folder."""
    return resources_dir().joinpath(*parts)


SAMPLE_CAMPAIGN = ("sample", "the-shattered-coast.saga")
