"""The internet join link: ``saga://p2p/<endpoint ticket>?game=<name>``; it never carries the code.

An endpoint ticket is iroh's text form of where the host's app can be reached (its key, its
addresses and its relay). Like the LAN link it is safe to paste into a group chat: without the
spoken join code, the handshake inside the stream fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, quote, urlsplit

from saga_desktop.i18n import tr
from saga_desktop.network.codes import MAX_GAME_NAME, CodeError

HOST = "p2p"
MAX_TICKET = 2048
_TICKET = re.compile(r"^endpoint[a-z2-7]{16,2040}$")


@dataclass(frozen=True)
class InternetLink:
    """Where a game is hosted on the internet, and its name."""

    ticket: str
    game: str

    def __post_init__(self) -> None:
        if not _TICKET.match(self.ticket):
            raise CodeError(
                tr(
                    "The internet link is damaged (its endpoint part is cut or changed): copy it "
                    "again from the GM's hosting window."
                )
            )
        if not self.game.strip() or len(self.game) > MAX_GAME_NAME:
            raise CodeError(
                tr("The game name must be 1 to {most} characters long.", most=MAX_GAME_NAME)
            )
        if any(not ch.isprintable() for ch in self.game):
            raise CodeError(tr("The game name may not contain control characters."))

    def url(self) -> str:
        """The link as text."""
        return f"saga://{HOST}/{self.ticket}?game={quote(self.game, safe='')}"


def is_internet_link(text: str) -> bool:
    """True when ``text`` is meant as an internet link (it may still be damaged)."""
    return text.strip().lower().startswith(f"saga://{HOST}/")


def parse_internet_link(text: str) -> InternetLink:
    """Read an internet link; raise :class:`CodeError` with a clear message if it is not one."""
    text = text.strip()
    if len(text) > MAX_TICKET + 200:
        raise CodeError(tr("That link is far too long to be a join link."))
    try:
        parts = urlsplit(text)
        query = parse_qs(parts.query, keep_blank_values=True, max_num_fields=4)
    except ValueError as exc:
        raise CodeError(tr("This is not a join link: {detail}.", detail=str(exc))) from None
    if parts.scheme != "saga" or parts.netloc != HOST or parts.fragment:
        raise CodeError(tr("An internet join link looks like saga://p2p/endpoint…?game=name."))
    if not parts.query and not text.endswith("?"):
        raise CodeError(
            tr(
                "The internet link is cut short (its end, ?game=..., is missing): copy the "
                "whole link again from the GM's message or hosting window."
            )
        )
    if set(query) != {"game"} or len(query["game"]) != 1:
        raise CodeError(
            tr(
                "A join link carries only the game name (?game=...); the join code is never put "
                "in a link, so ask the GM for it."
            )
        )
    return InternetLink(parts.path.strip("/"), query["game"][0])
