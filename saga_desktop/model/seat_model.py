"""A seat's view as the model types every window reads: a :class:`Campaign` on the joined app.

The host sends a seat its view as JSON keyed by id (:mod:`saga_desktop.network.table`); a
:class:`SeatModel` keeps the same view as a typed campaign (characters with their ruleset's sheets,
regions, tokens, piles, journal, the ruleset's play state), so the GM's docks can draw it as they
draw the GM's own campaign. What the seat may not see is absent: a hidden region or token is not
on the map, a GM note is empty, and a face-down pile (or another player's hand) holds its count of
:data:`UNKNOWN_CARD` placeholders, which :func:`~saga_desktop.model.visibility.visible_piles`
never shows face up; where the seat can tell which cards a face-down pile holds (at a GM seat,
every card of the deck not seen elsewhere), it holds those, in the deck's order, so odds count
them as at the GM's own table.

:meth:`SeatModel.follow` takes each new view with the changes that made it and reports a
:class:`~saga_desktop.model.changes.Changes` naming the aspects, regions, characters and tokens
touched, as a local session reports its own. Nothing here checks the campaign's invariants (a
deck of placeholders is not a whole deck): the host checked them, and the seat never applies an
operation itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from pydantic import JsonValue

from saga_desktop.i18n.words import Words, words
from saga_desktop.model import seat_parts as parts
from saga_desktop.model.campaign import Campaign, JournalEntry, MapState, Region
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.chat import TalkChange
from saga_desktop.model.chat_view import chat_of, follow_talk, handouts_of
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.seat_parts import UNKNOWN_CARD, SeatViewError, View
from saga_desktop.model.session import rng_state

__all__ = ["UNKNOWN_CARD", "Change", "SeatModel", "SeatViewError", "View", "same_name"]


class Change(Protocol):
    """One change of a patch: a path of keys into the view (``set`` or ``del`` there)."""

    @property
    def path(self) -> Sequence[str]:
        """The keys from the view's top to the changed value."""
        ...


def same_name(seat_name: str, player: str) -> bool:
    """True when a character's ``player`` names this seat (case and spacing aside)."""
    norm = " ".join(player.split()).casefold()
    return bool(norm) and norm == " ".join(seat_name.split()).casefold()


_META = ("id", "name", "description", "ruleset")
_MAP_STATE = ("orientation", "party", "days")


@dataclass
class _Touched:
    """What one batch of changes touched (empty sets with an aspect mean "all of them")."""

    aspects: Aspect = Aspect.NONE
    regions: set[str] = field(default_factory=set)
    characters: set[str] = field(default_factory=set)
    tokens: set[str] = field(default_factory=set)
    journal: set[str] | None = field(default_factory=set)
    all_regions: bool = False
    all_characters: bool = False
    all_tokens: bool = False


