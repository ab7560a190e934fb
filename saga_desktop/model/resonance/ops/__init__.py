"""Resonance operations: characters, checks of every kind, rests, adversaries and scenes.

* :mod:`.characters`: ``CreateCharacter``, ``EditStats``, ``EditDetails``, ``Rest``, ``NewScene``;
* :mod:`.checks`: ``BeginCheck``, ``PlayCard``, ``CancelCheck``;
* :mod:`.contests`: ``BeginOpposed``, ``PlayOpposed``, ``BeginGroup``, ``PlayGroup``,
  ``PlayGroupCard``;
* :mod:`.extended`: ``StartExtended``, ``DrawRound``, ``EndExtended``;
* :mod:`.adversaries`: ``AddAdversary``, ``EditAdversary``, ``RemoveAdversary``;
* :mod:`.odds`: exact odds of a check before it is drawn (nothing changes).
"""
