"""What the network UI tests share: a bare window with menu(), hosting a session, joining it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.menu import SessionMenu

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


def join(menu: SessionMenu, qtbot: QtBot, name: str = "Ren", wait: int = WAIT) -> ClientWindow:
    """A player's window seated at the hosted table as ``name``, with its first view."""
    hosting = menu.hosting
    assert hosting is not None
    client = menu.open_client("127.0.0.1", hosting.port, hosting.join_code, name)
    qtbot.waitUntil(lambda: client.transport.protocol.joined and bool(client.view), timeout=wait)
    return client
