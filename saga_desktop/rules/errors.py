"""The one error type of the rules engine."""

from __future__ import annotations

from saga_desktop.i18n.words import Words, english, say


class RulesError(ValueError):
    """An illegal request; the message is written for a player to read.

    Given as :class:`~saga_desktop.i18n.words.Words`, it is data: ``str()`` words it in the
    app's language, and a refusal sent to a player's seat travels as the words.
    """

    def __init__(self, message: str | Words = "") -> None:
        self.words = message
        super().__init__(english(message))

    def __str__(self) -> str:
        return say(self.words)
