"""``saga-desktop --check FILE``: validate a campaign file without Qt, in one line."""

from __future__ import annotations

from pathlib import Path

from saga_desktop.storage import load_campaign
from saga_desktop.storage.errors import CampaignFileError, Problem


def check_file(path: Path) -> tuple[int, str]:
    """Exit code and the one line to print: 0 OK, 1 a bad file, 2 a path that cannot be read."""
    try:
        result = load_campaign(path)
    except CampaignFileError as exc:
        code = 2 if exc.problem is Problem.UNREADABLE else 1
        return code, f"{'UNREADABLE' if code == 2 else 'BAD'}: {path.name}: {exc}"
    except Exception as exc:  # never a traceback on the command line
        return 1, f"BAD: {path.name}: unexpected problem ({type(exc).__name__}: {exc})"
    c = result.campaign
    return (
        0,
        f"OK: {c.name} ({c.ruleset}, {len(c.map.regions)} regions, {len(c.characters)} characters)",
    )
