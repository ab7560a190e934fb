"""The hosted table: a model Session served to seats, as the host protocol's ``Table``.

A GM seat sees as the GM; a player seat as the player of the characters whose ``player`` is the
seat's name. Views are built only from :mod:`saga_desktop.model.visibility`, as JSON keyed by id
(characters by id, regions by ``"q,r"``, tokens by id, piles by name, journal by id; characters
and piles carry an ``index``; region, token and journal fields at their defaults are left out, to
keep views small).
After each change every seat gets a patch of only the parts the report names (the regions, tokens
and journal lines it touched, by key), and the table keeps each seat's view up to date in place, so
the cost follows the change, not the campaign. A player's request
is checked by :mod:`saga_desktop.network.permissions`, then applied as theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pydantic import JsonValue

from saga_desktop import app_version
from saga_desktop.i18n.words import Words, english, refusal, words
from saga_desktop.model.campaign import Campaign, JournalEntry, Region
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.operation import OperationError, operation_from_data
from saga_desktop.model.registry import find_ruleset, rulesets
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.visibility import (
    visible_character,
    visible_characters,
    visible_entry,
    visible_piles,
    visible_region,
)
from saga_desktop.network.interface import Action, Versions
from saga_desktop.network.messages import Change, View, request_parts
from saga_desktop.network.patch import PatchError, diff, update_view
from saga_desktop.network.permissions import load_operations, refusal_for_player, seat_owns
from saga_desktop.network.seats import Role
from saga_desktop.network.tokens import token_changes, token_view

MAX_SEATS = 32
UNDO, REDO = "session.Undo", "session.Redo"
"""Requests a GM seat may send to step the host's history back or forward (not operations)."""
Publisher = Callable[[dict[str, list[Change]]], list[Action]]


def region_key(q: int, r: int) -> str:
    """The key of a region in a view's ``map.regions``."""
    return f"{q},{r}"


def _region(region: Region) -> JsonValue:
    return region.model_dump(mode="json", exclude_defaults=True)


def _entry(entry: JournalEntry) -> JsonValue:
    return entry.model_dump(mode="json", exclude_defaults=True)


@dataclass
class _Seat:
    name: str
    role: Role
    viewer: Viewer
    view: View