class SeatModel:
    """The seat's campaign, typed, following the host's patches."""

    def __init__(self, view: View, seat_name: str = "") -> None:
        """The campaign of a whole view (raise :class:`SeatViewError` if it does not read)."""
        self.seat_name = seat_name
        self.rng = random.Random()  # previews only: the host draws every card and rolls every die
        self.view: View = view
        self.campaign = self._whole(view)
        self.talk_changes: list[TalkChange] = []
        """What the last :meth:`follow` changed of the chat and handouts."""

    # -- who is looking ---------------------------------------------------------------------------

    @property
    def role(self) -> str:
        """The viewer's role as the host sent it: ``"gm"`` or ``"player"``."""
        return str(self.view.get("viewer", "player"))

    @property
    def viewer(self) -> Viewer:
        """The viewer of this view (a player's characters: those naming the seat as player)."""
        if self.role == "gm":
            return Viewer.GM
        own = [c.id for c in self.campaign.characters if same_name(self.seat_name, c.player)]
        return Viewer.player(*own)

    def history(self) -> tuple[Words | str | None, Words | str | None]:
        """What Undo and Redo would do on the host (a GM seat; a player's are both None).

        Each is the host's words for the step (worded in this seat's language), or its English
        when the host sent no words.
        """
        history = self.view.get("history")
        if not isinstance(history, dict):
            return None, None
        return _step_name(history, "undo"), _step_name(history, "redo")

    # -- following the host -----------------------------------------------------------------------

    def follow(
        self,
        view: View,
        changes: Sequence[Change] | None,
        revision: int = 0,
        *,
        cause: Cause = Cause.APPLY,
        label: Words | str = "",
        author: str = "",
    ) -> Changes:
        """Take the seat's new ``view``, made by ``changes`` (None: a whole new view).

        The campaign object stays the same (views hold on to it); the parts ``changes`` name are
        read again from ``view``. Raise :class:`SeatViewError` when they do not read.
        """
        old_view = self.view
        paths = None if changes is None else [list(ch.path) for ch in changes]
        self.talk_changes = follow_talk(self.campaign, view, paths, author)
        if changes is None or self._game_changed(old_view, view):
            whole = self._whole(view)
            self.view = view
            for name in type(whole).model_fields:
                object.__setattr__(self.campaign, name, getattr(whole, name))
            return Changes(Aspect.ALL, Cause.LOAD, label, revision=revision, author=author)
        touched = _touched(changes)
        try:
            self._update(view, touched)
        except SeatViewError:
            self.view = old_view
            raise
        self.view = view
        return Changes(
            touched.aspects | Aspect.META,
            cause,
            label,
            frozenset(parts.coord(k) for k in touched.regions)
            if not touched.all_regions
            else frozenset(),
            frozenset() if touched.all_characters else frozenset(touched.characters),
            revision=revision,
            author=author,
            tokens=frozenset() if touched.all_tokens else frozenset(touched.tokens),
        )

    @staticmethod
    def _game_changed(old: View, new: View) -> bool:
        return old.get("ruleset") != new.get("ruleset") or old.get("viewer") != new.get("viewer")

    # -- reading a view ---------------------------------------------------------------------------

    def _whole(self, view: View) -> Campaign:
        now = datetime.now(UTC)
        game = parts.game_of(view)
        map_view = parts.part(view, "map")
        state = parts.map_state(map_view)
        campaign = Campaign.model_construct(
            id=parts.text(view, "id"),
            name=parts.text(view, "name"),
            description=parts.text(view, "description"),
            ruleset=game,
            created=now,
            modified=now,
            rng=rng_state(self.rng),
            characters=parts.characters(view, parts.part(view, "characters").keys()),
            map=MapState.model_construct(
                regions=parts.regions(parts.part(map_view, "regions").values()),
                tokens=[parts.token(v) for v in parts.part(map_view, "tokens").values()],
                **state,
            ),
            piles=parts.piles(view),
            journal=parts.journal(parts.part(view, "journal").values()),
            play=parts.play(view, game),
            chat=chat_of(view),
            handouts=handouts_of(view),
        )
        return campaign

    def _update(self, view: View, t: _Touched) -> None:
        """Read every part ``t`` names first, then put them in: all or nothing."""
        c = self.campaign
        put: dict[str, Any] = {}
        if Aspect.META in t.aspects:
            put.update({key: parts.text(view, key) for key in ("id", "name", "description")})
        map_view = parts.part(view, "map")
        map_state = parts.map_state(map_view) if Aspect.MAP in t.aspects else {}
        regions: list[Region] | None = None  # all of them, read again
        region_edits: list[tuple[int, int, Region | None]] = []  # or only those named
        if Aspect.REGIONS in t.aspects:
            shown = parts.part(map_view, "regions")
            if t.all_regions:
                regions = parts.regions(shown.values())
            else:
                region_edits = [_region_edit(shown, key) for key in sorted(t.regions)]
        tokens = None
        if Aspect.TOKENS in t.aspects:
            tokens = [parts.token(v) for v in parts.part(map_view, "tokens").values()]
        if Aspect.CHARACTERS in t.aspects:
            chars = parts.part(view, "characters")
            ids = set(chars) if t.all_characters else t.characters
            kept = {ch.id: ch for ch in c.characters if ch.id in chars and ch.id not in ids}
            fresh = {ch.id: ch for ch in parts.characters(view, ids & set(chars))}
            put["characters"] = [kept.get(cid) or fresh[cid] for cid in parts.in_order(chars)]
        if Aspect.TABLE in t.aspects:
            put["piles"] = parts.piles(view)
        new_entries: list[JournalEntry] | None = None
        if Aspect.JOURNAL in t.aspects:
            new_entries = self._new_entries(parts.part(view, "journal"), t.journal)
            if new_entries is None:
                put["journal"] = parts.journal(parts.part(view, "journal").values())
        if Aspect.PLAY in t.aspects:
            put["play"] = parts.play(view, c.ruleset)
        # Everything read: now change the campaign the windows hold.
        for key, value in map_state.items():
            setattr(c.map, key, value)
        if regions is not None:
            c.map.regions[:] = regions
        listed = c.map.indexed_regions()  # found by hex in its index: a change costs its size
        for q, r, region in region_edits:
            at = c.map.region_position(q, r)
            if region is None:
                if at is not None:
                    del listed[at]
            elif at is None:
                listed.append(region)
            else:
                listed[at] = region
        if new_entries:
            c.indexed_journal().extend(new_entries)
        if tokens is not None:
            c.map.tokens[:] = tokens
        if "characters" in put:
            c.characters[:] = put.pop("characters")
        for key, value in put.items():
            setattr(c, key, value)
        c.modified = datetime.now(UTC)

    def _new_entries(
        self, shown: dict[str, Any], keys: set[str] | None
    ) -> list[JournalEntry] | None:
        """The entries named when all are new ones after the last (None: read the journal whole)."""
        old = self.campaign.journal
        last = old[-1].id if old else -1
        if keys and all(k in shown and k.isdigit() and int(k) > last for k in keys):
            return parts.journal(shown[k] for k in sorted(keys, key=int))
        return None


