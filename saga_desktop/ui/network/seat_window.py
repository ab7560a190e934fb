"""A seat's window is the main window, on the seat's :class:`RemoteSession`.

Joining opens the same table the GM's own app shows: the map, the sheets, the card table, the
journal and the game's docks, drawing the seat's typed view and acting through the host. The
file is the host's, so the File menu holds only *Who is at the table* and *Leave the table*;
the status bar keeps a permanent line of who is at the table (:mod:`.at_table`) and one for the
connection (:attr:`SeatWindow.connection_line`), and says what request waits for the host's
answer.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction, QCloseEvent, QShowEvent
from PySide6.QtWidgets import QLabel

from saga_desktop import APP_NAME
from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.seat_model import SeatModel, View
from saga_desktop.network.client_events import (
    ClientEvent,
    HostRefused,
    Joined,
)
from saga_desktop.ui.actions import make_action
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.network.at_table import AtTable
from saga_desktop.ui.network.claim_prompt import ClaimDock
from saga_desktop.ui.network.join_again import JoinAgain
from saga_desktop.ui.network.remote_session import RemoteSession
from saga_desktop.ui.network.review import ReviewEntry
from saga_desktop.ui.network.seat_sheets import NO_CHARACTER, SeatSheetGate
from saga_desktop.ui.network.seat_table_admin import SeatTableEntry
from saga_desktop.ui.network.transport import ClientTransport

if TYPE_CHECKING:
    from saga_desktop.model.session import Session
    from saga_desktop.ui.document import CampaignDocument


class SeatDocument(QObject):
    """What the main window asks of its document, for a campaign whose file is the host's."""

    pathChanged = Signal(object)
    autosaveFailed = Signal(str)
    sizeWarning = Signal(str)

    def __init__(self, bridge: SessionBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.path: Path | None = None
        self.lock_problem = ""
        self.modified = False

    @property
    def session(self) -> Session:
        """The seat's session."""
        return self.bridge.session

    @property
    def campaign(self) -> Campaign:
        """The seat's view of the campaign."""
        return self.bridge.session.campaign

    def close(self) -> None:
        """Nothing to let go of: no file, no recovery copy on this computer."""


class SeatWindow(MainWindow):
    """The table at a seat: the main window over a :class:`RemoteSession`."""

    def __init__(self, remote: RemoteSession, settings: QSettings | None = None) -> None:
        self.remote = remote
        self.transport: ClientTransport = remote.transport
        bridge = SessionBridge(remote)  # the same face as a local Session (TableSession)
        document = SeatDocument(bridge)
        super().__init__(cast("CampaignDocument", document), settings)
        bridge.setParent(self)
        document.setParent(self)
        remote.setParent(self)
        self.transport.setParent(self)
        self.setObjectName("SeatWindow")
        self.at_table = AtTable(self, remote, self.file_menu, before=self.leave_action)
        self.connection_line = QLabel(self)
        self.connection_line.setObjectName("connectionLine")
        self.statusBar().addPermanentWidget(self.connection_line)
        self.connection_line.setText(self.transport.connection_state or tr("Connecting…"))
        self.transport.connectionStateChanged.connect(self.connection_line.setText)
        self.join_again = JoinAgain(self, self.transport, self.connection_line)
        self.transport.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.transport.received.connect(self.on_event)
        remote.pendingChanged.connect(self._pending)
        remote.viewRefused.connect(lambda msg: self.statusBar().showMessage(msg, 15000))
        self.sheet_gate = SeatSheetGate(self, bridge) if bridge.limited else None
        if bridge.limited:
            self._hide_empty_menus()
            if not bridge.viewer.characters:
                self.statusBar().showMessage(tr(NO_CHARACTER), 30000)
        self.review: ReviewEntry | None = None
        if remote.is_gm:  # the GM's Session › Review characters, at the seat's Campaign menu
            action = QAction(tr("&Review characters…"), self)
            self.review = ReviewEntry(self, bridge, action)
            self.campaign_menu.addAction(action)
            # Apps asking for a character's or a taken seat wait for this GM's answer too.
            self.claims_dock = ClaimDock(self, self.transport)
            # The hosting window's seat tools, the join code and links: Session › The table…
            self.seat_table = SeatTableEntry(self, self.transport)
        self.update_title()

    def _hide_empty_menus(self) -> None:
        """A player's seat has no use for a menu of the GM's entries only (Campaign): not shown."""
        for menu in self.menus():
            useful = [a for a in menu.actions() if a.isVisible() and not a.isSeparator()]
            menu.menuAction().setVisible(bool(useful))

    @property
    def view(self) -> View:
        """The seat's view as the host sent it (plain data)."""
        return self.remote.model.view

    def fill_file_menu(self) -> None:
        """The host keeps the file: a seat can only leave the table."""
        self.leave_action = make_action(self, tr("&Leave the table"), self.close)
        self.leave_action.setObjectName("leaveTable")
        self.file_menu.addAction(self.leave_action)

    def update_title(self) -> None:
        """``<campaign> — <seat> (GM seat) — Saga Desktop``."""
        remote = getattr(self, "remote", None)
        if remote is None:  # the base window sets a title before the seat's parts exist
            return
        seat = self.transport.protocol.seat_name or ""
        if remote.is_gm:
            title = tr(
                "{campaign} — {seat} (GM seat) — {app}",
                campaign=remote.campaign.name,
                seat=seat,
                app=APP_NAME,
            )
        else:
            title = tr(
                "{campaign} — {seat} — {app}",
                campaign=remote.campaign.name,
                seat=seat,
                app=APP_NAME,
            )
        self.setWindowTitle(title)
        self._update_undo_actions()

    def on_event(self, event: ClientEvent) -> None:
        """Say in the status bar what the connection does."""
        if isinstance(event, Joined):
            self.statusBar().showMessage(tr("Seated as {name}.", name=event.seat_name), 5000)
        elif isinstance(event, HostRefused):
            self.statusBar().showMessage(tr("The host refused: {why}", why=event.reason), 8000)

    def _pending(self, label: str) -> None:
        if label:
            self.statusBar().showMessage(tr("Waiting for the host: {what}…", what=label))
        else:
            self.statusBar().clearMessage()

    def restore_settings(self) -> None:
        """A seat's window keeps its own layout, apart from the GM's own table."""
        self.settings.beginGroup("seat")
        try:
            super().restore_settings()
        finally:
            self.settings.endGroup()

    def save_settings(self) -> None:
        """Remember the seat window's geometry and docks apart from the GM's own table."""
        self.settings.beginGroup("seat")
        try:
            super().save_settings()
        finally:
            self.settings.endGroup()

    def showEvent(self, event: QShowEvent) -> None:
        """Once shown (its layout settled), a player's seat puts its own sheet in front."""
        super().showEvent(event)
        if self.sheet_gate is not None:
            self.sheet_gate.queue()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Leave the table when the window closes."""
        super().closeEvent(event)
        if event.isAccepted():
            self.transport.close()


def open_seat_window(transport: ClientTransport, view: View) -> SeatWindow:
    """The seat's window over its first view, shown."""
    seat_name = transport.protocol.seat_name or ""
    model = SeatModel(view, seat_name)
    window = SeatWindow(RemoteSession(transport, model))
    window.show()
    return window
