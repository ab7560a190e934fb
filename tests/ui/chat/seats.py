"""A hosted sample table over real sockets on loopback, with seats that talk."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from saga_desktop import app_version
from saga_desktop.model.registry import rulesets
from saga_desktop.model.seat_model import SeatModel
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.ui.chat.talk import TableTalk, talk_of
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.remote_session import RemoteSession
from saga_desktop.ui.network.transport import ClientTransport

WAIT = 10_000


class Seat:
    """A seat's RemoteSession and its talk, over a real socket."""

    def __init__(self, qtbot: QtBot, hosting: Hosting, name: str, code: Code | None = None):
        code = code or hosting.join_code
        role = "gm" if code.kind is CodeKind.GM else "player"
        versions = {game.id: str(game.version) for game in rulesets()}
        self.protocol = ClientProtocol(code, app_version(), versions, name, role)
        self.transport = ClientTransport(self.protocol, "127.0.0.1", hosting.port)
        self.transport.connect_to_host()
        qtbot.waitUntil(lambda: self.protocol.joined or bool(hosting.claims()), timeout=WAIT)
        for claim in hosting.claims():
            hosting.answer(claim.claim_id, True)
        qtbot.waitUntil(lambda: self.protocol.view is not None, timeout=WAIT)
        assert self.protocol.view is not None
        self.session = RemoteSession(self.transport, SeatModel(self.protocol.view, name))
        self.talk: TableTalk = talk_of(self.session)
        self.refusals: list[str] = []
        self.talk.refused.connect(self.refusals.append)
        self.seat_id = self.protocol.seat_id or ""

    def texts(self) -> list[str]:
        return [m.text for m in self.talk.chat]

    def titles(self) -> list[str]:
        return [h.title for h in self.talk.handouts]

    def raw(self, request: dict[str, Any]) -> int:
        """Send a request as is (no check on this side)."""
        return self.transport.request(request)


def host(tap_into: list[tuple[str | None, bytes]]) -> Hosting:
    """The sample hosted on a free port, every message's plaintext recorded by seat."""
    from saga_desktop.model.songs.sample import build_sample

    tap = lambda conn, seat, data: tap_into.append((seat, data))  # noqa: E731
    return Hosting(build_sample(), 0, tap=tap, ask_the_gm=False)
