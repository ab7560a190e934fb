"""The model layer's one registry of rulesets, found by id (as python-chess finds variants).

The games that ship with the app are named by module in :mod:`saga_desktop.rulesets`, not
imported: the core depends on no ruleset package (an import-linter contract says so), and each
ruleset registers itself when its module is first imported. A test, or a plug-in, calls
:func:`register` with its own.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator

from saga_desktop.model.ruleset import Ruleset
from saga_desktop.rulesets import GAME_IDS
from saga_desktop.rulesets import MODEL_PACKAGES as BUILTIN_MODULES

_RULESETS: dict[str, Ruleset] = {}
_loaded = False
_loaded_games: set[str] = set()


class UnknownRulesetError(ValueError):
    """A campaign names a ruleset this version of the app does not know."""

    def __init__(self, ruleset_id: object) -> None:
        known = ", ".join(f"{r.title} ({r.id})" for r in rulesets()) or "none"
        shown = str(ruleset_id)[:40]
        super().__init__(
            f"the '{shown}' ruleset is not one this version of Saga Desktop can play "
            f"(it plays: {known})"
        )
        self.ruleset_id = ruleset_id


def _load_builtin() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for name in BUILTIN_MODULES:
            importlib.import_module(name)


def _load_game(ruleset_id: str) -> None:
    """Import the shipped package of this one game (the others stay unloaded until asked for)."""
    if ruleset_id in GAME_IDS and ruleset_id not in _loaded_games:
        _loaded_games.add(ruleset_id)
        importlib.import_module(BUILTIN_MODULES[GAME_IDS.index(ruleset_id)])


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset (replacing one of the same id); returns it."""
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def unregister(ruleset_id: str) -> None:
    """Forget a ruleset (tests that register their own clean up with this)."""
    _RULESETS.pop(ruleset_id, None)


def find_ruleset(ruleset_id: object) -> Ruleset:
    """The ruleset of that id; :class:`UnknownRulesetError` when there is none."""
    found = _RULESETS.get(ruleset_id) if isinstance(ruleset_id, str) else None
    if found is None and isinstance(ruleset_id, str):
        _load_game(ruleset_id)
        found = _RULESETS.get(ruleset_id)
    if found is None:
        raise UnknownRulesetError(ruleset_id)
    return found


def rulesets() -> Iterator[Ruleset]:
    """Every registered ruleset: the shipped ones in the plug-in list's order, then the others.

    The order never depends on which module happened to be imported first.
    """
    _load_builtin()

    def place(game: Ruleset) -> int:
        module = type(game).__module__
        for i, name in enumerate(BUILTIN_MODULES):
            if module == name or module.startswith(name + "."):
                return i
        return len(BUILTIN_MODULES)

    return iter(sorted(_RULESETS.values(), key=place))


def ruleset_of(campaign: object) -> Ruleset:
    """The ruleset a campaign (anything with a ``ruleset`` id) plays."""
    return find_ruleset(getattr(campaign, "ruleset", None))
