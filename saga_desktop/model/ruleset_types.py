"""The small value types a ruleset hands the core: piles, travel, charting, options.

They are plain frozen records (no hooks): :mod:`saga_desktop.model.ruleset` re-exports them
beside the :class:`~saga_desktop.model.ruleset.Ruleset` seam that returns them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from pydantic import JsonValue

from saga_desktop.i18n.words import Words


class Face(enum.Enum):
    """How a pile lies on the table."""

    DOWN = "down"  # nobody may know the order: viewers get only the count
    UP = "up"  # every card shows (a discard, a revealed row, a fatigue pile)
    HIDDEN = "hidden"  # face up for its owner and the GM only (a hand)


@dataclass(frozen=True, slots=True)
class PileSpec:
    """One named pile of cards a ruleset keeps in ``Campaign.piles``.

    ``deck`` names the 52-card deck the pile's cards belong to (one for Songs & Sagas' table,
    one per character in a game where each has a deck): all piles of one deck together hold each
    of its 52 cards exactly once. ``owner`` is the character the pile belongs to, if any. ``kind``
    tells the card table how to lay it out: a ``stack`` shows its top card or back, a ``row``
    fans its cards out.
    """

    name: str
    label: str
    face: Face
    deck: str = "table"
    owner: str | None = None
    kind: str = "stack"


@dataclass(frozen=True, slots=True)
class TravelMode:
    """A way to travel on the map and how many hexes it covers in a day."""

    id: str
    text: str
    hexes_per_day: int


@dataclass(frozen=True, slots=True)
class Charting:
    """How a game charts its map, so the map speaks that game and no other.

    - ``start_drop``: the party's first hex is found by dropping a die on the map sheet;
    - ``risk``: each region carries a risk rating (shown, stepped, sorted on);
    - ``reveal``: charting a region reveals a card (from :meth:`Ruleset.chart_risk`);
    - ``tables``: the game's text describes new regions with rolling tables (the app's own
      tables, the player's too, in a dock and the charting form).

    All false is a plain map: the GM adds regions and places the party by hand.
    """

    start_drop: bool = False
    risk: bool = False
    reveal: bool = False
    tables: bool = False


@dataclass(frozen=True, slots=True)
class ChartRisk:
    """How a ruleset set a newly charted region's risk: the rating, the card and its prompt.

    ``line`` is the sentence added to the journal (as words, worded by each reader) and to the
    region's note (in the charting app's words: a note is the table's own text); ``details`` go
    into the journal entry.
    """

    risk: int
    line: Words | str
    card: str | None = None
    card_name: str = ""
    mood: str = ""
    prompt: str = ""
    details: dict[str, JsonValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OptionField:
    """One campaign option as the options dialog shows it.

    ``kind`` is ``"bool"``, ``"int"`` (within ``minimum``..``maximum``) or ``"choice"`` (one of
    ``choices``, pairs of saved value and words); ``ruling`` says what the option decides.
    ``title`` and ``ruling`` are the English of catalog entries: the dialog words them.
    """

    name: str
    title: str
    ruling: str
    kind: str
    minimum: int = 0
    maximum: int = 0
    choices: tuple[tuple[str, Words | str], ...] = ()
