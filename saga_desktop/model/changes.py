"""What an operation changed, as reported to the views."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from saga_desktop.i18n.words import Words


class Aspect(enum.Flag):
    """The parts of a campaign a change can touch."""

    NONE = 0
    META = enum.auto()  # name, description, times
    CHARACTERS = enum.auto()
    MAP = enum.auto()  # party position, days, orientation
    REGIONS = enum.auto()
    TABLE = enum.auto()  # the cards
    JOURNAL = enum.auto()
    PLAY = enum.auto()  # the ruleset's own state: options, enemies, pending roll, combat
    RNG = enum.auto()
    TOKENS = enum.auto()  # the tokens on the map
    ALL = META | CHARACTERS | MAP | REGIONS | TABLE | JOURNAL | PLAY | RNG | TOKENS


class Cause(enum.Enum):
    """Why the state changed."""

    APPLY = "apply"
    UNDO = "undo"
    REDO = "redo"
    LOAD = "load"


@dataclass(frozen=True)
class Changes:
    """A report of one change to the open campaign.

    ``regions`` holds the ``(q, r)`` of every region added, removed or edited; ``characters`` the
    ids of characters added, removed or edited; ``tokens`` the ids of tokens placed, removed,
    moved or edited; ``journal`` the ids of journal entries added, removed or edited (empty when
    the whole journal may have changed). ``result`` is the operation's own record (for
    example the cards a reveal turned up) so a view can animate it; it is ``None`` for undo, redo
    and load, after which views simply show the new state. Views take results from here only,
    never from the return value of ``Session.apply``: the same report reaches every view, and
    over the network every seat.

    ``revision`` counts the changes of the open campaign (every apply, undo and redo is one);
    ``author`` says who made the change: ``"gm"`` at the GM's own table, a seat's id over the
    network. ``operation`` is the operation itself when one was applied.
    """

    aspects: Aspect
    cause: Cause
    label: Words | str = ""
    regions: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    characters: frozenset[str] = field(default_factory=frozenset)
    result: object = None
    revision: int = 0
    author: str = "gm"
    operation: object = None
    """The operation applied (for ``Cause.APPLY``): what the recovery log and the network send."""
    tokens: frozenset[str] = field(default_factory=frozenset)
    journal: frozenset[int] = field(default_factory=frozenset)

    def __contains__(self, aspect: Aspect) -> bool:
        return bool(self.aspects & aspect)
