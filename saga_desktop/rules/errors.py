"""The one error type of the rules engine."""


class RulesError(ValueError):
    """An illegal request; the message is written for a player to read."""
