"""``saga-desktop --check FILE``: validate a campaign file without Qt, in one line."""

from __future__ import annotations

from pathlib import Path

from saga_desktop.i18n import tr, trn
from saga_desktop.storage import load_campaign
from saga_desktop.storage.errors import CampaignFileError, Problem


def check_file(path: Path) -> tuple[int, str]:
    """Exit code and the one line to print: 0 OK, 1 a bad file, 2 a path that cannot be read.

    The line's first word (``OK``, ``BAD``, ``UNREADABLE``) is for scripts: it is never
    translated; the rest is in the command line's language.
    """
    try:
        result = load_campaign(path)
    except CampaignFileError as exc:
        code = 2 if exc.problem is Problem.UNREADABLE else 1
        return code, f"{'UNREADABLE' if code == 2 else 'BAD'}: {path.name}: {exc}"
    except Exception as exc:  # never a traceback on the command line
        said = tr("unexpected problem ({kind}: {detail})", kind=type(exc).__name__, detail=str(exc))
        return 1, f"BAD: {path.name}: {said}"
    c = result.campaign
    regions = trn("{n} region", "{n} regions", len(c.map.regions))
    characters = trn("{n} character", "{n} characters", len(c.characters))
    said = tr(
        "{name} ({game}, {regions}, {characters})",
        name=c.name,
        game=c.ruleset,
        regions=regions,
        characters=characters,
    )
    return 0, f"OK: {said}"