class SessionTable:
    """Serves one open session to the host protocol's seats."""

    def __init__(self, session: Session, publish: Publisher | None = None) -> None:
        """Patches go to ``publish`` (or :meth:`attach`); its actions go to :attr:`on_actions`."""
        load_operations()
        self.session = session
        self._publish = publish
        self.on_actions: Callable[[list[Action]], None] = lambda actions: None
        self._seats: dict[str, _Seat] = {}
        self._unsubscribe = session.subscribe(self._changed)

    def attach(self, publish: Publisher) -> None:
        """Send patches through ``publish`` (the host protocol's) from now on."""
        self._publish = publish

    def close(self) -> None:
        """Stop following the session."""
        self._unsubscribe()

    # -- the Table protocol -----------------------------------------------------------------------

    def versions(self) -> Versions:
        """This app's version and the version of every ruleset it has."""
        return Versions(app_version(), {game.id: str(game.version) for game in rulesets()})

    def view_for(self, seat_id: str) -> View:
        """The view of ``seat_id`` as of the last patch it was sent."""
        return self._seats[seat_id].view

    def add_seat(self, name: str, role: Role) -> str:
        """A new seat, seeing what its viewer may; ValueError when the table is full."""
        if len(self._seats) >= MAX_SEATS:
            raise ValueError(f"The table is full: at most {MAX_SEATS} seats.")
        number = len(self._seats) + 1
        while f"seat{number}" in self._seats:  # restored seats keep their ids
            number += 1
        seat_id = f"seat{number}"
        self.restore_seat(seat_id, name, role)
        return seat_id

    def restore_seat(self, seat_id: str, name: str, role: Role) -> None:
        """A seat kept from before a restart, with its id and a fresh view; ValueError if taken."""
        if seat_id in self._seats:
            raise ValueError(f"The seat {seat_id!r} is already at the table.")
        viewer = self._viewer(name, role)
        self._seats[seat_id] = _Seat(name, role, viewer, self.build_view(viewer))

    def rename_seat(self, seat_id: str, name: str) -> None:
        """Seat ``seat_id`` under ``name``: a fresh view of what that name may see."""
        role = self._seats.pop(seat_id).role
        self.restore_seat(seat_id, name, role)

    def remove_seat(self, seat_id: str) -> None:
        """Take a seat away from the table."""
        self._seats.pop(seat_id, None)

    def handle_request(self, seat_id: str, op: dict[str, JsonValue]) -> Words | str | None:
        """Check ``op`` for the seat and apply it as theirs; the refusal, or None when done.

        A refusal is words (data): the seat words it in its own language.
        """
        seat = self._seats.get(seat_id)
        if seat is None:
            return words("This seat is not at the table.")
        try:
            kind, data = request_parts(op)
        except ValueError as exc:
            return words("The host cannot do that: {reason}.", reason=refusal(exc))
        if kind in (UNDO, REDO):
            return self._step_history(seat, kind, data)
        try:
            operation = operation_from_data({"op": kind, **data})
        except OperationError as exc:
            return words("The host cannot do that: {reason}.", reason=refusal(exc))
        if seat.role != "gm":
            campaign = self.session.campaign
            refused = refusal_for_player(kind, data, seat.name, seat.viewer, campaign)
            if refused is not None:
                return refused
        try:
            self.session.apply(operation, author=seat_id)
        except OperationError as exc:
            return refusal(exc)
        return None

    def _step_history(self, seat: _Seat, kind: str, data: dict[str, JsonValue]) -> Words | None:
        """Undo or redo on the host, for a GM seat; the change reaches everyone as usual."""
        if seat.role != "gm":
            return words("Only the GM may undo or redo.")
        if data:
            return words(
                "{kind} takes no fields; {field} is not one.",
                kind=kind,
                field=repr(sorted(data)[0]),
            )
        if kind == UNDO:
            return None if self.session.undo() else words("There is nothing to undo.")
        return None if self.session.redo() else words("There is nothing to redo.")

    def _history(self) -> dict[str, JsonValue]:
        """What undo and redo would do now (a GM seat's view only: labels can name secrets)."""
        out: dict[str, JsonValue] = {}
        for key, label in (("undo", self.session.undo_label), ("redo", self.session.redo_label)):
            out[key] = None if label is None else english(label)
            if isinstance(label, Words):  # each seat words the step in its own language
                out[f"{key}_words"] = label.to_data()
        return out

    # -- views ------------------------------------------------------------------------------------

    def _viewer(self, name: str, role: Role) -> Viewer:
        if role == "gm":
            return Viewer.GM
        owned = [c.id for c in self.session.campaign.characters if seat_owns(name, c.player)]
        return Viewer.player(*owned)

    def build_view(self, viewer: Viewer) -> View:
        """The whole view for ``viewer``, built from the visibility functions only."""
        c = self.session.campaign
        game = find_ruleset(c.ruleset)
        view: View = {
            "viewer": viewer.role,
            "characters": {
                ch.id: {"index": i, **visible_character(ch, viewer, game).model_dump(mode="json")}
                for i, ch in enumerate(visible_characters(c, viewer))
            },
            "map": {
                **self._map_state(c),
                "regions": self._regions(c, viewer),
                "tokens": token_view(c, viewer),
            },
            "piles": self._piles(c, viewer),
            "journal": {
                str(e.id): _entry(e)
                for e in (visible_entry(x, viewer, game) for x in c.journal)
                if e is not None
            },
            "play": game.redact_play(c.play.model_dump(mode="json"), viewer),
        }
        view.update(self._meta(c))
        if viewer.is_gm:
            view["history"] = self._history()
        return view

    @staticmethod
    def _meta(c: Campaign) -> dict[str, JsonValue]:
        return {"id": c.id, "name": c.name, "description": c.description, "ruleset": c.ruleset}

    @staticmethod
    def _map_state(c: Campaign) -> dict[str, JsonValue]:
        party = None if c.map.party is None else c.map.party.model_dump(mode="json")
        return {"orientation": c.map.orientation, "party": party, "days": c.map.days}

    @staticmethod
    def _regions(c: Campaign, viewer: Viewer) -> dict[str, JsonValue]:
        shown = (visible_region(r, viewer) for r in c.map.regions)
        return {region_key(r.q, r.r): _region(r) for r in shown if r is not None}

    @staticmethod
    def _piles(c: Campaign, viewer: Viewer) -> dict[str, JsonValue]:
        piles = visible_piles(c, viewer)
        return {p.name: {"index": i, **p.model_dump(mode="json")} for i, p in enumerate(piles)}

    # -- following the session --------------------------------------------------------------------

    def _changed(self, changes: Changes) -> None:
        if not self._seats or changes.aspects == Aspect.NONE:
            return
        by_seat = {seat_id: self._patch(seat, changes) for seat_id, seat in self._seats.items()}
        for seat_id, patch in by_seat.items():
            if patch:
                seat = self._seats[seat_id]
                try:
                    update_view(seat.view, patch)
                except PatchError:  # cannot happen to a patch made from the view: be whole again
                    seat.view = self.build_view(seat.viewer)
        if self._publish is not None:
            actions = self._publish(by_seat)
            if actions:
                self.on_actions(actions)

    def _patch(self, seat: _Seat, changes: Changes) -> list[Change]:
        """The changes to ``seat``'s view: only the parts ``changes`` names."""
        viewer = self._viewer(seat.name, seat.role)
        if viewer != seat.viewer or changes.aspects == Aspect.ALL:
            seat.viewer = viewer  # the seat's characters changed: compare the whole view
            return diff(seat.view, self.build_view(viewer))
        c, old = self.session.campaign, seat.view
        game = find_ruleset(c.ruleset)
        out: list[Change] = []
        if Aspect.META in changes:
            out += _diff_part(old, self._meta(c), [], keys_only=True)
        if Aspect.CHARACTERS in changes:
            everyone = {ch.id: (i, ch) for i, ch in enumerate(visible_characters(c, viewer))}
            ids = changes.characters or frozenset(everyone) | frozenset(_dict(old, "characters"))
            for cid in sorted(ids):
                if cid in everyone:
                    i, ch = everyone[cid]
                    shown = visible_character(ch, viewer, game).model_dump(mode="json")
                    new = {"index": i, **shown}
                    out += _set_if_changed(old, ["characters", cid], new)
                elif cid in _dict(old, "characters"):
                    out.append(Change(op="del", path=["characters", cid]))
            if len(everyone) != len(_dict(old, "characters")) or not changes.characters:
                for cid, (i, _ch) in everyone.items():  # removals shift the order
                    out += _set_if_changed(old, ["characters", cid, "index"], i)
        if Aspect.MAP in changes:
            out += _diff_part(_dict(old, "map"), self._map_state(c), ["map"], keys_only=True)
        if Aspect.REGIONS in changes:
            out += self._region_changes(c, viewer, old, changes)
        if Aspect.TOKENS in changes:
            out += token_changes(c, viewer, _dict(old, "map"), changes.tokens)
        if Aspect.TABLE in changes or Aspect.CHARACTERS in changes:  # an accepted one's cards
            out += _diff_part(_dict(old, "piles"), self._piles(c, viewer), ["piles"])
        if Aspect.JOURNAL in changes:
            out += self._journal_changes(c, seat, changes)
        if Aspect.PLAY in changes:
            play = game.redact_play(c.play.model_dump(mode="json"), viewer)
            out += _diff_part(_dict(old, "play"), play, ["play"])
        if viewer.is_gm:
            out += _diff_part(_dict(old, "history"), self._history(), ["history"])
        return out

    def _region_changes(
        self, c: Campaign, viewer: Viewer, old: View, changes: Changes
    ) -> list[Change]:
        regions = _dict(_dict(old, "map"), "regions")
        if not changes.regions:
            return _diff_part(regions, self._regions(c, viewer), ["map", "regions"])
        out: list[Change] = []
        for q, r in sorted(changes.regions):
            key = region_key(q, r)
            found = c.map.region_at(q, r)
            shown = None if found is None else visible_region(found, viewer)
            if shown is None:
                if key in regions:
                    out.append(Change(op="del", path=["map", "regions", key]))
            else:
                out += _set_if_changed(old, ["map", "regions", key], _region(shown))
        return out

    def _journal_changes(self, c: Campaign, seat: _Seat, changes: Changes) -> list[Change]:
        """The lines ``changes`` names, as the seat may read them (all when it names none)."""
        game, old = find_ruleset(c.ruleset), _dict(seat.view, "journal")
        if not changes.journal:
            every = (visible_entry(e, seat.viewer, game) for e in c.journal)
            now = {str(e.id): _entry(e) for e in every if e is not None}
            return _diff_part(old, now, ["journal"])
        journal = c.indexed_journal()
        out: list[Change] = []
        for entry_id in sorted(changes.journal):
            key, entry = str(entry_id), journal.entry(entry_id)
            shown = None if entry is None else visible_entry(entry, seat.viewer, game)
            if shown is not None:
                out += _set_if_changed(seat.view, ["journal", key], _entry(shown))
            elif key in old:
                out.append(Change(op="del", path=["journal", key]))
        return out


def _dict(view: View, key: str) -> View:
    value = view.get(key)
    return value if isinstance(value, dict) else {}


def _diff_part(
    old: View, new: dict[str, JsonValue], path: list[str], *, keys_only: bool = False
) -> list[Change]:
    """The changes turning ``old`` into ``new`` under ``path`` (only ``new``'s keys if asked)."""
    if keys_only:
        old = {k: old[k] for k in new if k in old}
    return [Change(op=ch.op, path=[*path, *ch.path], value=ch.value) for ch in diff(old, new)]


def _set_if_changed(view: View, path: list[str], value: JsonValue) -> list[Change]:
    node: JsonValue = view
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    return [] if node == value else [Change(op="set", path=path, value=value)]
