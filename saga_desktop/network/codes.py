"""Join codes, GM codes, join links and reconnect tokens.

A *join code* is what the GM reads out to the players: a two-digit number and three words
(``"42-lantern-otter-maple"``). A *GM code* opens a GM seat and is longer: a number and five words.
Both are drawn with the ``secrets`` module, never with the game's random generator. A code is only
ever used as the password of the key exchange (see :mod:`saga_desktop.network.crypto`): it never
travels over the network, and a join link never contains it.
"""

from __future__ import annotations

import difflib
import hmac
import ipaddress
import re
import secrets
from dataclasses import dataclass
from enum import Enum
from urllib.parse import parse_qs, quote, urlsplit

from saga_desktop.i18n import tr
from saga_desktop.network.wordlist import WORD_SET, WORDS

JOIN_WORDS = 3
GM_WORDS = 5
DEFAULT_PORT = 47800
MAX_GAME_NAME = 80
_SEPARATORS = re.compile(r"[^a-z0-9]+")
_HOSTNAME = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*$")


class CodeError(ValueError):
    """A code, link or token that cannot be used; the message says what to fix."""


class CodeKind(Enum):
    """Which seat a code opens."""

    PLAYER = "player"
    GM = "gm"


@dataclass(frozen=True)
class Code:
    """A checked code in its normal form (lower case, hyphens between the parts)."""

    kind: CodeKind
    text: str

    def secret(self) -> bytes:
        """The bytes the key exchange uses as its password."""
        return self.text.encode("ascii")


def _make(words: int) -> str:
    number = 10 + secrets.randbelow(90)
    return "-".join([str(number), *(secrets.choice(WORDS) for _ in range(words))])


def new_join_code() -> Code:
    """A fresh join code for the players: a number and three words."""
    return Code(CodeKind.PLAYER, _make(JOIN_WORDS))


def new_gm_code() -> Code:
    """A fresh GM code: a number and five words, so it is much harder to guess."""
    return Code(CodeKind.GM, _make(GM_WORDS))


def normalise(text: str) -> str:
    """The code as typed, in normal form: lower case, one hyphen between parts (spaces allowed)."""
    return "-".join(part for part in _SEPARATORS.split(text.strip().lower()) if part)


def parse_code(text: str) -> Code:
    """Check a code a person typed or heard; raise :class:`CodeError` saying what is wrong."""
    parts = normalise(text).split("-") if normalise(text) else []
    if not parts:
        raise CodeError(tr("Type the join code the GM gave you, e.g. 42-lantern-otter-maple."))
    number, words = parts[0], parts[1:]
    if not (number.isdigit() and len(number) == 2):
        raise CodeError(
            tr("A code starts with a two-digit number, not {number}.", number=repr(number))
        )
    kinds = {JOIN_WORDS: CodeKind.PLAYER, GM_WORDS: CodeKind.GM}
    if len(words) not in kinds:
        raise CodeError(
            tr(
                "A join code has {join} words after the number and a GM code {gm}; "
                "this one has {n}.",
                join=JOIN_WORDS,
                gm=GM_WORDS,
                n=len(words),
            )
        )
    for word in words:
        if word not in WORD_SET:
            close = difflib.get_close_matches(word, WORDS, n=1)
            if close:
                raise CodeError(
                    tr(
                        "{word} is not one of the code words; check the spelling. "
                        "Did you mean {close}?",
                        word=repr(word),
                        close=repr(close[0]),
                    )
                )
            raise CodeError(
                tr("{word} is not one of the code words; check the spelling.", word=repr(word))
            )
    return Code(kinds[len(words)], "-".join(parts))


def new_reconnect_token() -> str:
    """A fresh secret that lets a dropped player take back their own seat."""
    return secrets.token_urlsafe(24)


def tokens_match(given: str, expected: str) -> bool:
    """Compare two reconnect tokens in constant time."""
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


@dataclass(frozen=True)
class JoinLink:
    """Where a game is hosted: ``saga://host:port/?game=<name>``; never carries the code."""

    host: str
    port: int
    game: str

    def __post_init__(self) -> None:
        _check_host(self.host)
        if not 1 <= self.port <= 65535:
            raise CodeError(tr("The port must be between 1 and 65535, not {port}.", port=self.port))
        if not self.game.strip() or len(self.game) > MAX_GAME_NAME:
            raise CodeError(
                tr("The game name must be 1 to {most} characters long.", most=MAX_GAME_NAME)
            )
        if any(not ch.isprintable() for ch in self.game):
            raise CodeError(tr("The game name may not contain control characters."))

    def url(self) -> str:
        """The link as text."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"saga://{host}:{self.port}/?game={quote(self.game, safe='')}"


def _check_host(host: str) -> None:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not _HOSTNAME.match(host) or len(host) > 253:
            raise CodeError(
                tr("{host} is not a computer name or network address.", host=repr(host))
            ) from None


def build_link(host: str, port: int, game: str) -> str:
    """The join link for a game; there is deliberately no way to put a code in it."""
    return JoinLink(host, port, game).url()


def parse_link(text: str) -> JoinLink:
    """Read a join link; raise :class:`CodeError` with a clear message if it is not one."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
        query = parse_qs(parts.query, keep_blank_values=True, max_num_fields=4)
    except ValueError as exc:
        raise CodeError(tr("This is not a join link: {detail}.", detail=str(exc))) from None
    if parts.scheme != "saga" or not parts.hostname:
        raise CodeError(tr("A join link looks like saga://host:port/?game=name."))
    if parts.path not in ("", "/") or parts.fragment or parts.username or parts.password:
        raise CodeError(tr("A join link has only a host, a port and a game name."))
    if set(query) != {"game"} or len(query["game"]) != 1:
        raise CodeError(
            tr(
                "A join link carries only the game name (?game=...); the join code is never put "
                "in a link, so ask the GM for it."
            )
        )
    return JoinLink(parts.hostname, port or DEFAULT_PORT, query["game"][0])
