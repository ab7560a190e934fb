"""Rebuild the shipped sample campaign file: ``python -m saga_desktop.storage.sample [OUT]``."""

from __future__ import annotations

import sys
from pathlib import Path

from saga_desktop.model.sample import sample_campaign
from saga_desktop.resources import SAMPLE_CAMPAIGN, resource
from saga_desktop.storage.atomic import atomic_write
from saga_desktop.storage.codec import encode


def main(argv: list[str]) -> int:
    """Write the sample campaign (to the path given, or into resources/)."""
    target = Path(argv[1]) if len(argv) > 1 else resource(*SAMPLE_CAMPAIGN)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(target, encode(sample_campaign()))
    sys.stdout.write(f"wrote {target.name}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
