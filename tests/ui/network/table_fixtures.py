"""What the network UI tests share: a bare window with menu(), hosting a session, joining it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.joining import SeatJoin
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow

WAIT = 5000


class Window(QMainWindow):
    """The main window's menu() contract, without the rest of the main window."""

    def menu(self, title: str) -> QMenu:
        return self.menuBar().addMenu(title)


@contextmanager
def hosted(qtbot: QtBot, session: Session) -> Iterator[SessionMenu]:
    """``session`` hosted on a free port; every player's window closed and hosting stopped after."""
    QSettings().clear()
    window = Window()
    qtbot.addWidget(window)
    menu = SessionMenu(window, SessionBridge(session, window))
    assert menu.host(port=0) is not None
    try:
        yield menu
    finally:
        for client in list(menu.clients):
            client.close()
        menu.stop_hosting()
        qtbot.wait(50)


def let_in(hosting: Hosting, client: SeatJoin, qtbot: QtBot, wait: int = WAIT) -> SeatWindow:
    """Wait until ``client`` is seated (the GM letting it in when it asks for a character's
    seat) and its window is open; returns the seat's window."""
    protocol = client.transport.protocol
    qtbot.waitUntil(lambda: protocol.joined or bool(hosting.claims()), timeout=wait)
    for claim in hosting.claims():
        hosting.answer(claim.claim_id, True)
    qtbot.waitUntil(lambda: client.window is not None, timeout=wait)
    assert client.window is not None
    qtbot.addWidget(client.window)
    return client.window


def join(menu: SessionMenu, qtbot: QtBot, name: str = "Ren", wait: int = WAIT) -> SeatWindow:
    """A player's window (the main window at the seat) seated at the hosted table as ``name``."""
    hosting = menu.hosting
    assert hosting is not None
    client = menu.open_client("127.0.0.1", hosting.port, hosting.join_code, name)
    return let_in(hosting, client, qtbot, wait)
