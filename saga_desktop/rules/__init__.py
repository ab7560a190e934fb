"""The rules engine: standard library only.

Shared parts live here (cards and the table deck, dice, hex geometry, probability of reveals,
plain-data records); each ruleset has its own sub-package (``songs`` for Songs & Sagas).
Randomness is always passed in as a :class:`random.Random`; illegal requests raise
:class:`~saga_desktop.rules.errors.RulesError`.
"""
