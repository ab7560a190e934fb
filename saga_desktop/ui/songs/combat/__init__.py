"""The combat panel: initiative, each turn's attacks and defences, consequences, morale, the end.

Installing it (the main window's part)::

    from saga_desktop.ui.songs.combat import install_combat

    feature = install_combat(window, window.bridge)

``install_combat(window, bridge) -> CombatFeature``:

* adds the Combat dock (objectName ``combat``, a :class:`CombatDock` holding a
  :class:`CombatPanel`, made when the dock is first shown or asked for) through
  ``window.add_dock`` when the window has one (so it gets a View-menu toggle), else
  ``addDockWidget``; it is ``feature.dock``;
* adds to ``window.menu("&Play")`` (when the window has ``menu``) the actions in
  ``feature.actions``: ``show`` (Ctrl+Shift+F, open the panel), ``end_turn`` and ``end_combat``.

The panel shows the party and the campaign's enemies, starts a fight (the initiative card sets
the group order), sets up each roll with its exact odds (success, natural 1 and 20, the damage
die's chances and the expected damage, or for a defence the chance of being dropped to 0),
settles it (card kept or XP, Turn the Table, burns after the roll, the Bear's d4, the damage die
shown stepping up or down with the reason), offers consequences as buttons (a damaged weapon or
armor, a condition, an enemy's damaged gear, the Wolf's and Raven's gifts), morale checks, the
resilience trial at 0 and tending wounds, and ends the fight. Every change is an operation of
:mod:`saga_desktop.model.songs.ops.combat`, journaled and undoable. ``feature.panel.applied`` is
emitted with each operation's result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saga_desktop.ui.songs.combat.feature import CombatDock, CombatFeature, install_combat

if TYPE_CHECKING:
    from saga_desktop.ui.songs.combat.dock import CombatPanel

__all__ = ["CombatDock", "CombatFeature", "CombatPanel", "install_combat"]


def __getattr__(name: str) -> object:
    # The panel is imported when first asked for: at start the Combat dock is tabbed behind others.
    if name == "CombatPanel":
        from saga_desktop.ui.songs.combat.dock import CombatPanel

        return CombatPanel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
