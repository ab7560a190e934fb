"""Tests of the Resonance interface.

The registries list games in the order they were imported; load the shipped ones first (in
the plug-in list's order) so importing this game's modules directly cannot reorder them.
"""

from saga_desktop.model.registry import rulesets
from saga_desktop.ui.registry import playable

list(rulesets())
list(playable())
