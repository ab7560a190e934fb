"""The hosted table with talk: chat lines, whispers and handouts reach each seat as it may see them.

A seat's view holds ``chat`` (lines keyed by id) and ``handouts`` (keyed by id), built only from
:func:`~saga_desktop.model.visibility.visible_chat` and ``visible_handouts`` for that seat's name.
A chat request (:data:`SAY`, :data:`UNSAY`, :data:`SHOW`, :data:`HIDE`) is checked here: plain
text within the length limit, control characters stripped, a per-seat rate (a flood from one seat
is refused at that seat; the others go on), a whisper only to seats at the table. It never enters
the undo history; the session's :class:`~saga_desktop.model.chat.Talk` reports it, the recovery log
writes it, and each seat is sent its own patch.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import JsonValue, ValidationError

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.chat import (
    GM_SEAT,
    MAX_CHAT_TEXT,
    ChatMessage,
    Handout,
    TalkChange,
    TalkError,
    same_seat,
)
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.visibility import visible_handout, visible_message
from saga_desktop.network.guard import Clock, TokenBucket
from saga_desktop.network.messages import Change, View, request_parts
from saga_desktop.network.patch import PatchError, update_view
from saga_desktop.network.seats import Role
from saga_desktop.network.table import Publisher, SessionTable

SAY, UNSAY, SHOW, HIDE = "chat.Say", "chat.Unsay", "chat.Show", "chat.Hide"
FORGET = "chat.Forget"
TALK_REQUESTS = frozenset({SAY, UNSAY, SHOW, HIDE, FORGET})
CHAT_RATE, CHAT_BURST = 3.0, 10.0
"""Chat lines per second a seat may send, sustained, and at once."""
MAX_REQUEST_TEXT = 64 * 1024
"""A line longer than this (before trimming) is refused, not trimmed: nobody types that much."""


def message_data(message: ChatMessage) -> JsonValue:
    """A chat line as it is sent."""
    return message.model_dump(mode="json", exclude_defaults=True)


def handout_data(handout: Handout) -> JsonValue:
    """A handout as it is sent."""
    return handout.model_dump(mode="json", exclude_defaults=True)


class ChatTable(SessionTable):
    """A :class:`SessionTable` whose seats also talk."""

    def __init__(
        self, session: Session, publish: Publisher | None = None, *, clock: Clock = time.monotonic
    ) -> None:
        self._building: tuple[str, bool] | None = None
        self._clock = clock
        self._buckets: dict[str, TokenBucket] = {}
        super().__init__(session, publish)
        self._unsubscribe_talk = session.talk.subscribe(self._talked)

    def close(self) -> None:
        """Stop following the session and its talk."""
        super().close()
        self._unsubscribe_talk()

    # -- views --------------------------------------------------------------------------------

    def restore_seat(self, seat_id: str, name: str, role: Role) -> None:
        """A seat with a fresh view, its talk included."""
        self._building = (name, role == "gm")
        try:
            super().restore_seat(seat_id, name, role)
        finally:
            self._building = None

    def _patch(self, seat: Any, changes: Any) -> list[Change]:
        self._building = (seat.name, seat.role == "gm")
        try:
            return super()._patch(seat, changes)
        finally:
            self._building = None

    def build_view(self, viewer: Viewer) -> View:
        """The whole view for ``viewer``, with the talk of the seat being built."""
        view = super().build_view(viewer)
        name = self._building[0] if self._building else ""
        view["chat"] = {
            str(m.id): message_data(m)
            for m in self.session.campaign.chat
            if visible_message(m, viewer, name)
        }
        view["handouts"] = {
            str(h.id): handout_data(h)
            for h in self.session.campaign.handouts
            if visible_handout(h, viewer, name)
        }
        return view

    def _talked(self, change: TalkChange) -> None:
        """Send every seat what it may see of one change to the talk."""
        if not self._seats:
            return
        talk = self.session.talk
        by_seat: dict[str, list[Change]] = {}
        for seat_id, seat in self._seats.items():
            if change.kind in ("said", "unsaid"):
                part, message = "chat", talk.message(change.id)
                shown: JsonValue = None
                if message is not None and visible_message(message, seat.viewer, seat.name):
                    shown = message_data(message)
            else:
                part, handout = "handouts", talk.handout(change.id)
                shown = None
                if handout is not None and visible_handout(handout, seat.viewer, seat.name):
                    shown = handout_data(handout)
            key, held = str(change.id), seat.view.get(part)
            held = held if isinstance(held, dict) else {}
            out: list[Change] = []
            if shown is not None and held.get(key) != shown:
                out.append(Change(op="set", path=[part, key], value=shown))
            elif shown is None and key in held:
                out.append(Change(op="del", path=[part, key]))
            if out:
                try:
                    if part not in seat.view:
                        seat.view[part] = {}
                    update_view(seat.view, out)
                except PatchError:
                    seat.view = self.build_view(seat.viewer)
            by_seat[seat_id] = out
        if self._publish is not None:
            actions = self._publish(by_seat)
            if actions:
                self.on_actions(actions)

    # -- requests -----------------------------------------------------------------------------

    def handle_request(self, seat_id: str, op: dict[str, JsonValue]) -> Words | str | None:
        """Talk requests here; everything else as :class:`SessionTable` does it."""
        try:
            kind, data = request_parts(op)
        except ValueError:
            return super().handle_request(seat_id, op)
        if kind not in TALK_REQUESTS:
            return super().handle_request(seat_id, op)
        seat = self._seats.get(seat_id)
        if seat is None:
            return words("This seat is not at the table.")
        try:
            return self._talk_request(seat_id, seat.name, seat.role == "gm", kind, data)
        except TalkError as exc:
            return exc.words  # each seat words the refusal in its own language

    def seat_names(self) -> list[str]:
        """The names of the seats at the table, and the GM's."""
        return [GM_SEAT, *(s.name for s in self._seats.values())]

    def _talk_request(
        self, seat_id: str, name: str, is_gm: bool, kind: str, data: dict[str, JsonValue]
    ) -> Words | str | None:
        talk = self.session.talk
        if kind == SAY:
            return self._say(seat_id, name, is_gm, data)
        if not is_gm:
            return words("Only the GM may delete a message or show and hide handouts.")
        if kind in (UNSAY, HIDE, FORGET):
            target = data.get("id")
            if not isinstance(target, int) or isinstance(target, bool):
                return words("Say which one by its number (id).")
            step = {UNSAY: talk.unsay, HIDE: talk.hide, FORGET: talk.forget}[kind]
            done = step(target, seat_id)
            return None if done else f"There is no message or handout {target} to take back."
        try:
            handout = Handout.model_validate(data.get("handout"))
        except ValidationError as exc:
            error = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in error["loc"]) or "handout"
            return words(
                "This handout cannot be shown ({where}): {why}.", where=where, why=str(error["msg"])
            )
        unknown = [to for to in handout.to if not self._seat_known(to)]
        if unknown:
            return words("There is no seat called {name} at the table.", name=repr(unknown[0]))
        talk.show(handout, seat_id)
        return None

    def _seat_known(self, name: str) -> bool:
        return any(same_seat(name, known) for known in self.seat_names())

    def _say(
        self, seat_id: str, name: str, is_gm: bool, data: dict[str, JsonValue]
    ) -> Words | str | None:
        text, speaker, to = data.get("text"), data.get("speaker", ""), data.get("to", [])
        whisper = data.get("whisper", False)
        extra = set(data) - {"text", "speaker", "to", "whisper"}
        if extra:
            return words("A chat line has no field {field}.", field=repr(sorted(extra)[0]))
        if not isinstance(text, str) or not isinstance(speaker, str):
            return words("A chat line is text, said by a name.")
        if not isinstance(whisper, bool) or not isinstance(to, list):
            return words("A whisper names its seats as a list.")
        if len(text) > MAX_REQUEST_TEXT:
            return words(
                "This message is far too long: at most {n} characters are kept.", n=MAX_CHAT_TEXT
            )
        names = [t for t in to if isinstance(t, str)]
        if len(names) != len(to):
            return words("A whisper names its seats by their names.")
        unknown = [t for t in names if not self._seat_known(t)]
        if unknown:
            return words(
                "There is no seat called {name} at the table to whisper to.", name=repr(unknown[0])
            )
        bucket = self._buckets.setdefault(seat_id, TokenBucket(CHAT_RATE, CHAT_BURST, self._clock))
        if not bucket.take():
            return words("You are sending messages too fast: wait a moment, then say it again.")
        seat_name = GM_SEAT if is_gm else name
        shown = self._speaker(name, is_gm, speaker)
        if shown is None:
            return words(
                "You cannot speak as {name}: speak as yourself or one of your characters.",
                name=repr(speaker),
            )
        # Trimmed or stripped lines are kept as trimmed: the sender's app said so before sending.
        self.session.talk.say(seat_name, shown, text, whisper=whisper, to=names, author=seat_id)
        return None

    def _speaker(self, name: str, is_gm: bool, asked: str) -> str | None:
        """The name a seat speaks as: its own, or one of its characters' (the GM: any name)."""
        own = GM_SEAT if is_gm else name
        asked = " ".join(asked.split())
        if not asked or same_seat(asked, own):
            return own
        if is_gm:
            return asked[:120]
        seat = next((s for s in self._seats.values() if s.name == name), None)
        mine = seat.viewer.characters if seat is not None else frozenset()
        for character in self.session.campaign.characters:
            if character.id in mine and same_seat(character.name, asked):
                return character.name
        return None
