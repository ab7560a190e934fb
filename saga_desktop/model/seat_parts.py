"""Reading a seat's view part by part, as the model types (see :mod:`.seat_model`).

Each reader takes the JSON the host sent (keyed by id, ``index`` giving the order) and gives the
typed part, or raises :class:`SeatViewError` naming what does not read.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import JsonValue, TypeAdapter

from saga_desktop.i18n.words import Words, english, say, words
from saga_desktop.model.campaign import Character, JournalEntry, Region, Token
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.types import HexCoord
from saga_desktop.rules.cards import FULL_DECK

View = dict[str, JsonValue]
"""A seat's view as the host sends it (see ``saga_desktop.network.table``)."""

UNKNOWN_CARD = "??"
"""A card the seat cannot name: one per card of a face-down pile whose cards could lie in
another unseen pile too (another player's hand); visible_piles never shows it face up."""


class SeatViewError(ValueError):
    """A view from the host that does not read as this game's campaign.

    Its message is :class:`Words` (worded in the seat's language by ``str()``); the technical
    detail inside, from the reader that failed, is kept as it came.
    """

    def __init__(self, message: str | Words = "") -> None:
        self.words = message
        super().__init__(english(message))

    def __str__(self) -> str:
        return say(self.words)


def part(view: Any, key: str) -> dict[str, Any]:
    """The object at ``key`` of a view (SeatViewError when it is not one)."""
    value = view.get(key) if isinstance(view, dict) else None
    if not isinstance(value, dict):
        raise SeatViewError(words("The host's view has no {part} part.", part=repr(key)))
    return value


def text(view: View, key: str) -> str:
    """The text at ``key`` ("" when absent)."""
    value = view.get(key, "")
    return value if isinstance(value, str) else ""


def game_of(view: View) -> str:
    """The view's ruleset id, if this app has that game."""
    ruleset = text(view, "ruleset")
    try:
        find_ruleset(ruleset)
    except ValueError as exc:
        raise SeatViewError(str(exc)) from None
    return ruleset


def read(what: Words | str, reader: Any, data: Any) -> Any:
    """``data`` read by ``reader``; SeatViewError names ``what`` did not read."""
    try:
        return reader(data)
    except ValueError as exc:  # pydantic's ValidationError is a ValueError
        raise SeatViewError(
            words("The host sent {what} this app cannot read: {why}", what=what, why=str(exc))
        ) from None


def in_order(items: dict[str, Any]) -> list[str]:
    """The keys of a part whose values carry an ``index``, in that order."""
    return sorted(
        items, key=lambda k: items[k].get("index", 0) if isinstance(items[k], dict) else 0
    )


def characters(view: View, ids: Iterable[str]) -> list[Character]:
    """The characters named by ``ids``, in the campaign's order, sheets read by their game."""
    chars = part(view, "characters")
    wanted = set(ids)
    out = []
    for cid in in_order(chars):
        if cid in wanted:
            data = {k: v for k, v in chars[cid].items() if k != "index"}
            out.append(read(f"the character {cid}", Character.model_validate, data))
    return out


def region(data: JsonValue) -> Region:
    """One region."""
    return read(words("a region"), Region.model_validate, data)  # type: ignore[no-any-return]


_REGIONS: TypeAdapter[list[Region]] = TypeAdapter(list[Region])


def regions(data: Iterable[JsonValue]) -> list[Region]:
    """Many regions, read in one pass (a 10,000-region map joins in half the time)."""
    return read(words("a region"), _REGIONS.validate_python, list(data))  # type: ignore[no-any-return]


def token(data: JsonValue) -> Token:
    """One token."""
    return read(words("a token"), Token.model_validate, data)  # type: ignore[no-any-return]


def map_state(map_view: dict[str, Any]) -> dict[str, Any]:
    """The map's orientation, party and days, as MapState fields."""
    party = map_view.get("party")
    orientation = map_view.get("orientation", "pointy")
    days = map_view.get("days", 0)
    if orientation not in ("pointy", "flat") or not isinstance(days, int) or days < 0:
        raise SeatViewError(words("The host sent a map this app cannot read."))
    return {
        "orientation": orientation,
        "party": None
        if party is None
        else read(words("the party's place"), HexCoord.model_validate, party),
        "days": days,
    }


def piles(view: View) -> dict[str, list[str]]:
    """Every pile, in order: its cards, or what the seat can tell of them."""
    shown = part(view, "piles")
    out: dict[str, list[str]] = {}
    for name in in_order(shown):
        pile = shown[name]
        cards, count = pile.get("cards"), pile.get("count", 0)
        if isinstance(cards, list) and all(isinstance(card, str) for card in cards):
            out[name] = list(cards)
        elif isinstance(count, int) and 0 <= count <= 10_000:
            out[name] = [UNKNOWN_CARD] * count
        else:
            raise SeatViewError(
                words(
                    "The host sent the pile {name} in a form this app cannot read.",
                    name=repr(name),
                )
            )
    fill_known(out, {name: str(shown[name].get("deck", "")) for name in out})
    return out


def fill_known(piles: dict[str, list[str]], decks: dict[str, str]) -> None:
    """Name the cards of a face-down pile where the seat can tell them (never their order).

    When the only unseen cards of a deck lie in one pile (the draw pile, at a GM seat), they are
    every card of the deck the seat sees nowhere else: odds and previews can count them. They
    go in the deck's own order, which says nothing of the pile's.
    """
    for deck in set(decks.values()):
        names = [n for n, d in decks.items() if d == deck]
        unseen = [n for n in names if UNKNOWN_CARD in piles[n]]
        if len(unseen) != 1:
            continue
        seen = {card for n in names for card in piles[n] if card != UNKNOWN_CARD}
        rest = [c.code for c in FULL_DECK if c.code not in seen]
        if len(rest) == len(piles[unseen[0]]):
            piles[unseen[0]] = rest


def journal(entries: Iterable[Any]) -> list[JournalEntry]:
    """Journal entries, oldest first."""
    found = [read(words("a journal entry"), JournalEntry.model_validate, e) for e in entries]
    return sorted(found, key=lambda e: e.id)


def play(view: View, game: str) -> Any:
    """The play state, read by its game's play type."""
    data = part(view, "play")
    return read(words("the game's state"), find_ruleset(game).play_type.model_validate, data)


def coord(key: str) -> tuple[int, int]:
    """``"q,r"`` as ``(q, r)``."""
    q, _, r = key.partition(",")
    return int(q), int(r)
