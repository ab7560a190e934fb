"""An unattended host (as ``--serve``) asks its GM seat before giving a character's seat away.

Over real sockets: the host has no window (``ask_the_gm=False``); a GM seat's window is open;
a player asking for Ren's character's seat waits (its status line says so), the GM seat's window
shows "Ren asks for Ren's seat" with *Let in* and *Refuse*, and a click on *Let in* seats the
player. Without the GM seat the same name is first come, first served.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop import app_version
from saga_desktop.model.registry import rulesets
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.claims import WAITING
from saga_desktop.network.client import ClientProtocol
from saga_desktop.ui.network.claim_prompt import ClaimDock
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.network.transport import ClientTransport
from tests.ui.network.seat_fixtures import WAIT, seat_session


class Served(QObject):
    """What the seat fixtures need of a Session menu: its ``hosting``."""

    def __init__(self, hosting: Hosting) -> None:
        super().__init__()
        self.hosting = hosting


@contextmanager
def served() -> Iterator[Served]:
    """The sample hosted as ``--serve`` hosts it: no window to ask in."""
    hosting = Hosting(build_sample(), 0, ask_the_gm=False)
    holder = Served(hosting)
    hosting.setParent(holder)
    try:
        yield holder
    finally:
        hosting.stop()


def player(hosting: Hosting, name: str, parent: QObject) -> ClientTransport:
    versions = {game.id: str(game.version) for game in rulesets()}
    protocol = ClientProtocol(hosting.join_code, app_version(), versions, name)
    transport = ClientTransport(protocol, "127.0.0.1", hosting.port, parent)
    transport.connect_to_host()
    return transport


def test_a_gm_seat_lets_in_a_player_asking_for_a_characters_seat(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    alerts: list[QWidget] = []
    monkeypatch.setattr(QApplication, "alert", lambda widget, _ms=0: alerts.append(widget))
    with served() as holder:
        hosting = holder.hosting
        gm = SeatWindow(seat_session(qtbot, holder, "Gunn", hosting.gm_code))  # type: ignore[arg-type]
        qtbot.addWidget(gm)
        gm.show()
        dock = gm.findChild(ClaimDock)
        assert dock is not None and not dock.isVisible()
        ren = player(hosting, "Ren", holder)
        qtbot.waitUntil(lambda: bool(hosting.claims()), timeout=WAIT)
        qtbot.waitUntil(lambda: ren.connection_state == WAITING, timeout=WAIT)
        qtbot.waitUntil(dock.isVisible, timeout=WAIT)
        (claim,) = hosting.claims()
        closable = QDockWidget.DockWidgetFeature.DockWidgetClosable
        assert alerts == [gm] and not dock.features() & closable
        texts = [label.text() for label in dock.findChildren(QLabel)]
        assert "Ren asks for Ren's seat (a character's, not taken yet)" in texts
        let_in = dock.findChild(QPushButton, f"claimLetIn{claim.claim_id}")
        assert let_in is not None
        qtbot.mouseClick(let_in, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: ren.protocol.joined, timeout=WAIT)
        assert ren.protocol.seat_name == "Ren" and hosting.claims() == []
        qtbot.waitUntil(lambda: not dock.isVisible(), timeout=WAIT)
        ren.close()
        gm.close()


def test_a_gm_seat_refuses_with_a_reason_the_player_reads(qtbot: QtBot) -> None:
    with served() as holder:
        hosting = holder.hosting
        gm = SeatWindow(seat_session(qtbot, holder, "Gunn", hosting.gm_code))  # type: ignore[arg-type]
        qtbot.addWidget(gm)
        dock = gm.findChild(ClaimDock)
        assert dock is not None
        sam = player(hosting, "Sam", holder)
        qtbot.waitUntil(lambda: bool(dock.prompt.claims), timeout=WAIT)
        (claim,) = dock.prompt.claims
        qtbot.keyClicks(dock.prompt.reason, "Sam plays from the big screen tonight.")
        refuse = dock.findChild(QPushButton, f"claimRefuse{claim.claim_id}")
        assert refuse is not None
        qtbot.mouseClick(refuse, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: sam.finished, timeout=WAIT)
        assert sam.connection_state.endswith("Sam plays from the big screen tonight.")
        assert not sam.protocol.joined and dock.prompt.reason.text() == ""
        gm.close()


def test_without_a_gm_seat_a_characters_seat_is_first_come(qtbot: QtBot) -> None:
    with served() as holder:
        ren = player(holder.hosting, "Ren", holder)
        qtbot.waitUntil(lambda: ren.protocol.joined, timeout=WAIT)
        assert holder.hosting.claims() == []
        ren.close()
