"""The messages host and players exchange, as strict pydantic models.

Every message is a JSON object with a ``type`` tag; unknown types, missing or extra fields and wrong
types are refused with a message naming the field. Views are JSON objects whose collections are
objects keyed by id, so one change is a path (see :mod:`saga_desktop.network.patch`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from saga_desktop.i18n.words import Words

# 6: the host's refusals, waits and goodbyes travel as words too (5: every seat is told who is
# at the table; journal lines and request refusals travel as words, worded by each seat in its
# own language; 4: requests name their operation by "op")
PROTOCOL_VERSION = 6
MAX_MESSAGE = 4 * 1024 * 1024 - 1024  # leaves room for the frame, tag and seal
MAX_CLAIMS = 100  # claims a GM seat is told of at once (the oldest)
_Text = Annotated[str, Field(max_length=200)]
_Id = Annotated[str, Field(min_length=1, max_length=200)]
_Revision = Annotated[int, Field(ge=0, le=2**53)]
_Parts = Annotated[int, Field(ge=0, le=100_000)]
View = dict[str, JsonValue]


class MessageError(ValueError):
    """A message that cannot be read; the message says what is wrong with it."""


class MessageBase(BaseModel):
    """What every message shares: strict fields, no extra ones, immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Hello(MessageBase):
    """Each side's versions; the host refuses a player whose versions differ."""

    type: Literal["hello"] = "hello"
    app_version: _Text
    protocol_version: int
    rulesets: dict[_Id, _Text] = Field(max_length=50)


def _checked_words(value: dict[str, JsonValue] | None) -> dict[str, JsonValue] | None:
    if value is not None:
        Words.from_data(value)
    return value


_Words = Annotated[dict[str, JsonValue] | None, Field(exclude_if=lambda v: v is None)]
"""Why, as words each app words in its own language (then ``reason`` is empty: no sentence of
one language travels; an app of an older protocol is refused with ``reason`` alone)."""


class Refused(MessageBase):
    """The last message (or the whole connection) was refused, and why."""

    type: Literal["refused"] = "refused"
    reason: Annotated[str, Field(max_length=2000)] = ""
    words: _Words = None

    _words = field_validator("words")(_checked_words)


class Join(MessageBase):
    """Take a new seat by name, or one's own seat back with its reconnect token."""

    type: Literal["join"] = "join"
    role: Literal["player", "gm"] = "player"
    seat_name: _Id | None = None
    reconnect_token: _Id | None = None
    last_revision: _Revision | None = None  # with a token: replay what came after this

    @model_validator(mode="after")
    def _one_way_in(self) -> Join:
        if (self.seat_name is None) == (self.reconnect_token is None):
            raise ValueError("give either a seat name or a reconnect token")
        return self


class Wait(MessageBase):
    """Your join is held until the GM answers (the seat needs their leave); ``reason`` says so."""

    type: Literal["wait"] = "wait"
    reason: Annotated[str, Field(max_length=2000)] = ""
    words: _Words = None

    _words = field_validator("words")(_checked_words)


class ClaimLine(MessageBase):
    """One app waiting for the GM's leave: the name it asked for, and whether that seat is taken."""

    claim_id: Annotated[int, Field(ge=1, le=2**53)]
    name: _Id
    taken: bool


class Claims(MessageBase):
    """The apps waiting for the GM's leave to sit down, oldest first: sent to GM seats only."""

    type: Literal["claims"] = "claims"
    claims: list[ClaimLine] = Field(max_length=MAX_CLAIMS)


MAX_TABLE_SEATS = 200  # seats a GM seat is told of at once


class SeatLine(MessageBase):
    """A seat as a GM seat lists it: its state and last round trip (ms; None before one)."""

    seat_id: _Id
    name: _Id
    role: Literal["player", "gm"]
    state: Literal["here", "away", "gone"]
    rtt_ms: Annotated[int, Field(ge=0, le=600_000)] | None = None
    free: bool = False


class TableSeats(MessageBase):
    """The table as the host's window shows it: sent to GM seats only.

    The seats with their state, the join code and the links the GM reads out or pastes, and how
    this host is stopped (a GM seat cannot stop it: the host's own computer decides).
    """

    type: Literal["table"] = "table"
    seats: list[SeatLine] = Field(max_length=MAX_TABLE_SEATS)
    join_code: _Text
    links: list[Annotated[str, Field(max_length=2000)]] = Field(default=[], max_length=4)
    stopping: _Text = ""


class PresenceSeat(MessageBase):
    """A seat as every seat hears of it: its name, a player's or a GM's, here, away or gone."""

    name: _Id
    role: Literal["player", "gm"]
    state: Literal["here", "away", "gone"]


class Presence(MessageBase):
    """Who is at the table: sent to every seat when it sits down and whenever that changes.

    ``you`` is the place of the receiving seat's own line in ``seats``; ``gm_at_host`` says the
    GM plays at the host's own computer (not a seat). Nothing else: no seat ids, codes, links,
    tokens or round trips (a player's seat learns who is here, not how to sit in their place).
    """

    type: Literal["presence"] = "presence"
    seats: list[PresenceSeat] = Field(max_length=MAX_TABLE_SEATS)
    you: Annotated[int, Field(ge=0, lt=MAX_TABLE_SEATS)] | None = None
    gm_at_host: bool = False

    @model_validator(mode="after")
    def _you_among_them(self) -> Presence:
        if self.you is not None and self.you >= len(self.seats):
            raise ValueError("'you' must name one of the seats")
        return self