def _region_edit(shown: dict[str, Any], key: str) -> tuple[int, int, Region | None]:
    """``(q, r, region)`` for a region named by ``"q,r"``: None when it is gone from the view."""
    q, _, r = key.partition(",")
    try:
        where = int(q), int(r)
    except ValueError:
        raise SeatViewError(
            words("The host sent a region at {key}, which is not a hex.", key=repr(key))
        ) from None
    return (*where, parts.region(shown[key]) if key in shown else None)


# -- reading the parts ----------------------------------------------------------------------------


def _touched(changes: Iterable[Change]) -> _Touched:
    t = _Touched()
    for change in changes:
        path = change.path
        head = path[0] if path else ""
        if head in _META:
            t.aspects |= Aspect.META
        elif head == "characters":
            t.aspects |= Aspect.CHARACTERS
            if len(path) >= 2:
                t.characters.add(path[1])
            else:
                t.all_characters = True
        elif head == "map":
            _touched_map(t, path)
        elif head == "piles":
            t.aspects |= Aspect.TABLE
        elif head == "journal":
            t.aspects |= Aspect.JOURNAL
            if len(path) >= 2 and t.journal is not None:
                t.journal.add(path[1])
            else:
                t.journal = None
        elif head == "play":
            t.aspects |= Aspect.PLAY
    return t


def _touched_map(t: _Touched, path: Sequence[str]) -> None:
    if len(path) == 1:
        t.aspects |= Aspect.MAP | Aspect.REGIONS | Aspect.TOKENS
        t.all_regions = t.all_tokens = True
    elif path[1] == "regions":
        t.aspects |= Aspect.REGIONS
        if len(path) >= 3:
            t.regions.add(path[2])
        else:
            t.all_regions = True
    elif path[1] == "tokens":
        t.aspects |= Aspect.TOKENS
        if len(path) >= 3:
            t.tokens.add(path[2])
        else:
            t.all_tokens = True
    else:
        t.aspects |= Aspect.MAP


def _step_name(history: dict[str, JsonValue], key: str) -> Words | str | None:
    """The step ``key`` names in a host's history: its words, else its English, else None."""
    english = history.get(key)
    if not isinstance(english, str):
        return None
    data = history.get(f"{key}_words")
    if data is None:
        return english
    try:
        return Words.from_data(data)
    except (TypeError, ValueError):
        return english  # words that do not read: the host's English still names the step
