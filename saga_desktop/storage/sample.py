"""Rebuild the shipped sample campaigns: ``python -m saga_desktop.storage.sample [FOLDER]``.

Every registered ruleset with a sample (``Ruleset.sample_file``) has its campaign played through
real operations and written to ``resources/sample/`` (or the folder given).
"""

from __future__ import annotations

import sys
from pathlib import Path

from saga_desktop.model.registry import rulesets
from saga_desktop.resources import resource
from saga_desktop.storage.atomic import atomic_write
from saga_desktop.storage.codec import encode


def main(argv: list[str]) -> int:
    """Write every ruleset's sample campaign."""
    folder = Path(argv[1]) if len(argv) > 1 else resource("sample")
    folder.mkdir(parents=True, exist_ok=True)
    for game in rulesets():
        campaign = game.sample_campaign()
        if game.sample_file is None or campaign is None:
            continue
        atomic_write(folder / game.sample_file, encode(campaign))
        sys.stdout.write(f"wrote {game.sample_file}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
