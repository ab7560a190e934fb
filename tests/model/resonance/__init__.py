"""Tests of the Resonance model.

The registry lists games in the order they were imported; load the shipped ones first (in the
plug-in list's order) so importing this game's modules directly cannot reorder them.
"""

from saga_desktop.model.registry import rulesets

list(rulesets())
