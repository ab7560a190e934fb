"""Talk at the table: chat lines, whispers and the GM's handouts, kept in the campaign.

Chat is what people say; rolls and results stay in the journal. A chat line is not a game step:
it never enters the undo history. It changes the campaign through :class:`Talk` (the session's
``talk``), which reports each change to its own listeners (the recovery log, the network, the
chat dock). Who may read a line or see a handout is decided by
:func:`saga_desktop.model.visibility.visible_chat` and ``visible_handouts``, nowhere else.

Seats are named as people are: a line's ``seat`` is its sender's seat name (``GM`` for the GM),
``to`` the seat names it is whispered to. A whisper with nobody named goes to the GM alone.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import AwareDatetime, Field, model_validator

from saga_desktop.i18n.words import Words, english, say, words
from saga_desktop.model.types import FrozenModel, Name, Text

if TYPE_CHECKING:
    from saga_desktop.model.campaign import Campaign

GM_SEAT = "GM"
"""The seat name of the GM (the host's own window and every GM seat)."""
MAX_CHAT_TEXT = 2000
"""Characters in one chat line; longer lines are cut there, with a note saying so."""
MAX_CHAT_KEPT = 2000
"""Chat lines kept in the campaign; older ones give way, so a flood cannot grow the file."""
MAX_HANDOUTS = 100
MAX_HANDOUT_TEXT = 20_000
MAX_PICTURE_BYTES = 1_500_000
"""A handout's picture, re-encoded, at most this many bytes (base64 in the file: 4/3 of it)."""
MAX_PICTURE_SIDE = 2048
MAX_PICTURES_TOTAL = 16_000_000
"""All handouts' pictures together, in bytes: the file stays well inside its own size limit."""
MAX_RECIPIENTS = 32

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
_MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "jpeg": b"\xff\xd8\xff"}
_Recipients = Annotated[list[Name], Field(max_length=MAX_RECIPIENTS)]


class TalkError(ValueError):
    """A chat line or handout refused; the message says why, in words a player reads.

    Given as :class:`Words`, it is data: ``str()`` words it in the app's language, and a refusal
    sent to a player's seat travels as the words.
    """

    def __init__(self, message: str | Words = "") -> None:
        self.words = message
        super().__init__(english(message))

    def __str__(self) -> str:
        return say(self.words)


class ChatMessage(FrozenModel):
    """One thing said at the table: by whom, as whom, to whom."""

    id: Annotated[int, Field(ge=1)]
    at: AwareDatetime
    seat: Name
    """The sender's seat name (``GM`` for the GM)."""
    speaker: Name
    """The name shown: the seat's or one of its characters'."""
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT_TEXT)]
    whisper: bool = False
    to: _Recipients = Field(default_factory=list)
    """Seat names a whisper goes to (the GM reads every whisper anyway)."""


