"""The one error type of the rules engine."""

from __future__ import annotations

from saga_desktop.i18n.words import Words, english


class RulesError(ValueError):
    """An illegal request; the message is written for a player to read.

    Given as :class:`~saga_desktop.i18n.words.Words`, each reader words it in their language
    (a refusal sent to a player's seat travels as data); ``str()`` is its English.
    """

    def __init__(self, message: str | Words = "") -> None:
        self.words = message
        super().__init__(english(message))
