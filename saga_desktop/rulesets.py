"""The games that ship with Saga Desktop, as a plug-in list: one package per layer each.

This is the one place a new game is named (as a package's ``pyproject`` entry points would name
it); the core's registries read the module names here and import them on first use, so the core
itself imports no game (and a registry asked for one game imports only that game's package). A
game's model package registers its :class:`~saga_desktop.model.ruleset.Ruleset`, its interface
package its :class:`~saga_desktop.ui.registry.RulesetUi`; its rules package (standard library
only) is imported by those two.
"""

from __future__ import annotations

GAME_IDS: tuple[str, ...] = ("songs-and-sagas", "resonance", "dice-pool")
"""The shipped games' ruleset ids, in the order of the packages below: a start with a Songs & Sagas
campaign imports no other game."""

MODEL_PACKAGES: tuple[str, ...] = (
    "saga_desktop.model.songs",
    "saga_desktop.model.resonance",
    "saga_desktop.model.dicepool",
)
"""Model packages of the shipped games, in the order *File › New campaign* offers them."""

UI_PACKAGES: tuple[str, ...] = (
    "saga_desktop.ui.songs",
    "saga_desktop.ui.resonance",
    "saga_desktop.ui.dicepool",
)
"""Interface packages of the shipped games."""