class Handout(FrozenModel):
    """A note or picture the GM shows to chosen players (``to``) or to everyone."""

    id: Annotated[int, Field(ge=0)]
    """0 until :meth:`Talk.show` gives it one."""
    title: Name
    text: Annotated[Text, Field(max_length=MAX_HANDOUT_TEXT)] = ""
    picture: Annotated[str, Field(max_length=MAX_PICTURE_BYTES * 4 // 3 + 8)] = ""
    """The picture as base64 of the re-encoded bytes ("" for none)."""
    picture_type: Literal["", "png", "jpeg"] = ""
    everyone: bool = False
    to: _Recipients = Field(default_factory=list)
    shown: bool = True
    """False once the GM hid it again: then only the GM has it."""

    @model_validator(mode="after")
    def _picture_is_what_it_says(self) -> Handout:
        if not self.picture and not self.picture_type:
            return self
        try:
            head = base64.b64decode(self.picture[:16], validate=True)
        except ValueError:
            raise ValueError("the picture is not base64") from None
        if not head.startswith(_MAGIC.get(self.picture_type, b"\x00missing")):
            raise ValueError("the picture is not the PNG or JPEG it says it is")
        return self


def same_seat(a: str, b: str) -> bool:
    """True when two seat names name the same seat (case and spacing aside)."""
    norm_a, norm_b = " ".join(a.split()).casefold(), " ".join(b.split()).casefold()
    return bool(norm_a) and norm_a == norm_b


def clean_text(text: str, limit: int = MAX_CHAT_TEXT) -> tuple[str, str]:
    """Text made safe to keep and show, and a note of what was changed ("" when nothing).

    Control and direction characters go (line breaks and tabs stay, as plain text); a text
    over ``limit`` is cut there. Markup stays as the characters it is: every view shows plain text.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    cleaned = _CONTROL.sub("", text)
    cleaned = "".join(ch for ch in cleaned if not 0xD800 <= ord(ch) <= 0xDFFF).strip()
    notes = []
    if cleaned != text.strip():
        notes.append("control characters were removed")
    if len(cleaned) > limit:
        cleaned = cleaned[:limit].rstrip()
        notes.append(f"it was cut to {limit} characters")
    return cleaned, "; ".join(notes)


TalkKind = Literal["said", "unsaid", "shown", "hidden"]


@dataclass(frozen=True)
class TalkChange:
    """One change to the talk: a line said or deleted, a handout shown (again) or hidden."""

    kind: TalkKind
    id: int
    author: str = "gm"


TalkListener = Callable[[TalkChange], None]


class Talk:
    """The one path that changes a campaign's chat and handouts (never through undo)."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self._listeners: list[TalkListener] = []

    @property
    def chat(self) -> list[ChatMessage]:
        """The lines kept, oldest first."""
        return self.campaign.chat

    @property
    def handouts(self) -> list[Handout]:
        """Every handout, the hidden ones too."""
        return self.campaign.handouts

    def _next_id(self) -> int:
        self.campaign.talk_serial += 1
        return self.campaign.talk_serial

    def subscribe(self, listener: TalkListener) -> Callable[[], None]:
        """Call ``listener`` with every change; returns a function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _emit(self, change: TalkChange) -> None:
        for listener in list(self._listeners):
            listener(change)

    def message(self, message_id: int) -> ChatMessage | None:
        """The line with this id, if it is still kept."""
        return next((m for m in reversed(self.chat) if m.id == message_id), None)

    def handout(self, handout_id: int) -> Handout | None:
        """The handout with this id, if any."""
        return next((h for h in self.handouts if h.id == handout_id), None)

    def say(
        self,
        seat: str,
        speaker: str,
        text: str,
        *,
        whisper: bool = False,
        to: list[str] | None = None,
        author: str = "gm",
        at: datetime | None = None,
    ) -> tuple[ChatMessage, str]:
        """Keep a line said by ``seat`` and report it; the line and a note of any trimming.

        Raises :class:`TalkError` for an empty line or a bad name.
        """
        cleaned, note = clean_text(text)
        if not cleaned:
            raise TalkError(words("There is nothing to say: the message is empty."))
        recipients = list(dict.fromkeys(" ".join(t.split()) for t in to or [] if t.strip()))
        if len(recipients) > MAX_RECIPIENTS:
            raise TalkError(words("A whisper goes to at most {n} seats.", n=MAX_RECIPIENTS))
        try:
            message = ChatMessage(
                id=self.campaign.talk_serial + 1,
                at=at or datetime.now(UTC),
                seat=seat,
                speaker=speaker,
                text=cleaned,
                whisper=whisper or bool(recipients),
                to=recipients,
            )
        except ValueError as exc:
            raise TalkError(words("This message cannot be kept: {why}", why=str(exc))) from None
        self.keep(message, author)
        return message, note

    def keep(self, message: ChatMessage, author: str = "gm") -> None:
        """Keep a line (said here, or replayed); a line with an id given out already is not."""
        if message.id <= self.campaign.talk_serial:
            return
        self.campaign.talk_serial = message.id
        self.chat.append(message)
        del self.chat[:-MAX_CHAT_KEPT]
        self._emit(TalkChange("said", message.id, author))

    def unsay(self, message_id: int, author: str = "gm") -> bool:
        """Delete a line (the GM's call): it leaves every view. False when it is not there."""
        for index, message in enumerate(self.chat):
            if message.id == message_id:
                del self.chat[index]
                self._emit(TalkChange("unsaid", message_id, author))
                return True
        return False

    def show(self, handout: Handout, author: str = "gm") -> Handout:
        """Show a new handout (its id is given here) or show one again to whom it now names."""
        others = sum(len(h.picture) for h in self.handouts if h.id != handout.id)
        if (others + len(handout.picture)) * 3 // 4 > MAX_PICTURES_TOTAL:
            raise TalkError(
                words(
                    "The handouts' pictures would take more than {mb} MB in the campaign: "
                    "remove an old handout with a picture first.",
                    mb=MAX_PICTURES_TOTAL // 1_000_000,
                )
            )
        if handout.id == 0 or self.handout(handout.id) is None:
            if len(self.handouts) >= MAX_HANDOUTS:
                raise TalkError(words("A campaign keeps at most {n} handouts.", n=MAX_HANDOUTS))
            if handout.id == 0:
                handout = handout.model_copy(update={"id": self._next_id()})
            elif handout.id <= self.campaign.talk_serial:
                return handout  # a replayed handout the GM has removed since
            else:
                self.campaign.talk_serial = handout.id
            handout = handout.model_copy(update={"shown": True})
            self.handouts.append(handout)
        else:
            at = next(i for i, h in enumerate(self.handouts) if h.id == handout.id)
            handout = handout.model_copy(update={"shown": True})
            self.handouts[at] = handout
        self._emit(TalkChange("shown", handout.id, author))
        return handout

    def hide(self, handout_id: int, author: str = "gm") -> bool:
        """Take a handout back from every player's window (the GM keeps it). False if unknown."""
        for index, handout in enumerate(self.handouts):
            if handout.id == handout_id:
                self.handouts[index] = handout.model_copy(update={"shown": False})
                self._emit(TalkChange("hidden", handout_id, author))
                return True
        return False

    def forget(self, handout_id: int, author: str = "gm") -> bool:
        """Remove a handout from the campaign (hidden from everyone first)."""
        for index, handout in enumerate(self.handouts):
            if handout.id == handout_id:
                del self.handouts[index]
                self._emit(TalkChange("hidden", handout_id, author))
                return True
        return False


def new_handout(
    title: str,
    text: str = "",
    *,
    picture: str = "",
    picture_type: Literal["", "png", "jpeg"] = "",
    everyone: bool = True,
    to: list[str] | None = None,
) -> Handout:
    """A handout to show (its id comes from :meth:`Talk.show`); TalkError when it cannot be."""
    cleaned, _ = clean_text(text, MAX_HANDOUT_TEXT)
    title_clean, _ = clean_text(title, 120)
    try:
        return Handout(
            id=0,
            title=" ".join(title_clean.split()) or "Handout",
            text=cleaned,
            picture=picture,
            picture_type=picture_type,
            everyone=everyone,
            to=[" ".join(t.split()) for t in to or [] if t.strip()],
        )
    except ValueError as exc:
        raise TalkError(words("This handout cannot be shown: {why}", why=str(exc))) from None
