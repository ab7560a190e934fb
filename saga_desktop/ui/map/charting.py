"""How the map speaks a game: its charting rules (from the model) and their words (from the game).

The model's :attr:`~saga_desktop.model.ruleset.Ruleset.charting` says what a game's map has (a
die drop to start, risk ratings, a card revealed per region); :class:`ChartingWords` say it in
the game's own words on the map's buttons, menus and charting dialog. A game with charting rules
registers its words with :func:`register_charting_words` from its interface package; every
other game gets the plain words of a map where the GM adds regions by hand. The map imports no
game package.
"""

from __future__ import annotations

from dataclasses import dataclass

from saga_desktop.i18n import tr_noop
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Charting


@dataclass(frozen=True, slots=True)
class ChartingWords:
    """What the map's controls say in one game (menu texts may hold ``&`` mnemonics).

    English, marked for the catalog: the controls word them with ``tr`` where they show them.
    """

    start: str = tr_noop("Add the first region")
    """The button on an empty map."""
    start_tip: str = tr_noop("Describe the land at the centre of the map: it becomes region 1")
    chart: str = tr_noop("&Add a region here…")
    """The Map menu's and the hex menu's entry for an uncharted hex."""
    chart_tip: str = tr_noop("Describe the current hex: it becomes a numbered region")
    chart_title: str = tr_noop("Add region {number}")
    """The charting dialog's title (``{number}``: the new region's number)."""
    chart_button: str = tr_noop("&Add the region")
    chart_explained: str = ""
    """A line under the charting form saying what happens when the region is added."""


PLAIN = ChartingWords()
"""The words of a plain map, for every game without charting rules of its own."""

_WORDS: dict[str, ChartingWords] = {}


def register_charting_words(ruleset_id: str, words: ChartingWords) -> ChartingWords:
    """Give a game's map its own words (a game's interface package calls this); returns them."""
    _WORDS[ruleset_id] = words
    return words


def charting_of(ruleset_id: str) -> tuple[Charting, ChartingWords]:
    """A game's charting rules and their words (plain words for a game that registered none)."""
    from saga_desktop.ui.registry import find_ui

    find_ui(ruleset_id)  # imports the game's interface, which registers its words
    return find_ruleset(ruleset_id).charting, _WORDS.get(ruleset_id, PLAIN)
