"""One face of the talk for every window: the GM's own session, or a seat over the network.

The chat dock and the handouts read ``chat`` and ``handouts``, follow :meth:`subscribe`, and ask
:meth:`say`, :meth:`unsay`, :meth:`show` and :meth:`hide`. At the GM's table that is the session's
:class:`~saga_desktop.model.chat.Talk` itself; at a seat each is a request the host answers later
(the window never waits for it), and a refusal comes back through :attr:`refused`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import JsonValue
from PySide6.QtCore import QObject, Signal

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.chat import (
    GM_SEAT,
    ChatMessage,
    Handout,
    TalkChange,
    TalkError,
    TalkListener,
    clean_text,
)

# The network is imported only at a seat (a campaign opened alone never loads it).
SAY, UNSAY, SHOW, HIDE = "chat.Say", "chat.Unsay", "chat.Show", "chat.Hide"
FORGET = "chat.Forget"

NOT_SENT = {
    SAY: tr_noop("Your message was not sent: {problem}"),
    UNSAY: tr_noop("Deleting the message was not sent: {problem}"),
    SHOW: tr_noop("Showing the handout was not sent: {problem}"),
    HIDE: tr_noop("Hiding the handout was not sent: {problem}"),
    FORGET: tr_noop("Removing the handout was not sent: {problem}"),
}
"""What a request that could not be sent says, by request."""

REFUSED = {
    SAY: tr_noop("Your message was refused: {problem}"),
    UNSAY: tr_noop("Deleting the message was refused: {problem}"),
    SHOW: tr_noop("Showing the handout was refused: {problem}"),
    HIDE: tr_noop("Hiding the handout was refused: {problem}"),
    FORGET: tr_noop("Removing the handout was refused: {problem}"),
}
"""What a request the host refused says, by request."""


class TableTalk(QObject):
    """The talk of whichever session the window runs on."""

    refused = Signal(str)
    """The host (or this app) refused a line or a handout, and why."""
    noted = Signal(str)
    """Something the sender should know about a line that was sent (it was trimmed)."""

    def __init__(self, session: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.remote = hasattr(session, "transport")
        self._listeners: list[TalkListener] = []
        self._asked: dict[int, str] = {}
        if self.remote:
            session.transport.received.connect(self._answered)
            self._off: Callable[[], None] = _nothing
        else:
            self._off = session.talk.subscribe(self._emit)

    # -- reading --------------------------------------------------------------------------------

    @property
    def chat(self) -> list[ChatMessage]:
        """The lines this window may read, oldest first."""
        return list(self.session.campaign.chat)

    @property
    def handouts(self) -> list[Handout]:
        """The handouts this window has."""
        return list(self.session.campaign.handouts)

    @property
    def is_gm(self) -> bool:
        """True at the GM's table and at a GM seat."""
        return bool(getattr(self.session, "is_gm", True))

    @property
    def seat_name(self) -> str:
        """This window's seat name (``GM`` for the GM)."""
        if self.is_gm:
            return GM_SEAT
        return str(self.session.model.seat_name)

    def speakers(self) -> list[str]:
        """The names this window may speak as: its own first, then its characters'."""
        if self.is_gm:
            return [GM_SEAT]
        viewer = self.session.model.viewer
        own = [c.name for c in self.session.campaign.characters if viewer.owns(c.id)]
        return [self.seat_name, *own]

    def players(self) -> list[str]:
        """The seat names a line may be whispered to (the GM's first)."""
        names: list[str] = []
        for character in self.session.campaign.characters:
            player = " ".join(character.player.split())
            if player and player.casefold() not in {n.casefold() for n in names}:
                names.append(player)
        names = [n for n in names if n.casefold() != self.seat_name.casefold()]
        return ([] if self.is_gm else [GM_SEAT]) + names

    def subscribe(self, listener: TalkListener) -> Callable[[], None]:
        """Call ``listener`` with every change of the talk this window sees."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _emit(self, change: TalkChange) -> None:
        for listener in list(self._listeners):
            listener(change)

    def followed(self, changes: list[TalkChange]) -> None:
        """The seat's view brought these changes (called by the remote session)."""
        for change in changes:
            self._emit(change)

    def close(self) -> None:
        """Stop following."""
        self._off()

    # -- asking ---------------------------------------------------------------------------------

    def say(self, speaker: str, text: str, to: list[str] | None = None) -> bool:
        """Say ``text`` as ``speaker`` (to ``to`` only, as a whisper); False when refused."""
        cleaned, note = clean_text(text)
        if not cleaned:
            self.refused.emit(tr("There is nothing to say: the message is empty."))
            return False
        whisper = bool(to)
        if self.remote:
            recipients: list[JsonValue] = list(to or [])
            asked: dict[str, JsonValue] = {"text": cleaned, "speaker": speaker}
            asked.update(to=recipients, whisper=whisper)
            done = self._ask(SAY, asked)
        else:
            try:
                self.session.talk.say(GM_SEAT, speaker or GM_SEAT, cleaned, to=to)
                done = True
            except TalkError as exc:
                self.refused.emit(str(exc))
                done = False
        if done and note:
            self.noted.emit(tr("Sent, but {note}.", note=note))
        return done

    def unsay(self, message_id: int) -> bool:
        """Delete a line from every view (the GM)."""
        if self.remote:
            return self._ask(UNSAY, {"id": message_id})
        return bool(self.session.talk.unsay(message_id))

    def show(self, handout: Handout) -> bool:
        """Show a handout (new, or again to whom it now names)."""
        if self.remote:
            data = handout.model_dump(mode="json")
            return self._ask(SHOW, {"handout": data})
        try:
            self.session.talk.show(handout)
        except TalkError as exc:
            self.refused.emit(str(exc))
            return False
        return True

    def hide(self, handout_id: int) -> bool:
        """Take a handout back from every player (the GM keeps it)."""
        if self.remote:
            return self._ask(HIDE, {"id": handout_id})
        return bool(self.session.talk.hide(handout_id))

    def forget(self, handout_id: int) -> bool:
        """Remove a handout from the campaign for good (the GM)."""
        if self.remote:
            return self._ask(FORGET, {"id": handout_id})
        return bool(self.session.talk.forget(handout_id))

    def _ask(self, kind: str, fields: dict[str, JsonValue]) -> bool:
        from saga_desktop.network.client import NotJoinedError

        try:
            request_id = self.session.transport.request({"op": kind, **fields})
        except (NotJoinedError, ValueError) as exc:
            self.refused.emit(tr(NOT_SENT[kind], problem=str(exc)))
            return False
        self._asked[request_id] = kind
        return True

    def _answered(self, event: object) -> None:
        from saga_desktop.network.client_events import RequestAnswered

        if isinstance(event, RequestAnswered) and event.request_id in self._asked:
            kind = self._asked.pop(event.request_id)
            if not event.ok:
                self.refused.emit(tr(REFUSED[kind], problem=event.message))


def talk_of(session: Any) -> TableTalk:
    """The one :class:`TableTalk` of a session (made on first use, kept on the session)."""
    talk = getattr(session, "_table_talk", None)
    if talk is None:
        talk = TableTalk(session)
        session._table_talk = talk
    return talk


def _nothing() -> None:
    """Nothing to stop."""
