"""The card table and the roll panel: where a session is played.

``install_table(window, bridge)`` adds two docks and the Play menu to a main window and returns
the :class:`TableFeature`:

* **Card table** (dock ``card-table``): the draw pile with its count and the red/black meter of
  what is left to draw, the discard pile (click it, or *Discard pile…*, for the viewer), the
  revealed row and one hand per character. The model changes at once; the table animates
  towards it. Every change of the cards is diffed (where each card was, where it is now) and the
  moves are played (reveal, look-up, discard, take into a hand, burn, reshuffle), so charting,
  creation or combat animate without special cases. A new change finishes a running animation
  at once. The speed lives in the Play menu, reduced motion (the window's one switch) in the
  View menu, both in QSettings (``table/animationSpeed``, ``table/reducedMotion``).
* **Roll** (dock ``roll-panel``): character, attribute, DR (9 / 12 / 15 or any), the risk of the
  party's region (overridable), trial or fate, burns (Call the Gods, Aid an Ally from another
  hand, conjure the Vanori, Come Prepared), other changes with reasons and a physical-dice mode.
  The engine's exact odds update on every change. Rolling reveals the risk cards, tumbles the
  d20, explains the outcome; the player keeps a card (red first), burns more, accepts the
  setback (XP) or turns the table, and settles.
* **Play menu**: trial roll, oracle, reaction, initiative, enemy morale, rest, Come Prepared, the
  Owl's insight, end scene, next session, the discard viewer, animation speed.
  Each action is one undoable, journaled operation (``saga_desktop.model.songs.ops.play`` and
  ``.rolls``).

Hooks for other features (see :class:`TableFeature`):

* ``feature.start_trial(character_id, attribute=None, reason=..., dr=..., kind=..., risk=...)``
  shows the roll panel set up for a character (a character at 0 resilience gets the resilience
  trial); returns False while another roll waits.
* ``feature.panel.trialSettled`` (the engine's ``TrialResult``), ``feature.panel.trialBegun``,
  ``feature.panel.rollShown`` and ``feature.animationsFinished`` signals.
* ``feature.set_animations_enabled(False)`` for tests; ``feature.scene.counts()`` for the cards
  shown in each place.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.play.feature import TableFeature

__all__ = ["TableFeature", "install_table"]


def install_table(
    window: QMainWindow, bridge: SessionBridge, settings: QSettings | None = None
) -> TableFeature:
    """Add the card table and roll panel docks and the Play menu to ``window``.

    ``settings`` defaults to the window's own ``settings`` (the main window's QSettings) when it
    has one, else the application's QSettings.
    """
    if settings is None:
        found = getattr(window, "settings", None)
        settings = found if isinstance(found, QSettings) else QSettings()
    return TableFeature(window, bridge, settings)