class Welcome(MessageBase):
    """The seat is yours; ``view`` is None when the patches you missed follow instead.

    A view too big for one message comes as an outline (``view``) and ``parts``
    :class:`ViewPart` messages right after, which fill it in.
    """

    type: Literal["welcome"] = "welcome"
    seat_id: _Id
    seat_name: _Id
    role: Literal["player", "gm"]
    reconnect_token: _Id
    revision: _Revision
    view: View | None
    parts: _Parts = 0


def request_parts(op: dict[str, JsonValue]) -> tuple[str, dict[str, JsonValue]]:
    """A request's operation tag and its fields; ValueError when it names no operation.

    The tag is ``op`` when the request has one (the saved form of an operation, where ``kind``
    is the operation's own field: a fate roll's, a long rest's), else ``kind``.
    """
    key = "op" if "op" in op else "kind"
    tag = op.get(key)
    if not isinstance(tag, str) or not 0 < len(tag) <= 200:
        raise ValueError(f"a request names its operation by 'op' (or 'kind'): {key!r} must be text")
    return tag, {name: value for name, value in op.items() if name != key}


class Request(MessageBase):
    """Please do this operation for my seat: ``{"op": tag, ...fields}`` (or ``"kind": tag``)."""

    type: Literal["request"] = "request"
    request_id: Annotated[int, Field(ge=0, le=2**53)]
    op: dict[str, JsonValue]

    @model_validator(mode="after")
    def _names_an_operation(self) -> Request:
        request_parts(self.op)
        return self


class RequestResult(MessageBase):
    """Whether the host did what a request asked, and why not.

    Why not comes as ``words`` (worded by the seat in its own language), or as a ``message``
    where the host has only a text.
    """

    type: Literal["request_result"] = "request_result"
    request_id: Annotated[int, Field(ge=0, le=2**53)]
    ok: bool
    message: Annotated[str, Field(max_length=2000)] = ""
    words: dict[str, JsonValue] | None = Field(default=None, exclude_if=lambda v: v is None)

    @field_validator("words")
    @classmethod
    def _words(cls, value: dict[str, JsonValue] | None) -> dict[str, JsonValue] | None:
        if value is not None:
            Words.from_data(value)
        return value


class Change(MessageBase):
    """Set or delete the value at ``path`` in a view."""

    op: Literal["set", "del"]
    path: list[_Text] = Field(min_length=1, max_length=64)
    value: JsonValue = None

    @model_validator(mode="after")
    def _value_only_for_set(self) -> Change:
        if self.op == "del" and self.value is not None:
            raise ValueError("a 'del' change has no value")
        return self


class Patch(MessageBase):
    """The changes that bring a seat's view from ``revision - 1`` to ``revision``."""

    type: Literal["patch"] = "patch"
    revision: _Revision
    changes: list[Change]


class Snapshot(MessageBase):
    """A seat's whole view at ``revision``, when patches cannot reach back far enough.

    As with :class:`Welcome`, a big view is an outline followed by ``parts`` :class:`ViewPart`.
    """

    type: Literal["snapshot"] = "snapshot"
    revision: _Revision
    view: View
    parts: _Parts = 0


class ViewPart(MessageBase):
    """Part ``index`` (from 0) of a view sent in parts: changes that fill in its outline."""

    type: Literal["view_part"] = "view_part"
    revision: _Revision
    index: _Parts
    changes: list[Change]


class Resume(MessageBase):
    """Send me what came after ``last_revision`` (None: send a snapshot)."""

    type: Literal["resume"] = "resume"
    last_revision: _Revision | None


class Ping(MessageBase):
    """Are you there? Answered by a Pong with the same nonce."""

    type: Literal["ping"] = "ping"
    nonce: Annotated[int, Field(ge=0, le=2**53)] = 0


class Pong(MessageBase):
    """The answer to a Ping."""

    type: Literal["pong"] = "pong"
    nonce: Annotated[int, Field(ge=0, le=2**53)] = 0


class Bye(MessageBase):
    """I am closing this connection, and why."""

    type: Literal["bye"] = "bye"
    reason: Annotated[str, Field(max_length=2000)] = ""
    words: _Words = None

    _words = field_validator("words")(_checked_words)
    back: bool = False
    """The host stops only for a moment (it will be there again with the same seats): come back."""


Message = Annotated[
    Hello
    | Refused
    | Join
    | Wait
    | Claims
    | TableSeats
    | Presence
    | Welcome
    | Request
    | RequestResult
    | Patch
    | Snapshot
    | ViewPart
    | Resume
    | Ping
    | Pong
    | Bye,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(Message)


def encode(message: MessageBase) -> bytes:
    """The message as compact UTF-8 JSON."""
    return message.model_dump_json().encode("utf-8")


def decode(data: bytes) -> Message:
    """Read one message; raise :class:`MessageError` saying which field is wrong."""
    if len(data) > MAX_MESSAGE:
        raise MessageError(f"A message of {len(data)} bytes is over the limit of {MAX_MESSAGE}.")
    try:
        message: Message = _ADAPTER.validate_json(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in error["loc"]) or "the message"
        raise MessageError(f"Bad message ({where}): {error['msg']}.") from None
    return message
