"""The Enemies dock: stat blocks of the campaign's enemies and mobs (``SongsPlay.enemies``).

:class:`EnemiesDock` (object name ``enemies``) lists every enemy with its resilience, damage and
armor, and edits the selected one; every change is an operation of
:mod:`saga_desktop.model.songs.ops.enemies`, journaled and undoable. Ready examples come from
``resources/enemies/examples.json``. The sheets feature installs the dock.
"""

from saga_desktop.ui.songs.enemies.dock import EnemiesDock

__all__ = ["EnemiesDock"]
